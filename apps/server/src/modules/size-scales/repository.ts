import { asc, eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor, type Tx } from "../../db/client.ts";
import { sizeScaleLabels, sizeScales } from "./schema.ts";

export type SizeScaleRow = typeof sizeScales.$inferSelect;
export type SizeLabelRow = typeof sizeScaleLabels.$inferSelect;

/*
 * Ordering sizes by their scale, for every query that lists a product's sizes: join the sizes on
 * their label's place, then order by it. Labels not placed yet come after the placed ones, in the
 * order their line list gave.
 *
 *   from product_sizes ps ${sizePlaceJoin(sql`ps`, sql`p.brand_id`)}
 *   order by ${sizeScaleOrder(sql`ps`)}
 */

/** Joins product sizes (alias `sizes`) of the brand `brandId` on their place, as `ssl`. */
export function sizePlaceJoin(sizes: SQL, brandId: SQL): SQL {
  return sql`left join size_scale_labels ssl on ssl.brand_id = ${brandId} and ssl.label = ${sizes}.size`;
}

/** Scale order for sizes joined by `sizePlaceJoin`: step, width, then the line list's order. */
export function sizeScaleOrder(sizes: SQL): SQL {
  return sql`ssl.step_order nulls last, ssl.width_order nulls last, ${sizes}.position, ${sizes}.id`;
}

/** The brand's scales, first created first; locked for the caller's transaction when asked. */
export async function findBrandScales(
  db: DbExecutor,
  brandId: number,
  options: { lock?: boolean } = {},
): Promise<SizeScaleRow[]> {
  const query = db
    .select()
    .from(sizeScales)
    .where(eq(sizeScales.brandId, brandId))
    .orderBy(asc(sizeScales.id));
  return options.lock ? query.for("update") : query;
}

/** Every label the brand's products use, placed or not. */
export async function findBrandLabels(db: DbExecutor, brandId: number): Promise<SizeLabelRow[]> {
  return db.select().from(sizeScaleLabels).where(eq(sizeScaleLabels.brandId, brandId));
}

/** Adds labels the brand has not used yet, unplaced (the database does it for product sizes). */
export async function insertLabels(tx: Tx, brandId: number, labels: readonly string[]): Promise<void> {
  if (labels.length === 0) return;
  await tx.execute(sql`
    insert into size_scale_labels (brand_id, label)
    select ${brandId}, l from json_array_elements_text(${JSON.stringify([...new Set(labels)].sort())}::json) l
    order by l
    on conflict do nothing`);
}

export async function hasUnplacedLabels(db: DbExecutor, brandId: number): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      select exists (select 1 from size_scale_labels where brand_id = ${brandId} and scale_id is null) as found`),
  );
  return row?.found ?? false;
}

/** The brands with labels still to place. */
export async function findBrandsWithUnplacedLabels(db: DbExecutor): Promise<number[]> {
  return rowsOf<{ brand_id: number }>(
    await db.execute(
      sql`select distinct brand_id from size_scale_labels where scale_id is null order by brand_id`,
    ),
  ).map((row) => row.brand_id);
}

/** Creates the brand's first scale unless a concurrent writer just did (then nothing). */
export async function insertFirstScale(tx: Tx, brandId: number, name: string): Promise<void> {
  await tx.execute(sql`
    insert into size_scales (brand_id, name) values (${brandId}, ${name})
    on conflict (brand_id, name) do nothing`);
}

export async function updateScale(
  tx: Tx,
  id: number,
  values: Pick<SizeScaleRow, "name" | "systems" | "widths" | "steps">,
): Promise<SizeScaleRow> {
  const [row] = await tx
    .update(sizeScales)
    .set({ ...values, revision: sql`${sizeScales.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(sizeScales.id, id))
    .returning();
  return row!;
}

/** Where each label now sits: written for all of them at once. */
export interface LabelPlaceRow {
  label: string;
  scaleId: number | null;
  stepOrder: number | null;
  stepLabel: string | null;
  width: string | null;
  widthOrder: number | null;
}

export async function writeLabelPlaces(
  tx: Tx,
  brandId: number,
  places: readonly LabelPlaceRow[],
): Promise<void> {
  if (places.length === 0) return;
  await tx.execute(sql`
    update size_scale_labels l
    set scale_id = x."scaleId", step_order = x."stepOrder", step_label = x."stepLabel", width = x.width,
      width_order = x."widthOrder"
    from json_to_recordset(${JSON.stringify(places)}::json) as x(
      label text, "scaleId" int, "stepOrder" int, "stepLabel" text, width text, "widthOrder" int
    )
    where l.brand_id = ${brandId} and l.label = x.label
      and (l.scale_id, l.step_order, l.step_label, l.width, l.width_order)
        is distinct from (x."scaleId", x."stepOrder", x."stepLabel", x.width, x."widthOrder")`);
}

export async function findBrandName(db: DbExecutor, brandId: number): Promise<string | undefined> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from brands where id = ${brandId}`),
  );
  return row?.name;
}
