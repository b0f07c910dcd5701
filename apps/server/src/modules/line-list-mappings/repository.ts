import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
import { lineListMappings, users } from "../../db/schema.ts";

/** SQL of the brands' column mappings: one row per brand, replaced whole when saved. */

export interface MappingRow {
  brandId: number;
  mapping: LineListMapping;
  headers: string[];
  fingerprint: string;
  updatedAt: Date;
  /** The name of the person who saved it last; null for the system (the seeded Crocs mapping). */
  updatedBy: string | null;
}

export async function findBrandMapping(
  db: DbExecutor,
  brandId: number,
  options: { lock?: boolean } = {},
): Promise<MappingRow | undefined> {
  const query = db
    .select({
      brandId: lineListMappings.brandId,
      mapping: lineListMappings.mapping,
      headers: lineListMappings.headers,
      fingerprint: lineListMappings.fingerprint,
      updatedAt: lineListMappings.updatedAt,
      updatedBy: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(lineListMappings)
    .leftJoin(users, eq(users.id, lineListMappings.updatedBy))
    .where(eq(lineListMappings.brandId, brandId));
  const [row] = options.lock ? await query.for("update", { of: lineListMappings }) : await query;
  return row;
}

/** Creates or replaces the brand's mapping. */
export async function upsertBrandMapping(
  tx: DbExecutor,
  values: {
    brandId: number;
    mapping: LineListMapping;
    headers: string[];
    fingerprint: string;
    updatedBy: number | null;
  },
): Promise<void> {
  await tx
    .insert(lineListMappings)
    .values(values)
    .onConflictDoUpdate({
      target: lineListMappings.brandId,
      set: {
        mapping: values.mapping,
        headers: values.headers,
        fingerprint: values.fingerprint,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    });
}

/** Whether the brand had a mapping to delete. */
export async function deleteBrandMapping(tx: DbExecutor, brandId: number): Promise<boolean> {
  const deleted = await tx
    .delete(lineListMappings)
    .where(eq(lineListMappings.brandId, brandId))
    .returning({ id: lineListMappings.id });
  return deleted.length > 0;
}
