import { formatOrderNumber } from "@cm/contracts/order-number";
import { orderCatalogTypes, paths } from "@/config/paths";
import type { RouteHandle } from "@/lib/breadcrumbs";

const home = paths.home;

/** An order's crumb: its number ("SO-000042") as its page's heading writes it, from the id in its URL. */
function orderCrumbLabel(orderId: string | undefined): string {
  const id = Number(orderId);
  return orderId && /^\d+$/.test(orderId) && Number.isSafeInteger(id) && id > 0
    ? formatOrderNumber(id)
    : "Order";
}

const crumbs = {
  catalogs: { label: "Catalogs", to: home.catalogs.getHref() },
  brands: { label: "Brands", to: home.brands.list.getHref() },
  orders: { label: "Orders", to: home.orders.dashboard.getHref() },
  organizations: { label: "Organizations", to: home.organizations.list.getHref() },
  stores: { label: "Stores", to: home.stores.list.getHref() },
  people: { label: "People", to: home.people.list.getHref() },
  team: { label: "Team", to: home.team.list.getHref() },
  roles: { label: "Roles", to: home.roles.list.getHref() },
};

/**
 * Each screen's handle: the permission it needs (RoutePermissionGuard shows the
 * no-access page without it) and, for routes whose URL holds an id or a section without a page,
 * their breadcrumb trail.
 */
export const handles = {
  home: { permission: "catalogs.view", startScreen: true },
  catalogs: { permission: "catalogs.view" },
  lineListPreview: {
    permission: "catalogs.manage",
    breadcrumb: () => [crumbs.catalogs, { label: "Line List Preview" }],
  },
  catalogSegmentation: {
    permission: "catalogs.manage",
    breadcrumb: () => [crumbs.catalogs, { label: "Catalog Segmentation" }],
  },
  brands: { permission: "catalogs.view" },
  brandCreate: { permission: "brands.manage" },
  brandEdit: { permission: "brands.manage", breadcrumb: () => [crumbs.brands, { label: "Edit Brand" }] },
  brandLineLists: {
    permission: "catalogs.view",
    breadcrumb: () => [crumbs.brands, { label: "Line Lists" }],
  },
  orders: { permission: "orders.view" },
  ordersCatalogType: {
    permission: "orders.view",
    breadcrumb: ({ catalogTypeId = "" }) => [
      crumbs.orders,
      { label: orderCatalogTypes.find((type) => type.id === catalogTypeId)?.label ?? "Catalog Type" },
    ],
  },
  ordersBrand: { permission: "orders.view", breadcrumb: () => [crumbs.orders, { label: "Brand" }] },
  orderCreate: { permission: "orders.manage", breadcrumb: () => [crumbs.orders, { label: "New Order" }] },
  orderDetail: {
    permission: "orders.view",
    breadcrumb: ({ orderId }) => [crumbs.orders, { label: orderCrumbLabel(orderId) }],
  },
  customers: { permission: "customers.view" },
  customersManage: { permission: "customers.manage" },
  organizationEdit: {
    permission: "customers.manage",
    breadcrumb: () => [crumbs.organizations, { label: "Edit Customer" }],
  },
  storeAdd: { permission: "customers.manage", breadcrumb: () => [crumbs.stores, { label: "New Store" }] },
  storeEdit: { permission: "customers.manage", breadcrumb: () => [crumbs.stores, { label: "Edit Store" }] },
  storeViewAs: { permission: "catalogs.view", breadcrumb: () => [crumbs.stores, { label: "View as store" }] },
  // Opened from People (customers' users) and from Team (staff): either right will do here; the
  // form itself asks for the one its user's type needs.
  personEdit: {
    permission: ["customers.manage", "people.manage"],
    breadcrumb: () => [crumbs.people, { label: "Edit User" }],
  },
  team: { permission: "people.view" },
  teamMemberCreate: { permission: "people.manage" },
  roles: { permission: "people.view" },
  roleEdit: {
    permission: "people.manage",
    breadcrumb: () => [crumbs.team, crumbs.roles, { label: "Edit Role" }],
  },
  activity: { permission: "history.view", breadcrumb: () => [{ label: "Settings" }, { label: "Activity" }] },
  account: { breadcrumb: () => [{ label: "Settings" }, { label: "Account" }] },
  notFound: { breadcrumb: () => [{ label: "Page not found" }] },
} satisfies Record<string, RouteHandle>;
