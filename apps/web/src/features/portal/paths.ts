import { type Id, segment, withQuery } from "@/config/paths";

/**
 * The customer portal's URLs (issue 34, docs/portal.md): `path` is the router pattern relative to
 * `/portal` (app/router.tsx writes the same patterns), `getHref` the link; `storeId` is the store
 * shown. Kept out of config/paths.ts, which the sign-in pages load: their JavaScript budget is tight.
 */
export const portalPaths = {
  home: { path: "", getHref: (storeId?: Id) => withQuery("/portal", { storeId: storeId?.toString() }) },
  lineList: {
    path: "line-lists/:lineListId",
    getHref: (lineListId: Id, storeId: Id, query: { catalogType?: string } = {}) =>
      withQuery(`/portal/line-lists/${segment(lineListId)}`, { storeId: String(storeId), ...query }),
  },
  cart: {
    path: "cart",
    getHref: (storeId?: Id) => withQuery("/portal/cart", { storeId: storeId?.toString() }),
  },
  orders: {
    path: "orders",
    getHref: (storeId?: Id) => withQuery("/portal/orders", { storeId: storeId?.toString() }),
  },
  order: { path: "orders/:orderId", getHref: (orderId: Id) => `/portal/orders/${segment(orderId)}` },
  users: { path: "users", getHref: () => "/portal/users" },
};
