/** Query keys of the customer portal (`/api/portal/*`); the signed-in customer is `me()`. */
export const portalKeys = {
  all: ["portal"] as const,
  details: () => [...portalKeys.all, "detail"] as const,
  me: () => [...portalKeys.details(), "me"] as const,
  /** What a store sees: its line lists, and a line list's styles for a query. */
  catalogs: (storeId: number) => [...portalKeys.all, "catalogs", storeId] as const,
  styles: (storeId: number, lineListId: number, query: Record<string, unknown> = {}) =>
    [...portalKeys.all, "styles", storeId, lineListId, query] as const,
  /** A store's cart (a draft order kept on the server). */
  cart: (storeId: number) => [...portalKeys.all, "cart", storeId] as const,
  orders: () => [...portalKeys.all, "orders"] as const,
  orderList: (query: Record<string, unknown> = {}) => [...portalKeys.orders(), "list", query] as const,
  order: (orderId: number) => [...portalKeys.orders(), "detail", orderId] as const,
  users: () => [...portalKeys.all, "users"] as const,
  /** Staff's "View as store" reads (under `/api/stores/{storeId}/portal-view`). */
  viewAs: (storeId: number) => ["portal-view", storeId] as const,
};
