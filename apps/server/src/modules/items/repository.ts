import { and, asc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { cappedTotal, countLimit } from "../../lib/pagination.ts";
import { sizePlaceJoin, sizeScaleOrder } from "../size-scales/repository.ts";
import { brands, catalogItems, catalogs, lineListItems, productSizes, products } from "../../db/schema.ts";

/** The brand of `/api/crocs/...`: the first brand whose name contains "crocs". */
export async function findCrocsBrandId(db: DbExecutor, namePart: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(ilike(brands.name, `%${namePart}%`))
    .orderBy(asc(brands.id))
    .limit(1);
  return row?.id;
}

export type ProductRow = typeof products.$inferSelect;

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The six searched fields joined, exactly as the trigram index `products_search_trgm_idx` is
 * built (drizzle/0018_items_search_buckets.sql, its second column): PostgreSQL uses the index
 * only for this very expression.
 */
const productSearchText = sql`(${products.modelCode} || ' ' || coalesce(${products.franchise}, '') || ' ' || coalesce(${products.silhouette}, '') || ' ' || coalesce(${products.color}, '') || ' ' || coalesce(${products.gender}, '') || ' ' || coalesce(${products.msrp}::text, ''))`;

/**
 * Search over model_code, franchise, silhouette, color, gender and msrp, case-insensitive. A
 * product matching one field matches the joined text, so that condition changes no answer: it
 * lets the trigram index find the candidates, which the per-field conditions then check.
 */
export function productSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return and(
    sql`${productSearchText} ilike ${pattern}`,
    or(
      ilike(products.modelCode, pattern),
      ilike(products.franchise, pattern),
      ilike(products.silhouette, pattern),
      ilike(products.color, pattern),
      ilike(products.gender, pattern),
      sql`${products.msrp}::text ilike ${pattern}`,
    ),
  );
}

/**
 * How many product ids make one bucket of the search index, its first column `id / 16384`
 * (drizzle/0018_items_search_buckets.sql, where the number is written again).
 */
export const searchBucketIds = 16384;

const searchBucket = sql`array[${products.id} / ${sql.raw(String(searchBucketIds))}]`;

/**
 * A capped count (`countLimit` in lib/pagination.ts) of the brand's products matching a search.
 * A GIN bitmap is built whole before a LIMIT stops, so the matches of the newest two buckets of
 * ids are counted first: a broad search reaches the cap there and reads only those buckets' part
 * of the index. Short of the cap, and unless those buckets hold every id, all matches are counted
 * (the same count, whose bitmap is small when the search is narrow). Either way the answer is
 * the plain capped count's.
 */
function cappedSearchCount(where: SQL, limit: number): SQL {
  return sql`with newest as (
      select coalesce(max(${products.id}), 0) / ${sql.raw(String(searchBucketIds))} as bucket from ${products}
    )
    select coalesce(
      (select counted from (
          select count(*)::int as counted from (
            select 1 from ${products}
            where ${where} and ${searchBucket} && (select array[bucket - 1, bucket] from newest)
            limit ${limit}
          ) matches
        ) newest_matches
        where counted >= ${limit} or (select bucket <= 1 from newest)),
      (select count(*)::int from (select 1 from ${products} where ${where} limit ${limit}) matches)
    ) as counted`;
}

/**
 * A page of the brand's products by model code, with a capped total (`countLimit` in
 * lib/pagination.ts): counting every product of a large brand, or every match of a broad search,
 * reads all of them for a total no screen needs exactly.
 */
export async function pageBrandProducts(
  db: DbExecutor,
  brandId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number; totalIsLowerBound: boolean }> {
  const search = productSearch(options.search);
  const where = and(eq(products.brandId, brandId), search)!;
  const limit = countLimit(options.offset);
  const page = db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.modelCode), asc(products.id))
    .limit(options.limit)
    .offset(options.offset);
  const count = search
    ? cappedSearchCount(where, limit)
    : sql`select count(*)::int as counted from (select 1 from ${products} where ${where} limit ${limit}) matches`;
  const [rows, [counted]] = await Promise.all([
    page,
    db.execute(count).then((result) => rowsOf<{ counted: number }>(result)),
  ]);
  return { rows, ...cappedTotal(counted?.counted ?? 0, options.offset) };
}

