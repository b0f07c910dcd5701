import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { catalogTypeValues, defaultCatalogAudience } from "@cm/contracts/catalogs";
import { lineListItems, lineLists } from "../line-lists/schema.ts";

/** A line list's catalogs: at most one per type (athletic, boutique, crocs). */
export const catalogs = pgTable(
  "catalogs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    lineListId: integer("line_list_id")
      .notNull()
      .references(() => lineLists.id, { onDelete: "cascade" }),
    type: text("type", { enum: catalogTypeValues }).notNull(),
    /**
     * The segmentations whose stores see the catalog once the line list is published (issue 34,
     * docs/portal.md "Who sees what"): never empty, in the order good, better, best.
     */
    audience: text("audience", { enum: ["good", "better", "best"] })
      .array()
      .notNull()
      .default(sql.raw(`'{${defaultCatalogAudience.join(",")}}'::text[]`)),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("catalogs_line_list_type_unique").on(table.lineListId, table.type),
    unique("catalogs_id_line_list_unique").on(table.id, table.lineListId),
    check(
      "catalogs_audience_check",
      sql`cardinality(${table.audience}) >= 1 and ${table.audience} <@ array['good', 'better', 'best']::text[]`,
    ),
    check(
      "catalogs_type_check",
      sql`${table.type} in (${sql.raw(catalogTypeValues.map((type) => `'${type}'`).join(", "))})`,
    ),
  ],
);

/**
 * An item of a line list placed in one of that line list's catalogs. An item may be in several
 * catalogs (copy) and is unsorted when it is in none. `line_list_id` is repeated so the two
 * composite foreign keys can insist that catalog and item belong to the same line list.
 */
export const catalogItems = pgTable(
  "catalog_items",
  {
    catalogId: integer("catalog_id").notNull(),
    lineListId: integer("line_list_id").notNull(),
    lineListItemId: integer("line_list_item_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.catalogId, table.lineListItemId] }),
    foreignKey({
      name: "catalog_items_catalog_fk",
      columns: [table.catalogId, table.lineListId],
      foreignColumns: [catalogs.id, catalogs.lineListId],
    }).onDelete("cascade"),
    foreignKey({
      name: "catalog_items_line_list_item_fk",
      columns: [table.lineListItemId, table.lineListId],
      foreignColumns: [lineListItems.id, lineListItems.lineListId],
    }).onDelete("cascade"),
    index("catalog_items_line_list_item_idx").on(table.lineListItemId),
    // With the item, a line list's placed items are counted from the index alone.
    index("catalog_items_line_list_idx").on(table.lineListId, table.lineListItemId),
  ],
);

/**
 * How many items each catalog holds, kept by the same triggers as `line_list_item_counts`
 * (migration 0015) for the same reasons: the line lists page shows it for each catalog.
 */
export const catalogItemCounts = pgTable("catalog_item_counts", {
  catalogId: integer("catalog_id")
    .primaryKey()
    .references(() => catalogs.id, { onDelete: "cascade" }),
  items: integer("items").notNull().default(0),
});
