import { portalPath } from "@cm/contracts/auth-rules";
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import AppLoading from "@/app/routes/app-loading";
import NotFoundRoute from "@/app/routes/not-found";
import PageLoading from "@/app/routes/page-loading";
import { RootErrorBoundary, RouteErrorBoundary } from "@/app/routes/route-error";
import StandaloneNotFoundRoute from "@/app/routes/standalone-not-found";
import { handles } from "@/app/route-handles";
import { paths } from "@/config/paths";
import { getLoginInteraction } from "@/features/auth/api/get-login-interaction";
import { requireSession } from "@/features/auth/routes/require-session";

/** Loads a screen's code only when it is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

const home = paths.home;

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
                path: home.stores.viewAs.path,
                handle: handles.storeViewAs,
                lazy: page(() => import("@/features/portal/routes/view-as-store")),
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
      {
        // The customer portal (issue 34): its own frame; staff who open it go to `/home`.
        path: portalPath,
        loader: requireSession,
        lazy: page(() => import("@/app/layouts/portal-layout")),
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            HydrateFallback: PageLoading,
            children: [
              { index: true, lazy: page(() => import("@/features/portal/routes/portal-home")) },
              {
                path: "line-lists/:lineListId",
                lazy: page(() => import("@/features/portal/routes/portal-catalog")),
              },
              {
                path: "cart",
                lazy: page(() => import("@/features/portal/routes/portal-cart")),
              },
              {
                path: "orders",
                lazy: page(() => import("@/features/portal/routes/portal-orders")),
              },
              {
                path: "orders/:orderId",
                lazy: page(() => import("@/features/portal/routes/portal-order-detail")),
              },
              {
                path: "users",
                lazy: page(() => import("@/features/portal/routes/portal-users")),
              },
              { path: "*", Component: NotFoundRoute },
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
