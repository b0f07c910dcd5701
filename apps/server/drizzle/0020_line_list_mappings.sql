-- Issue 32: every brand's line lists, read with a column mapping saved per brand
-- (docs/line-list-mapping.md), and two more fields a style may bring from its file.
CREATE TABLE "line_list_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_list_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_id" integer NOT NULL,
	"mapping" jsonb NOT NULL,
	"headers" text[] DEFAULT '{}'::text[] NOT NULL,
	"fingerprint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "line_list_mappings_brand_unique" UNIQUE("brand_id")
);
--> statement-breakpoint
ALTER TABLE "line_list_mappings" ADD CONSTRAINT "line_list_mappings_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_list_mappings" ADD CONSTRAINT "line_list_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "wholesale_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "extra_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_styles" ADD COLUMN "wholesale_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "staged_styles" ADD COLUMN "extra_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Crocs keeps uploading as before: its workbook format becomes the mapping the engine reads it
-- with (crocsMapping in packages/contracts/src/mapping-engine/crocs-mapping.ts, confirmed on the
-- template's headers; a test holds this copy to it), for every brand named like Crocs. A fresh
-- database gets it from the first start's seed instead (apps/server/src/db/seed.ts).
INSERT INTO "line_list_mappings" ("brand_id", "mapping", "headers", "fingerprint")
SELECT "id",
	'{"sheet":null,"headerRow":1,"layout":"rows","fields":{"franchise":"Franchise","silhouette":"Silhouette","model_code":"Model Code","color":"Color","gender":"Gender","msrp":"MSRP","expected_shipped_date":"Expected Ship Date","image_urls":["Image URLs"],"size":"Size","sku":"SKU"},"sizeColumns":[],"attributes":[{"column":"Comfort Level","name":"Comfort Level"},{"column":"Height Range","name":"Height Range"},{"column":"Wear Occasion","name":"Wear Occasion"},{"column":"Target Fit","name":"Target Fit"}],"sizeLabels":{},"decimalSeparator":null,"season":null}'::jsonb,
	ARRAY['Franchise','Silhouette','Model Code','Color','Gender','MSRP','Expected Ship Date','Image URLs','Comfort Level','Height Range','Wear Occasion','Target Fit','Size','SKU']::text[],
	'color|comfortlevel|expectedshipdate|franchise|gender|heightrange|imageurls|modelcode|msrp|silhouette|size|sku|targetfit|wearoccasion'
FROM "brands"
WHERE lower("name") LIKE '%crocs%'
ON CONFLICT ("brand_id") DO NOTHING;
