import type { SessionUser } from "@cm/contracts/auth";
import { eq, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { roles, users } from "../../db/schema.ts";
import { grantedPermissions } from "./permissions.ts";

/**
 * The user with their role's permissions, in one query (the role by its primary key), so the
 * API guard sees a role change at the very next request.
 */
async function findSessionUser(db: DbExecutor, where: SQL): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      type: users.type,
      status: users.status,
      role: { id: roles.id, name: roles.name, status: roles.status, permissions: roles.permissions },
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  if (!row) return undefined;
  const { role, ...user } = row;
  return { ...user, permissions: grantedPermissions(role), role: { id: role.id, name: role.name } };
}

export async function findSessionUserById(db: DbExecutor, id: number): Promise<SessionUser | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return findSessionUser(db, eq(users.id, id));
}

export async function findSessionUserByEmail(
  db: DbExecutor,
  email: string,
): Promise<SessionUser | undefined> {
  return findSessionUser(db, sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

/** Only active staff may sign in and use the API; customers use the customer portal. */
export function canSignIn(user: SessionUser): boolean {
  return user.type === "internal" && user.status === "active";
}
