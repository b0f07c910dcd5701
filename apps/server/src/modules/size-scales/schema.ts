import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SizeStep, SizeSystem } from "@cm/contracts/size-scales";
import { brands } from "../../db/core-schema.ts";

/**
 * A brand's size scale (docs/line-list-format.md, "Size scales"): its steps in order, each with
 * its labels per size system, and its widths in order. Migration 0021.
 */
export const sizeScales = pgTable(
  "size_scales",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    systems: text("systems")
      .array()
      .$type<SizeSystem[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    widths: text("widths")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    steps: jsonb("steps").$type<SizeStep[]>().notNull().default([]),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("size_scales_brand_name_unique").on(table.brandId, table.name)],
);

/**
 * Where each size label a brand's products use sits in its scales: what screens join product
 * sizes on, by (brand, label), to show them in scale order. A row with no scale is a label not
 * placed yet (the database adds them as product sizes are written; migration 0021).
 */
export const sizeScaleLabels = pgTable(
  "size_scale_labels",
  {
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    scaleId: integer("scale_id").references(() => sizeScales.id, { onDelete: "set null" }),
    /** The step's place among all the brand's steps (its scale's first). */
    stepOrder: integer("step_order"),
    /** The step as a column header shows it ("8" for "8 W"). */
    stepLabel: text("step_label"),
    /** The label's width, null for none. */
    width: text("width"),
    widthOrder: integer("width_order"),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.label] }),
    index("size_scale_labels_scale_idx").on(table.scaleId),
    index("size_scale_labels_unplaced_idx")
      .on(table.brandId)
      .where(sql`${table.scaleId} is null`),
  ],
);
