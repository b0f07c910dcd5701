-- The orders list's capped count of a status and a brand (modules/orders/repository.ts,
-- listOrderRows) merges a status's order ids with the brand's order_brands, both in id order from
-- indexes alone, instead of looking each counted order up in order_brands.
CREATE INDEX "orders_status_id_idx" ON "orders" USING btree ("status","id");