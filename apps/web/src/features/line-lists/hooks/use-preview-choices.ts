import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import type { PreviewChoiceTotals, ReviewField } from "@cm/contracts/line-list-review";
import { createContext, use, useMemo, useSyncExternalStore } from "react";
import type { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";

/** The review's choices of the upload on screen; none (read only) for a saved line list. */
export const PreviewChoicesContext = createContext<PreviewChoicesStore | null>(null);

export function usePreviewChoicesStore(): PreviewChoicesStore | null {
  return use(PreviewChoicesContext);
}

const noSubscription = () => () => {};
const nothing = () => null;
const zero = () => 0;

export interface RowChoices {
  kept: ReadonlySet<ReviewField>;
  leftOut: boolean;
}

/** A row's choices; null without a store. Renders the row again only when its own choices change. */
export function useRowChoices(row: PreviewStyleRow): RowChoices | null {
  const store = usePreviewChoicesStore();
  const key = useSyncExternalStore(store?.subscribe ?? noSubscription, () => store?.rowKey(row) ?? null);
  return useMemo(() => {
    if (key === null) return null;
    const [kept = "", leftOut] = key.split("|");
    return {
      kept: new Set(kept ? (kept.split(",") as ReviewField[]) : []),
      leftOut: leftOut === "out",
    };
  }, [key]);
}

/** What Save will do with the choices made; null while the server has not said. */
export function useChoiceTotalsOf(store: PreviewChoicesStore | null): PreviewChoiceTotals | null {
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getTotals ?? nothing);
}

export function useChoiceTotals(): PreviewChoiceTotals | null {
  return useChoiceTotalsOf(usePreviewChoicesStore());
}

/** Choices sent and not answered yet. */
export function usePendingChoicesOf(store: PreviewChoicesStore | null): number {
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getPending ?? zero);
}

/** Re-renders on every choice (for the few parts that read the store directly: the dropped list). */
export function useChoicesVersion(): number {
  const store = usePreviewChoicesStore();
  return useSyncExternalStore(store?.subscribe ?? noSubscription, () => (store ? store.version : 0));
}
