import { inArray, sql, type SQL } from "drizzle-orm";
import type { PreviewField } from "@cm/contracts/line-list-preview";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { productSizes, products } from "../../db/schema.ts";

/** A style as a line list offers it: the product's fields and its sizes. */
export interface ProductInput {
  modelCode: string;
  franchise?: string | null;
  silhouette?: string | null;
  color?: string | null;
  gender?: string | null;
  /** Dollars, e.g. 59.99 or "59.99". */
  msrp?: number | string | null;
  /** "YYYY-MM-DD". */
  expectedShipDate?: string | null;
  imageUrls?: string[];
  comfortLevel?: string | null;
  heightRange?: string | null;
  wearOccasion?: string | null;
  targetFit?: string | null;
  /** The brand's wholesale price, when its line list gives one. */
  wholesalePrice?: number | string | null;
  extraAttributes?: Record<string, string>;
  sizes: { size: string; sku: string }[];
}

// PostgreSQL takes at most 65,535 parameters per statement; these keep every batch well below.
const productBatchSize = 1000;
const sizeBatchSize = 5000;

function batches<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * Creates the brand's products that do not exist yet and updates those that do (matched by model
 * code), then makes each product's sizes exactly the given ones. A statement per batch of rows,
 * never one per product. Returns the product id of every model code.
 */
