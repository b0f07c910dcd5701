import type { OrderListQuery } from "@cm/contracts/orders";

/**
 * Query keys of orders: every order write invalidates `lists()` (the lists, the dashboard and the
 * monthly totals read the same orders) and `detail(id)` of the order it wrote.
 */
export const orderKeys = {
  all: ["orders"] as const,
  lists: () => [...orderKeys.all, "list"] as const,
  list: (query: OrderListQuery) => [...orderKeys.lists(), query] as const,
  dashboard: (month: string | undefined) => [...orderKeys.lists(), "dashboard", month ?? "current"] as const,
  monthlyTotals: (months: number) => [...orderKeys.lists(), "monthly-totals", months] as const,
  details: () => [...orderKeys.all, "detail"] as const,
  detail: (orderId: number) => [...orderKeys.details(), orderId] as const,
  /** What a store may order from some line lists, at its customer's prices. */
  offer: (storeId: number, lineListIds: readonly number[]) =>
    [...orderKeys.all, "offer", storeId, lineListIds] as const,
};
