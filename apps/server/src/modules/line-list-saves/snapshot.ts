import { sql } from "drizzle-orm";
import type { CatalogType } from "@cm/contracts/catalogs";
import { previewFieldValues } from "@cm/contracts/line-list-preview";
import type { SavedValue } from "@cm/contracts/line-list-saves";
import { rowsOf, type DbExecutor } from "../../db/client.ts";

/**
 * A style of a line list as a change set keeps it (docs/line-list-saves.md, "Saves and undo"):
 * the product's shared fields, THIS line list's offer (its item's prices and date), the item's
 * position, the product's sizes and the catalogs of the line list the item is placed in. Field
 * names are the preview's (`previewFieldValues`) where it has them.
 */
export interface StyleSnapshot {
  product_id: number;
  model_code: string;
  position: number;
  franchise: string | null;
  silhouette: string | null;
  color: string | null;
  gender: string | null;
  image_urls: string[];
  comfort_level: string | null;
  height_range: string | null;
  wear_occasion: string | null;
  target_fit: string | null;
  extra_attributes: Record<string, string>;
  /** The line list's offer: numeric as text ("49.99"), the date as "YYYY-MM-DD". */
  msrp: string | null;
  wholesale_price: string | null;
  expected_shipped_date: string | null;
  /** The product's sizes in its order. */
  sizes: { size: string; sku: string }[];
  /** The line list's catalogs the item is placed in, by type (sorted); catalogs keep no order of their own. */
  catalogs: CatalogType[];
}

/**
 * A style as a change set stores it: whole when the save added or removed it; for a style it
 * changed, its identity and only the fields that changed (before in `before`, after in `after`).
 */
export type SavedStyle = Pick<StyleSnapshot, "product_id" | "model_code"> &
  Partial<Omit<StyleSnapshot, "product_id" | "model_code">>;

/** The compared fields of a style, whole or in part. */
export type StyleFields = Partial<Pick<StyleSnapshot, ComparedField>>;

/** The fields of the product, shared by every line list offering it. */
export const sharedFields = [
  "franchise",
  "silhouette",
  "color",
  "gender",
  "image_urls",
  "comfort_level",
  "height_range",
  "wear_occasion",
  "target_fit",
  "extra_attributes",
] as const;
/** The line list's own offer of the style (`line_list_items`). */
export const offerFields = ["msrp", "wholesale_price", "expected_shipped_date"] as const;

/** What a save compares and an undo reverts, in the preview's order (`previewFieldValues`). */
export const comparedFields = previewFieldValues;
export type ComparedField = (typeof comparedFields)[number];
export type SharedField = (typeof sharedFields)[number];
export type OfferField = (typeof offerFields)[number];

export const isOfferField = (field: ComparedField): field is OfferField =>
  (offerFields as readonly string[]).includes(field);
export const isSharedField = (field: ComparedField): field is SharedField =>
  (sharedFields as readonly string[]).includes(field);

/** The columns of the products table and of line_list_items for the snapshot's fields. */
export const fieldColumns: Record<SharedField | OfferField, string> = {
  franchise: "franchise",
  silhouette: "silhouette",
  color: "color",
  gender: "gender",
  image_urls: "image_urls",
  comfort_level: "comfort_level",
  height_range: "height_range",
  wear_occasion: "wear_occasion",
  target_fit: "target_fit",
  extra_attributes: "extra_attributes",
  msrp: "msrp",
  wholesale_price: "wholesale_price",
  expected_shipped_date: "expected_ship_date",
};

/**
 * Every style of the line list (or of these model codes only), by model code. One statement that
 * answers one JSON value: the embedded database decodes results row by row in JavaScript, which
 * costs more than the query once there are thousands of rows.
 */
export async function takeSnapshot(db: DbExecutor, lineListId: number): Promise<Map<string, StyleSnapshot>> {
  const [row] = rowsOf<{ styles: StyleSnapshot[] | null }>(
    await db.execute(sql`
      with items as (
        select li.id, li.product_id, li.position, li.msrp, li.wholesale_price, li.expected_ship_date
        from line_list_items li where li.line_list_id = ${lineListId}
      ),
      sizes as (
        select z.product_id,
          json_agg(json_build_object('size', z.size, 'sku', z.sku) order by z.position, z.id) as sizes
        from product_sizes z where z.product_id in (select product_id from items)
        group by z.product_id
      ),
      placed as (
        select ci.line_list_item_id, json_agg(c.type order by c.type) as catalogs
        from catalog_items ci join catalogs c on c.id = ci.catalog_id
        where ci.line_list_id = ${lineListId}
        group by ci.line_list_item_id
      )
      select json_agg(json_build_object(
        'product_id', p.id, 'model_code', p.model_code, 'position', i.position,
        'franchise', p.franchise, 'silhouette', p.silhouette, 'color', p.color, 'gender', p.gender,
        'image_urls', p.image_urls, 'comfort_level', p.comfort_level, 'height_range', p.height_range,
        'wear_occasion', p.wear_occasion, 'target_fit', p.target_fit, 'extra_attributes', p.extra_attributes,
        'msrp', i.msrp::text, 'wholesale_price', i.wholesale_price::text,
        'expected_shipped_date', i.expected_ship_date::text,
        'sizes', coalesce(s.sizes, '[]'::json), 'catalogs', coalesce(pl.catalogs, '[]'::json)
      )) as styles
      from items i
      join products p on p.id = i.product_id
      left join sizes s on s.product_id = i.product_id
      left join placed pl on pl.line_list_item_id = i.id`),
  );
  const styles = new Map<string, StyleSnapshot>();
  for (const style of row?.styles ?? []) styles.set(style.model_code, style);
  return styles;
}

/**
 * Equal as the change set compares values: scalars, lists in order, objects whatever the order of
 * their keys (extra attributes). Hand-written rather than through JSON: a save compares 14 fields
 * of thousands of styles.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameValue(a[index], b[index])) return false;
    return true;
  }
  if (typeof a === "object" && typeof b === "object" && !Array.isArray(b)) {
    const aKeys = Object.keys(a);
    if (aKeys.length !== Object.keys(b).length) return false;
    for (const key of aKeys) {
      if (!Object.hasOwn(b, key)) return false;
      if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    }
    return true;
  }
  return false;
}

/** The compared fields whose value differs between two snapshots of a style. */
export function changedFieldsOf(before: StyleFields, after: StyleFields): ComparedField[] {
  return comparedFields.filter((field) => !sameValue(before[field], after[field]));
}

/** A field's value as the API shows it (`savedValueSchema`): prices as numbers, sizes as "size SKU". */
export function shownValue(style: StyleFields | null | undefined, field: ComparedField): SavedValue {
  const value = style?.[field];
  if (value === undefined || value === null || !style) return null;
  switch (field) {
    case "msrp":
    case "wholesale_price":
      return Number(value);
    case "sizes":
      return style.sizes!.map((item) => `${item.size} ${item.sku}`);
    case "extra_attributes":
      return Object.entries(style.extra_attributes!)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, text]) => `${key}: ${text}`);
    default:
      return value as SavedValue;
  }
}
