import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { lineListStageValues, lineListTypeValues } from "@cm/contracts/line-lists";
import { brands } from "../../db/core-schema.ts";
import { products } from "../products/schema.ts";

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * A brand's dated offer of products (DESIGN.md section 6). An upload creates it in `preview`
 * (its rows staged by the upload); saving makes it `saved`, and only saved line lists are listed.
 * Publishing is one-way: `published` never goes back to false.
 */
export const lineLists = pgTable(
  "line_lists",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
    type: text("type", { enum: lineListTypeValues }).notNull().default("own-stock"),
    name: text("name").notNull(),
    description: text("description"),
    stage: text("stage", { enum: lineListStageValues }).notNull().default("preview"),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * A scheduled publication (issue 34): the line list publishes at this time (the publication
     * scheduler, modules/catalogs/publish-scheduler.ts); null once published or when none is set.
     */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    sortingCompleted: boolean("sorting_completed").notNull().default(false),
    season: text("season"),
    year: integer("year"),
    sentOn: date("sent_on", { mode: "string" }),
    dateSent: date("date_sent", { mode: "string" }),
    deadline: date("deadline", { mode: "string" }),
    dateOfAvailability: date("date_of_availability", { mode: "string" }),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("line_lists_brand_idx").on(table.brandId),
    index("line_lists_created_idx").on(table.createdAt),
    index("line_lists_publish_at_idx")
      .on(table.publishAt)
      .where(sql`${table.publishAt} is not null and not ${table.published}`),
    check("line_lists_type_check", sql`${table.type} in (${quotedList(lineListTypeValues)})`),
    check("line_lists_stage_check", sql`${table.stage} in (${quotedList(lineListStageValues)})`),
  ],
);

/** The products a line list offers, each once. Catalog items point here. */
export const lineListItems = pgTable(
  "line_list_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    lineListId: integer("line_list_id")
      .notNull()
      .references(() => lineLists.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    /** Order of the styles in the workbook. */
    position: integer("position").notNull().default(0),
    /*
     * The line list's offer of the style (issue 33, docs/line-list-saves.md): the prices and date
     * this line list gives it, which a later line list of the brand never changes. The product
     * keeps what is shared (model code, names, sizes, SKUs, pictures) and the latest offer's values.
     */
    /** US dollars. */
    msrp: numeric("msrp", { precision: 12, scale: 2 }),
    /** Where the brand's mapping reads one: the unit price before the customer's discount. */
    wholesalePrice: numeric("wholesale_price", { precision: 12, scale: 2 }),
    expectedShipDate: date("expected_ship_date", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("line_list_items_line_list_product_unique").on(table.lineListId, table.productId),
    // Target of catalog_items' foreign key, which keeps an item in the catalogs of its own line list.
    unique("line_list_items_id_line_list_unique").on(table.id, table.lineListId),
    index("line_list_items_product_idx").on(table.productId),
    // A line list's items in its order: a page of them is read from here, without sorting them all.
    index("line_list_items_line_list_position_idx").on(table.lineListId, table.position, table.id),
  ],
);

/**
 * How many items each line list offers and how many of them are placed in at least one of its
 * catalogs, kept by the database itself: statement triggers on `line_list_items` and
 * `catalog_items` (migration 0015) add what each write changes, so every writer (services, seeds,
 * plain SQL, a restore) keeps them right and a page of line lists reads one row per line list
 * instead of counting its items. A table of its own rather than columns of `line_lists`: keeping
 * the counts never locks or versions the line list's row (a write that changes its catalogs gives
 * it a new revision on purpose), and backups leave it out (a restore rebuilds it).
 */
export const lineListItemCounts = pgTable("line_list_item_counts", {
  lineListId: integer("line_list_id")
    .primaryKey()
    .references(() => lineLists.id, { onDelete: "cascade" }),
  items: integer("items").notNull().default(0),
  placedItems: integer("placed_items").notNull().default(0),
});
