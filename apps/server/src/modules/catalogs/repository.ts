import { eq } from "drizzle-orm";
import { catalogTypeValues, type CatalogType } from "@cm/contracts/catalogs";
import type { DbExecutor } from "../../db/client.ts";
import { catalogItems, catalogs } from "../../db/schema.ts";

/**
 * Creates the catalogs of a line list that do not exist yet, one per type. Returns the id of
 * every catalog of the line list and which types it created now.
 */
export async function ensureCatalogs(
  tx: DbExecutor,
  lineListId: number,
): Promise<{ ids: Map<CatalogType, number>; created: CatalogType[] }> {
  const inserted = await tx
    .insert(catalogs)
    .values(catalogTypeValues.map((type) => ({ lineListId, type })))
    .onConflictDoNothing({ target: [catalogs.lineListId, catalogs.type] })
    .returning({ type: catalogs.type });
  const rows = await tx
    .select({ id: catalogs.id, type: catalogs.type })
    .from(catalogs)
    .where(eq(catalogs.lineListId, lineListId));
  return {
    ids: new Map(rows.map((row) => [row.type, row.id])),
    created: inserted.map((row) => row.type),
  };
}

const placementBatchSize = 10_000;

/** Puts items of a line list into its catalogs; an item already there stays as it is. */
export async function insertCatalogItems(
  tx: DbExecutor,
  placements: readonly { catalogId: number; lineListId: number; lineListItemId: number }[],
): Promise<void> {
  for (let start = 0; start < placements.length; start += placementBatchSize) {
    await tx
      .insert(catalogItems)
      .values(placements.slice(start, start + placementBatchSize))
      .onConflictDoNothing();
  }
}
