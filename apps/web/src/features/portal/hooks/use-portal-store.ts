import type { PortalMe } from "@cm/contracts/portal";
import { useSearchParams } from "react-router";

export type PortalStoreChoice = PortalMe["stores"][number];

/** The store the portal shows: `?storeId=` when it is one of the user's, else their first (none without stores). */
export function usePortalStore(stores: readonly PortalStoreChoice[] | undefined) {
  const [query] = useSearchParams();
  const requested = Number(query.get("storeId"));
  const list = stores ?? [];
  return list.find((store) => store.id === requested) ?? list[0];
}
