import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "@/app/layouts/app-layout";
import AppLoading from "@/app/routes/app-loading";
import NotFoundRoute from "@/app/routes/not-found";
import PageLoading from "@/app/routes/page-loading";
import { RootErrorBoundary, RouteErrorBoundary } from "@/app/routes/route-error";
import StandaloneNotFoundRoute from "@/app/routes/standalone-not-found";
import { orderCatalogTypes, paths } from "@/config/paths";
import { SessionGuard } from "@/features/auth/components/session-guard";
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
};

/** Routes whose URL holds an id, or a section without a page, say their trail here. */
const handles = {
  lineListPreview: { breadcrumb: () => [crumbs.catalogs, { label: "Line List Preview" }] },
  catalogSegmentation: { breadcrumb: () => [crumbs.catalogs, { label: "Catalog Segmentation" }] },
  brandEdit: { breadcrumb: () => [crumbs.brands, { label: "Edit Brand" }] },
  brandLineLists: { breadcrumb: () => [crumbs.brands, { label: "Line Lists" }] },
  ordersCatalogType: {
    breadcrumb: ({ catalogTypeId = "" }) => [
      crumbs.orders,
      { label: orderCatalogTypes.find((type) => type.id === catalogTypeId)?.label ?? "Catalog Type" },
    ],
  },
  ordersBrand: { breadcrumb: () => [crumbs.orders, { label: "Brand" }] },
  orderCreate: { breadcrumb: () => [crumbs.orders, { label: "New Order" }] },
  orderDetail: { breadcrumb: () => [crumbs.orders, { label: "Order" }] },
  organizationEdit: { breadcrumb: () => [crumbs.organizations, { label: "Edit Customer" }] },
  storeAdd: { breadcrumb: () => [crumbs.stores, { label: "New Store" }] },
  storeEdit: { breadcrumb: () => [crumbs.stores, { label: "Edit Store" }] },
  personEdit: { breadcrumb: () => [crumbs.people, { label: "Edit User" }] },
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
      { path: paths.auth.start.path, lazy: page(() => import("@/features/auth/routes/auth-start")) },
      { path: paths.auth.code.path, lazy: page(() => import("@/features/auth/routes/auth-code")) },
      {
        // Unauthenticated users go to `/`, on arrival (loader) and when the session ends (guard).
        path: home.root.path,
        loader: requireSession,
        element: (
          <SessionGuard>
            <AppLayout />
          </SessionGuard>
        ),
        children: [
          {
            // Pathless, so a failing or loading screen shows its error or placeholder inside the shell.
            ErrorBoundary: RouteErrorBoundary,
            HydrateFallback: PageLoading,
            children: [
              { index: true, lazy: page(() => import("@/features/catalogs/routes/catalogs")) },
              { path: home.catalogs.path, lazy: page(() => import("@/features/catalogs/routes/catalogs")) },
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
                lazy: page(() => import("@/features/brands/routes/brands-list")),
              },
              {
                path: home.brands.create.path,
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
                lazy: page(() => import("@/features/orders/routes/orders-dashboard")),
              },
              {
                path: home.orders.catalogType.path,
                handle: handles.ordersCatalogType,
                lazy: page(() => import("@/features/orders/routes/orders-catalog-type")),
              },
              {
                path: home.orders.multibrand.path,
                lazy: page(() => import("@/features/orders/routes/orders-multibrand")),
              },
              {
                path: home.orders.brand.path,
                handle: handles.ordersBrand,
                lazy: page(() => import("@/features/orders/routes/orders-brand")),
              },
              { path: home.orders.all.path, lazy: page(() => import("@/features/orders/routes/orders-all")) },
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
                lazy: page(() => import("@/features/organizations/routes/organizations-list")),
              },
              {
                path: home.organizations.create.path,
                lazy: page(() => import("@/features/organizations/routes/organization-create")),
              },
              {
                path: home.organizations.edit.path,
                handle: handles.organizationEdit,
                lazy: page(() => import("@/features/organizations/routes/organization-edit")),
              },

              {
                path: home.stores.list.path,
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
                lazy: page(() => import("@/app/routes/people-list")),
              },
              {
                path: home.people.create.path,
                lazy: page(() => import("@/features/people/routes/person-create")),
              },
              {
                path: home.people.edit.path,
                handle: handles.personEdit,
                lazy: page(() => import("@/features/people/routes/person-edit")),
              },

              { path: home.team.list.path, lazy: page(() => import("@/features/team/routes/team-list")) },
              {
                path: home.team.create.path,
                lazy: page(() => import("@/features/team/routes/team-member-create")),
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
