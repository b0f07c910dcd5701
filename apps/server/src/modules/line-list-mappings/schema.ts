import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { brands, users } from "../../db/core-schema.ts";

/**
 * A brand's column mapping (docs/line-list-mapping.md): how the mapping engine reads the brand's
 * line list files, with the header row it was confirmed on and that row's fingerprint (order
 * and spelling variants ignored), which tells whether the next file has the same layout. One per
 * brand; it goes with its brand.
 */
export const lineListMappings = pgTable(
  "line_list_mappings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    mapping: jsonb("mapping").$type<LineListMapping>().notNull(),
    /** The header row's texts the mapping was confirmed on, in column order. */
    headers: text("headers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** headerFingerprint(headers), from the mapping engine. */
    fingerprint: text("fingerprint").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [unique("line_list_mappings_brand_unique").on(table.brandId)],
);
