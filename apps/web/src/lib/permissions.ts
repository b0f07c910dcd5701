import { hasPermission, type Permission, permissionMessages } from "@cm/contracts/permissions";

/**
 * What a screen or a control needs: one permission, or any one of several (the Editing User
 * screen serves customers' users and staff, whose changes need different permissions).
 */
export type PermissionRequirement = Permission | readonly Permission[];

function asList(requirement: PermissionRequirement): readonly Permission[] {
  return typeof requirement === "string" ? [requirement] : requirement;
}

export function meetsRequirement(
  permissions: readonly string[] | undefined,
  requirement: PermissionRequirement,
): boolean {
  return asList(requirement).some((permission) => hasPermission(permissions, permission));
}

/** The permission a message names for a requirement: the first one that would do. */
export function requiredPermission(requirement: PermissionRequirement): Permission {
  const [first] = asList(requirement);
  if (!first) throw new Error("A permission requirement names at least one permission");
  return first;
}

/** "Needs the "Brands: Manage" permission": the tooltip of a control the user may not use. */
export function disabledReason(requirement: PermissionRequirement): string {
  return permissionMessages.disabledReason(requiredPermission(requirement));
}
