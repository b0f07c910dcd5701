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
} from "drizzle-orm/pg-core";

/**
 * The dashboard's per-month figures, kept by the database itself so a month costs its few summary
 * rows however many orders it holds: statement triggers on `orders` and `order_lines` (migration
 * 0013) add what each write changes, so every writer (the orders service, seeds, plain SQL, a
 * restore) keeps them right. A month is the calendar month of `placed_at` in
 * `orderSummarySettings.timeZone`; only counted orders (not cancelled) are in. A row brought back
 * to nothing is deleted, so the summaries hold exactly what `rebuild_order_summaries()` computes.
 */
export const orderMonthProducts = pgTable(
  "order_month_products",
  {
    /** The month's first day. */
    month: date("month", { mode: "string" }).notNull(),
    productId: integer("product_id").notNull(),
    /** The product's, copied so the ranking's ties (by model code) are read from one index. */
    modelCode: text("model_code").notNull(),
    units: integer("units").notNull(),
    totalWhs: numeric("total_whs", { precision: 18, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.productId] }),
    // The most units sold, in the dashboard's order: its first rows are the month's ranking.
    // Nulls first, as `order by units desc` has them (none here), or the planner would not use it.
    index("order_month_products_ranking_idx").on(
      table.month,
      table.units.desc().nullsFirst(),
      table.modelCode,
      table.productId,
    ),
  ],
);

/** Per month and customer: counted orders (mono- and multibrand), their units and total WHS. */
export const orderMonthOrganizations = pgTable(
  "order_month_organizations",
  {
    month: date("month", { mode: "string" }).notNull(),
    organizationId: integer("organization_id").notNull(),
    monobrandOrders: integer("monobrand_orders").notNull(),
    multibrandOrders: integer("multibrand_orders").notNull(),
    units: bigint("units", { mode: "number" }).notNull(),
    totalWhs: numeric("total_whs", { precision: 18, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.month, table.organizationId] })],
);

/**
 * One row: the time zone whose months the summaries above are cut in. The server rebuilds them
 * when it starts with another `TZ` (summaries.ts).
 */
export const orderSummarySettings = pgTable(
  "order_summary_settings",
  {
    id: boolean("id").primaryKey().default(true),
    timeZone: text("time_zone").notNull(),
  },
  (table) => [check("order_summary_settings_one_row", sql`${table.id}`)],
);
