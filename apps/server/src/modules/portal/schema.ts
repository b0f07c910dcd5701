import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { organizations, users } from "../../db/core-schema.ts";
import { lineLists } from "../line-lists/schema.ts";
import { stores } from "../stores/schema.ts";

/**
 * A store's cart in the customer portal (issue 34, docs/portal.md "The cart"): a draft order kept
 * on the server as its buyers type, one per store, shared by the store's users. `revision` moves
 * with every write; a write at another revision is refused (409), so two devices never lose lines.
 */
export const portalCarts = pgTable("portal_carts", {
  storeId: integer("store_id")
    .primaryKey()
    .references(() => stores.id, { onDelete: "cascade" }),
  organizationId: integer("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  revision: integer("revision").notNull().default(1),
  updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A cart's lines: a quantity of one SKU of one line list, in the order they were typed. */
export const portalCartLines = pgTable(
  "portal_cart_lines",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => portalCarts.storeId, { onDelete: "cascade" }),
    lineListId: integer("line_list_id")
      .notNull()
      .references(() => lineLists.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    quantity: integer("quantity").notNull(),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.lineListId, table.sku] }),
    index("portal_cart_lines_line_list_idx").on(table.lineListId),
    check("portal_cart_lines_quantity_check", sql`${table.quantity} between 1 and 9999`),
  ],
);

/** When a user last opened a store's portal home: what was published since is "New". */
export const portalVisits = pgTable(
  "portal_visits",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The visit before the latest: the home compares publication times with it. */
    previousSeenAt: timestamp("previous_seen_at", { withTimezone: true }),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storeId] })],
);
