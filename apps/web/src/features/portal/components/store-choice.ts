import type { PortalMe } from "@cm/contracts/portal";
import { useSearchParams } from "react-router";

export type PortalStore = PortalMe["stores"][number];

/** The store chosen in the URL (`?storeId=`), or the first one when the URL names none of theirs. */
export function useChosenStore(stores: readonly PortalStore[]) {
  const [query, setQuery] = useSearchParams();
  const requested = Number(query.get("storeId"));
  const store = stores.find((candidate) => candidate.id === requested) ?? stores[0];
  const choose = (storeId: string) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      next.set("storeId", storeId);
      return next;
    });
  return { store, choose };
}
