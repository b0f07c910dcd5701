import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PreviewStatus, PreviewView } from "@cm/contracts/line-list-preview";
import type { PreviewStyle } from "@cm/contracts/line-list-format";
import { type DbExecutor, rowsOf } from "../../db/client.ts";
import { lineListUploads, stagedStyles } from "../../db/schema.ts";
import { productSizesJson, styleFieldColumns } from "../products/repository.ts";

/**
 * SQL of uploads: their records, staging parsed styles and comparing them with the brand's
 * products. Saving writes products and line list items, whose SQL lives in those modules.
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

/* ---------------------------------------------------------------------------------------------
 * The comparison with the brand's products, done in SQL so the view filter, the counts and the
 * pages agree and stay right when products change while a preview waits.
 * ------------------------------------------------------------------------------------------- */

/** A staged style `s` and its product `p` agree on every style field. */
const sameFields = sql.raw(
  styleFieldColumns.map((column) => `s.${column} is not distinct from p.${column}`).join(" and "),
);

/** `diff`: every staged style of the upload with its product (if any) and its status. */
function diffCte(uploadId: number, brandId: number): SQL {
  return sql`diff as (
    select s.*, p.id as product_id, ps.sizes as product_sizes,
      case when p.id is null then 'new'
        when ${sameFields} and s.sizes = ps.sizes then 'old'
        else 'changed' end as status
    from staged_styles s
    left join products p on p.brand_id = ${brandId} and p.model_code = s.model_code
    left join lateral (select ${productSizesJson("p.id")} as sizes) ps on p.id is not null
    where s.upload_id = ${uploadId}
  )`;
}

export async function countByStatus(
  db: DbExecutor,
  uploadId: number,
  brandId: number,
): Promise<Record<PreviewStatus, number>> {
  const rows = rowsOf<{ status: PreviewStatus; count: number }>(
    await db.execute(
      sql`with ${diffCte(uploadId, brandId)} select status, count(*)::int as count from diff group by status`,
    ),
  );
  const counts: Record<PreviewStatus, number> = { new: 0, changed: 0, old: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** `%`, `_` and `\` match themselves in a search. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function styleFilter(view: PreviewView, search: string | undefined): SQL {
  const conditions: SQL[] = [sql`true`];
  if (view !== "all") conditions.push(sql`d.status = ${view}`);
  if (search) {
    const pattern = likePattern(search);
    conditions.push(sql`(d.model_code ilike ${pattern} or d.franchise ilike ${pattern} or d.silhouette ilike ${pattern}
      or d.color ilike ${pattern} or d.gender ilike ${pattern} or d.msrp::text ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

export interface DiffRow {
  id: number;
  position: number;
  model_code: string;
  franchise: string | null;
  silhouette: string | null;
  color: string | null;
  gender: string | null;
  msrp: string | null;
  expected_ship_date: string | null;
  image_urls: string[];
  comfort_level: string | null;
  height_range: string | null;
  wear_occasion: string | null;
  target_fit: string | null;
  wholesale_price: string | null;
  extra_attributes: Record<string, string>;
  sizes: { size: string; sku: string }[];
  status: PreviewStatus;
  product_id: number | null;
  product_sizes: { size: string; sku: string }[] | null;
  p_franchise: string | null;
  p_silhouette: string | null;
  p_color: string | null;
  p_gender: string | null;
  p_msrp: string | null;
  p_expected_ship_date: string | null;
  p_image_urls: string[] | null;
  p_comfort_level: string | null;
  p_height_range: string | null;
  p_wear_occasion: string | null;
  p_target_fit: string | null;
  p_wholesale_price: string | null;
  p_extra_attributes: Record<string, string> | null;
}

/** A page of the upload's styles matching the view and search, in workbook order, and how many match. */
export async function pageDiff(
  db: DbExecutor,
  options: {
    uploadId: number;
    brandId: number;
    view: PreviewView;
    search?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: DiffRow[]; total: number }> {
  const where = styleFilter(options.view, options.search);
  const diff = diffCte(options.uploadId, options.brandId);
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      with ${diff}
      select d.id, d.position, d.model_code, d.franchise, d.silhouette, d.color, d.gender, d.msrp::text as msrp,
        d.expected_ship_date::text as expected_ship_date, d.image_urls, d.comfort_level, d.height_range,
        d.wear_occasion, d.target_fit, d.wholesale_price::text as wholesale_price, d.extra_attributes,
        d.sizes, d.status, d.product_id, d.product_sizes,
        p.franchise as p_franchise, p.silhouette as p_silhouette, p.color as p_color, p.gender as p_gender,
        p.msrp::text as p_msrp, p.expected_ship_date::text as p_expected_ship_date, p.image_urls as p_image_urls,
        p.comfort_level as p_comfort_level, p.height_range as p_height_range, p.wear_occasion as p_wear_occasion,
        p.target_fit as p_target_fit, p.wholesale_price::text as p_wholesale_price,
        p.extra_attributes as p_extra_attributes
      from diff d left join products p on p.id = d.product_id
      where ${where}
      order by d.position
      limit ${options.limit} offset ${options.offset}`),
    db.execute(sql`with ${diff} select count(*)::int as total from diff d where ${where}`),
  ]);
  return {
    rows: rowsOf<DiffRow>(rows),
    total: Number(rowsOf<{ total: number }>(totals)[0]?.total ?? 0),
  };
}

export interface DroppedRow {
  model_code: string;
  franchise: string | null;
  silhouette: string | null;
  color: string | null;
  gender: string | null;
  msrp: string | null;
}

/** Styles the line list offers that the upload does not contain, in the line list's order. */
export async function findDroppedStyles(
  db: DbExecutor,
  lineListId: number,
  uploadId: number,
): Promise<DroppedRow[]> {
  return rowsOf<DroppedRow>(
    await db.execute(sql`
      select p.model_code, p.franchise, p.silhouette, p.color, p.gender, p.msrp::text as msrp
      from line_list_items li join products p on p.id = li.product_id
      where li.line_list_id = ${lineListId}
        and not exists (select 1 from staged_styles s where s.upload_id = ${uploadId} and s.model_code = p.model_code)
      order by li.position, li.id`),
  );
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
