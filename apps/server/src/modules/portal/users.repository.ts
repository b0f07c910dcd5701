import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { roles, storeUsers, stores, users } from "../../db/schema.ts";
import type { UserRow } from "../users/repository.ts";

/** A colleague as listed: the user row with their role's name and linked stores of the organization. */
export interface ColleagueRow extends UserRow {
  roleName: string | null;
  roleType: string | null;
}

export interface NamedRow {
  id: number;
  name: string;
}

const byName = [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id)];

/** The organization's customer users (one of them when `userId` is given), by name. */
export async function findColleagues(
  db: DbExecutor,
  organizationId: number,
  userId?: number,
): Promise<ColleagueRow[]> {
  const rows = await db
    .select({ user: users, roleName: roles.name, roleType: roles.type })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.type, "external"),
        userId === undefined ? undefined : eq(users.id, userId),
      ),
    )
    .orderBy(...byName);
  return rows.map(({ user, roleName, roleType }) => ({ ...user, roleName, roleType }));
}

/** The stores of the organization each of `userIds` is linked to, by name. */
export async function findLinkedStores(
  db: DbExecutor,
  organizationId: number,
  userIds: readonly number[],
): Promise<Map<number, NamedRow[]>> {
  const linked = new Map<number, NamedRow[]>();
  if (userIds.length === 0) return linked;
  const rows = await db
    .select({ userId: storeUsers.userId, id: stores.id, name: stores.name })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(and(inArray(storeUsers.userId, [...userIds]), eq(stores.organizationId, organizationId)))
    .orderBy(asc(sql`lower(${stores.name})`), asc(stores.id));
  for (const { userId, ...store } of rows) {
    const list = linked.get(userId) ?? [];
    list.push(store);
    linked.set(userId, list);
  }
  return linked;
}

/** The organization's active stores (those `ids` only, when given), by name. */
export async function findActiveStores(
  db: DbExecutor,
  organizationId: number,
  ids?: readonly number[],
): Promise<NamedRow[]> {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(
      and(
        eq(stores.organizationId, organizationId),
        eq(stores.status, "active"),
        ids === undefined ? undefined : inArray(stores.id, [...ids]),
      ),
    )
    .orderBy(asc(sql`lower(${stores.name})`), asc(stores.id));
}

/** The active customer roles, by name: those a colleague may be given. */
export async function findActiveCustomerRoles(db: DbExecutor): Promise<NamedRow[]> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.type, "external"), eq(roles.status, "active")))
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id));
}

export async function linkStores(db: DbExecutor, userId: number, storeIds: readonly number[]): Promise<void> {
  if (storeIds.length === 0) return;
  await db
    .insert(storeUsers)
    .values(storeIds.map((storeId) => ({ storeId, userId })))
    .onConflictDoNothing();
}
