-- Open Stock (issue 32, docs/open-stock.md): each SKU's available quantity, null while unknown.
ALTER TABLE "product_sizes" ADD COLUMN "available_quantity" integer;--> statement-breakpoint
-- The columns a person chose for an Open Stock file, per layout (its header fingerprint), so the
-- next file of the same layout is read without a question.
CREATE TABLE "open_stock_layouts" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"sheet" text,
	"header_row" integer NOT NULL,
	"sku_column" text NOT NULL,
	"quantity_column" text NOT NULL,
	"headers" jsonb NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_stock_layouts_header_row_check" CHECK ("open_stock_layouts"."header_row" >= 1)
);--> statement-breakpoint
ALTER TABLE "open_stock_layouts" ADD CONSTRAINT "open_stock_layouts_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- What an open-stock order took from the available quantities when it moved to Processing, per
-- SKU, so a cancellation gives back exactly that, and only when something was taken.
CREATE TABLE "open_stock_reservations" (
	"order_id" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "open_stock_reservations_order_id_sku_pk" PRIMARY KEY("order_id","sku")
);--> statement-breakpoint
ALTER TABLE "open_stock_reservations" ADD CONSTRAINT "open_stock_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
