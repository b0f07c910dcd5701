import type { Address } from "@cm/contracts/addresses";
import type { BrandSegmentation } from "@cm/contracts/stores";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { storeAddresses, storeBrandSegmentations, stores, storeUsers, users } from "../../db/schema.ts";

export type StoreRow = typeof stores.$inferSelect;
export type NewStoreRow = typeof stores.$inferInsert;
export type StoreAddressRow = typeof storeAddresses.$inferSelect;
export type StoreSegmentationRow = typeof storeBrandSegmentations.$inferSelect;

/** What a store is made of besides its row. */
export interface StoreParts {
  addresses: StoreAddressRow[];
  segmentations: StoreSegmentationRow[];
  userIds: number[];
}

/** Stores by name (then id, so equal names keep one order). */
export async function listStoreRows(
  db: DbExecutor,
  options: { organizationId?: number; organizationIds?: readonly number[]; limit?: number } = {},
): Promise<StoreRow[]> {
  const conditions: SQL[] = [];
  if (options.organizationId !== undefined)
    conditions.push(eq(stores.organizationId, options.organizationId));
  if (options.organizationIds) {
    if (options.organizationIds.length === 0) return [];
    conditions.push(inArray(stores.organizationId, [...options.organizationIds]));
  }
  const query = db
    .select()
    .from(stores)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${stores.name})`), asc(stores.id))
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

export async function findStoreRow(db: DbExecutor, id: number): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(stores).where(eq(stores.id, id));
  return row;
}

/** Addresses, brand focus and users of these stores, three queries whatever their number. */
export async function loadStoreParts(
  db: DbExecutor,
  storeIds: readonly number[],
): Promise<Map<number, StoreParts>> {
  const parts = new Map<number, StoreParts>(
    storeIds.map((id) => [id, { addresses: [], segmentations: [], userIds: [] }]),
  );
  if (storeIds.length === 0) return parts;
  const ids = [...storeIds];
  // One after the other: history reads them inside a transaction, whose one connection runs one
  // query at a time (pg deprecates queueing a query on a client that is busy).
  const addresses = await db
    .select()
    .from(storeAddresses)
    .where(inArray(storeAddresses.storeId, ids))
    .orderBy(asc(storeAddresses.storeId), asc(storeAddresses.position));
  const segmentations = await db
    .select()
    .from(storeBrandSegmentations)
    .where(inArray(storeBrandSegmentations.storeId, ids))
    .orderBy(asc(storeBrandSegmentations.storeId), asc(storeBrandSegmentations.position));
  const members = await db
    .select()
    .from(storeUsers)
    .where(inArray(storeUsers.storeId, ids))
    .orderBy(asc(storeUsers.storeId), asc(storeUsers.userId));
  for (const address of addresses) parts.get(address.storeId)?.addresses.push(address);
  for (const segmentation of segmentations) parts.get(segmentation.storeId)?.segmentations.push(segmentation);
  for (const member of members) parts.get(member.storeId)?.userIds.push(member.userId);
  return parts;
}

export async function insertStoreRows(db: DbExecutor, values: NewStoreRow[]): Promise<StoreRow[]> {
  if (values.length === 0) return [];
  return db.insert(stores).values(values).returning();
}

/** One statement for all the addresses of all the stores given. */
export async function insertStoreAddresses(
  db: DbExecutor,
  entries: readonly { storeId: number; addresses: readonly Address[]; firstPosition?: number }[],
): Promise<void> {
  const rows = entries.flatMap(({ storeId, addresses, firstPosition = 0 }) =>
    addresses.map((address, index) => ({
      storeId,
      position: firstPosition + index,
      type: address.type,
      line1: address.line1,
      line2: address.line2 ?? null,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode ?? null,
      country: address.country,
      latitude: address.latitude ?? null,
      longitude: address.longitude ?? null,
    })),
  );
  if (rows.length > 0) await db.insert(storeAddresses).values(rows);
}

export async function deleteStoreAddresses(db: DbExecutor, storeId: number): Promise<void> {
  await db.delete(storeAddresses).where(eq(storeAddresses.storeId, storeId));
}

export async function insertStoreSegmentations(
  db: DbExecutor,
  entries: readonly { storeId: number; brandSegmentation: readonly BrandSegmentation[] }[],
): Promise<void> {
  const rows = entries.flatMap(({ storeId, brandSegmentation }) =>
    brandSegmentation.map((entry, position) => ({
      storeId,
      brandId: entry.brandId,
      segmentation: entry.segmentation,
      position,
    })),
  );
  if (rows.length > 0) await db.insert(storeBrandSegmentations).values(rows);
}

export async function deleteStoreSegmentations(db: DbExecutor, storeId: number): Promise<void> {
  await db.delete(storeBrandSegmentations).where(eq(storeBrandSegmentations.storeId, storeId));
}

export async function insertStoreUsers(
  db: DbExecutor,
  entries: readonly { storeId: number; userIds: readonly number[] }[],
): Promise<void> {
  const rows = entries.flatMap(({ storeId, userIds }) =>
    [...new Set(userIds)].map((userId) => ({ storeId, userId })),
  );
  if (rows.length > 0) await db.insert(storeUsers).values(rows).onConflictDoNothing();
}

/** The organization of each of these users that exists. */
export async function findUserOrganizations(
  db: DbExecutor,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row.organizationId]));
}
