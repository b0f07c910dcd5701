CREATE TABLE "product_sizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_sizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"sku" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
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
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_list_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_list_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_list_items_id_line_list_unique" UNIQUE("id","line_list_id")
);
--> statement-breakpoint
CREATE TABLE "line_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"type" text DEFAULT 'own-stock' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"stage" text DEFAULT 'preview' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"sorting_completed" boolean DEFAULT false NOT NULL,
	"season" text,
	"year" integer,
	"sent_on" date,
	"date_sent" date,
	"deadline" date,
	"date_of_availability" date,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_lists_type_check" CHECK ("line_lists"."type" in ('pre-book', 'brand-ats', 'future-stock', 'own-stock')),
	CONSTRAINT "line_lists_stage_check" CHECK ("line_lists"."stage" in ('preview', 'saved'))
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"catalog_id" integer NOT NULL,
	"line_list_id" integer NOT NULL,
	"line_list_item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_catalog_id_line_list_item_id_pk" PRIMARY KEY("catalog_id","line_list_item_id")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"line_list_id" integer NOT NULL,
	"type" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_line_list_type_unique" UNIQUE("line_list_id","type"),
	CONSTRAINT "catalogs_id_line_list_unique" UNIQUE("id","line_list_id"),
	CONSTRAINT "catalogs_type_check" CHECK ("catalogs"."type" in ('athletic', 'boutique', 'crocs'))
);
--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_list_items" ADD CONSTRAINT "line_list_items_line_list_id_line_lists_id_fk" FOREIGN KEY ("line_list_id") REFERENCES "public"."line_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_list_items" ADD CONSTRAINT "line_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_lists" ADD CONSTRAINT "line_lists_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_catalog_fk" FOREIGN KEY ("catalog_id","line_list_id") REFERENCES "public"."catalogs"("id","line_list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_line_list_item_fk" FOREIGN KEY ("line_list_item_id","line_list_id") REFERENCES "public"."line_list_items"("id","line_list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_line_list_id_line_lists_id_fk" FOREIGN KEY ("line_list_id") REFERENCES "public"."line_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_sizes_product_sku_unique" ON "product_sizes" USING btree ("product_id","sku");--> statement-breakpoint
CREATE INDEX "product_sizes_sku_idx" ON "product_sizes" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_brand_model_code_unique" ON "products" USING btree ("brand_id","model_code");--> statement-breakpoint
CREATE UNIQUE INDEX "line_list_items_line_list_product_unique" ON "line_list_items" USING btree ("line_list_id","product_id");--> statement-breakpoint
CREATE INDEX "line_list_items_product_idx" ON "line_list_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "line_lists_brand_idx" ON "line_lists" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "line_lists_created_idx" ON "line_lists" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "catalog_items_line_list_item_idx" ON "catalog_items" USING btree ("line_list_item_id");--> statement-breakpoint
CREATE INDEX "catalog_items_line_list_idx" ON "catalog_items" USING btree ("line_list_id");