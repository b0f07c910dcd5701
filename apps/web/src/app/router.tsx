import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import AppLoading from "@/app/routes/app-loading";
import NotFoundRoute from "@/app/routes/not-found";
import PageLoading from "@/app/routes/page-loading";
import { RootErrorBoundary, RouteErrorBoundary } from "@/app/routes/route-error";
import StandaloneNotFoundRoute from "@/app/routes/standalone-not-found";
import { orderCatalogTypes, paths } from "@/config/paths";
import { getLoginInteraction } from "@/features/auth/api/get-login-interaction";
import { requireSession } from "@/features/auth/routes/require-session";
import type { RouteHandle } from "@/lib/breadcrumbs";

/** Loads a screen's code only when it is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

const home = paths.home;

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
 * Each screen's handle: the permission it needs (issue 14; RoutePermissionGuard shows the
 * no-access page without it) and, for routes whose URL holds an id or a section without a page,
 * their breadcrumb trail.
 */
const handles = {
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
  orderDetail: { permission: "orders.view", breadcrumb: () => [crumbs.orders, { label: "Order" }] },
  customers: { permission: "customers.view" },
  customersManage: { permission: "customers.manage" },
  organizationEdit: {
    permission: "customers.manage",
    breadcrumb: () => [crumbs.organizations, { label: "Edit Customer" }],
  },
  storeAdd: { permission: "customers.manage", breadcrumb: () => [crumbs.stores, { label: "New Store" }] },
  storeEdit: { permission: "customers.manage", breadcrumb: () => [crumbs.stores, { label: "Edit Store" }] },
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

export const appRoutes: RouteObject[] = [
  {
    path: "/",
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: AppLoading,
    children: [
      { index: true, lazy: page(() => import("@/features/auth/routes/landing")) },
      {
        path: paths.auth.start.path,
        loader: ({ request }) => getLoginInteraction(request.signal),
        lazy: page(() => import("@/features/auth/routes/auth-start")),
      },
      { path: paths.auth.code.path, lazy: page(() => import("@/features/auth/routes/auth-code")) },
      {
        // Unauthenticated users go to `/`, on arrival (loader) and when the session ends (guard).
        // The shell (sidebar, header, menus) loads with the first signed-in screen, never on the sign-in pages.
        path: home.root.path,
        loader: requireSession,
        lazy: page(() => import("@/app/layouts/app-layout")),
        children: [
          {
            // Pathless, so a failing or loading screen shows its error or placeholder inside the shell.
            ErrorBoundary: RouteErrorBoundary,
            HydrateFallback: PageLoading,
            children: [
              {
                index: true,
                handle: handles.home,
                lazy: page(() => import("@/features/catalogs/routes/catalogs")),
              },
              {
                path: home.catalogs.path,
                handle: handles.catalogs,
                lazy: page(() => import("@/features/catalogs/routes/catalogs")),
              },
              {
                path: home.lineListPreview.path,
                handle: handles.lineListPreview,
                lazy: page(() => import("@/features/line-lists/routes/line-list-preview")),
              },
              {
                path: home.catalogSegmentation.path,
                handle: handles.catalogSegmentation,
                lazy: page(() => import("@/features/catalogs/routes/catalog-segmentation")),
              },

              {
                path: home.brands.list.path,
                handle: handles.brands,
                lazy: page(() => import("@/features/brands/routes/brands-list")),
              },
              {
                path: home.brands.create.path,
                handle: handles.brandCreate,
                lazy: page(() => import("@/features/brands/routes/brand-create")),
              },
              {
                path: home.brands.edit.path,
                handle: handles.brandEdit,
                lazy: page(() => import("@/features/brands/routes/brand-edit")),
              },
              {
                path: home.brands.lineLists.path,
                handle: handles.brandLineLists,
                lazy: page(() => import("@/app/routes/brand-line-lists")),
              },

              {
                path: home.orders.dashboard.path,
                handle: handles.orders,
                lazy: page(() => import("@/features/orders/routes/orders-dashboard")),
              },
              {
                path: home.orders.catalogType.path,
                handle: handles.ordersCatalogType,
                lazy: page(() => import("@/features/orders/routes/orders-catalog-type")),
              },
              {
                path: home.orders.multibrand.path,
                handle: handles.orders,
                lazy: page(() => import("@/features/orders/routes/orders-multibrand")),
              },
              {
                path: home.orders.brand.path,
                handle: handles.ordersBrand,
                lazy: page(() => import("@/features/orders/routes/orders-brand")),
              },
              {
                path: home.orders.all.path,
                handle: handles.orders,
                lazy: page(() => import("@/features/orders/routes/orders-all")),
              },
              {
                path: home.orders.create.path,
                handle: handles.orderCreate,
                lazy: page(() => import("@/features/orders/routes/order-create")),
              },
              {
                path: home.orders.detail.path,
                handle: handles.orderDetail,
                lazy: page(() => import("@/features/orders/routes/order-detail")),
              },

              {
                path: home.organizations.list.path,
                handle: handles.customers,
                lazy: page(() => import("@/features/organizations/routes/organizations-list")),
              },
              {
                path: home.organizations.create.path,
                handle: handles.customersManage,
                lazy: page(() => import("@/features/organizations/routes/organization-create")),
              },
              {
                path: home.organizations.edit.path,
                handle: handles.organizationEdit,
                lazy: page(() => import("@/features/organizations/routes/organization-edit")),
              },

              {
                path: home.stores.list.path,
                handle: handles.customers,
                lazy: page(() => import("@/features/stores/routes/stores-list")),
              },
              {
                path: home.stores.add.path,
                handle: handles.storeAdd,
                lazy: page(() => import("@/features/stores/routes/store-add")),
              },
              {
                path: home.stores.edit.path,
                handle: handles.storeEdit,
                lazy: page(() => import("@/features/stores/routes/store-edit")),
              },

              {
                path: home.people.list.path,
                handle: handles.customers,
                lazy: page(() => import("@/app/routes/people-list")),
              },
              {
                path: home.people.create.path,
                handle: handles.customersManage,
                lazy: page(() => import("@/features/people/routes/person-create")),
              },
              {
                path: home.people.edit.path,
                handle: handles.personEdit,
                lazy: page(() => import("@/features/people/routes/person-edit")),
              },

              {
                path: home.team.list.path,
                handle: handles.team,
                lazy: page(() => import("@/features/team/routes/team-list")),
              },
              {
                path: home.team.create.path,
                handle: handles.teamMemberCreate,
                lazy: page(() => import("@/features/team/routes/team-member-create")),
              },

              {
                path: home.roles.list.path,
                handle: handles.roles,
                lazy: page(() => import("@/features/roles/routes/roles-list")),
              },
              {
                path: home.roles.edit.path,
                handle: handles.roleEdit,
                lazy: page(() => import("@/features/roles/routes/role-edit")),
              },

              {
                path: home.activity.path,
                handle: handles.activity,
                lazy: page(() => import("@/features/history/routes/activity")),
              },
              {
                path: home.settings.account.path,
                handle: handles.account,
                lazy: page(() => import("@/features/account/routes/account")),
              },

              { path: "*", handle: handles.notFound, Component: NotFoundRoute },
            ],
          },
        ],
      },
      { path: "*", Component: StandaloneNotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
