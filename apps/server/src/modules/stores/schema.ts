import { sql } from "drizzle-orm";
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { brands, organizations, users } from "../../db/core-schema.ts";

/** A customer's shop. Its addresses, brand focus and users live in the tables below. */
export const stores = pgTable(
  "stores",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    description: text("description"),
    mainContactUserId: integer("main_contact_user_id").references(() => users.id),
    /** Derived from the number of brands in the brand focus; kept here so lists can filter on it. */
    storeType: text("store_type", { enum: ["monobrand", "multi-brand"] })
      .notNull()
      .default("monobrand"),
    logoUrl: text("logo_url").notNull(),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stores_organization_idx").on(table.organizationId)],
);

/** A store's addresses, in the order they were given. */
export const storeAddresses = pgTable(
  "store_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type", { enum: ["physical", "shipping", "billing", "registered_office"] }).notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code"),
    country: text("country").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
  },
  (table) => [
    index("store_addresses_store_idx").on(table.storeId, table.position),
    // SPEC.md section 5: at most one billing and one shipping address per store, even under races.
    uniqueIndex("store_addresses_one_billing_or_shipping")
      .on(table.storeId, table.type)
      .where(sql`${table.type} in ('billing', 'shipping')`),
  ],
);

/** The brands a store focuses on, each with its segmentation tier. */
export const storeBrandSegmentations = pgTable(
  "store_brand_segmentations",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id),
    position: integer("position").notNull(),
    segmentation: text("segmentation", { enum: ["good", "better", "best"] })
      .notNull()
      .default("good"),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.brandId] }),
    index("store_brand_segmentations_brand_idx").on(table.brandId),
  ],
);

/** The users of the store's organization who work with the store (`userIds`). */
export const storeUsers = pgTable(
  "store_users",
  {
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.userId] }),
    index("store_users_user_idx").on(table.userId),
  ],
);
