import type { ReactNode } from "react";
import { Navigate, useMatches } from "react-router";
import { firstAllowedHref } from "@/app/layouts/navigation";
import { NoAccess } from "@/app/routes/no-access";
import PageLoading from "@/app/routes/page-loading";
import { ListLoadError } from "@/components/list-states";
import { usePermissions } from "@/hooks/use-permissions";
import { isRouteHandle, type RouteHandle } from "@/lib/breadcrumbs";
import { requiredPermission } from "@/lib/permissions";

/** The handle of the deepest route that declares a permission, if any does. */
function useGuardedHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { handle } = matches[index]!;
    if (isRouteHandle(handle) && handle.permission) return handle;
  }
  return undefined;
}

/**
 * The one check of the screens' permissions (the `permission` of their route handle): the screen
 * when the signed-in user holds it, otherwise the no-access page in its place. The start screen
 * sends a user who may not see it to the first screen they may open instead.
 */
export function RoutePermissionGuard({ children }: { children: ReactNode }) {
  const handle = useGuardedHandle();
  const { status, can, error, retry } = usePermissions();
  if (!handle?.permission) return children;
  if (status === "pending") return <PageLoading />;
  if (status === "error") {
    return (
      <ListLoadError
        title="Your permissions could not be loaded"
        message={error?.message ?? ""}
        onRetry={retry}
      />
    );
  }
  if (can(handle.permission)) return children;
  // Never back to the start screen: its first entry, Catalogs, is the one just refused.
  if (handle.startScreen) return <Navigate to={firstAllowedHref(can)} replace />;
  return <NoAccess permission={requiredPermission(handle.permission)} />;
}
