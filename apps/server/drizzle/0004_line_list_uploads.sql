CREATE TABLE "line_list_uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_list_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_list_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"season" text NOT NULL,
	"year" integer NOT NULL,
	"row_count" integer NOT NULL,
	"styles_count" integer NOT NULL,
	"tracking_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "line_list_uploads_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "line_list_uploads_action_check" CHECK ("line_list_uploads"."action" in ('new', 'update')),
	CONSTRAINT "line_list_uploads_status_check" CHECK ("line_list_uploads"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
CREATE TABLE "staged_styles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staged_styles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"upload_id" integer NOT NULL,
	"position" integer NOT NULL,
	"model_code" text NOT NULL,
	"franchise" text,
	"silhouette" text,
	"color" text,
	"gender" text,
	"msrp" numeric(12, 2),
	"expected_ship_date" date,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"comfort_level" text,
	"height_range" text,
	"wear_occasion" text,
	"target_fit" text,
	"sizes" jsonb NOT NULL,
	CONSTRAINT "staged_styles_upload_model_code_unique" UNIQUE("upload_id","model_code")
);
--> statement-breakpoint
ALTER TABLE "line_list_uploads" ADD CONSTRAINT "line_list_uploads_line_list_id_line_lists_id_fk" FOREIGN KEY ("line_list_id") REFERENCES "public"."line_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_list_uploads" ADD CONSTRAINT "line_list_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_styles" ADD CONSTRAINT "staged_styles_upload_id_line_list_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."line_list_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_list_uploads_one_pending" ON "line_list_uploads" USING btree ("line_list_id") WHERE "line_list_uploads"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "line_list_uploads_line_list_idx" ON "line_list_uploads" USING btree ("line_list_id");--> statement-breakpoint
CREATE INDEX "staged_styles_upload_position_idx" ON "staged_styles" USING btree ("upload_id","position");