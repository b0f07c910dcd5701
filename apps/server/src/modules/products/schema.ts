import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { brands } from "../../db/core-schema.ts";

/**
 * A style's workbook fields, shared by the products table and the staged upload rows, so the
 * preview compares like with like.
 */
export const styleColumns = {
  modelCode: text("model_code").notNull(),
  franchise: text("franchise"),
  silhouette: text("silhouette"),
  color: text("color"),
  gender: text("gender"),
  /** US dollars; numeric so cents stay exact. */
  msrp: numeric("msrp", { precision: 12, scale: 2 }),
  expectedShipDate: date("expected_ship_date", { mode: "string" }),
  /** Empty when the workbook says "No Image" or gives none. */
  imageUrls: text("image_urls")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  comfortLevel: text("comfort_level"),
  heightRange: text("height_range"),
  wearOccasion: text("wear_occasion"),
  targetFit: text("target_fit"),
  /**
   * The brand's wholesale price, when its line list gives one (issue 32): the unit price before
   * the customer's discount, instead of MSRP × the brand's wholesale factor.
   */
  wholesalePrice: numeric("wholesale_price", { precision: 12, scale: 2 }),
  /** Other columns the brand's mapping keeps, by the name it gives them ("Material": "Leather"). */
  extraAttributes: jsonb("extra_attributes")
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
};

/**
 * A brand's products (DESIGN.md section 6): one row per style, identified within the brand by
 * its model code (style-colour, e.g. `10001-001`). Line lists offer products; saving an upload
 * creates or updates them.
 */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
    ...styleColumns,
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("products_brand_model_code_unique").on(table.brandId, table.modelCode),
    // Counting a brand's products (the Items screen's total) reads this small index, deduplicated
    // to a few pages per brand, rather than the larger model-code index.
    index("products_brand_idx").on(table.brandId),
  ],
);

/** The sizes of a product, each sold under its own SKU. */
export const productSizes = pgTable(
  "product_sizes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    sku: text("sku").notNull(),
    /** Order of the sizes as the brand lists them. */
    position: integer("position").notNull().default(0),
    /** The distributor's own stock of this SKU, from the last Open Stock upload; null when unknown. */
    availableQuantity: integer("available_quantity"),
  },
  (table) => [
    uniqueIndex("product_sizes_product_sku_unique").on(table.productId, table.sku),
    index("product_sizes_sku_idx").on(table.sku),
  ],
);
