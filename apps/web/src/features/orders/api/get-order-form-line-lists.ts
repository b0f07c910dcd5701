import { type OrderFormLineLists, orderFormLineListsSchema } from "@cm/contracts/order-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `GET /api/orders/order-form/line-lists`: the published line lists that can still be ordered
 * from (Download Forms offers them), and how many pre-books are left out past their deadline.
 */
export function getOrderFormLineLists(signal?: AbortSignal): Promise<OrderFormLineLists> {
  return apiFetch("/api/orders/order-form/line-lists", { schema: orderFormLineListsSchema, signal });
}

export function orderFormLineListsQueryOptions() {
  return queryOptions({
    queryKey: lineListKeys.orderForms(),
    queryFn: ({ signal }) => getOrderFormLineLists(signal),
  });
}

export function useOrderFormLineLists() {
  return useQuery(orderFormLineListsQueryOptions());
}
