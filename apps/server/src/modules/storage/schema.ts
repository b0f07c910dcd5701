import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Which local storage folder belongs with this database (one row): a random id also written in
 * DATA_DIR on first start. An instance whose DATA_DIR holds another id (or none) refuses to start,
 * so no instance stores uploads where the others cannot see them (docs/backups.md, "Several instances").
 */
export const storageIdentity = pgTable(
  "storage_identity",
  {
    id: integer("id").primaryKey().default(1),
    storageId: text("storage_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("storage_identity_one_row", sql`${table.id} = 1`)],
);

/**
 * Periodic work that one instance does for all (the upload sweep): the instance that moves
 * `claimedUntil` forward runs it, the others skip it until then.
 */
export const taskClaims = pgTable("task_claims", {
  task: text("task").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }).notNull(),
});
