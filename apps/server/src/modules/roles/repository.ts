import { defaultPortalRoleName } from "@cm/contracts/portal";
import { adminRoleName, type RoleType } from "@cm/contracts/roles";
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { roles, users } from "../../db/schema.ts";

export type RoleRow = typeof roles.$inferSelect;
export type NewRoleRow = typeof roles.$inferInsert;
/** A role as the API answers it: with the number of users holding it. */
export type RoleWithCountRow = RoleRow & { userCount: number };

const lowerName = sql`lower(${roles.name})`;

/**
 * Written with the tables' names spelled out: drizzle leaves a column unqualified in a select of
 * one table, so `${roles.id}` in the subquery read as the users' own `id`, and every role counted
 * the one user (if any) whose id equals the role's.
 */
const userCount = sql<number>`(select count(*)::int from "users" as holder where holder.role_id = "roles"."id")`;

/** Staff roles first, then customer roles, each by name. */
export async function listRoles(
  db: DbExecutor,
  options: { limit?: number } = {},
): Promise<RoleWithCountRow[]> {
  const query = db
    .select({ role: roles, userCount })
    .from(roles)
    .orderBy(asc(roles.type), asc(lowerName), asc(roles.id))
    .$dynamic();
  const rows = await (options.limit === undefined ? query : query.limit(options.limit));
  return rows.map((row) => ({ ...row.role, userCount: row.userCount }));
}

export async function findRoleWithCountById(
  db: DbExecutor,
  id: number,
): Promise<RoleWithCountRow | undefined> {
  const [row] = await db.select({ role: roles, userCount }).from(roles).where(eq(roles.id, id));
  return row && { ...row.role, userCount: row.userCount };
}

export async function countRoleUsers(db: DbExecutor, id: number): Promise<number> {
  return db.$count(users, eq(users.roleId, id));
}

export async function findRoleById(db: DbExecutor, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

/** The role of that type named `name` in any letter case, other than `exceptId`. */
export async function findRoleByName(
  db: DbExecutor,
  name: string,
  type: RoleType,
  exceptId?: number,
): Promise<RoleRow | undefined> {
  const conditions: SQL[] = [eq(roles.type, type), sql`${lowerName} = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(roles.id, exceptId));
  const [row] = await db
    .select()
    .from(roles)
    .where(and(...conditions))
    .limit(1);
  return row;
}

/** The internal Admin role, which holds every permission (the seed creates it). */
export function findAdminRole(db: DbExecutor): Promise<RoleRow | undefined> {
  return findRoleByName(db, adminRoleName, "internal");
}

/** The customer role a customer user gets when none is chosen: the seeded Buyer (issue 34, docs/portal.md). */
export function findDefaultCustomerRole(db: DbExecutor): Promise<RoleRow | undefined> {
  return findRoleByName(db, defaultPortalRoleName, "external");
}

/** Of these role ids, those of active customer (external) roles: the only ones a customer user may hold. */
export async function findActiveCustomerRoleIds(
  db: DbExecutor,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, [...new Set(ids)]), eq(roles.type, "external"), eq(roles.status, "active")));
  return new Set(rows.map((row) => row.id));
}

export async function insertRole(db: DbExecutor, values: NewRoleRow): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}
