import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { brands } from "../../db/schema.ts";

export type BrandRow = typeof brands.$inferSelect;

const lowerName = sql`lower(${brands.name})`;

export async function findBrands(db: DbExecutor, orderDir: "asc" | "desc"): Promise<BrandRow[]> {
  const direction = orderDir === "desc" ? desc : asc;
  return db.select().from(brands).orderBy(direction(lowerName), direction(brands.id));
}

/** Whether another brand already has this name, in any letter case. */
export async function brandNameTaken(db: DbExecutor, name: string, exceptId?: number): Promise<boolean> {
  const sameName = eq(lowerName, name.toLowerCase());
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(exceptId === undefined ? sameName : and(sameName, ne(brands.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertBrand(tx: DbExecutor, values: typeof brands.$inferInsert): Promise<BrandRow> {
  const [row] = await tx.insert(brands).values(values).returning();
  return row!;
}

/** Which of these brand ids name existing brands. */
export async function findExistingBrandIds(
  db: DbExecutor,
  brandIds: readonly number[],
): Promise<Set<number>> {
  if (brandIds.length === 0) return new Set();
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(inArray(brands.id, [...new Set(brandIds)]));
  return new Set(rows.map((row) => row.id));
}

/** Brand by exact name, in any letter case. */
export async function findBrandByName(
  db: DbExecutor,
  name: string,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(sql`lower(${brands.name}) = ${name.trim().toLowerCase()}`)
    .orderBy(brands.id)
    .limit(1);
  return row;
}

export async function findBrandNameById(
  db: DbExecutor,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, id));
  return row;
}
