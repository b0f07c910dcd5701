import { inArray, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client.ts";
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
