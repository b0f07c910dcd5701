-- The items search (modules/items/repository.ts, productSearch) looks for a text anywhere in six
-- fields with ILIKE '%…%', which no btree index serves: at 1,000,000 products each search read
-- every product of the brand. A trigram index over the six fields joined (the expression of
-- `productSearchText`, written identically there) finds the few products that can match; the
-- six exact conditions then keep those that do. pg_trgm ships with PostgreSQL (contrib) and with
-- PGlite (db/client.ts loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ((
  "model_code" || ' ' || coalesce("franchise", '') || ' ' || coalesce("silhouette", '') || ' ' ||
  coalesce("color", '') || ' ' || coalesce("gender", '') || ' ' || coalesce("msrp"::text, '')
) gin_trgm_ops);
