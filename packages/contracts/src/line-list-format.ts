import { z } from "zod";

/**
 * The Crocs line list workbook (DESIGN.md section 7, docs/line-list-format.md): its columns, the
 * limits a file must respect and every message the parser can answer with (line-list-workbook.ts,
 * exported here too), the shape of a parsed style (SPEC.md section 3, "Preview data row") and of
 * a row error.
 */

export {
  imageUrlSeparator,
  lineListColumns,
  lineListFormatMessages,
  lineListHeaders,
  lineListLimits,
  lineListTemplatePath,
  noImageText,
  normalizeLineListHeader,
  type LineListColumn,
  type LineListColumnKey,
  type LineListHeader,
} from "./line-list-workbook.ts";

/**
 * One reason a workbook was refused. `row` is the sheet's row number as Excel shows it and
 * `column` the header of the column (as listed in `lineListColumns`); both are null when the
 * error is about the whole file or sheet (not a workbook, a bad sheet name, too large...).
 */
export const lineListRowErrorSchema = z.object({
  row: z.number().int().positive().nullable(),
  column: z.string().nullable(),
  /** The offending cell's content as text, shortened; absent when there is no cell to show. */
  value: z.string().optional(),
  message: z.string(),
});
export type LineListRowError = z.infer<typeof lineListRowErrorSchema>;

/** A size of a style: one row of the sheet. */
export const previewItemSchema = z.object({
  size: z.string(),
  sku: z.string(),
});
export type PreviewItem = z.infer<typeof previewItemSchema>;

/**
 * One style (model code) as parsed from the workbook: SPEC.md section 3 "Preview data row".
 * Blank cells are null; `image_urls` is empty for "No Image" or a blank cell.
 */
export const previewStyleSchema = z.object({
  franchise: z.string().nullable(),
  silhouette: z.string().nullable(),
  model_code: z.string().min(1),
  color: z.string().nullable(),
  gender: z.string().nullable(),
  msrp: z.number().nonnegative().nullable(),
  /** A calendar date, YYYY-MM-DD. */
  expected_shipped_date: z.iso.date().nullable(),
  image_urls: z.array(z.string()),
  attributes: z.object({
    comfort_level: z.string().nullable(),
    height_range: z.string().nullable(),
    wear_occasion: z.string().nullable(),
    target_fit: z.string().nullable(),
  }),
  /**
   * The brand's wholesale price, where the brand's mapping reads one (issue 32): then it is the
   * unit price before the customer's discount, instead of MSRP × the brand's wholesale factor.
   */
  wholesale_price: z.number().nonnegative().nullable().optional(),
  /** Other columns the mapping keeps, by the name it gives them ("Material": "Leather"). */
  extra_attributes: z.record(z.string(), z.string()).optional(),
  /** In the brand's size scale order (@cm/contracts/size-scales), never in text order. */
  items: z.array(previewItemSchema).min(1),
});
export type PreviewStyle = z.infer<typeof previewStyleSchema>;
