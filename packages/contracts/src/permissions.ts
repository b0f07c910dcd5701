import { z } from "zod";

/**
 * What a staff member may do: a fixed catalogue of permissions named `area.action`.
 * A role holds a set of them; the server checks the one each route declares, and the web app
 * hides or disables what the signed-in user may not use. The catalogue is code, not data: a new
 * permission comes with the code that checks it (and a migration that gives it to the roles that
 * should have it).
 */

export const permissionAreas = ["catalogs", "brands", "customers", "orders", "people", "history"] as const;
export type PermissionArea = (typeof permissionAreas)[number];

export const permissionActions = ["view", "manage", "publish"] as const;
export type PermissionAction = (typeof permissionActions)[number];

/** Every permission, in the order the roles screen lists them (areas, then actions). */
export const permissionValues = [
  "catalogs.view",
  "catalogs.manage",
  "catalogs.publish",
  "brands.manage",
  "customers.view",
  "customers.manage",
  "orders.view",
  "orders.manage",
  "people.view",
  "people.manage",
  "history.view",
] as const;
export const permissionSchema = z.enum(permissionValues);
export type Permission = z.infer<typeof permissionSchema>;

/** What each permission allows, as the roles screen explains it. */
export const permissionDescriptions: Record<Permission, string> = {
  "catalogs.view": "See catalogs, line lists, brands and products",
  "catalogs.manage": "Upload line lists, save them and sort their styles into catalogs",
  "catalogs.publish": "Publish catalogs to customers",
  "brands.manage": "Create, edit and delete brands and their wholesale factor",
  "customers.view": "See customer organizations, their stores, addresses and users",
  "customers.manage": "Create and edit customers, stores, addresses, customer users and discounts",
  "orders.view": "See orders and the orders dashboard",
  "orders.manage": "Write orders, change their lines and move them along their status path",
  "people.view": "See staff, roles and users",
  "people.manage": "Add, edit, deactivate and delete staff, users and roles, and reset passkeys",
  "history.view": "See the history of changes and the company-wide activity",
};

export const permissionAreaLabels: Record<PermissionArea, string> = {
  catalogs: "Catalogs",
  brands: "Brands",
  customers: "Customers",
  orders: "Orders",
  people: "People",
  history: "History",
};

export const permissionActionLabels: Record<PermissionAction, string> = {
  view: "View",
  manage: "Manage",
  publish: "Publish",
};

export function permissionArea(permission: Permission): PermissionArea {
  return permission.slice(0, permission.indexOf(".")) as PermissionArea;
}

export function permissionAction(permission: Permission): PermissionAction {
  return permission.slice(permission.indexOf(".") + 1) as PermissionAction;
}

/** "catalogs.publish" → "Catalogs: Publish", as messages and tooltips name a permission. */
export function permissionLabel(permission: Permission): string {
  return `${permissionAreaLabels[permissionArea(permission)]}: ${permissionActionLabels[permissionAction(permission)]}`;
}

/**
 * The roles the seed creates and the permissions a migration gives existing roles of those names.
 * Admin holds every permission, always: its set cannot be narrowed (nobody locks the company out).
 */
export const seededRolePermissions: Record<string, readonly Permission[]> = {
  Admin: permissionValues,
  Sales: ["catalogs.view", "customers.view", "customers.manage", "orders.view", "orders.manage"],
  "Catalog Team": ["catalogs.view", "catalogs.manage", "catalogs.publish", "brands.manage", "orders.view"],
  Finance: ["catalogs.view", "customers.view", "orders.view", "history.view"],
  Viewer: ["catalogs.view", "customers.view", "orders.view", "people.view"],
};

/**
 * What a permission includes: each screen a permission opens reads what its own area shows, so
 * managing (or publishing) an area includes viewing it, and managing brands includes viewing the
 * catalogs the brand screens list. A role grants these with the permission (the role editor shows
 * them checked and locked), whether or not they were saved with it.
 */
