import { z } from "zod";
import { entityIdSchema } from "./envelope.ts";
import { lineListRowErrorSchema, lineListLimits } from "./line-list-format.ts";

export {
  contentTypeForFileName,
  spreadsheetExtensions,
  workbookContentTypes,
  workbookExtension,
  workbookExtensions,
  type WorkbookExtension,
} from "./line-list-workbook.ts";
import { lineListMappingSchema } from "./line-list-mapping-api.ts";
import { calendarDateSchema, lineListNameSchema, lineListTypeValues } from "./line-lists.ts";

/**
 * SPEC.md sections 3 ("Upload metadata"), 5 ("Upload"), 7 ("Uploads") and 8 ("Upload"): the
 * three steps of a line list upload.
 *
 *   1. POST /api/uploads/get-presigned-upload-url   -> a URL to PUT the file to, for 5 minutes
 *   2. PUT {presignedUrl} with the file as body     -> 200, the object is stored (once)
 *   3. POST /functions/process-line-list            -> 200 text "{lineListId}", or 422 row errors
 */

const mib = 1024 * 1024;

export const uploadLimits = {
  /** Default largest file; the server's UPLOAD_MAX_BYTES setting may change it. */
  defaultMaxFileBytes: 25 * mib,
  /** How long a presigned URL can be used. */
  presignedUrlTtlSeconds: 5 * 60,
  /** The most errors the processing answer may list when the client asks for every one. */
  maxErrorLimit: lineListLimits.maxDataRows,
} as const;

/** The upload dialog's line list type: a stored type, or `update` (a re-upload into a line list). */
export const uploadLineListTypeValues = [...lineListTypeValues, "update"] as const;
export const uploadLineListTypeSchema = z.enum(uploadLineListTypeValues);
export type UploadLineListType = z.infer<typeof uploadLineListTypeSchema>;

export const uploadActionValues = ["new", "update"] as const;
export const uploadActionSchema = z.enum(uploadActionValues);
export type UploadAction = z.infer<typeof uploadActionSchema>;

export const uploadMessages = {
  // SPEC.md section 8, "Upload" (the first four are the dialog's own checks).
  neitherBrandNorType: "Neither brand nor type is set.",
  fileNotSet: "File is not set",
  brandNotSet: "Brand is not set",
  lineListTypeNotSet: "Line list type is not set",
  presignFailed: "Failed to generate presigned url",
  nonRecognizedBrand: "Failed to generate presigned url: non-recognized brand",
  presignedUrlNotSet: "Presigned url is not set",
  processingFailed: "Failed to start file processing",
  // The toasts.
  uploaded: "Line list uploaded successfully",
  uploadedDescription: "Redirecting to preview page",
  uploadFailed: "Failed to upload line list",
  // Server checks the spec names no text for.
  metadataRequired: "A line list upload needs its metadata (brand and line list type)",
  wrongFileType: "Only .xlsx, .xls and .csv files can be uploaded",
  /** An order form is the workbook Catalog Manager wrote: never a CSV. */
  orderFormFileType: "An order form must be an .xlsx or .xls workbook",
  contentTypeMismatch: (extension: string, expected: string) =>
    `A .${extension} file must be sent with content type ${expected}`,
  fileTooLarge: (limitBytes: number) =>
    `The file is larger than ${Math.round((limitBytes / mib) * 100) / 100} MB`,
  emptyFile: "The file is empty",
  // The storage PUT.
  uploadUrlInvalid: "The upload URL is invalid or has expired",
  uploadUrlUsed: "The upload URL was already used",
  uploadTypeMismatch: "The file's content type is not the one the upload URL was issued for",
  uploadSizeMismatch: "The file's size is not the one the upload URL was issued for",
  // The processing function.
  uploadedFileNotFound: "The uploaded file was not found; upload it again",
  uploadAlreadyProcessed: "This file was already processed; upload it again to make another preview",
  typeRequired: "Choose the line list type (pre-book, future-stock, own-stock or brand-ats)",
  lineListToUpdateRequired: "An update needs the line list to update",
  lineListToUpdateNotFound: "The line list to update was not found",
  brandMismatch: "The line list to update belongs to another brand",
  previewPending: "This line list already has an upload waiting in preview; save or discard it first",
  datesRequired: {
    "pre-book": "A pre-book line list needs its date sent and its deadline for orders",
    "future-stock": "A future-stock line list needs its date of availability",
  },
} as const;

