CREATE TABLE "line_list_item_counts" (
	"line_list_id" integer PRIMARY KEY NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"placed_items" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_item_counts" (
	"catalog_id" integer PRIMARY KEY NOT NULL,
	"items" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_list_item_counts" ADD CONSTRAINT "line_list_item_counts_line_list_id_line_lists_id_fk" FOREIGN KEY ("line_list_id") REFERENCES "public"."line_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_counts" ADD CONSTRAINT "catalog_item_counts_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;