/** The sizes of these products, each product's in its order. */
export async function findSizes(
  db: DbExecutor,
  productIds: readonly number[],
): Promise<Map<number, { size: string; sku: string }[]>> {
  const sizes = new Map<number, { size: string; sku: string }[]>();
  if (productIds.length === 0) return sizes;
  // In the brand's size scale order (docs/line-list-format.md, "Size scales"), not as written.
  const rows = rowsOf<{ productId: number; size: string; sku: string }>(
    await db.execute(sql`
      select ps.product_id as "productId", ps.size, ps.sku
      from product_sizes ps
      join products p on p.id = ps.product_id
      ${sizePlaceJoin(sql`ps`, sql`p.brand_id`)}
      where ps.product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by ps.product_id, ${sizeScaleOrder(sql`ps`)}`),
  );
  for (const row of rows) {
    let list = sizes.get(row.productId);
    if (!list) sizes.set(row.productId, (list = []));
    list.push({ size: row.size, sku: row.sku });
  }
  return sizes;
}

export async function findBrandProduct(
  db: DbExecutor,
  brandId: number,
  id: number,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.brandId, brandId)));
  return row;
}

export async function insertProduct(
  tx: DbExecutor,
  values: typeof products.$inferInsert,
): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(values).returning();
  return row!;
}

export async function replaceSizes(
  tx: DbExecutor,
  productId: number,
  sizes: readonly { size: string; sku: string }[],
): Promise<void> {
  await tx.delete(productSizes).where(eq(productSizes.productId, productId));
  if (sizes.length > 0) {
    await tx
      .insert(productSizes)
      .values(sizes.map((size, position) => ({ productId, size: size.size, sku: size.sku, position })));
  }
}

export async function productInLineLists(db: DbExecutor, productId: number): Promise<boolean> {
  return (await db.$count(lineListItems, eq(lineListItems.productId, productId))) > 0;
}

export async function pageLineListProducts(
  db: DbExecutor,
  lineListId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: { product: ProductRow; lineListItemId: number; position: number }[]; total: number }> {
  const search = productSearch(options.search);
  const where = and(eq(lineListItems.lineListId, lineListId), search);
  // Without a search every item counts: its product exists (foreign key), so no join is needed.
  const count = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(lineListItems)
    .$dynamic();
  const counted = (
    search ? count.innerJoin(products, eq(products.id, lineListItems.productId)) : count
  ).where(where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        product: products,
        lineListItemId: lineListItems.id,
        position: lineListItems.position,
        // The line list's own offer (issue 33): its prices and date, not the product's latest.
        msrp: lineListItems.msrp,
        wholesalePrice: lineListItems.wholesalePrice,
        expectedShipDate: lineListItems.expectedShipDate,
      })
      .from(lineListItems)
      .innerJoin(products, eq(products.id, lineListItems.productId))
      .where(where)
      .orderBy(asc(lineListItems.position), asc(lineListItems.id))
      .limit(options.limit)
      .offset(options.offset),
    counted,
  ]);
  return {
    rows: rows.map(({ product, msrp, wholesalePrice, expectedShipDate, ...item }) => ({
      ...item,
      product: { ...product, msrp, wholesalePrice, expectedShipDate },
    })),
    total: total?.total ?? 0,
  };
}

/** The catalog types each of these line list items is placed in. */
export async function findPlacements(
  db: DbExecutor,
  lineListItemIds: readonly number[],
): Promise<Map<number, ("athletic" | "boutique" | "crocs")[]>> {
  const placements = new Map<number, ("athletic" | "boutique" | "crocs")[]>();
  if (lineListItemIds.length === 0) return placements;
  const rows = await db
    .select({ lineListItemId: catalogItems.lineListItemId, type: catalogs.type })
    .from(catalogItems)
    .innerJoin(catalogs, eq(catalogs.id, catalogItems.catalogId))
    .where(inArray(catalogItems.lineListItemId, [...lineListItemIds]));
  for (const row of rows) {
    let list = placements.get(row.lineListItemId);
    if (!list) placements.set(row.lineListItemId, (list = []));
    list.push(row.type);
  }
  return placements;
}
