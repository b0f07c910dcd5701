-- Issue 33: a line list is a dated offer. Its prices and expected ship date belong to the line
-- list's items, so saving another line list of the brand never changes what a published one
-- offers. Every existing item takes the values its product has today: no price a customer or an
-- order sees changes.
ALTER TABLE "line_list_items" ADD COLUMN "msrp" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "line_list_items" ADD COLUMN "wholesale_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "line_list_items" ADD COLUMN "expected_ship_date" date;--> statement-breakpoint
UPDATE "line_list_items" lli
SET "msrp" = p."msrp", "wholesale_price" = p."wholesale_price", "expected_ship_date" = p."expected_ship_date"
FROM "products" p
WHERE p."id" = lli."product_id";
