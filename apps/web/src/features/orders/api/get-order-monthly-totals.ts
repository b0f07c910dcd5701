import {
  type OrderMonthlyTotals,
  type OrderMonthlyTotalsQuery,
  orderMonthlyTotalsQuerySchema,
  orderMonthlyTotalsSchema,
} from "@cm/contracts/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `GET /api/orders/monthly-totals`: WHS and order count of the last `months` months, oldest first,
 * ending with the current month in the server's time zone; months without orders are zero.
 */
export function getOrderMonthlyTotals(
  query: OrderMonthlyTotalsQuery,
  signal?: AbortSignal,
): Promise<OrderMonthlyTotals> {
  return apiFetch("/api/orders/monthly-totals", {
    query: orderMonthlyTotalsQuerySchema.parse(query),
    schema: orderMonthlyTotalsSchema,
    signal,
  });
}

export function orderMonthlyTotalsQueryOptions(months: number) {
  return queryOptions({
    queryKey: orderKeys.monthlyTotals(months),
    queryFn: ({ signal }) => getOrderMonthlyTotals({ months }, signal),
  });
}

export function useOrderMonthlyTotals(months: number) {
  return useQuery(orderMonthlyTotalsQueryOptions(months));
}