export const includedPermissions: Partial<Record<Permission, readonly Permission[]>> = {
  "catalogs.manage": ["catalogs.view"],
  "catalogs.publish": ["catalogs.view"],
  "brands.manage": ["catalogs.view"],
  "customers.manage": ["customers.view"],
  "orders.manage": ["orders.view"],
  "people.manage": ["people.view"],
};

/** A set of permissions with what they include, in catalogue order. */
export function withIncludedPermissions(permissions: readonly string[]): Permission[] {
  const held = new Set<string>(permissions);
  for (const permission of permissions) {
    for (const included of includedPermissions[permission as Permission] ?? []) held.add(included);
  }
  return permissionValues.filter((permission) => held.has(permission));
}

/** The permissions of `permissions` that include `permission` ("Orders: Manage" for orders.view). */
export function includedBy(permission: Permission, permissions: readonly string[]): Permission[] {
  return permissionValues.filter(
    (candidate) => permissions.includes(candidate) && includedPermissions[candidate]?.includes(permission),
  );
}

/**
 * Reads that screens of several areas make, each allowed to any of the view permissions whose
 * screens make it (with what includes them, any of their areas' permissions), rather than
 * granting a whole area: the routes declare these lists and the web app asks for them only when
 * the user holds one (docs/security.md, "Shared reads").
 */
export const sharedReadPermissions = {
  /** `GET /api/brands`: the brand screens, the sidebar's brand links (Line Lists, Orders by Brand), the orders' filters and a store's brand focus. */
  brands: ["catalogs.view", "orders.view", "customers.view"],
  /** `GET /api/line-lists`: the line lists New Order offers and the orders list's line-list filter. */
  lineLists: ["catalogs.view", "orders.view"],
  /** `GET /api/organizations` and `GET /api/stores`: the customer and store pickers of New Order and of the order lists. */
  customers: ["customers.view", "orders.view"],
  /**
   * `GET /api/users`, `GET /api/users/with-memberships` and `GET /api/roles`: the staff screens and
   * the customers' people screens (each reader sees only the users of the types they may view).
   */
  users: ["people.view", "customers.view"],
} as const satisfies Record<string, readonly [Permission, ...Permission[]]>;

export const permissionMessages = {
  /** 403 when the signed-in user's role lacks what the route declares. */
  missing: (permission: Permission) =>
    `You do not have permission to do this: it needs "${permissionLabel(permission)}" (${permission})`,
  /** The web app's page for a URL the user may not open. */
  noAccessTitle: "No access",
  noAccessDescription: (permission: Permission) =>
    `Your role does not include "${permissionLabel(permission)}". Ask a person who manages people to change your role.`,
  /** The roles screen's note on a permission that another one the role holds includes. */
  includedIn: (permissions: readonly Permission[]) =>
    `Included in ${permissions.map((permission) => `"${permissionLabel(permission)}"`).join(" and ")}`,
  /** Tooltip of a disabled control. */
  disabledReason: (permission: Permission) => `Needs the "${permissionLabel(permission)}" permission`,
  /** 409: the last active user holding people.manage cannot lose it. */
  lastPeopleManager:
    "This is the last active user who can manage people: give another active user that permission first",
  adminPermissionsLocked: "The Admin role holds every permission; its permissions cannot be changed",
  /** 400: customers' users never use the back office: their roles hold portal permissions only. */
  externalRolePermissions:
    "Customer roles hold portal permissions only: remove the staff permissions or make the role a staff role",
  /** 400: staff never use the customer portal: their roles hold no portal permissions. */
  internalRolePortalPermissions:
    "Staff roles hold no portal permissions: remove them or make the role a customer role",
  permissionsInvalid: "Permissions must be known permission names",
} as const;

/** `permissions` on role inputs: a set, stored sorted in catalogue order. */
export const rolePermissionsSchema = z
  .array(z.enum(permissionValues, permissionMessages.permissionsInvalid))
  .max(permissionValues.length)
  .transform((permissions) => permissionValues.filter((permission) => permissions.includes(permission)));

export function hasPermission(permissions: readonly string[] | undefined, permission: Permission): boolean {
  return permissions?.includes(permission) ?? false;
}
