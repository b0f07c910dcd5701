import { Outlet, useNavigation } from "react-router";
import { AppHeader } from "@/app/layouts/app-header";
import { AppSidebar } from "@/app/layouts/app-sidebar";
import { RoutePermissionGuard } from "@/app/layouts/route-permission-guard";
import { UploadInventoryProvider } from "@/app/layouts/upload-inventory-provider";
import { AppProvider } from "@/app/provider";
import { useHomeData } from "@/app/layouts/use-home-data";
import { UserTypeGuard } from "@/app/layouts/user-type-guard";
import { SidebarInset, SidebarProvider } from "@/components/ui/sidebar";
import { SessionGuard } from "@/features/auth/components/session-guard";

/** The protected screens' frame (SPEC.md section 2, Layout): sidebar, header with breadcrumbs, content. */
export function AppLayout() {
  const navigation = useNavigation();
  useHomeData();
  const loading = navigation.state === "loading";

  return (
    <SidebarProvider>
      <UploadInventoryProvider>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
        >
          Skip to content
        </a>
        <AppSidebar />
        <SidebarInset>
          <AppHeader />
          <div
            aria-hidden="true"
            data-loading={loading}
            className="pointer-events-none h-0.5 w-full origin-left scale-x-0 bg-primary opacity-0 transition-[transform,opacity] duration-500 data-[loading=true]:scale-x-75 data-[loading=true]:opacity-100"
          />
          <main
            id="main-content"
            tabIndex={-1}
            aria-busy={loading}
            className="flex flex-1 flex-col p-4 outline-none lg:p-6"
          >
            <RoutePermissionGuard>
              <Outlet />
            </RoutePermissionGuard>
          </main>
        </SidebarInset>
      </UploadInventoryProvider>
    </SidebarProvider>
  );
}

/** The shell kept for a signed-in user, as the router loads it (on demand), with server state and toasts. */
export default function SignedInAppLayout() {
  return (
    <SessionGuard>
      <AppProvider>
        {/* A customer never sees the staff shell: on to `/portal` once `/api/me` says so. */}
        <UserTypeGuard type="internal">
          <AppLayout />
        </UserTypeGuard>
      </AppProvider>
    </SessionGuard>
  );
}
