/**
 * Every screen's URL (SPEC.md section 2). `path` is the router pattern, relative to `/home` for
 * the protected screens; `getHref` builds the absolute link.
 */

export type Id = string | number;

export const segment = (value: Id) => encodeURIComponent(String(value));

export function withQuery(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The filters of an order list as they appear in its URL (so a filtered list can be shared). */
export type OrderListHrefQuery = Partial<
  Record<
    "status" | "from" | "to" | "organizationId" | "storeId" | "lineListId" | "q" | "sort" | "page",
    string
  >
>;

/** The Activity page's filters as they appear in its URL. */
export type ActivityHrefQuery = Partial<Record<"entityType" | "userId" | "from" | "to" | "page", string>>;

/** The order pages per catalog type that the sidebar lists (SPEC.md section 2, Orders). */
export const orderCatalogTypes = [
  { id: "open-stock", label: "Open Stock" },
  { id: "pre-book", label: "Pre-Book" },
  { id: "brand-ats", label: "Brand ATS" },
  { id: "future-stock", label: "Future Stock" },
] as const;

export const paths = {
  landing: { path: "/", getHref: () => "/" },

  auth: {
    start: {
      path: "/auth/start",
      getHref: (query?: { error?: string; error_description?: string }) => withQuery("/auth/start", query),
    },
    code: {
      path: "/auth/code",
      getHref: (query?: { name?: string; email?: string; error?: string }) => withQuery("/auth/code", query),
    },
  },

  home: {
    root: { path: "/home", getHref: () => "/home" },
    catalogs: { path: "catalogs", getHref: () => "/home/catalogs" },
    lineListPreview: {
      path: "line-list/preview/:lineListId",
      getHref: (lineListId: Id) => `/home/line-list/preview/${segment(lineListId)}`,
    },
    catalogSegmentation: {
      path: "catalog-segmentation/:lineListId",
      getHref: (lineListId: Id) => `/home/catalog-segmentation/${segment(lineListId)}`,
    },

    brands: {
      list: { path: "brands", getHref: () => "/home/brands" },
      create: { path: "brands/create", getHref: () => "/home/brands/create" },
      edit: {
        path: "brands/edit/:brandId",
        getHref: (brandId: Id) => `/home/brands/edit/${segment(brandId)}`,
      },
      lineLists: {
        path: "brand/:brandId/line-lists",
        getHref: (brandId: Id) => `/home/brand/${segment(brandId)}/line-lists`,
      },
    },

    orders: {
      dashboard: {
        path: "orders",
        getHref: (query?: { month?: string }) => withQuery("/home/orders", query),
      },
      catalogType: {
        path: "orders/catalog-type/:catalogTypeId",
        getHref: (catalogTypeId: string, query?: OrderListHrefQuery) =>
          withQuery(`/home/orders/catalog-type/${segment(catalogTypeId)}`, query),
      },
      multibrand: {
        path: "orders/multibrand",
        getHref: (query?: OrderListHrefQuery) => withQuery("/home/orders/multibrand", query),
      },
      brand: {
        path: "orders/brand/:brandId",
        getHref: (brandId: Id, query?: OrderListHrefQuery) =>
          withQuery(`/home/orders/brand/${segment(brandId)}`, query),
      },
      all: {
        path: "orders/all",
        getHref: (query?: OrderListHrefQuery) => withQuery("/home/orders/all", query),
      },
      /** New Order; the lists preset what they can (customer, store, type, line list). */
      create: {
        path: "orders/new",
        getHref: (query?: {
          organizationId?: string;
          storeId?: string;
          orderType?: string;
          lineListId?: string;
        }) => withQuery("/home/orders/new", query),
      },
      detail: { path: "orders/:orderId", getHref: (orderId: Id) => `/home/orders/${segment(orderId)}` },
    },

    organizations: {
      list: { path: "organizations", getHref: () => "/home/organizations" },
      create: { path: "organizations/create-customer", getHref: () => "/home/organizations/create-customer" },
      edit: {
        path: "organizations/edit/:organizationId",
        getHref: (organizationId: Id) => `/home/organizations/edit/${segment(organizationId)}`,
      },
    },

    stores: {
      list: { path: "stores", getHref: () => "/home/stores" },
      add: { path: "stores/add", getHref: () => "/home/stores/add" },
      edit: { path: "stores/:storeId", getHref: (storeId: Id) => `/home/stores/${segment(storeId)}` },
      /** Staff's "View as store" (issue 34): the portal as the store sees it, read-only. */
      viewAs: {
        path: "stores/:storeId/view-as-store",
        getHref: (storeId: Id, query: { lineListId?: string; catalogType?: string } = {}) =>
          withQuery(`/home/stores/${segment(storeId)}/view-as-store`, query),
      },
    },

    people: {
      list: { path: "people", getHref: () => "/home/people" },
      create: { path: "people/create-user", getHref: () => "/home/people/create-user" },
      edit: { path: "people/edit/:userId", getHref: (userId: Id) => `/home/people/edit/${segment(userId)}` },
    },

    team: {
      list: { path: "team", getHref: () => "/home/team" },
      create: { path: "team/create-user", getHref: () => "/home/team/create-user" },
    },

    /** Roles and their permissions, beside the team they apply to. */
    roles: {
      list: { path: "team/roles", getHref: () => "/home/team/roles" },
      edit: { path: "team/roles/:roleId", getHref: (roleId: Id) => `/home/team/roles/${segment(roleId)}` },
    },

    settings: {
      account: { path: "settings/account", getHref: () => "/home/settings/account" },
    },

    /** Every change made in the company, filtered by what, who and when. */
    activity: {
      path: "activity",
      getHref: (query?: ActivityHrefQuery) => withQuery("/home/activity", query),
    },
  },
} as const;