/**
 * SPEC.md section 3, "Upload metadata". The dialog sends it with the presign request; the server
 * checks the brand and keeps nothing of it until the processing step (which receives what it
 * needs in its own body).
 */
export const uploadMetadataSchema = z.object({
  brandId: entityIdSchema,
  lineListType: uploadLineListTypeSchema,
  /** Both from the file name, without its extension. */
  lineListName: z.string().trim().max(255).optional(),
  lineListDescription: z.string().trim().max(1000).optional(),
  sentOn: calendarDateSchema.nullish(),
  receivedOn: calendarDateSchema.nullish(),
  trackingId: z.string().max(200).nullish(),
  season: z.string().max(100).nullish(),
  year: z.coerce.number().int().min(1900).max(9999).nullish(),
  /** pre-book */
  dateSent: calendarDateSchema.nullish(),
  deadlineForOrders: calendarDateSchema.nullish(),
  /** future-stock */
  dateOfAvailability: calendarDateSchema.nullish(),
  /** update: the line list the file re-uploads into. */
  lineListId: entityIdSchema.nullish(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/**
 * What a file is uploaded for: a line list (the default), a filled order form, whose line list
 * the file itself names, or an Open Stock file of SKUs and quantities (issue 32). The last two
 * send no metadata: they go to the order form preview or the open stock preview instead of the
 * processing function.
 */
export const uploadPurposeValues = ["line-list", "order-form", "open-stock"] as const;
export const uploadPurposeSchema = z.enum(uploadPurposeValues);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/**
 * `POST /api/uploads/get-presigned-upload-url` (SPEC.md section 7, Uploads, step 1).
 * The server chooses the stored object's key: `fileKey` here is only the user's file name, whose
 * extension (.xlsx or .xls) must match `contentType`.
 */
const presignUploadFieldsSchema = z.object({
  /** "line-list" when absent. */
  purpose: uploadPurposeSchema.optional(),
  /** The file's name as the user picked it, e.g. "Spring 2027.xlsx". */
  fileKey: z.string().trim().min(1).max(255),
  /** What the browser reported as the file's type (File.type); informative, may be empty. */
  fileType: z.string().max(255).optional(),
  /** Bytes; the PUT must send exactly this many. */
  fileSize: z.number().int().min(0),
  metadataKey: z.string().max(255).optional(),
  /** Required for a line list; an order form sends none. */
  metadata: uploadMetadataSchema.optional(),
  /** Must be the workbook content type of the file's extension (see workbookContentTypes). */
  contentType: z.string().trim().min(1).max(255),
  /** Sent back as a header the PUT must carry, e.g. `attachment; filename="Spring 2027.xlsx"`. */
  contentDisposition: z.string().max(1000).optional(),
  responseContentType: z.string().max(255).optional(),
});
export const presignUploadInputSchema = presignUploadFieldsSchema.refine(
  (input) => (input.purpose ?? "line-list") !== "line-list" || input.metadata !== undefined,
  { path: ["metadata"], message: uploadMessages.metadataRequired },
);
export type PresignUploadInput = z.infer<typeof presignUploadInputSchema>;

export const presignUploadDataSchema = z.object({
  /** Absolute URL; PUT the file there before `expiresAt`, once. */
  presignedUrl: z.string(),
  /** The key the server chose for the object: send it as `key` to the processing function. */
  fileKey: z.string(),
  metadataKey: z.string(),
  method: z.literal("PUT"),
  /** Headers the PUT must send exactly as given (Content-Type, and Content-Disposition when asked). */
  headers: z.record(z.string(), z.string()),
  /** ISO date-time. */
  expiresAt: z.string(),
  /** The largest file the server accepts, for the dialog to say so. */
  maxFileBytes: z.number().int(),
});
export type PresignUploadData = z.infer<typeof presignUploadDataSchema>;

/**
 * `POST /functions/process-line-list` (SPEC.md section 7, Uploads, step 3): bearer-protected like
 * the API. Field names are the spec's. Season and year are read from the mapped sheet's name, or
 * are the mapping's own (`mapping.season`); the ones sent here are informative.
 */
export const processLineListInputSchema = z
  .object({
    /** The brand's name (its saved mapping reads the file); `brandId` may name it exactly instead. */
    brand: z.string().trim().min(1).max(255),
    brandId: z.number().int().positive().optional(),
    /** The line list type; for `update`, the type of the line list being updated. */
    type: uploadLineListTypeSchema,
    fileName: z.string().trim().min(1).max(255),
    filename: z.string().max(255).optional(),
    linelist_attributes: z
      .object({
        sentOn: calendarDateSchema.nullish(),
        /** pre-book: the deadline for orders. */
        deadline: calendarDateSchema.nullish(),
        year: z.coerce.number().int().min(1900).max(9999).nullish(),
        season: z.string().max(100).nullish(),
        /** pre-book: the date the offer is sent (defaults to sentOn). */
        dateSent: calendarDateSchema.nullish(),
        /** future-stock: when the goods are available. */
        dateOfAvailability: calendarDateSchema.nullish(),
      })
      .default({}),
    /** new only: the line list's name as the person set it; the file name without its extension by default. */
    name: lineListNameSchema.optional(),
    /** The `fileKey` the presign step answered. */
    key: z.string().trim().min(1).max(500),
    description: z.string().trim().max(1000).optional(),
    fileUrl: z.string().max(2000).optional(),
    trackingId: z.string().max(200).optional(),
    bucketDirectory: z.string().max(500).optional(),
    action: uploadActionSchema.default("new"),
    /** update only: the line list the file re-uploads into. */
    linelist_id: z.coerce.number().int().positive().nullish(),
    /** How many row errors a refused workbook's answer lists (default 100); the error report asks for all. */
    errorLimit: z.number().int().min(1).max(uploadLimits.maxErrorLimit).optional(),
    /**
     * The column mapping the person confirmed ("Map columns", docs/line-list-mapping.md): checked
     * against the file (400 with the reasons when it cannot be confirmed), saved for the brand with
     * the upload, then used to read the file. Without it the brand's saved mapping reads the file
     * (400 when the brand has none, or when the file's headers are not the saved ones).
     */
    mapping: lineListMappingSchema.optional(),
  })
  .refine((input) => input.action !== "update" || input.linelist_id != null, {
    path: ["linelist_id"],
    message: uploadMessages.lineListToUpdateRequired,
  });
export type ProcessLineListInput = z.input<typeof processLineListInputSchema>;

/**
 * 200: the body is text (content type text/plain) holding the line list id as JSON, e.g. `42`:
 * the preview's id (for `update`, the updated line list's id). Per the spec's text protocol, a
 * client reads "null" as id -1 and a text containing "success" as no id.
 */
export const processLineListResponseSchema = z.string();

/** Reads the processing answer's text as the spec says: "null" is -1, "success" is no id. */
export function parseProcessLineListResponse(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "null") return -1;
  if (trimmed.toLowerCase().includes("success")) return null;
  const id: unknown = JSON.parse(trimmed);
  if (typeof id !== "number" || !Number.isInteger(id)) throw new Error(uploadMessages.processingFailed);
  return id;
}

/**
 * 422: the workbook was refused whole and nothing was stored. The body is the array of the first
 * errors (100 unless `errorLimit` said otherwise), file-level errors first, then by row; the
 * `X-Error-Count` header holds how many errors there are in all.
 */
export const processLineListErrorSchema = lineListRowErrorSchema;
export type ProcessLineListError = z.infer<typeof processLineListErrorSchema>;
export const processLineListErrorsSchema = z.array(processLineListErrorSchema);
export const errorCountHeader = "x-error-count";
