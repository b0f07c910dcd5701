import { useSearchParams } from "react-router";
import { type PortalStoreChoice, usePortalStore } from "@/features/portal/hooks/use-portal-store";

export type PortalStore = PortalStoreChoice;

/** The store the portal shows (`?storeId=`, else the user's first) and a way to choose another, kept in the URL. */
export function useChosenStore(stores: readonly PortalStore[]) {
  const [, setQuery] = useSearchParams();
  const store = usePortalStore(stores);
  const choose = (storeId: string) =>
    setQuery((current) => {
      const next = new URLSearchParams(current);
      next.set("storeId", storeId);
      return next;
    });
  return { store, choose };
}
