CREATE TABLE "portal_cart_lines" (
	"store_id" integer NOT NULL,
	"line_list_id" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "portal_cart_lines_store_id_line_list_id_sku_pk" PRIMARY KEY("store_id","line_list_id","sku"),
	CONSTRAINT "portal_cart_lines_quantity_check" CHECK ("portal_cart_lines"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "portal_carts" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_visits" (
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"previous_seen_at" timestamp with time zone,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_visits_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "line_lists" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "audience" text[] DEFAULT '{good,better,best}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_cart_lines" ADD CONSTRAINT "portal_cart_lines_store_id_portal_carts_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."portal_carts"("store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_cart_lines" ADD CONSTRAINT "portal_cart_lines_line_list_id_line_lists_id_fk" FOREIGN KEY ("line_list_id") REFERENCES "public"."line_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_carts" ADD CONSTRAINT "portal_carts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_carts" ADD CONSTRAINT "portal_carts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_carts" ADD CONSTRAINT "portal_carts_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_visits" ADD CONSTRAINT "portal_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_visits" ADD CONSTRAINT "portal_visits_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_cart_lines_line_list_idx" ON "portal_cart_lines" USING btree ("line_list_id");--> statement-breakpoint
CREATE INDEX "line_lists_publish_at_idx" ON "line_lists" USING btree ("publish_at") WHERE "line_lists"."publish_at" is not null and not "line_lists"."published";--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_audience_check" CHECK (cardinality("catalogs"."audience") >= 1 and "catalogs"."audience" <@ array['good', 'better', 'best']::text[]);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('staff', 'portal'));