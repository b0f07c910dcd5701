import { count, eq, inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { organizations, stores, storeUsers, users } from "../../db/schema.ts";

/** Users by id, with what registering a customer needs to know about them. */
export async function findUsersByIds(db: DbExecutor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      type: users.type,
      organizationId: users.organizationId,
      roleId: users.roleId,
      revision: users.revision,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** Which of these addresses (lowercased) a user already has, in any letter case. */
export async function findTakenEmails(db: DbExecutor, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowered));
  return new Set(rows.map((row) => row.email));
}

/** Of these users, those who are the main contact of an organization or a store. */
export async function findMainContacts(db: DbExecutor, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const ids = [...new Set(userIds)];
  const [ofOrganizations, ofStores] = await Promise.all([
    db
      .select({ id: organizations.mainContactUserId })
      .from(organizations)
      .where(inArray(organizations.mainContactUserId, ids)),
    db.select({ id: stores.mainContactUserId }).from(stores).where(inArray(stores.mainContactUserId, ids)),
  ]);
  return new Set([...ofOrganizations, ...ofStores].flatMap((row) => (row.id === null ? [] : [row.id])));
}

/** Moves users to another organization (one statement), bumping their revision. */
export async function moveUsersToOrganization(
  db: DbExecutor,
  userIds: readonly number[],
  organizationId: number,
): Promise<(typeof users.$inferSelect)[]> {
  if (userIds.length === 0) return [];
  return db
    .update(users)
    .set({ organizationId, revision: sql`${users.revision} + 1`, updatedAt: sql`now()` })
    .where(inArray(users.id, [...userIds]))
    .returning();
}

/** Takes these users off the stores of their former organizations. */
export async function removeUsersFromStores(db: DbExecutor, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(storeUsers).where(inArray(storeUsers.userId, [...userIds]));
}

export async function setOrganizationMainContact(db: DbExecutor, organizationId: number, userId: number) {
  const [row] = await db
    .update(organizations)
    .set({ mainContactUserId: userId })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row!;
}

/** Customer organizations by name. */
export async function listCustomerOrganizations(db: DbExecutor, limit?: number) {
  const query = db
    .select()
    .from(organizations)
    .where(eq(organizations.type, "external"))
    .orderBy(sql`lower(${organizations.name})`, organizations.id)
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

/** The stores of these organizations, by name. */
export async function listStoreSummaries(db: DbExecutor, organizationIds: readonly number[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      id: stores.id,
      organizationId: stores.organizationId,
      name: stores.name,
      status: stores.status,
      storeType: stores.storeType,
    })
    .from(stores)
    .where(inArray(stores.organizationId, [...organizationIds]))
    .orderBy(sql`lower(${stores.name})`, stores.id);
}

/** How many users each of these organizations has. */
export async function countUsersByOrganization(
  db: DbExecutor,
  organizationIds: readonly number[],
): Promise<Map<number, number>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await db
    .select({ organizationId: users.organizationId, users: count() })
    .from(users)
    .where(inArray(users.organizationId, [...organizationIds]))
    .groupBy(users.organizationId);
  return new Map(rows.map((row) => [row.organizationId, row.users]));
}
