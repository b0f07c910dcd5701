-- Issue 33: every save of a line list is one change set (docs/line-list-saves.md, "Saves and
-- undo"): who, when, the file, and for each style it touched the style before and after. What the
-- saves list shows and what undo reverses; an undo is a change set of its own.
CREATE TABLE "line_list_saves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_list_saves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_list_id" integer NOT NULL,
	"kind" text NOT NULL,
	"upload_id" integer,
	"file_name" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer,
	"counts" jsonb DEFAULT '{"added":0,"changed":0,"removed":0}'::jsonb NOT NULL,
	"undoes" integer,
	"undone_by" integer,
	CONSTRAINT "line_list_saves_kind_check" CHECK ("line_list_saves"."kind" in ('new', 'update', 'undo'))
);--> statement-breakpoint
-- The styles a save touched, each once: `before` null for a style it added, `after` null for one
-- it removed. A snapshot holds the style's shared fields, this line list's offer, its position,
-- sizes and catalog placements (the product may be gone since, so no foreign key to it).
CREATE TABLE "line_list_save_styles" (
	"save_id" integer NOT NULL,
	"product_id" integer,
	"model_code" text NOT NULL,
	"change" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "line_list_save_styles_save_id_model_code_pk" PRIMARY KEY("save_id","model_code"),
	CONSTRAINT "line_list_save_styles_change_check" CHECK ("line_list_save_styles"."change" in ('added', 'changed', 'removed'))
);--> statement-breakpoint
ALTER TABLE "line_list_saves" ADD CONSTRAINT "line_list_saves_line_list_id_line_lists_id_fk" FOREIGN KEY ("line_list_id") REFERENCES "public"."line_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_list_saves" ADD CONSTRAINT "line_list_saves_upload_id_line_list_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."line_list_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_list_saves" ADD CONSTRAINT "line_list_saves_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Checked at commit: marking a save undone rewrites its row after its undo's, and a restore loads
-- rows in that order (docs/backups.md), so within the restore's transaction an undo may come first.
ALTER TABLE "line_list_saves" ADD CONSTRAINT "line_list_saves_undoes_line_list_saves_id_fk" FOREIGN KEY ("undoes") REFERENCES "public"."line_list_saves"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "line_list_saves" ADD CONSTRAINT "line_list_saves_undone_by_line_list_saves_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."line_list_saves"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "line_list_save_styles" ADD CONSTRAINT "line_list_save_styles_save_id_line_list_saves_id_fk" FOREIGN KEY ("save_id") REFERENCES "public"."line_list_saves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A line list's saves newest first.
CREATE INDEX "line_list_saves_line_list_idx" ON "line_list_saves" USING btree ("line_list_id","id");--> statement-breakpoint
-- A save is undone once: a second undo of it is refused by the database too.
CREATE UNIQUE INDEX "line_list_saves_undoes_unique" ON "line_list_saves" USING btree ("undoes") WHERE "line_list_saves"."undoes" is not null;--> statement-breakpoint
CREATE INDEX "line_list_saves_upload_idx" ON "line_list_saves" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "line_list_saves_saved_by_idx" ON "line_list_saves" USING btree ("saved_by");
