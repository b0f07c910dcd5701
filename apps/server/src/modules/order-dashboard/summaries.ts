import { sql } from "drizzle-orm";
import { rowsOf, type Database, type DbExecutor } from "../../db/client.ts";

/**
 * The dashboard's per-month summaries (schema.ts, kept by the triggers of migration 0013). They
 * are derived data: backups leave them out, with the zone they were cut in, and a restore
 * rebuilds them from the orders it loaded.
 */
export const orderSummaryTables = [
  "order_month_products",
  "order_month_organizations",
  "order_summary_settings",
] as const;

/** Both summaries computed again from `orders` and `order_lines`, in the stored zone. */
export async function rebuildOrderSummaries(db: DbExecutor): Promise<void> {
  await db.execute(sql`select rebuild_order_summaries()`);
}

/**
 * At start: summaries cut in another zone than the configured one (a new `TZ`) are rebuilt in
 * it, in one transaction that waits for writes of orders in progress and holds new ones back
 * until it ends. Instances started together with the same zone rebuild once: the second finds
 * the zone already stored. Instances with different zones would rebuild in turn, each leaving
 * the others' dashboard wrong, hence one `TZ` for all (docs/orders.md).
 */
export async function syncOrderSummaryTimeZone(db: Database, timeZone: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [settings] = rowsOf<{ timeZone: string }>(
      await tx.execute(sql`select time_zone as "timeZone" from order_summary_settings for update`),
    );
    if (settings?.timeZone === timeZone) return false;
    await tx.execute(sql`lock table orders, order_lines in share mode`);
    await tx.execute(sql`
      insert into order_summary_settings (id, time_zone) values (true, ${timeZone})
      on conflict (id) do update set time_zone = excluded.time_zone`);
    await rebuildOrderSummaries(tx);
    return true;
  });
}
