import type { SessionUser } from "@cm/contracts/auth";
import {
  permissionMessages,
  permissionValues,
  type Permission,
  withIncludedPermissions,
} from "@cm/contracts/permissions";
import {
  isPortalPermission,
  portalMessages,
  type PortalPermission,
  withIncludedPortalPermissions,
} from "@cm/contracts/portal";
import { DomainError } from "../../lib/errors.ts";

/**
 * What a route needs (docs/security.md, "Permissions"), declared in its options as `config: { permission }`:
 * - a permission of the catalogue: an active staff member whose role holds it;
 * - several: any one of them lets the request in, for routes serving two areas (a user route
 *   serves staff and customers' users; the handler then asks for the one its input needs with
 *   `requirePermission`) and for reads that screens of several areas make (`sharedReadPermissions`);
 * - `"signed-in"`: any active staff member (their own staff account: rename, Delete Account);
 * - `"account"`: any signed-in user, staff or customer (`GET /api/me`, the user's own passkeys);
 * - `"portal"`: any signed-in customer user; a portal permission (`portal.*`): a customer user
 *   whose external role holds it. Staff get 403 on these (docs/portal.md, "The guard");
 * - `"public"`: no token at all (health, sign-in, the presigned PUT, whose signature is its
 *   authorization).
 * Every other declaration is a staff route: a customer's token gets 403 there, whatever their role.
 * The API guard reads it at each request; a route under /api that declares nothing is refused.
 */
export type RoutePermission =
  | Permission
  | readonly [Permission, ...Permission[]]
  | PortalPermission
  | "portal"
  | "account"
  | "signed-in"
  | "public";

/** Whether a route declaring `required` is a portal route (customers only). */
export function isPortalRoute(required: RoutePermission): required is PortalPermission | "portal" {
  return required === "portal" || (typeof required === "string" && isPortalPermission(required));
}

/** The portal permissions an external role grants: none while it is inactive, with what they include. */
export function grantedPortalPermissions(role: {
  status: string;
  permissions: readonly string[];
}): PortalPermission[] {
  if (role.status !== "active") return [];
  return withIncludedPortalPermissions(role.permissions);
}

/** The portal route check, the same 403 and message as the guard's. */
export function requirePortalPermission(
  portal: { permissions: readonly PortalPermission[] } | null,
  permission: PortalPermission,
): void {
  if (!portal?.permissions.includes(permission)) throw new ForbiddenError(portalMessages.missing(permission));
}

declare module "fastify" {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

const knownPermissions: ReadonlySet<string> = new Set(permissionValues);

export function isPermission(value: string): value is Permission {
  return knownPermissions.has(value);
}

/**
 * The permissions a role grants: none while it is inactive, only names the catalogue knows, with
 * what they include (`includedPermissions`: Orders: Manage grants Orders: View too), whether or not
 * the role was saved with it.
 */
export function grantedPermissions(role: { status: string; permissions: readonly string[] }): Permission[] {
  if (role.status !== "active") return [];
  return withIncludedPermissions(role.permissions);
}

/**
 * The permission of `required` the user lacks, or undefined when they may go on. With several,
 * holding one is enough; the first is the one a refusal names.
 */
export function missingPermission(
  user: Pick<SessionUser, "permissions">,
  required: Permission | readonly Permission[],
): Permission | undefined {
  const list: readonly Permission[] = typeof required === "string" ? [required] : required;
  return list.some((permission) => user.permissions.includes(permission)) ? undefined : list[0];
}

/**
 * The check of a route declaring several permissions, once its input says which one applies:
 * the same 403 and message as the guard's.
 */
export function requirePermission(user: Pick<SessionUser, "permissions">, permission: Permission): void {
  if (!user.permissions.includes(permission))
    throw new ForbiddenError(permissionMessages.missing(permission));
}
