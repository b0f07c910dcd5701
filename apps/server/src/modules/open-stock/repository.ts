import { skuVariants } from "@cm/contracts/open-stock-file";
import { sql } from "drizzle-orm";
import { rowsOf, type DbExecutor, type Tx } from "../../db/client.ts";
import type { SavedOpenStockLayout } from "./read-open-stock-file.ts";

/**
 * Open Stock's SQL. `product_sizes.available_quantity` belongs to the products module's table; it
 * is read and written here with plain SQL, as the one module that writes it.
 */

/** How many saved layouts a file is compared with: the most recently used ones. */
const layoutsCompared = 200;

export async function findSavedLayouts(db: DbExecutor): Promise<SavedOpenStockLayout[]> {
  return rowsOf<SavedOpenStockLayout>(
    await db.execute(sql`
      select fingerprint, sheet, header_row as "headerRow", sku_column as "skuColumn",
        quantity_column as "quantityColumn"
      from open_stock_layouts order by updated_at desc limit ${layoutsCompared}
    `),
  );
}

export async function saveLayout(
  tx: Tx,
  layout: SavedOpenStockLayout & { headers: string[]; userId: number | null },
): Promise<void> {
  await tx.execute(sql`
    insert into open_stock_layouts
      (fingerprint, sheet, header_row, sku_column, quantity_column, headers, updated_by_user_id, updated_at)
    values (${layout.fingerprint}, ${layout.sheet}, ${layout.headerRow}, ${layout.skuColumn},
      ${layout.quantityColumn}, ${JSON.stringify(layout.headers)}::jsonb, ${layout.userId}, now())
    on conflict (fingerprint) do update set
      sheet = excluded.sheet, header_row = excluded.header_row, sku_column = excluded.sku_column,
      quantity_column = excluded.quantity_column, headers = excluded.headers,
      updated_by_user_id = excluded.updated_by_user_id, updated_at = excluded.updated_at
  `);
}

/** SKUs looked up per statement, the thread given back between them (see setAvailableQuantities). */
const lookupBatchSize = 10_000;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Which of these SKUs product sizes have. */
async function knownSkus(db: DbExecutor, skus: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let start = 0; start < skus.length; start += lookupBatchSize) {
    if (start > 0) await nextTurn();
    // One parameter (a JSON array), however many SKUs.
    const batch = JSON.stringify(skus.slice(start, start + lookupBatchSize));
    const rows = rowsOf<{ sku: string }>(
      await db.execute(sql`
        select distinct ps.sku from product_sizes ps
        where ps.sku in (select jsonb_array_elements_text(${batch}::jsonb))
      `),
    );
    for (const row of rows) known.add(row.sku);
  }
  return known;
}

/**
 * Which SKUs of the file products have, as the product writes them: file SKU → product SKU. A
 * barcode the spreadsheet shortened (leading zeros lost) is found under its padded form; the SKU
 * as written wins over a padded one, and padded forms are only looked up for SKUs not found as
 * written.
 */
export async function resolveSkus(db: DbExecutor, skus: readonly string[]): Promise<Map<string, string>> {
  const exact = await knownSkus(db, skus);
  const resolved = new Map<string, string>();
  const padded = new Map<string, string[]>();
  for (const sku of skus) {
    if (exact.has(sku)) resolved.set(sku, sku);
    else {
      const variants = skuVariants(sku).slice(1);
      if (variants.length > 0) padded.set(sku, variants);
    }
  }
  if (padded.size === 0) return resolved;
  const known = await knownSkus(db, [...new Set([...padded.values()].flat())]);
  for (const [sku, variants] of padded) {
    const match = variants.find((variant) => known.has(variant));
    if (match !== undefined) resolved.set(sku, match);
  }
  return resolved;
}

/** SKUs set per statement: on the embedded database a statement holds the server's thread. */
const setBatchSize = 5_000;

/**
 * Sets the available quantity of every product size with these SKUs (of any brand), in batches,
 * each batch's rows locked in id order first so concurrent writers never deadlock; answers per
 * brand how many distinct SKUs were set.
 */
export async function setAvailableQuantities(
  tx: Tx,
  quantities: ReadonlyMap<string, number>,
): Promise<{ brandId: number; brandName: string; skus: number }[]> {
  const entries = [...quantities];
  const brands = new Map<number, { brandId: number; brandName: string; skus: number }>();
  for (let start = 0; start < entries.length; start += setBatchSize) {
    // The embedded database answers in microtasks: without this, timers and new requests would
    // wait for the whole upload.
    if (start > 0) await nextTurn();
    const values = JSON.stringify(
      entries.slice(start, start + setBatchSize).map(([sku, quantity]) => ({ sku, quantity })),
    );
    await tx.execute(sql`
      select ps.id from product_sizes ps
      where ps.sku in (select v.sku from jsonb_to_recordset(${values}::jsonb) as v(sku text, quantity int))
      order by ps.id for update
    `);
    const counted = rowsOf<{ brandId: number; brandName: string; skus: number }>(
      await tx.execute(sql`
        with v as (select * from jsonb_to_recordset(${values}::jsonb) as v(sku text, quantity int)),
        updated as (
          update product_sizes ps set available_quantity = v.quantity
          from v where ps.sku = v.sku
          returning ps.product_id, ps.sku
        )
        select b.id as "brandId", b.name as "brandName", count(distinct u.sku)::int as skus
        from updated u join products p on p.id = u.product_id join brands b on b.id = p.brand_id
        group by b.id, b.name
      `),
    );
    // A SKU is in one batch only, so the batches' counts add up.
    for (const row of counted) {
      const brand = brands.get(row.brandId);
      if (brand) brand.skus += row.skus;
      else brands.set(row.brandId, { ...row });
    }
  }
  return [...brands.values()].sort(
    (a, b) => a.brandName.localeCompare(b.brandName, "en", { sensitivity: "base" }) || a.brandId - b.brandId,
  );
}

/** Each size's available quantity (null: unknown), by product and SKU. */
export async function findAvailableQuantities(
  db: DbExecutor,
  productIds: readonly number[],
): Promise<Map<string, number | null>> {
  if (productIds.length === 0) return new Map();
  const rows = rowsOf<{ productId: number; sku: string; availableQuantity: number | null }>(
    await db.execute(sql`
      select ps.product_id as "productId", ps.sku, ps.available_quantity as "availableQuantity"
      from product_sizes ps
      where ps.product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int)
    `),
  );
  return new Map(rows.map((row) => [availabilityKey(row.productId, row.sku), row.availableQuantity]));
}

export const availabilityKey = (productId: number, sku: string) => `${productId}\u0000${sku}`;
