CREATE TABLE "order_brands" (
	"order_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "order_brands_order_id_brand_id_pk" PRIMARY KEY("order_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"line_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"sku" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	"msrp" numeric(12, 2) NOT NULL,
	"unit_whs" numeric(12, 2) NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "order_status_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"order_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"multibrand" boolean DEFAULT false NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"total_whs" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"ship_date" date,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"placed_by_user_id" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_type_check" CHECK ("orders"."order_type" in ('open-stock', 'pre-book', 'brand-ats', 'future-stock')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "wholesale_factor" numeric(3, 2) DEFAULT '0.50' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_brands" ADD CONSTRAINT "order_brands_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_brands" ADD CONSTRAINT "order_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_line_list_id_line_lists_id_fk" FOREIGN KEY ("line_list_id") REFERENCES "public"."line_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_brands_brand_order_idx" ON "order_brands" USING btree ("brand_id","order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_line_list_order_idx" ON "order_lines" USING btree ("line_list_id","order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","changed_at");--> statement-breakpoint
CREATE INDEX "orders_placed_at_idx" ON "orders" USING btree ("placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_organization_placed_at_idx" ON "orders" USING btree ("organization_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_store_placed_at_idx" ON "orders" USING btree ("store_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_status_placed_at_idx" ON "orders" USING btree ("status","placed_at");--> statement-breakpoint
CREATE INDEX "orders_type_placed_at_idx" ON "orders" USING btree ("order_type","placed_at");--> statement-breakpoint
CREATE INDEX "orders_multibrand_placed_at_idx" ON "orders" USING btree ("multibrand","placed_at");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_wholesale_factor_check" CHECK ("brands"."wholesale_factor" between 0.01 and 1);