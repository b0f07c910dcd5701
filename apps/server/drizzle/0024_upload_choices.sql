-- Issue 33: reviewing an upload before saving it (docs/line-list-saves.md, "Reviewing an upload").
-- The choices live with the staged upload, so they survive a reload and go with it: per staged
-- style the fields it keeps as they were and whether a new style is left out; per upload the
-- model codes of the line list's styles missing from the file that saving removes.
ALTER TABLE "staged_styles" ADD COLUMN "kept_fields" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_styles" ADD COLUMN "left_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "line_list_uploads" ADD COLUMN "removed_dropped" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- The comparison as the preview last made it (null until then): what a choice's totals are counted
-- from, so a click does not compare 5,000 styles with their products again. Every read of the
-- preview's summary, and the save, compare afresh and write it again.
ALTER TABLE "staged_styles" ADD COLUMN "compared_status" text;--> statement-breakpoint
ALTER TABLE "staged_styles" ADD COLUMN "compared_fields" text[];--> statement-breakpoint
ALTER TABLE "line_list_uploads" ADD COLUMN "dropped_count" integer;
