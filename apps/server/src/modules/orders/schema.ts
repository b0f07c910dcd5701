import { orderSourceValues, orderStatusValues, orderTypeValues } from "@cm/contracts/orders";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { brands, organizations, users } from "../../db/core-schema.ts";
import { lineLists } from "../line-lists/schema.ts";
import { products } from "../products/schema.ts";
import { stores } from "../stores/schema.ts";

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * A store's order. `units`, `total_whs`, `multibrand` and the brands in `order_brands`
 * are kept with the lines in the same transaction, so lists and the dashboard read one row per
 * order and never add up lines. The order's number is written from its id (`SO-000042`).
 */
export const orders = pgTable(
  "orders",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "restrict" }),
    orderType: text("order_type", { enum: orderTypeValues }).notNull(),
    status: text("status", { enum: orderStatusValues }).notNull().default("pending"),
    multibrand: boolean("multibrand").notNull().default(false),
    units: integer("units").notNull().default(0),
    totalWhs: numeric("total_whs", { precision: 14, scale: 2 }).notNull().default("0.00"),
    /** Future stock: the date its line lists are available. */
    shipDate: date("ship_date", { mode: "string" }),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    placedByUserId: integer("placed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Written by staff, or placed by a customer's buyer through the portal (issue 34). */
    source: text("source", { enum: orderSourceValues }).notNull().default("staff"),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("orders_placed_at_idx").on(table.placedAt, table.id),
    index("orders_organization_placed_at_idx").on(table.organizationId, table.placedAt),
    index("orders_store_placed_at_idx").on(table.storeId, table.placedAt),
    // With the id, a status-filtered list newest first is read in its order and stops at the page.
    index("orders_status_placed_at_idx").on(table.status, table.placedAt, table.id),
    // A status's orders by id: a capped count of a status and a brand merges them with the
    // brand's orders (`order_brands`), both read in id order from indexes alone, and stops there.
    index("orders_status_id_idx").on(table.status, table.id),
    index("orders_type_placed_at_idx").on(table.orderType, table.placedAt),
    index("orders_multibrand_placed_at_idx").on(table.multibrand, table.placedAt),
    check("orders_type_check", sql`${table.orderType} in (${quotedList(orderTypeValues)})`),
    check("orders_source_check", sql`${table.source} in (${quotedList(orderSourceValues)})`),
    check("orders_status_check", sql`${table.status} in (${quotedList(orderStatusValues)})`),
  ],
);

/** The brands of an order's lines, each once: the brand filter and the list's brand column. */
export const orderBrands = pgTable(
  "order_brands",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.brandId] }),
    index("order_brands_brand_order_idx").on(table.brandId, table.orderId),
  ],
);

/**
 * One SKU of an order. Size, SKU, MSRP and the unit wholesale price are copied when the line is
 * written, so a later upload or price change never rewrites an order.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    lineListId: integer("line_list_id")
      .notNull()
      .references(() => lineLists.id, { onDelete: "restrict" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
    sku: text("sku").notNull(),
    size: text("size").notNull(),
    quantity: integer("quantity").notNull(),
    msrp: numeric("msrp", { precision: 12, scale: 2 }).notNull(),
    unitWhs: numeric("unit_whs", { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [
    index("order_lines_order_idx").on(table.orderId, table.position),
    index("order_lines_line_list_order_idx").on(table.lineListId, table.orderId),
    index("order_lines_product_idx").on(table.productId),
    check("order_lines_quantity_check", sql`${table.quantity} between 1 and 9999`),
  ],
);

/** Every status an order took: from (null at creation), to, who, when. */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: orderStatusValues }),
    toStatus: text("to_status", { enum: orderStatusValues }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_status_changes_order_idx").on(table.orderId, table.changedAt)],
);
