-- Issue 33: reviewing an upload before saving it (docs/line-list-saves.md, "Reviewing an upload").
-- The choices live with the staged upload, so they survive a reload and go with it: per staged
-- style the fields it keeps as they were and whether a new style is left out; per upload the
-- model codes of the line list's styles missing from the file that saving removes.
ALTER TABLE "staged_styles" ADD COLUMN "kept_fields" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_styles" ADD COLUMN "left_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "line_list_uploads" ADD COLUMN "removed_dropped" text[] DEFAULT '{}' NOT NULL;
