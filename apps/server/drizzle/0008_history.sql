DROP INDEX "audit_events_entity_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "entity_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "summary" text;--> statement-breakpoint
-- The events written before the history (issue 14), rewritten into its shape: one spelling of
-- entity types and actions, the changed fields as [{field, before, after}], a label, a summary
-- where only the new values were kept. `data` stays as it was. Events of no contract action
-- (an upload staged or discarded, a preview created) keep a spelling the history does not list.
UPDATE "audit_events" SET "entity_type" = CASE "entity_type" WHEN 'line_list' THEN 'line-list' ELSE 'item' END
WHERE "entity_type" IN ('line_list', 'product');--> statement-breakpoint
-- { before, after }: the fields whose value differs.
UPDATE "audit_events" AS e SET "changes" = coalesce((
  SELECT jsonb_agg(jsonb_build_object(
    'field', f.key,
    'before', coalesce(e."data"->'before'->f.key, 'null'::jsonb),
    'after', coalesce(e."data"->'after'->f.key, 'null'::jsonb)
  ) ORDER BY f.key)
  FROM jsonb_object_keys(
    (CASE WHEN jsonb_typeof(e."data"->'before') = 'object' THEN e."data"->'before' ELSE '{}'::jsonb END) ||
    (CASE WHEN jsonb_typeof(e."data"->'after') = 'object' THEN e."data"->'after' ELSE '{}'::jsonb END)
  ) AS f(key)
  WHERE coalesce(e."data"->'before'->f.key, 'null'::jsonb) IS DISTINCT FROM coalesce(e."data"->'after'->f.key, 'null'::jsonb)
), '[]'::jsonb)
WHERE jsonb_typeof(e."data"->'before') = 'object' OR jsonb_typeof(e."data"->'after') = 'object';--> statement-breakpoint
UPDATE "audit_events" SET "action" = 'status'
WHERE "entity_type" = 'order' AND "action" = 'update' AND "changes" @> '[{"field": "status"}]' AND jsonb_array_length("changes") = 1;--> statement-breakpoint
-- A creation that kept its first values: each from nothing to its value.
UPDATE "audit_events" AS e SET "changes" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('field', f.key, 'before', 'null'::jsonb, 'after', f.value) ORDER BY f.key)
  FROM jsonb_each(e."data") AS f
  WHERE f.key NOT IN ('source', 'requested', 'uploadId', 'addressTypes') AND f.value <> 'null'::jsonb
), '[]'::jsonb)
WHERE e."action" = 'create' AND jsonb_typeof(e."data") = 'object' AND NOT (e."data" ? 'before' OR e."data" ? 'after');--> statement-breakpoint
-- A status change kept the new status only: the one before is the status recorded last.
WITH "statuses" AS (
  SELECT "id", lag(coalesce("data"->'status', CASE WHEN "entity_type" = 'store' AND "action" = 'create' THEN '"active"'::jsonb END))
    OVER (PARTITION BY "entity_type", "entity_id" ORDER BY "id") AS "before"
  FROM "audit_events"
  WHERE "entity_type" IN ('organization', 'store') AND "action" IN ('create', 'update-status')
)
UPDATE "audit_events" AS e SET "action" = 'status', "changes" = jsonb_build_array(jsonb_build_object(
  'field', 'status', 'before', coalesce(s."before", 'null'::jsonb), 'after', coalesce(e."data"->'status', 'null'::jsonb)
))
FROM "statuses" AS s
WHERE s."id" = e."id" AND e."action" = 'update-status';--> statement-breakpoint
UPDATE "audit_events" SET "action" = 'update', "changes" = jsonb_build_array(jsonb_build_object(
  'field', 'organizationId', 'before', coalesce("data"->'fromOrganizationId', 'null'::jsonb), 'after', coalesce("data"->'toOrganizationId', 'null'::jsonb)
))
WHERE "action" = 'move-organization';--> statement-breakpoint
-- Updates that kept only the new values: the summary says what was set (`newName` as `name`).
UPDATE "audit_events" AS e SET "action" = 'update', "summary" = (
  SELECT 'Set ' || string_agg(
    (CASE WHEN f.key ~ '^new[A-Z]' THEN lower(substr(f.key, 4, 1)) || substr(f.key, 5) ELSE f.key END) || ' ' || left(f.value::text, 200),
    ', ' ORDER BY f.key)
  FROM jsonb_each(e."data") AS f
)
WHERE jsonb_typeof(e."data") = 'object' AND (
  e."action" IN ('rename', 'update-address', 'update-discounts', 'change-main-contact', 'update-basic-info', 'add-address', 'replace-addresses', 'update-brand-focus-type')
  OR (e."action" = 'update' AND e."entity_type" = 'user' AND e."changes" = '[]'::jsonb AND NOT (e."data" ? 'before' OR e."data" ? 'after'))
);--> statement-breakpoint
-- Line lists: a staged upload, its discard and a preview are no saved change; the save is the upload.
UPDATE "audit_events" SET "action" = 'stage-upload' WHERE "entity_type" = 'line-list' AND "action" = 'upload';--> statement-breakpoint
UPDATE "audit_events" SET "action" = 'discard-preview' WHERE "entity_type" = 'line-list' AND "action" = 'delete' AND "data" ? 'discardedStyles';--> statement-breakpoint
UPDATE "audit_events" SET "action" = 'create-preview', "changes" = '[]'::jsonb WHERE "entity_type" = 'line-list' AND "action" = 'create' AND "data"->>'stage' = 'preview';--> statement-breakpoint
UPDATE "audit_events" SET "action" = 'upload', "summary" = format('%s new, %s changed and %s unchanged style(s)', "data"->>'created', "data"->>'updated', "data"->>'unchanged')
WHERE "action" = 'confirm_upload';--> statement-breakpoint
UPDATE "audit_events" SET "changes" = '[{"field": "published", "before": 0, "after": 1}]'::jsonb
WHERE "entity_type" = 'line-list' AND "action" = 'publish';--> statement-breakpoint
UPDATE "audit_events" SET "action" = 'update', "changes" = '[{"field": "sortingCompleted", "before": 0, "after": 1}]'::jsonb, "summary" = 'Catalogs saved: sorting completed'
WHERE "action" = 'catalogs.save';--> statement-breakpoint
UPDATE "audit_events" SET "action" = 'move', "summary" = CASE "action"
  WHEN 'catalogs.add' THEN format('%s item(s) added', "data"->>'items')
  WHEN 'catalogs.copy' THEN format('%s item(s) copied', "data"->>'items')
  WHEN 'catalogs.move' THEN format('%s item(s) moved', "data"->>'items')
  WHEN 'catalogs.remove' THEN format('%s item(s) removed', "data"->>'items')
  WHEN 'catalogs.pre_segment' THEN format('%s item(s) placed from a segmentation file', "data"->>'items')
  ELSE 'Items placed in catalogs'