export async function upsertProducts(
  tx: DbExecutor,
  brandId: number,
  inputs: readonly ProductInput[],
): Promise<{ ids: Map<string, number>; created: Set<string>; revisions: Map<string, number> }> {
  const ids = new Map<string, number>();
  const created = new Set<string>();
  const revisions = new Map<string, number>();
  for (const batch of batches(inputs, productBatchSize)) {
    const rows = await tx
      .insert(products)
      .values(
        batch.map((input) => ({
          brandId,
          modelCode: input.modelCode,
          franchise: input.franchise ?? null,
          silhouette: input.silhouette ?? null,
          color: input.color ?? null,
          gender: input.gender ?? null,
          msrp: input.msrp == null ? null : String(input.msrp),
          expectedShipDate: input.expectedShipDate ?? null,
          imageUrls: input.imageUrls ?? [],
          comfortLevel: input.comfortLevel ?? null,
          heightRange: input.heightRange ?? null,
          wearOccasion: input.wearOccasion ?? null,
          targetFit: input.targetFit ?? null,
          wholesalePrice: input.wholesalePrice == null ? null : String(input.wholesalePrice),
          extraAttributes: input.extraAttributes ?? {},
        })),
      )
      .onConflictDoUpdate({
        target: [products.brandId, products.modelCode],
        set: {
          franchise: excluded("franchise"),
          silhouette: excluded("silhouette"),
          color: excluded("color"),
          gender: excluded("gender"),
          msrp: excluded("msrp"),
          expectedShipDate: excluded("expected_ship_date"),
          imageUrls: excluded("image_urls"),
          comfortLevel: excluded("comfort_level"),
          heightRange: excluded("height_range"),
          wearOccasion: excluded("wear_occasion"),
          targetFit: excluded("target_fit"),
          wholesalePrice: excluded("wholesale_price"),
          extraAttributes: excluded("extra_attributes"),
          revision: sql`${products.revision} + 1`,
          updatedAt: sql`now()`,
        },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({
        id: products.id,
        modelCode: products.modelCode,
        revision: products.revision,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    for (const row of rows) {
      ids.set(row.modelCode, row.id);
      revisions.set(row.modelCode, row.revision);
      if (row.inserted) created.add(row.modelCode);
    }
  }

  const productIds = [...ids.values()];
  for (const batch of batches(productIds, sizeBatchSize)) {
    await tx.delete(productSizes).where(inArray(productSizes.productId, batch));
  }
  const sizes = inputs.flatMap((input) =>
    input.sizes.map((size, position) => ({
      productId: ids.get(input.modelCode)!,
      size: size.size,
      sku: size.sku,
      position,
    })),
  );
  for (const batch of batches(sizes, sizeBatchSize)) await tx.insert(productSizes).values(batch);
  return { ids, created, revisions };
}

export async function brandHasProducts(db: DbExecutor, brandId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .where(sql`${products.brandId} = ${brandId}`)
    .limit(1);
  return row !== undefined;
}

/**
 * The style fields as SQL columns, model code aside: what an upload compares between a staged
 * style and its product, and what saving it writes.
 */
export const styleFieldColumns = [
  "franchise",
  "silhouette",
  "color",
  "gender",
  "msrp",
  "expected_ship_date",
  "image_urls",
  "comfort_level",
  "height_range",
  "wear_occasion",
  "target_fit",
  "wholesale_price",
  "extra_attributes",
] as const;

/**
 * A product's sizes as a JSON array of `{size, sku}` in the product's order, as staged styles
 * store theirs; `productId` is the SQL naming the product's id in the enclosing query.
 */
export function productSizesJson(productId: string): SQL {
  return sql.raw(`(
  select coalesce(jsonb_agg(jsonb_build_object('size', z.size, 'sku', z.sku) order by z.position, z.id), '[]'::jsonb)
  from product_sizes z where z.product_id = ${productId}
)`);
}

const fieldColumns = sql.raw(styleFieldColumns.join(", "));
const stagedFields = sql.raw(styleFieldColumns.map((column) => `s.${column}`).join(", "));

/** Makes the sizes of these products (written from an upload) exactly its staged ones. */
export async function replaceSizesFromUpload(
  tx: DbExecutor,
  uploadId: number,
  brandId: number,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const ids = JSON.stringify(productIds);
  await tx.execute(sql`
    delete from product_sizes
    where product_id in (select value::int from jsonb_array_elements_text(${ids}::jsonb))`);
  await tx.execute(sql`
    insert into product_sizes (product_id, size, sku, position)
    select p.id, e.value->>'size', e.value->>'sku', (e.ordinality - 1)::int
    from staged_styles s
    join products p on p.brand_id = ${brandId} and p.model_code = s.model_code
    cross join lateral jsonb_array_elements(s.sizes) with ordinality as e(value, ordinality)
    where s.upload_id = ${uploadId}
      and p.id in (select value::int from jsonb_array_elements_text(${ids}::jsonb))`);
}

/* ---------------------------------------------------------------------------------------------
 * Saving an upload with the review's choices (issue 33, docs/line-list-saves.md): a staged
 * style's `kept_fields` are left as they were, a `left_out` style is neither created nor written.
 * ------------------------------------------------------------------------------------------- */

/** The SQL column of each compared field but sizes. */
export const previewFieldColumn: Record<
  Exclude<PreviewField, "sizes">,
  (typeof styleFieldColumns)[number]
> = {
  franchise: "franchise",
  silhouette: "silhouette",
  color: "color",
  gender: "gender",
  msrp: "msrp",
  expected_shipped_date: "expected_ship_date",
  image_urls: "image_urls",
  comfort_level: "comfort_level",
  height_range: "height_range",
  wear_occasion: "wear_occasion",
  target_fit: "target_fit",
  wholesale_price: "wholesale_price",
  extra_attributes: "extra_attributes",
};

/** A line list's own offer of a style: its prices and date, never shared with another line list. */
export const offerFields = [
  "msrp",
  "expected_shipped_date",
  "wholesale_price",
] as const satisfies readonly PreviewField[];
export type OfferField = (typeof offerFields)[number];
export const isOfferField = (field: PreviewField): field is OfferField =>
  (offerFields as readonly PreviewField[]).includes(field);

/** `kept` a staged style's field (SQL), so saving keeps `current`, else takes `staged`. */
function takenOr(field: PreviewField, staged: string, current: string): string {
  return `case when '${field}' = any(s.kept_fields) then ${current} else ${staged} end`;
}

const fieldsOfColumns = Object.entries(previewFieldColumn) as [Exclude<PreviewField, "sizes">, string][];

/**
 * Creates the upload's new products (no product of the brand has their model code), left-out
 * ones aside, with every field of the file. Returns their ids.
 */
export async function insertNewProductsFromUpload(
  tx: DbExecutor,
  uploadId: number,
  brandId: number,
): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into products (brand_id, model_code, ${fieldColumns})
      select ${brandId}, s.model_code, ${stagedFields}
      from staged_styles s
      where s.upload_id = ${uploadId} and not s.left_out
        and not exists (select 1 from products p where p.brand_id = ${brandId} and p.model_code = s.model_code)
      order by s.position
      returning products.id`),
  );
  return rows.map((row) => row.id);
}

/**
 * Updates the brand's existing products from the upload's styles: every field the style takes
 * (not in its `kept_fields`), the shared ones and the latest offer's prices and date alike.
 * Identical products are left alone, revision included. Returns the products written and whether
 * their sizes are to be replaced (taken and different).
 */
export async function updateProductsFromUpload(
  tx: DbExecutor,
  uploadId: number,
  brandId: number,
): Promise<{ id: number; sizesChanged: boolean }[]> {
  const set = sql.raw(
    fieldsOfColumns
      .map(([field, column]) => `${column} = ${takenOr(field, `s.${column}`, `p.${column}`)}`)
      .join(", "),
  );
  const written = sql.raw(
    `(${fieldsOfColumns.map(([field, column]) => takenOr(field, `s.${column}`, `p.${column}`)).join(", ")})`,
  );
  const current = sql.raw(`(${fieldsOfColumns.map(([, column]) => `p.${column}`).join(", ")})`);
  const sizesTaken = sql`(not 'sizes' = any(s.kept_fields) and s.sizes is distinct from ${productSizesJson("p.id")})`;
  const rows = rowsOf<{ id: number; sizes_changed: boolean }>(
    await tx.execute(sql`
      update products p set ${set}, revision = p.revision + 1, updated_at = now()
      from staged_styles s
      where s.upload_id = ${uploadId} and not s.left_out and p.brand_id = ${brandId} and p.model_code = s.model_code
        and (${written} is distinct from ${current} or ${sizesTaken})
      returning p.id, ${sizesTaken} as sizes_changed`),
  );
  return rows.map((row) => ({ id: row.id, sizesChanged: row.sizes_changed }));
}
