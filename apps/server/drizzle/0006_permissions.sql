ALTER TABLE "roles" ADD COLUMN "permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_permissions_known" CHECK ("roles"."permissions" <@ array['catalogs.view', 'catalogs.manage', 'catalogs.publish', 'brands.manage', 'customers.view', 'customers.manage', 'orders.view', 'orders.manage', 'people.view', 'people.manage', 'history.view']::text[]);--> statement-breakpoint
-- Existing roles get the sets the seed gives roles of the same names (issue 14): Admin every
-- permission, the seeded staff roles theirs, any other staff role the Viewer set, customer roles none.
UPDATE "roles" SET "permissions" = CASE
  WHEN lower("name") = 'admin' THEN array['catalogs.view', 'catalogs.manage', 'catalogs.publish', 'brands.manage', 'customers.view', 'customers.manage', 'orders.view', 'orders.manage', 'people.view', 'people.manage', 'history.view']::text[]
  WHEN lower("name") = 'sales' THEN array['catalogs.view', 'customers.view', 'customers.manage', 'orders.view', 'orders.manage']::text[]
  WHEN lower("name") = 'catalog team' THEN array['catalogs.view', 'catalogs.manage', 'catalogs.publish', 'brands.manage', 'orders.view']::text[]
  WHEN lower("name") = 'finance' THEN array['catalogs.view', 'customers.view', 'orders.view', 'history.view']::text[]
  ELSE array['catalogs.view', 'customers.view', 'orders.view', 'people.view']::text[]
END
WHERE "type" = 'internal';
