CREATE TABLE "store_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text,
	"country" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "store_brand_segmentations" (
	"store_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"position" integer NOT NULL,
	"segmentation" text DEFAULT 'good' NOT NULL,
	CONSTRAINT "store_brand_segmentations_store_id_brand_id_pk" PRIMARY KEY("store_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "store_users" (
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "store_users_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"main_contact_user_id" integer,
	"store_type" text DEFAULT 'monobrand' NOT NULL,
	"logo_url" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_addresses" ADD CONSTRAINT "store_addresses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_brand_segmentations" ADD CONSTRAINT "store_brand_segmentations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_brand_segmentations" ADD CONSTRAINT "store_brand_segmentations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_users" ADD CONSTRAINT "store_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_main_contact_user_id_users_id_fk" FOREIGN KEY ("main_contact_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_addresses_store_idx" ON "store_addresses" USING btree ("store_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "store_addresses_one_billing_or_shipping" ON "store_addresses" USING btree ("store_id","type") WHERE "store_addresses"."type" in ('billing', 'shipping');--> statement-breakpoint
CREATE INDEX "store_brand_segmentations_brand_idx" ON "store_brand_segmentations" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "store_users_user_idx" ON "store_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stores_organization_idx" ON "stores" USING btree ("organization_id");