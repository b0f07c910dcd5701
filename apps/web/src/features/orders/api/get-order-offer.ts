import { type OrderOffer, orderOfferQuerySchema, orderOfferSchema } from "@cm/contracts/orders";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `GET /api/orders/offer`: what the store can order from these published line lists: the styles in
 * at least one of their catalogs, with sizes and the unit WHS the store's customer pays.
 */
export function getOrderOffer(
  storeId: number,
  lineListIds: readonly number[],
  signal?: AbortSignal,
): Promise<OrderOffer> {
  return apiFetch("/api/orders/offer", {
    query: orderOfferQuerySchema.parse({ storeId, lineListId: [...lineListIds] }),
    schema: orderOfferSchema,
    signal,
  });
}

/** Prices depend on the store's customer, so the store is part of the key; line lists in any order. */
export function orderOfferQueryOptions(storeId: number, lineListIds: readonly number[]) {
  const ids = [...new Set(lineListIds)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: orderKeys.offer(storeId, ids),
    queryFn: ({ signal }) => getOrderOffer(storeId, ids, signal),
    // Read again whenever a grid opens on it: the sizes' available quantities (Open Stock) change
    // with uploads and with other people's orders, which this screen's writes do not invalidate.
    staleTime: 0,
  });
}

/**
 * The offer of the chosen line lists; nothing is fetched until a store and a line list are chosen.
 * While another choice loads, the previous grids stay on screen (`isPlaceholderData`).
 */
export function useOrderOffer(storeId: number | undefined, lineListIds: readonly number[]) {
  return useQuery({
    ...orderOfferQueryOptions(storeId ?? 0, lineListIds),
    enabled: storeId !== undefined && lineListIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
