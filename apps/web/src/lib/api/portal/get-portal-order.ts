import { type PortalOrder, portalOrderSchema } from "@cm/contracts/portal-orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/portal/orders/{id}`: one order with lines, history and revision; 404 "Order not found" for another organization's. */
export function getPortalOrder(orderId: number, signal?: AbortSignal): Promise<PortalOrder> {
  return apiFetch(`/api/portal/orders/${orderId}`, { schema: portalOrderSchema, signal });
}

export function portalOrderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: portalKeys.order(orderId),
    queryFn: ({ signal }) => getPortalOrder(orderId, signal),
  });
}

/** One order; nothing is fetched for a URL that names none. */
export function usePortalOrder(orderId: number | undefined) {
  return useQuery({ ...portalOrderQueryOptions(orderId ?? 0), enabled: orderId !== undefined });
}
