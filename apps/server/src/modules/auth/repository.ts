import type { SessionUser } from "@cm/contracts/auth";
import type { PortalPermission } from "@cm/contracts/portal";
import { eq, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { organizations, roles, storeUsers, stores, users } from "../../db/schema.ts";
import { grantedPermissions, grantedPortalPermissions } from "./permissions.ts";

/**
 * The signed-in user as the API guard and the sign-in find them: the session user `GET /api/me`
 * answers, plus what decides whether they may sign in and what a customer may do in the portal.
 * The guard gives routes the session user only (`request.user`) and a customer's portal context
 * (`request.portal`).
 */
export interface AuthUser extends SessionUser {
  organizationId: number;
  organizationActive: boolean;
  /** Whether the user is linked to at least one active store (what a customer needs to sign in). */
  hasActiveStore: boolean;
  /** The portal permissions of an external user's active role (none for staff). */
  portalPermissions: PortalPermission[];
}

/**
 * The user with their role's permissions, in one query (the role by its primary key), so the
 * API guard sees a role change at the very next request.
 */
async function findSessionUser(db: DbExecutor, where: SQL): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      type: users.type,
      status: users.status,
      organizationId: users.organizationId,
      organizationActive: sql<boolean>`${organizations.status} = 'active'`,
      hasActiveStore: sql<boolean>`exists (select 1 from ${storeUsers} inner join ${stores} on ${stores.id} = ${storeUsers.storeId} where ${storeUsers.userId} = ${users.id} and ${stores.status} = 'active' and ${stores.organizationId} = ${users.organizationId})`,
      role: {
        id: roles.id,
        name: roles.name,
        status: roles.status,
        type: roles.type,
        permissions: roles.permissions,
      },
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where);
  if (!row) return undefined;
  const { role, ...user } = row;
  // Each kind of user holds only the permissions of its own kind of role (docs/portal.md).
  const staff = user.type === "internal" && role.type === "internal";
  const customer = user.type === "external" && role.type === "external";
  return {
    ...user,
    permissions: staff ? grantedPermissions(role) : [],
    portalPermissions: customer ? grantedPortalPermissions(role) : [],
    role: { id: role.id, name: role.name },
  };
}

export async function findSessionUserById(db: DbExecutor, id: number): Promise<AuthUser | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return findSessionUser(db, eq(users.id, id));
}

export async function findSessionUserByEmail(db: DbExecutor, email: string): Promise<AuthUser | undefined> {
  return findSessionUser(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

/**
 * Who may sign in and use the API (docs/portal.md, "Who can sign in"): active staff, and active
 * customer users of an active customer organization who are linked to at least one of its active
 * stores. Checked at the code request, the code, the passkey, the token and every API request.
 */
export function canSignIn(user: AuthUser): boolean {
  if (user.status !== "active") return false;
  if (user.type === "internal") return true;
  return user.organizationActive && user.hasActiveStore;
}

/** The session user `GET /api/me` answers, without what only the guard needs. */
export function sessionUserOf(user: AuthUser): SessionUser {
  const {
    organizationId: _o,
    organizationActive: _a,
    hasActiveStore: _s,
    portalPermissions: _p,
    ...session
  } = user;
  return session;
}
