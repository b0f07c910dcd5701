import { type Store, storeSchema } from "@cm/contracts/stores";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { storeKeys } from "@/lib/api/stores/store-keys";
import { apiFetch } from "@/lib/api-client";

const storeListSchema = z.array(storeSchema);

/** `GET /api/stores`: every store, by name, with its addresses and brand focus. */
export function getStores(signal?: AbortSignal): Promise<Store[]> {
  return apiFetch("/api/stores", { schema: storeListSchema, signal });
}

export function storesQueryOptions() {
  return queryOptions({ queryKey: storeKeys.list(), queryFn: ({ signal }) => getStores(signal) });
}

export function useStores() {
  return useQuery(storesQueryOptions());
}
