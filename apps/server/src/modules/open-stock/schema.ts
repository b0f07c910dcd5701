import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../db/core-schema.ts";
import { orders } from "../orders/schema.ts";

/**
 * The columns chosen for an Open Stock file, per layout: its header fingerprint (the headers,
 * normalised and sorted), the sheet and header row they were found on, and the SKU and quantity
 * columns by header. The next file with the same headers is read with them, without a question.
 * (`product_sizes.available_quantity`, the quantities themselves, is a column of the products
 * module's table, written in the same migration, 0022_open_stock.)
 */
export const openStockLayouts = pgTable(
  "open_stock_layouts",
  {
    fingerprint: text("fingerprint").primaryKey(),
    /** null for a CSV file, or the first sheet. */
    sheet: text("sheet"),
    headerRow: integer("header_row").notNull(),
    skuColumn: text("sku_column").notNull(),
    quantityColumn: text("quantity_column").notNull(),
    /** The headers as written in the file they were chosen on. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("open_stock_layouts_header_row_check", sql`${table.headerRow} >= 1`)],
);

/**
 * What an open-stock order took from the available quantities when it moved to Processing, one row
 * per SKU whose quantity was known then. A cancellation (or an undo back to Pending) gives back
 * these quantities and deletes the rows; an order with no rows took nothing and gives nothing back.
 */
export const openStockReservations = pgTable(
  "open_stock_reservations",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.sku] })],
);
