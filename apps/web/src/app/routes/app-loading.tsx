/** Shown while the first screen's code loads. */
export default function AppLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-svh items-center justify-center text-muted-foreground"
    >
      <span className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
