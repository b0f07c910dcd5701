import { z } from "zod";
import { dateOrders, lineListLayouts, mappingFields, type LineListMapping } from "./line-list-mapping.ts";

/**
 * The mapping routes (issue 32, docs/line-list-mapping.md). Every answer is in the usual
 * `{ success, message, data }` envelope.
 *
 *   POST   /api/uploads/inspect            (catalogs.manage) the stored file's sheets, header row,
 *                                          headers, sample rows and the mapping to apply or to confirm
 *   GET    /api/brands/{id}/mapping        (catalogs.view)   the brand's saved mapping, or null
 *   PUT    /api/brands/{id}/mapping        (catalogs.manage) saves it (a history entry)
 *   DELETE /api/brands/{id}/mapping        (catalogs.manage) resets it (a history entry)
 *
 * Inspect answers 422 with the processing step's body (the row errors, X-Error-Count) for a file
 * it refuses (then deleted), 400 for a sheet the workbook lacks or an empty requested header row
 * (the file stays), 404 for an unknown key or brand, 409 for a file already processed.
 *
 * The process route (POST /functions/process-line-list, also POST /api/crocs/line-lists/process)
 * takes an optional `mapping`: the one the person confirmed, checked against the file and saved
 * for the brand together with the upload. Without one the brand's saved mapping is used. 400
 * `mappingMessages.mappingRequired` / `headersChanged`, or the mapping's problems (all of them in
 * the envelope's `data.mapping`), keep the stored file for the mapping step.
 */

const headerText = z.string().trim().min(1).max(200);

export const lineListMappingSchema = z.object({
  sheet: z.string().max(200).nullable(),
  headerRow: z.number().int().min(1).max(1000),
  layout: z.enum(lineListLayouts),
  fields: z
    .object(
      Object.fromEntries(
        mappingFields
          .filter((field) => field.key !== "image_urls")
          .map((field) => [field.key, headerText.optional()]),
      ) as Record<
        Exclude<(typeof mappingFields)[number]["key"], "image_urls">,
        z.ZodOptional<typeof headerText>
      >,
    )
    .extend({ image_urls: z.array(headerText).max(20).optional() })
    .strict(),
  sizeColumns: z.array(z.object({ column: headerText, size: z.string().trim().min(1).max(40) })).max(200),
  attributes: z.array(z.object({ column: headerText, name: z.string().trim().min(1).max(100) })).max(100),
  sizeLabels: z.record(z.string().max(40), z.string().trim().min(1).max(40)),
  decimalSeparator: z.enum([".", ","]).nullable(),
  dateOrder: z.enum(dateOrders).nullable().optional(),
  season: z
    .object({ season: z.string().trim().min(1).max(40), year: z.number().int().min(2000).max(2100) })
    .nullable(),
}) satisfies z.ZodType<LineListMapping>;

export const sampleCellSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.object({ date: z.string() }),
  z.object({ error: z.string() }),
  z.null(),
]);

export const inspectUploadInputSchema = z.object({
  /** The stored file's key, from the presign answer. */
  key: z.string().min(1),
  fileName: z.string().trim().min(1),
  brandId: z.number().int().positive(),
  /** Another sheet than the saved or first one. */
  sheet: z.string().max(200).optional(),
  /** Another header row than the detected or saved one. */
  headerRow: z.number().int().min(1).max(1000).optional(),
});
export type InspectUploadInput = z.infer<typeof inspectUploadInputSchema>;

/** How many rows below the header row the inspect answer carries, for the live preview. */
export const inspectSampleRows = 400;

export const inspectUploadDataSchema = z.object({
  kind: z.enum(["xlsx", "xls", "csv"]),
  sheets: z.array(z.string()),
  /** The sheet read, and whether its name gave the season ("Spring 2027"). */
  sheet: z.string(),
  seasonFromSheet: z.object({ season: z.string(), year: z.number().int() }).nullable(),
  /** A season read from the sheet or file name ("SS27" → Spring 2027), offered when seasonFromSheet is null. */
  suggestedSeason: z.object({ season: z.string(), year: z.number().int() }).nullable(),
  headerRow: z.number().int().min(1),
  /** The header row's cells, in column order (blank headers as ""). */
  headers: z.array(z.string()),
  /** Up to inspectSampleRows rows below the header row, each as long as `headers`. */
  rows: z.array(z.array(sampleCellSchema)),
  /** The number of data rows below the header row in the whole sheet. */
  rowCount: z.number().int().min(0),
  csv: z
    .object({
      delimiter: z.enum([",", ";", "\t"]),
      encoding: z.enum(["utf-8", "windows-1252"]),
      decimalSeparator: z.enum([".", ","]).nullable(),
    })
    .nullable(),
  /**
   * `matches`: the brand's saved mapping reads these headers; the upload goes straight to the
   * preview. `changed`: it has one but the headers differ (see columnChanges). `new`: it has none.
   */
  status: z.enum(["matches", "changed", "new"]),
  savedMapping: lineListMappingSchema.nullable(),
  /** The saved mapping applied to this file where it can be, else the engine's guess. */
  mapping: lineListMappingSchema,
  columnChanges: z.object({ added: z.array(z.string()), missing: z.array(z.string()) }),
});
export type InspectUploadData = z.infer<typeof inspectUploadDataSchema>;

export const brandMappingDataSchema = z
  .object({
    mapping: lineListMappingSchema,
    /** The headers the mapping was confirmed on. */
    headers: z.array(z.string()),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
  })
  .nullable();
export type BrandMappingData = z.infer<typeof brandMappingDataSchema>;

export const saveBrandMappingInputSchema = z.object({
  mapping: lineListMappingSchema,
  headers: z.array(z.string().max(200)).max(256),
});
export type SaveBrandMappingInput = z.infer<typeof saveBrandMappingInputSchema>;
