import { type Order, orderSchema } from "@cm/contracts/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/orders/{id}`: the order with its lines, history, next statuses and revision; 404 "Order not found". */
export function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiFetch(`/api/orders/${orderId}`, { schema: orderSchema, signal });
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
}

/** One order; nothing is fetched without an id (a URL that names none). */
export function useOrder(orderId: number | undefined) {
  return useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: orderId !== undefined });
}
