import { z } from "zod";

/**
 * The customer portal (issue 34, docs/portal.md): what customers' users (external users) may do,
 * and what the portal's API answers. Portal permissions are a catalogue of their own, separate from
 * the staff permissions of `permissions.ts`: an external role holds portal permissions only, an
 * internal role staff permissions only (enforced by the server).
 */

/** Every portal permission, in the order the roles screen lists them. */
export const portalPermissionValues = [
  "portal.catalogs.view",
  "portal.orders.manage",
  "portal.users.manage",
] as const;
export const portalPermissionSchema = z.enum(portalPermissionValues);
export type PortalPermission = z.infer<typeof portalPermissionSchema>;

/** What each portal permission allows, as the roles screen explains it. */
export const portalPermissionDescriptions: Record<PortalPermission, string> = {
  "portal.catalogs.view": "See published catalogs and prices",
  "portal.orders.manage": "Write and cancel orders for the user's stores",
  "portal.users.manage": "Invite and deactivate colleagues of the organization",
};

/** Short names, as a role's permission list shows them. */
export const portalPermissionLabels: Record<PortalPermission, string> = {
  "portal.catalogs.view": "Portal: Catalogs",
  "portal.orders.manage": "Portal: Orders",
  "portal.users.manage": "Portal: Users",
};

/** What a portal permission includes: ordering needs the catalogs. */
export const includedPortalPermissions: Partial<Record<PortalPermission, readonly PortalPermission[]>> = {
  "portal.orders.manage": ["portal.catalogs.view"],
};

/** A set of portal permissions with what they include, in catalogue order. */
export function withIncludedPortalPermissions(permissions: readonly string[]): PortalPermission[] {
  const held = new Set<string>(permissions);
  for (const permission of permissions) {
    for (const included of includedPortalPermissions[permission as PortalPermission] ?? [])
      held.add(included);
  }
  return portalPermissionValues.filter((permission) => held.has(permission));
}

export function isPortalPermission(permission: string): permission is PortalPermission {
  return (portalPermissionValues as readonly string[]).includes(permission);
}

/** The external roles the seed (and migration 0026) create, and what they hold. */
export const seededPortalRolePermissions: Record<string, readonly PortalPermission[]> = {
  Buyer: ["portal.catalogs.view", "portal.orders.manage"],
  "Store Viewer": ["portal.catalogs.view"],
};
/** The external role a customer user gets when none is chosen (and existing ones were moved to). */
export const defaultPortalRoleName = "Buyer";

/** Where each kind of user lands after signing in (in auth-rules.ts, which sign-in pages load alone). */
export { portalPath, staffHomePath } from "./auth-rules.ts";

export const portalMessages = {
  me: "Portal user retrieved successfully",
  /** 403 for a staff token on a portal route. */
  customersOnly: "This is the customer portal: staff use Catalog Manager",
  /** 403 for a customer token on a staff route. */
  staffOnly: "Customers cannot use this: it is part of the staff back office",
  /** 403 for a customer whose role lacks the portal permission a route declares. */
  missing: (permission: PortalPermission) =>
    `You do not have permission to do this: it needs "${portalPermissionDescriptions[permission]}" (${permission})`,
  permissionsInvalid: "Portal permissions must be known portal permission names",
  // The portal's screens, before the user's organization and stores are known.
  meLoadFailed: "Your organization could not be loaded",
  noStores: "No stores yet",
  noStoresDescription:
    "You are not linked to any active store of your organization yet. Ask your organization's contact or your Catalog Manager representative to add you to one.",
} as const;

/** `portalPermissions` on role inputs: a set, stored sorted in catalogue order. */
export const rolePortalPermissionsSchema = z
  .array(z.enum(portalPermissionValues, portalMessages.permissionsInvalid))
  .max(portalPermissionValues.length)
  .transform((permissions) =>
    portalPermissionValues.filter((permission) => permissions.includes(permission)),
  );

/** `data` of `GET /api/portal/me`: the signed-in customer user. */
export const portalMeSchema = z.object({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /**
   * The active stores the user is linked to, by name, each with the units in its cart (for the
   * portal's Cart link before the cart itself is read; the server always sends it).
   */
  stores: z.array(
    z.object({ id: z.number().int(), name: z.string(), cartUnits: z.number().int().optional() }),
  ),
  /** The portal permissions of the user's role (with what they include). */
  permissions: z.array(portalPermissionSchema),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

export function hasPortalPermission(
  permissions: readonly string[] | undefined,
  permission: PortalPermission,
) {
  return permissions?.includes(permission) ?? false;
}
