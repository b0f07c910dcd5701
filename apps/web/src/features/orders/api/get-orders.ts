import { maxPageSize } from "@cm/contracts/envelope";
import {
  type OrderListData,
  type OrderListItem,
  type OrderListQuery,
  orderListDataSchema,
  orderListQuerySchema,
} from "@cm/contracts/orders";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/orders`: one page of the orders that match the filters, and how many match in all. */
export function getOrders(query: OrderListQuery, signal?: AbortSignal): Promise<OrderListData> {
  return apiFetch("/api/orders", {
    query: orderListQuerySchema.parse(query),
    schema: orderListDataSchema,
    signal,
  });
}

/**
 * Every order that matches the filters, read page by page at the largest page size (an export
 * of the filtered list); `page` and `pageSize` of `query` are ignored.
 */
export async function getAllOrders(query: OrderListQuery, signal?: AbortSignal): Promise<OrderListItem[]> {
  const orders: OrderListItem[] = [];
  for (let page = 1; ; page += 1) {
    const data = await getOrders({ ...query, page, pageSize: maxPageSize }, signal);
    orders.push(...data.orders);
    // A short page ends the list even if orders were deleted while paging; a capped total
    // (`totalIsLowerBound`) only says there are more.
    if (data.orders.length < maxPageSize || (!data.totalIsLowerBound && orders.length >= data.total))
      return orders;
  }
}

export function ordersQueryOptions(query: OrderListQuery) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
  });
}

/** One page of orders; the previous page stays on screen while the next one loads. */
export function useOrders(query: OrderListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ordersQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
