import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PreviewStyle } from "@cm/contracts/line-list-format";
import { type DbExecutor, rowsOf } from "../../db/client.ts";
import { lineListUploads, stagedStyles } from "../../db/schema.ts";

/**
 * SQL of uploads: their records and staging parsed styles (comparing them with the brand's
 * products is compare.repository.ts; the review's choices choices.repository.ts). Saving writes
 * products and line list items, whose SQL lives in those modules.
 * Every multi-row statement is set-based: the rows travel as one JSON parameter and PostgreSQL
 * expands them (`json_to_recordset`), so a batch of styles is one statement, not one per style.
 */

export type UploadRow = typeof lineListUploads.$inferSelect;

export async function insertUpload(
  tx: DbExecutor,
  values: typeof lineListUploads.$inferInsert,
): Promise<UploadRow> {
  const [row] = await tx.insert(lineListUploads).values(values).returning();
  return row!;
}

/** The upload of a line list still waiting in preview, locked for the rest of the transaction when asked. */
export async function findPendingUpload(
  db: DbExecutor,
  lineListId: number,
  options: { lock?: boolean } = {},
): Promise<UploadRow | undefined> {
  const query = db
    .select()
    .from(lineListUploads)
    .where(and(eq(lineListUploads.lineListId, lineListId), eq(lineListUploads.status, "pending")));
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function findLatestConfirmedUpload(
  db: DbExecutor,
  lineListId: number,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(lineListUploads)
    .where(and(eq(lineListUploads.lineListId, lineListId), eq(lineListUploads.status, "confirmed")))
    .orderBy(desc(lineListUploads.confirmedAt), desc(lineListUploads.id))
    .limit(1);
  return row;
}

export async function fileKeyProcessed(db: DbExecutor, fileKey: string): Promise<boolean> {
  return (await db.$count(lineListUploads, eq(lineListUploads.fileKey, fileKey))) > 0;
}

/** Which of these stored files made an upload (pending or saved): those are never swept. */
export async function findProcessedFileKeys(
  db: DbExecutor,
  fileKeys: readonly string[],
): Promise<Set<string>> {
  if (fileKeys.length === 0) return new Set();
  const rows = await db
    .select({ fileKey: lineListUploads.fileKey })
    .from(lineListUploads)
    .where(inArray(lineListUploads.fileKey, [...fileKeys]));
  return new Set(rows.map((row) => row.fileKey));
}

export async function deleteUpload(tx: DbExecutor, uploadId: number): Promise<void> {
  await tx.delete(lineListUploads).where(eq(lineListUploads.id, uploadId));
}

/**
 * Styles per staging statement. Each batch travels as one JSON text that PostgreSQL copies and
 * expands; with the embedded database (PGlite) that happens in its WebAssembly memory, whose
 * pages stay resident once touched, so small batches keep an import's peak memory low, and cost
 * no time as long as each is still one statement for many styles.
 */
const stageBatchStyles = 250;

/** Stages parsed styles under an upload, in their workbook order. */
export async function insertStagedStyles(
  tx: DbExecutor,
  uploadId: number,
  styles: readonly PreviewStyle[],
  /** Where the first goes among the upload's styles: after the file's for a style added by hand. */
  firstPosition = 0,
): Promise<void> {
  for (let start = 0; start < styles.length; start += stageBatchStyles) {
    const batch = styles.slice(start, start + stageBatchStyles).map((style, index) => ({
      position: firstPosition + start + index,
      model_code: style.model_code,
      franchise: style.franchise,
      silhouette: style.silhouette,
      color: style.color,
      gender: style.gender,
      msrp: style.msrp,
      expected_ship_date: style.expected_shipped_date,
      image_urls: style.image_urls,
      comfort_level: style.attributes.comfort_level,
      height_range: style.attributes.height_range,
      wear_occasion: style.attributes.wear_occasion,
      target_fit: style.attributes.target_fit,
      wholesale_price: style.wholesale_price ?? null,
      extra_attributes: style.extra_attributes ?? {},
      sizes: style.items.map((item) => ({ size: item.size, sku: item.sku })),
    }));
    // `json`, not `jsonb`: the batch's text is read row by row instead of first being made into
    // one binary document, which costs the embedded database more than reading it.
    await tx.execute(sql`
      insert into staged_styles (
        upload_id, position, model_code, franchise, silhouette, color, gender, msrp, expected_ship_date,
        image_urls, comfort_level, height_range, wear_occasion, target_fit, wholesale_price, extra_attributes, sizes
      )
      select ${uploadId}, x.position, x.model_code, x.franchise, x.silhouette, x.color, x.gender, x.msrp,
        x.expected_ship_date, x.image_urls, x.comfort_level, x.height_range, x.wear_occasion, x.target_fit,
        x.wholesale_price, x.extra_attributes, x.sizes
      from json_to_recordset(${JSON.stringify(batch)}::json) as x(
        position int, model_code text, franchise text, silhouette text, color text, gender text, msrp numeric,
        expected_ship_date date, image_urls text[], comfort_level text, height_range text, wear_occasion text,
        target_fit text, wholesale_price numeric, extra_attributes jsonb, sizes jsonb
      )`);
  }
}

/** Once saved, the upload is confirmed and its staged styles go: the products hold them now. */
export async function markUploadConfirmed(tx: DbExecutor, uploadId: number): Promise<void> {
  await tx
    .update(lineListUploads)
    .set({ status: "confirmed", confirmedAt: sql`now()` })
    .where(eq(lineListUploads.id, uploadId));
  await tx.delete(stagedStyles).where(eq(stagedStyles.uploadId, uploadId));
}

/** What of a style is already in an upload: its model code, and which of its SKUs under which model code. */
export async function findStagedClashes(
  db: DbExecutor,
  uploadId: number,
  modelCode: string,
  skus: readonly string[],
): Promise<{ modelCodeStaged: boolean; skus: { sku: string; modelCode: string }[] }> {
  const [code] = await db
    .select({ id: stagedStyles.id })
    .from(stagedStyles)
    .where(and(eq(stagedStyles.uploadId, uploadId), eq(stagedStyles.modelCode, modelCode)))
    .limit(1);
  const clashing = rowsOf<{ sku: string; model_code: string }>(
    await db.execute(sql`
      select size ->> 'sku' as sku, s.model_code
      from staged_styles s, jsonb_array_elements(s.sizes) as size
      where s.upload_id = ${uploadId}
        and size ->> 'sku' in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))
    `),
  );
  return {
    modelCodeStaged: code !== undefined,
    skus: clashing.map((row) => ({ sku: row.sku, modelCode: row.model_code })),
  };
}

/** The position after the upload's last style. */
export async function nextStagedPosition(db: DbExecutor, uploadId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${stagedStyles.position}) + 1, 0)::int` })
    .from(stagedStyles)
    .where(eq(stagedStyles.uploadId, uploadId));
  return row?.next ?? 0;
}

/** One more style (and its rows) in an upload's counts. */
export async function countAddedStyle(db: DbExecutor, uploadId: number, sizes: number): Promise<void> {
  await db
    .update(lineListUploads)
    .set({
      stylesCount: sql`${lineListUploads.stylesCount} + 1`,
      rowCount: sql`${lineListUploads.rowCount} + ${sizes}`,
    })
    .where(eq(lineListUploads.id, uploadId));
}