END
WHERE "action" IN ('catalogs.add', 'catalogs.copy', 'catalogs.move', 'catalogs.remove', 'catalogs.pre_segment', 'place_items');--> statement-breakpoint
-- Labels: the entity's name now, else the one the event kept, else its id.
UPDATE "audit_events" AS e SET "entity_label" = coalesce(
  CASE e."entity_type"
    WHEN 'brand' THEN (SELECT b."name" FROM "brands" b WHERE b."id"::text = e."entity_id")
    WHEN 'brand_category' THEN (SELECT c."name" FROM "brand_categories" c WHERE c."id"::text = e."entity_id")
    WHEN 'organization' THEN (SELECT o."name" FROM "organizations" o WHERE o."id"::text = e."entity_id")
    WHEN 'store' THEN (SELECT s."name" FROM "stores" s WHERE s."id"::text = e."entity_id")
    WHEN 'role' THEN (SELECT r."name" FROM "roles" r WHERE r."id"::text = e."entity_id")
    WHEN 'user' THEN (SELECT trim(u."first_name" || ' ' || u."last_name") FROM "users" u WHERE u."id"::text = e."entity_id")
    WHEN 'item' THEN (SELECT p."model_code" FROM "products" p WHERE p."id"::text = e."entity_id")
    WHEN 'order' THEN 'SO-' || lpad(e."entity_id", 6, '0')
    WHEN 'line-list' THEN (
      SELECT CASE WHEN starts_with(lower(l."name"), lower(b."name")) THEN l."name" ELSE b."name" || ' ' || l."name" END
      FROM "line_lists" l JOIN "brands" b ON b."id" = l."brand_id" WHERE l."id"::text = e."entity_id")
    WHEN 'catalog' THEN (
      SELECT initcap(c."type") || ' Catalog of ' ||
        CASE WHEN starts_with(lower(l."name"), lower(b."name")) THEN l."name" ELSE b."name" || ' ' || l."name" END
      FROM "catalogs" c JOIN "line_lists" l ON l."id" = c."line_list_id" JOIN "brands" b ON b."id" = l."brand_id"
      WHERE c."id"::text = e."entity_id")
  END,
  e."data"->>'name', e."data"->'before'->>'name', e."data"->>'modelCode', e."data"->>'email',
  '#' || e."entity_id"
)
WHERE e."entity_label" = '';--> statement-breakpoint
CREATE INDEX "audit_events_type_created_idx" ON "audit_events" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_created_idx" ON "audit_events" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","created_at","id");