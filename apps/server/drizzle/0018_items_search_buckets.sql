-- The items search's capped count (modules/items/repository.ts, pageBrandProducts) first counts
-- the matches among the newest products' ids, and only when those fall short of the cap counts
-- them all. A GIN bitmap is built whole before a LIMIT stops: for a search matching 8 % of a
-- million products, 83,000 candidates read for a count that stops at 1,001. With the ids' bucket
-- as the index's first column, a scan of one or two buckets reads only their part of the trigram
-- posting lists (GIN skips to the ids it needs), at any table size. `searchBucketIds` there is
-- the 16384 below, and the second column is still `productSearchText`, character for character:
-- searches without a bucket use the same index as before.
DROP INDEX IF EXISTS "products_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ((array["id" / 16384]), (
  "model_code" || ' ' || coalesce("franchise", '') || ' ' || coalesce("silhouette", '') || ' ' ||
  coalesce("color", '') || ' ' || coalesce("gender", '') || ' ' || coalesce("msrp"::text, '')
) gin_trgm_ops);
