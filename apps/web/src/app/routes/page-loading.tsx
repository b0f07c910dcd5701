import { Skeleton } from "@/components/ui/skeleton";

/** Shown inside the shell while the first screen's code loads. */
export default function PageLoading() {
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">Loading…</span>
      <Skeleton aria-hidden="true" className="h-8 w-56" />
      <Skeleton aria-hidden="true" className="h-14 w-full" />
    </div>
  );
}
