import { sql, type SQL } from "drizzle-orm";
import {
  previewFieldValues,
  type PreviewChoiceTotals,
  type PreviewField,
  type PreviewReach,
  type PreviewStatus,
  type PreviewView,
} from "@cm/contracts/line-list-preview";
import { type DbExecutor, rowsOf } from "../../db/client.ts";
import { isOfferField, previewFieldColumn, productSizesJson } from "../products/repository.ts";

/**
 * The preview's SQL (uploads' review, issue 33): how an upload's staged styles compare with the
 * brand's products and the line list's own offer, the totals of the choices made, the other line
 * lists a save reaches, and a page of the comparison. repository.ts holds the uploads' records and
 * staging; choices.repository.ts the choices themselves.
 */

/* ---------------------------------------------------------------------------------------------
 * The comparison with the brand's products, done in SQL so the view filter, the counts, the
 * review's totals and the pages agree and stay right when products change while a preview waits.
 * A style's shared fields compare with its product; its offer (MSRP, wholesale price, expected
 * ship date) with the line list's own item when the line list offers it already, else with the
 * product's latest values (issue 33).
 * ------------------------------------------------------------------------------------------- */

/** Where the preview compares an offer field: the line list's item, or the product's latest. */
const offerOf = (column: string) => `case when li.id is null then p.${column} else li.${column} end`;

/** Each compared field, in `previewFieldValues` order: the staged value and what it compares with. */
const comparedFields: { field: PreviewField; staged: string; current: string }[] = previewFieldValues.map(
  (field) => {
    if (field === "sizes") return { field, staged: "s.sizes", current: "ps.sizes" };
    const column = previewFieldColumn[field];
    return {
      field,
      staged: `s.${column}`,
      current: isOfferField(field) ? `o.${column}` : `p.${column}`,
    };
  },
);

const changedArray = sql.raw(
  `array_remove(array[${comparedFields
    .map(
      ({ field, staged, current }) => `case when ${staged} is distinct from ${current} then '${field}' end`,
    )
    .join(", ")}]::text[], null)`,
);

/** The fields shared by every line list offering a style: a change of those reaches them all. */
export const sharedFields = previewFieldValues.filter((field) => !isOfferField(field));
const sharedArray = sql.raw(`array[${sharedFields.map((field) => `'${field}'`).join(", ")}]::text[]`);

/**
 * `diff`: every staged style of the upload with its product (if any), the line list's item (if
 * any), the offer it compares with (`o_*`), its changed fields (in `previewFieldValues` order),
 * which of them it keeps (`kept`) and its status. Materialized: counted, paged and totalled once.
 */
function diffCte(upload: { id: number; lineListId: number }, brandId: number): SQL {
  return sql`diff as materialized (
    select s.*, p.id as product_id, li.id as item_id, ps.sizes as product_sizes,
      o.msrp as o_msrp, o.wholesale_price as o_wholesale_price, o.expected_ship_date as o_expected_ship_date,
      c.changed,
      array(select f from unnest(c.changed) f where f = any(s.kept_fields)) as kept,
      case when p.id is null then 'new' when cardinality(c.changed) = 0 then 'old' else 'changed' end as status
    from staged_styles s
    left join products p on p.brand_id = ${brandId} and p.model_code = s.model_code
    left join line_list_items li on li.line_list_id = ${upload.lineListId} and li.product_id = p.id
    left join lateral (select ${productSizesJson("p.id")} as sizes) ps on p.id is not null
    cross join lateral (select ${sql.raw(offerOf("msrp"))} as msrp,
      ${sql.raw(offerOf("wholesale_price"))} as wholesale_price,
      ${sql.raw(offerOf("expected_ship_date"))} as expected_ship_date) o
    cross join lateral (select case when p.id is null then '{}'::text[] else ${changedArray} end as changed) c
    where s.upload_id = ${upload.id}
  )`;
}

/** `dropped`: the line list's styles the upload does not contain, with the review's choice. */
function droppedCte(upload: { id: number; lineListId: number }): SQL {
  return sql`dropped as (
    select li.id as item_id, li.position, li.product_id, p.model_code, p.franchise, p.silhouette, p.color, p.gender,
      li.msrp, p.model_code = any(u.removed_dropped) as remove
    from line_list_items li
    join products p on p.id = li.product_id
    join line_list_uploads u on u.id = ${upload.id}
    where li.line_list_id = ${upload.lineListId}
      and not exists (select 1 from staged_styles s where s.upload_id = ${upload.id} and s.model_code = p.model_code)
  )`;
}

export interface UploadTotals {
  counts: Record<PreviewStatus, number>;
  choices: PreviewChoiceTotals;
}

interface TotalsRow {
  new: number;
  changed: number;
  old: number;
  changes_taken: number;
  changes_kept: number;
  styles_kept: number;
  new_taken: number;
  new_left_out: number;
  dropped_removed: number;
  dropped_kept: number;
  kept_columns: string[];
}

