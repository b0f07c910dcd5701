import { permissionValues } from "@cm/contracts/permissions";
import { portalPermissionValues } from "@cm/contracts/portal";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Optimistic-concurrency counter, exposed to clients as `_revision`. */
const revision = { revision: integer("revision").notNull().default(1) };

export const organizations = pgTable("organizations", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  type: text("type", { enum: ["internal", "external"] }).notNull(),
  status: text("status").notNull().default("active"),
  address: jsonb("address"),
  discounts: jsonb("discounts")
    .notNull()
    .default(sql`'[]'::jsonb`),
  mainContactUserId: integer("main_contact_user_id"),
  ...revision,
  ...timestamps,
});

export const roles = pgTable(
  "roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type", { enum: ["internal", "external"] })
      .notNull()
      .default("internal"),
    status: text("status").notNull().default("active"),
    /** What holders of the role may do: names from the contracts' catalogue. */
    permissions: text("permissions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...revision,
    ...timestamps,
  },
  (table) => [
    uniqueIndex("roles_type_name_unique").on(table.type, sql`lower(${table.name})`),
    // A new permission in either catalogue comes with a migration that widens these checks: a
    // staff role holds staff permissions, a customer role portal ones (migration 0026).
    check(
      "roles_permissions_known",
      sql`${table.permissions} <@ array[${sql.raw([...permissionValues, ...portalPermissionValues].map((value) => `'${value}'`).join(", "))}]::text[]`,
    ),
    check(
      "roles_permissions_of_type",
      sql`CASE WHEN "type" = 'external' THEN "permissions" <@ array[${sql.raw(portalPermissionValues.map((value) => `'${value}'`).join(", "))}]::text[] ELSE NOT ("permissions" && array[${sql.raw(portalPermissionValues.map((value) => `'${value}'`).join(", "))}]::text[]) END`,
    ),
  ],
);

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    type: text("type", { enum: ["internal", "external"] }).notNull(),
    status: text("status").notNull().default("active"),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    ...revision,
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_unique").on(sql`lower(${table.email})`),
    index("users_organization_idx").on(table.organizationId),
  ],
);

export const brandCategories = pgTable("brand_categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
});

export const brands = pgTable(
  "brands",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description"),
    categoryId: integer("category_id")
      .notNull()
      .default(1)
      .references(() => brandCategories.id),
    status: text("status").notNull().default("active"),
    /** Unit wholesale price = MSRP × this factor × (1 − the customer's discount for the brand). */
    wholesaleFactor: numeric("wholesale_factor", { precision: 3, scale: 2 }).notNull().default("0.50"),
    ...revision,
    ...timestamps,
  },
  (table) => [
    uniqueIndex("brands_name_unique").on(sql`lower(${table.name})`),
    check("brands_wholesale_factor_check", sql`${table.wholesaleFactor} between 0.01 and 1`),
  ],
);

/**
 * The history: every write records who changed what, in the same transaction as the
 * change, in the shape of `historyEntrySchema` (lib/entity-write.ts computes it, lib/history.ts writes it, modules/history
 * reads it). Each index serves a filter of `GET /api/history`, newest first.
 */
export const historyEntries = pgTable(
  "history_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: integer("actor_user_id"),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** The entity as a person named it then: a deleted or renamed entity keeps its name here. */
    entityLabel: text("entity_label").notNull().default(""),
    action: text("action").notNull(),
    beforeRevision: integer("before_revision"),
    afterRevision: integer("after_revision"),
    /** `[{ field, before, after }]`: the fields the write changed. */
    changes: jsonb("changes")
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What the fields do not say ("12 item(s) moved to Boutique Catalog"). */
    summary: text("summary"),
    /** Details for machines, not shown (an upload's id, the model codes a move named). */
    data: jsonb("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Ascending, scanned backwards for "newest first": the order (created_at desc, id desc) with
  // PostgreSQL's default nulls placement is exactly the reverse of these.
  (table) => [
    index("history_entries_entity_idx").on(table.entityType, table.entityId, table.createdAt, table.id),
    index("history_entries_type_created_idx").on(table.entityType, table.createdAt, table.id),
    index("history_entries_actor_created_idx").on(table.actorUserId, table.createdAt, table.id),
    index("history_entries_created_idx").on(table.createdAt, table.id),
  ],
);
