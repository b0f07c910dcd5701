/**
 * Whether a toast has been asked for yet. The frame mounts sonner's Toaster only then
 * (`DeferredToaster` in app/provider.tsx), so a first page that shows no toast loads no toast code
 * (the customer portal's JavaScript budget, e2e/bundle-budget.spec.ts). Sonner replays the toasts
 * still active when its Toaster subscribes, so none is lost while it loads.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** Calls `listener` once a toast is asked for (at once when one already was); answers the unsubscribe. */
export function onToasterRequested(listener: () => void): () => void {
  if (requested) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
