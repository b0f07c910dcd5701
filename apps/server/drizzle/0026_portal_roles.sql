-- Issue 34 (the customer portal, "Who"): roles hold staff permissions (internal roles) or portal
-- permissions (external roles), in the same column; the check widens to the portal catalogue and a
-- second check keeps each kind to its own roles.
ALTER TABLE "roles" DROP CONSTRAINT IF EXISTS "roles_permissions_known";--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_permissions_known" CHECK ("roles"."permissions" <@ array['catalogs.view', 'catalogs.manage', 'catalogs.publish', 'brands.manage', 'customers.view', 'customers.manage', 'orders.view', 'orders.manage', 'people.view', 'people.manage', 'history.view', 'portal.catalogs.view', 'portal.orders.manage', 'portal.users.manage']::text[]);--> statement-breakpoint
-- Any portal permission an internal role or staff permission an external role might hold is dropped.
UPDATE "roles" SET "permissions" = array(SELECT p FROM unnest("permissions") AS p WHERE p NOT LIKE 'portal.%') WHERE "type" = 'internal' AND EXISTS (SELECT 1 FROM unnest("permissions") AS p WHERE p LIKE 'portal.%');--> statement-breakpoint
UPDATE "roles" SET "permissions" = array(SELECT p FROM unnest("permissions") AS p WHERE p LIKE 'portal.%') WHERE "type" = 'external' AND EXISTS (SELECT 1 FROM unnest("permissions") AS p WHERE p NOT LIKE 'portal.%');--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT IF EXISTS "roles_permissions_of_type";--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_permissions_of_type" CHECK (CASE WHEN "type" = 'external' THEN "permissions" <@ array['portal.catalogs.view', 'portal.orders.manage', 'portal.users.manage']::text[] ELSE NOT ("permissions" && array['portal.catalogs.view', 'portal.orders.manage', 'portal.users.manage']::text[]) END);--> statement-breakpoint
-- The two seeded external roles, idempotent. Only into an existing database (one holding roles): on a
-- fresh one the seed adds them after the staff roles, so those keep their ids.
-- Rows inserted with their ids (a restore, a test) may have left the id sequence behind: catch it up first.
SELECT setval(pg_get_serial_sequence('"roles"', 'id'), GREATEST(t.m, COALESCE(pg_sequence_last_value(pg_get_serial_sequence('"roles"', 'id')::regclass), 0)))
FROM (SELECT max("id") AS m FROM "roles") AS t WHERE t.m IS NOT NULL;--> statement-breakpoint
INSERT INTO "roles" ("name", "description", "type", "status", "permissions")
SELECT 'Buyer', 'Customers'' buyers: see published catalogs and prices, and order for their stores', 'external', 'active', array['portal.catalogs.view', 'portal.orders.manage']::text[]
WHERE EXISTS (SELECT 1 FROM "roles") AND NOT EXISTS (SELECT 1 FROM "roles" WHERE "type" = 'external' AND lower("name") = 'buyer');--> statement-breakpoint
INSERT INTO "roles" ("name", "description", "type", "status", "permissions")
SELECT 'Store Viewer', 'Customers'' users who see published catalogs and prices only', 'external', 'active', array['portal.catalogs.view']::text[]
WHERE EXISTS (SELECT 1 FROM "roles") AND NOT EXISTS (SELECT 1 FROM "roles" WHERE "type" = 'external' AND lower("name") = 'store viewer');--> statement-breakpoint
-- Existing external roles of the seeded names that hold nothing (customer roles held no permissions
-- until now) get the seeded sets; other existing external roles keep none until someone gives them some.
UPDATE "roles" SET "permissions" = CASE lower("name")
  WHEN 'buyer' THEN array['portal.catalogs.view', 'portal.orders.manage']::text[]
  ELSE array['portal.catalogs.view']::text[]
END, "revision" = "revision" + 1, "updated_at" = now()
WHERE "type" = 'external' AND lower("name") IN ('buyer', 'store viewer') AND cardinality("permissions") = 0;--> statement-breakpoint
-- Customer users holding an internal role (the customer wizard's Admin default) become Buyers.
UPDATE "users" SET "role_id" = (SELECT "id" FROM "roles" WHERE "type" = 'external' AND lower("name") = 'buyer' ORDER BY "id" LIMIT 1), "revision" = "revision" + 1, "updated_at" = now()
WHERE "type" = 'external' AND "role_id" IN (SELECT "id" FROM "roles" WHERE "type" = 'internal');
