import type { Permission } from "@cm/contracts/permissions";
import { useCallback } from "react";
import { useSessionUserQuery } from "@/lib/api/session/get-session-user";
import { meetsRequirement, type PermissionRequirement } from "@/lib/permissions";

export interface PermissionsState {
  /**
   * `ready` once the signed-in user is known (and while a later refresh fails: the last answer
   * stands); `pending` before; `error` when it could not be read at all.
   */
  status: "pending" | "error" | "ready";
  permissions: readonly Permission[];
  /** Whether the user holds the permission (or one of the permissions); false until `ready`. */
  can: (requirement: PermissionRequirement) => boolean;
  error: Error | null;
  retry: () => void;
}

const none: readonly Permission[] = [];

/**
 * What the signed-in user may do, from `GET /api/me`: the one place screens, the sidebar and the
 * route guard ask. The server checks again on every call; this only spares the user controls
 * that would be refused.
 */
export function usePermissions(): PermissionsState {
  const query = useSessionUserQuery();
  const permissions = query.data?.permissions ?? none;
  const can = useCallback(
    (requirement: PermissionRequirement) => meetsRequirement(permissions, requirement),
    [permissions],
  );
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    status: query.data ? "ready" : query.isError ? "error" : "pending",
    permissions,
    can,
    error: query.error,
    retry,
  };
}

/** Whether the signed-in user holds the permission (or one of them). */
export function useCan(requirement: PermissionRequirement): boolean {
  return usePermissions().can(requirement);
}