/**
 * The totals over `compared` (rows of status, changed, kept_fields, left_out) and the dropped
 * styles' counts given as SQL.
 */
function totalsSelect(dropped: { removed: SQL; kept: SQL }, extra: SQL = sql``): SQL {
  return sql`, counted as (
      select c.status, c.changed, c.left_out,
        array(select f from unnest(c.changed) f where f = any(c.kept_fields)) as kept
      from compared c
    ),
    columns as (
      select f, bool_and(f = any(d.kept)) as all_kept
      from counted d cross join unnest(d.changed) f where d.status = 'changed' group by f
    )
    select
      count(*) filter (where status = 'new')::int as new,
      count(*) filter (where status = 'changed')::int as changed,
      count(*) filter (where status = 'old')::int as old,
      coalesce(sum(cardinality(changed) - cardinality(kept)) filter (where status = 'changed'), 0)::int as changes_taken,
      coalesce(sum(cardinality(kept)) filter (where status = 'changed'), 0)::int as changes_kept,
      count(*) filter (where status = 'changed' and cardinality(kept) = cardinality(changed))::int as styles_kept,
      count(*) filter (where status = 'new' and not left_out)::int as new_taken,
      count(*) filter (where status = 'new' and left_out)::int as new_left_out,
      (${dropped.removed})::int as dropped_removed,
      (${dropped.kept})::int as dropped_kept,
      coalesce((select array_agg(f) from columns where all_kept), '{}') as kept_columns ${extra}
    from counted`;
}

function toTotals(row: TotalsRow | undefined): UploadTotals {
  const value = (n: number | undefined) => Number(n ?? 0);
  const kept = new Set(row?.kept_columns ?? []);
  return {
    counts: { new: value(row?.new), changed: value(row?.changed), old: value(row?.old) },
    choices: {
      changesTaken: value(row?.changes_taken),
      changesKept: value(row?.changes_kept),
      stylesKept: value(row?.styles_kept),
      newStylesTaken: value(row?.new_taken),
      newStylesLeftOut: value(row?.new_left_out),
      droppedRemoved: value(row?.dropped_removed),
      droppedKept: value(row?.dropped_kept),
      keptColumns: previewFieldValues.filter((field) => kept.has(field)),
    },
  };
}

/**
 * Styles per status and the review's totals over the whole upload, compared afresh: one
 * statement, which also writes the comparison down (`compared_status`, `compared_fields`,
 * `dropped_count`) for the choices' quick totals (`choiceTotals`).
 */
export async function summarizeUpload(
  db: DbExecutor,
  upload: { id: number; lineListId: number },
  brandId: number,
): Promise<UploadTotals> {
  const [row] = rowsOf<TotalsRow>(
    await db.execute(sql`
      with ${diffCte(upload, brandId)}, ${droppedCte(upload)},
      noted as (
        update staged_styles s set compared_status = d.status, compared_fields = d.changed
        from diff d
        where s.id = d.id and (s.compared_status is distinct from d.status or s.compared_fields is distinct from d.changed)
      ),
      noted_dropped as (
        update line_list_uploads u set dropped_count = (select count(*) from dropped)
        where u.id = ${upload.id} and u.dropped_count is distinct from (select count(*) from dropped)
      ),
      compared as (select d.status, d.changed, d.kept_fields, d.left_out from diff d)
      ${totalsSelect({
        removed: sql`select count(*) filter (where remove) from dropped`,
        kept: sql`select count(*) filter (where not remove) from dropped`,
      })}`),
  );
  return toTotals(row);
}

/**
 * The review's totals counted from the comparison the preview last wrote down, which is what a
 * choice answers: no product is read, so a click on a 5,000-style preview stays quick. Compares
 * afresh (`summarizeUpload`) when the upload was never compared.
 */
export async function choiceTotals(
  db: DbExecutor,
  upload: { id: number; lineListId: number },
  brandId: number,
): Promise<UploadTotals> {
  const [row] = rowsOf<TotalsRow & { uncompared: boolean }>(
    await db.execute(sql`
      with u as (select removed_dropped, dropped_count from line_list_uploads where id = ${upload.id}),
      compared as (
        select s.compared_status as status, s.compared_fields as changed, s.kept_fields, s.left_out
        from staged_styles s where s.upload_id = ${upload.id}
      )
      ${totalsSelect(
        {
          removed: sql`select cardinality(removed_dropped) from u`,
          kept: sql`select dropped_count - cardinality(removed_dropped) from u`,
        },
        sql`, (select dropped_count is null from u) or coalesce(bool_or(status is null), false) as uncompared`,
      )}`),
  );
  if (!row || row.uncompared) return summarizeUpload(db, upload, brandId);
  return toTotals(row);
}

