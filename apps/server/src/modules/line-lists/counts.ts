import { sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";

/**
 * The line lists' item and placed-item counts and the catalogs' item counts (schema.ts, kept by
 * the triggers of migration 0015). They are derived data: backups leave them out and a restore
 * rebuilds them from the items it loaded.
 */
export const lineListCountTables = ["line_list_item_counts", "catalog_item_counts"] as const;

/** The counts computed again from `line_list_items` and `catalog_items`. */
export async function rebuildLineListCounts(db: DbExecutor): Promise<void> {
  await db.execute(sql`select rebuild_line_list_counts()`);
}
