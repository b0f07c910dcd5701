CREATE TABLE "order_month_organizations" (
	"month" date NOT NULL,
	"organization_id" integer NOT NULL,
	"monobrand_orders" integer NOT NULL,
	"multibrand_orders" integer NOT NULL,
	"units" bigint NOT NULL,
	"total_whs" numeric(18, 2) NOT NULL,
	CONSTRAINT "order_month_organizations_month_organization_id_pk" PRIMARY KEY("month","organization_id")
);
--> statement-breakpoint
CREATE TABLE "order_month_products" (
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"model_code" text NOT NULL,
	"units" integer NOT NULL,
	"total_whs" numeric(18, 2) NOT NULL,
	CONSTRAINT "order_month_products_month_product_id_pk" PRIMARY KEY("month","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_summary_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "order_summary_settings_one_row" CHECK ("order_summary_settings"."id")
);
--> statement-breakpoint
CREATE INDEX "order_month_products_ranking_idx" ON "order_month_products" USING btree ("month","units" DESC NULLS FIRST,"model_code","product_id");