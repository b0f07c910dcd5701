import { z } from "zod";
import { lineListRowErrorSchema } from "./line-list-format.ts";
import { openStockLimits, type OpenStockColumns } from "./open-stock-file.ts";

export * from "./open-stock-file.ts";

/**
 * Open Stock (issue 32, docs/open-stock.md): a workbook or CSV of SKUs (or UPCs) and quantities
 * that sets each known SKU's available quantity. Both routes need catalogs.manage and answer the
 * usual `{ success, message, data }` envelope.
 *
 *   1. POST /api/uploads/get-presigned-upload-url  {purpose: "open-stock", ...}, then PUT the file
 *   2. POST /api/open-stock/preview   the columns used (saved for the layout, given, or guessed),
 *                                     the headers with sample values, and the counts
 *   3. POST /api/open-stock/apply     sets the quantities, saves the layout's columns, records
 *                                     history and deletes the stored file; answers the counts
 *
 * A refused file (not a workbook or CSV, over a limit) answers 400 with the reader's message and
 * is deleted: nothing is kept of it.
 */

const headerText = z.string().trim().min(1).max(200);

export const openStockColumnsSchema = z.object({
  /** The header of the column holding the SKU or UPC, as written in the file. */
  sku: headerText,
  /** The header of the column holding the quantity. */
  quantity: headerText,
}) satisfies z.ZodType<OpenStockColumns>;

const fileFields = {
  /** The stored file's key, from the presign answer. */
  key: z.string().trim().min(1).max(255),
  /** The file's name as the person picked it ("Stock 2027-03-01.xlsx"). */
  fileName: z.string().trim().min(1).max(255),
  /** Another sheet than the saved or first one (workbooks). */
  sheet: z.string().trim().min(1).max(200).optional(),
  /** Another header row than the saved or detected one (1 = the first row). */
  headerRow: z.number().int().min(1).max(openStockLimits.maxHeaderRow).optional(),
};

export const openStockPreviewInputSchema = z.object({
  ...fileFields,
  /** Columns chosen by the person; without them the layout's saved columns, or the guess. */
  columns: openStockColumnsSchema.optional(),
});
export type OpenStockPreviewInput = z.infer<typeof openStockPreviewInputSchema>;

export const openStockApplyInputSchema = z.object({
  ...fileFields,
  columns: openStockColumnsSchema,
});
export type OpenStockApplyInput = z.infer<typeof openStockApplyInputSchema>;

export const openStockCountsSchema = z.object({
  /** Distinct SKUs of the file that products have: their quantity is set. */
  updated: z.number().int().min(0),
  /** Distinct SKUs of the file no product has: left out. */
  unknown: z.number().int().min(0),
  /** SKUs on more than one row: their quantities are added up. */
  duplicates: z.number().int().min(0),
  /** Rows with an SKU whose quantity cannot be read: left out. */
  rowErrors: z.number().int().min(0),
});
export type OpenStockCounts = z.infer<typeof openStockCountsSchema>;

export const openStockPreviewDataSchema = z.object({
  kind: z.enum(["xlsx", "xls", "csv"]),
  /** The workbook's sheets, in order; empty for a CSV file. */
  sheets: z.array(z.string()),
  /** The sheet read; null for a CSV file. */
  sheet: z.string().nullable(),
  headerRow: z.number().int().min(1),
  /** The header row's cells in column order, blank as "". */
  headers: z.array(z.string()),
  /** Up to three values from below the header, per column (same order as `headers`). */
  samples: z.array(z.array(z.string())),
  /** Data rows below the header row that hold anything. */
  rowCount: z.number().int().min(0),
  /** The columns used, by header; null where none was saved, given or guessed. */
  columns: z.object({ sku: z.string().nullable(), quantity: z.string().nullable() }),
  /** Where the columns came from: the layout's saved choice, the request, or the guess. */
  source: z.enum(["saved", "given", "guessed"]),
  /** Why the file cannot be applied as it is (a column to choose); empty when it can. */
  problems: z.array(z.string()),
  /** Null while a column is missing. */
  counts: openStockCountsSchema.nullable(),
  /** The first unknown SKUs, in file order (at most `openStockLimits.unknownSkusShown`). */
  unknownSkus: z.array(z.string()),
  /** The first rows whose quantity cannot be read (at most `openStockLimits.rowErrorsShown`). */
  rowErrors: z.array(lineListRowErrorSchema),
});
export type OpenStockPreviewData = z.infer<typeof openStockPreviewDataSchema>;

export const openStockApplyDataSchema = openStockCountsSchema;
export type OpenStockApplyData = z.infer<typeof openStockApplyDataSchema>;
