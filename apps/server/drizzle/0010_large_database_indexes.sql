DROP INDEX "catalog_items_line_list_idx";--> statement-breakpoint
DROP INDEX "orders_status_placed_at_idx";--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "line_list_items_line_list_position_idx" ON "line_list_items" USING btree ("line_list_id","position","id");--> statement-breakpoint
CREATE INDEX "catalog_items_line_list_idx" ON "catalog_items" USING btree ("line_list_id","line_list_item_id");--> statement-breakpoint
CREATE INDEX "orders_status_placed_at_idx" ON "orders" USING btree ("status","placed_at","id");