/**
 * The other saved line lists of the brand that offer styles whose shared fields the upload
 * changes and takes (not kept): how many of their styles, and which fields. Prices and dates are
 * each line list's own and reach none. Read from the comparison `summarizeUpload` wrote down:
 * call it first.
 */
export async function findReach(
  db: DbExecutor,
  upload: { id: number; lineListId: number },
  brandId: number,
): Promise<PreviewReach[]> {
  const rows = rowsOf<{ id: number; name: string; published: boolean; styles: number; fields: string[] }>(
    await db.execute(sql`
      with reaching as (
        select p.id as product_id, f
        from staged_styles s
        join products p on p.brand_id = ${brandId} and p.model_code = s.model_code
        cross join unnest(s.compared_fields) f
        where s.upload_id = ${upload.id} and s.compared_status = 'changed' and not s.left_out
          and f = any(${sharedArray}) and not f = any(s.kept_fields)
      )
      select ll.id, ll.name, ll.published, count(distinct r.product_id)::int as styles, array_agg(distinct r.f) as fields
      from reaching r
      join line_list_items li on li.product_id = r.product_id
      join line_lists ll on ll.id = li.line_list_id
      where ll.id <> ${upload.lineListId} and ll.stage = 'saved'
      group by ll.id, ll.name, ll.published
      order by ll.published desc, lower(ll.name), ll.id`),
  );
  return rows.map((row) => ({
    lineListId: row.id,
    name: row.name,
    published: row.published,
    styles: Number(row.styles),
    fields: previewFieldValues.filter((field) => row.fields.includes(field)),
  }));
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
  changed: PreviewField[];
  kept: PreviewField[];
  left_out: boolean;
  product_id: number | null;
  product_sizes: { size: string; sku: string }[] | null;
  p_franchise: string | null;
  p_silhouette: string | null;
  p_color: string | null;
  p_gender: string | null;
  /** The offer compared with: the line list's item's, else the product's. */
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
    upload: { id: number; lineListId: number };
    brandId: number;
    view: PreviewView;
    search?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: DiffRow[]; total: number }> {
  const where = styleFilter(options.view, options.search);
  const diff = diffCte(options.upload, options.brandId);
  const rows = rowsOf<DiffRow & { total: number }>(
    await db.execute(sql`
      with ${diff}, matching as (select d.*, count(*) over () as total from diff d where ${where})
      select d.id, d.position, d.model_code, d.franchise, d.silhouette, d.color, d.gender, d.msrp::text as msrp,
        d.expected_ship_date::text as expected_ship_date, d.image_urls, d.comfort_level, d.height_range,
        d.wear_occasion, d.target_fit, d.wholesale_price::text as wholesale_price, d.extra_attributes,
        d.sizes, d.status, d.changed, d.kept, d.left_out, d.product_id, d.product_sizes, d.total::int as total,
        p.franchise as p_franchise, p.silhouette as p_silhouette, p.color as p_color, p.gender as p_gender,
        d.o_msrp::text as p_msrp, d.o_expected_ship_date::text as p_expected_ship_date, p.image_urls as p_image_urls,
        p.comfort_level as p_comfort_level, p.height_range as p_height_range, p.wear_occasion as p_wear_occasion,
        p.target_fit as p_target_fit, d.o_wholesale_price::text as p_wholesale_price,
        p.extra_attributes as p_extra_attributes
      from matching d left join products p on p.id = d.product_id
      order by d.position
      limit ${options.limit} offset ${options.offset}`),
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // Past the last page: the count alone.
    const [counted] = rowsOf<{ total: number }>(
      await db.execute(sql`with ${diff} select count(*)::int as total from diff d where ${where}`),
    );
    total = counted?.total ?? 0;
  }
  return { rows, total: Number(total) };
}

export interface DroppedRow {
  model_code: string;
  franchise: string | null;
  silhouette: string | null;
  color: string | null;
  gender: string | null;
  msrp: string | null;
  remove: boolean;
  blocked_by: "ordered" | "published" | null;
}

/**
 * Styles the line list offers that the upload does not contain, in the line list's order, with
 * the review's choice and why one could not leave the line list (ordered, or in a catalog of the
 * published line list). Their MSRP is the line list's own.
 */
export async function findDroppedStyles(
  db: DbExecutor,
  lineListId: number,
  uploadId: number,
): Promise<DroppedRow[]> {
  return rowsOf<DroppedRow>(
    await db.execute(sql`
      with ${droppedCte({ id: uploadId, lineListId })}
      select d.model_code, d.franchise, d.silhouette, d.color, d.gender, d.msrp::text as msrp, d.remove,
        case
          when exists (select 1 from order_lines ol where ol.line_list_id = ${lineListId} and ol.product_id = d.product_id)
            then 'ordered'
          when ll.published and exists (select 1 from catalog_items ci where ci.line_list_item_id = d.item_id)
            then 'published'
        end as blocked_by
      from dropped d join line_lists ll on ll.id = ${lineListId}
      order by d.position, d.item_id`),
  );
}
