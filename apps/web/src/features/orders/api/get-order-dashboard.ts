import {
  type OrderDashboard,
  type OrderDashboardQuery,
  orderDashboardQuerySchema,
  orderDashboardSchema,
} from "@cm/contracts/orders";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `GET /api/orders/dashboard`: the stat cards and tables of one month; without `month`, the
 * current month in the server's time zone (the answer's `month` says which).
 */
export function getOrderDashboard(query: OrderDashboardQuery, signal?: AbortSignal): Promise<OrderDashboard> {
  return apiFetch("/api/orders/dashboard", {
    query: orderDashboardQuerySchema.parse(query),
    schema: orderDashboardSchema,
    signal,
  });
}

export function orderDashboardQueryOptions(month: string | undefined) {
  return queryOptions({
    queryKey: orderKeys.dashboard(month),
    queryFn: ({ signal }) => getOrderDashboard({ month }, signal),
  });
}

/** One month of the dashboard; the month shown stays on screen while the next one loads. */
export function useOrderDashboard(month: string | undefined) {
  return useQuery({ ...orderDashboardQueryOptions(month), placeholderData: keepPreviousData });
}
