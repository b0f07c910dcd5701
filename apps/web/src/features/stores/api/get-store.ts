import { type Store, storeSchema } from "@cm/contracts/stores";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { storeKeys } from "@/lib/api/stores/store-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/stores/{id}`; 404 "BusinessStore not found.". */
export function getStore(storeId: number, signal?: AbortSignal): Promise<Store> {
  return apiFetch(`/api/stores/${storeId}`, { schema: storeSchema, signal });
}

export function storeQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: storeKeys.detail(storeId),
    queryFn: ({ signal }) => getStore(storeId, signal),
  });
}

export function useStore(storeId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...storeQueryOptions(storeId), enabled: options.enabled ?? true });
}
