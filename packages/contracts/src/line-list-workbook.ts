/**
 * The Crocs line list workbook's columns, limits and messages, and the workbook formats an upload
 * takes: what reading a workbook needs, without zod. The parse worker loads only this module of
 * the contracts (a fresh thread pays for every module it loads, and zod is a large part of the
 * worker's start: docs/performance.md, "Line list import"). line-list-format.ts and uploads.ts
 * export all of it again, beside their schemas.
 */

/** The columns of row 1, in the template's order. `key` names the field a column fills. */
export const lineListColumns = [
  { key: "franchise", header: "Franchise", required: false },
  { key: "silhouette", header: "Silhouette", required: false },
  { key: "model_code", header: "Model Code", required: true },
  { key: "color", header: "Color", required: false },
  { key: "gender", header: "Gender", required: false },
  { key: "msrp", header: "MSRP", required: false },
  { key: "expected_shipped_date", header: "Expected Ship Date", required: false },
  { key: "image_urls", header: "Image URLs", required: false },
  { key: "comfort_level", header: "Comfort Level", required: false },
  { key: "height_range", header: "Height Range", required: false },
  { key: "wear_occasion", header: "Wear Occasion", required: false },
  { key: "target_fit", header: "Target Fit", required: false },
  { key: "size", header: "Size", required: true },
  { key: "sku", header: "SKU", required: true },
] as const;

export type LineListColumn = (typeof lineListColumns)[number];
export type LineListColumnKey = LineListColumn["key"];
export type LineListHeader = LineListColumn["header"];

export const lineListHeaders = Object.fromEntries(
  lineListColumns.map((column) => [column.key, column.header]),
) as { [K in LineListColumnKey]: Extract<LineListColumn, { key: K }>["header"] };

/**
 * Headers are compared case-insensitively and without spaces, dashes or underscores, so
 * "MODEL_CODE", "model-code" and "Model Code" are the same column.
 */
export function normalizeLineListHeader(header: string): string {
  return header.toLowerCase().replace(/[\s\-_]+/g, "");
}

/** The cell text that means "this style has no pictures" (compared case-insensitively). */
export const noImageText = "No Image";
/** Image URLs are separated by commas or line breaks. */
export const imageUrlSeparator = /[,\r\n]+/;

const mib = 1024 * 1024;

export const lineListLimits = {
  /** Data rows below the header row. */
  maxDataRows: 100_000,
  maxColumns: 256,
  /** Any workbook file, before anything is read. */
  maxFileBytes: 100 * mib,
  /** .xls files are not compressed, so their size is what the parser has to hold. */
  maxXlsFileBytes: 50 * mib,
  /** .xlsx archives: parts, total size once inflated, and inflated-to-compressed ratio. */
  maxArchiveEntries: 1_000,
  maxUncompressedBytes: 200 * mib,
  maxCompressionRatio: 100,
  /** Parts smaller than this are too small to be a bomb; tiny XML parts compress very well. */
  compressionRatioMinBytes: mib,
  parseTimeoutMs: 60_000,
  parseMemoryMb: 512,
  /** How many row errors an answer or a toast shows; the error report holds all of them. */
  errorsShown: 100,
} as const;

/** Where the web app serves the downloadable template (apps/web/public/templates). */
export const lineListTemplatePath = "/templates/crocs-line-list-template.xlsx";

/**
 * The file formats a line list upload takes, by extension, with the content type each must be sent
 * as: Excel workbooks and CSV text (issue 32). An order form is a workbook only
 * (spreadsheetExtensions).
 */
export const workbookContentTypes = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  csv: "text/csv",
} as const;
export type WorkbookExtension = keyof typeof workbookContentTypes;
export const workbookExtensions = Object.keys(workbookContentTypes) as WorkbookExtension[];
/** The Excel formats among them: what a file that must have sheets (an order form) may be. */
export const spreadsheetExtensions = ["xlsx", "xls"] as const satisfies readonly WorkbookExtension[];

/** The upload extension of a file name ("xlsx", "xls" or "csv", case-insensitive), or null. */
export function workbookExtension(fileName: string): WorkbookExtension | null {
  const match = /\.(xlsx|xls|csv)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as WorkbookExtension) : null;
}

/** The content type to declare and send for a file (browsers often report none for .xls). */
export function contentTypeForFileName(fileName: string): string | null {
  const extension = workbookExtension(fileName);
  return extension ? workbookContentTypes[extension] : null;
}

const count = (value: number) => value.toLocaleString("en-US");
const megabytes = (bytes: number) => `${count(Math.round(bytes / mib))} MB`;

export const lineListFormatMessages = {
  // The file as a whole.
  wrongExtension: "Only .xlsx, .xls and .csv files can be uploaded",
  notAWorkbook: "The file is not an Excel workbook (.xlsx or .xls)",
  /** An .xls renamed .xlsx, or the reverse. */
  extensionMismatch: (content: string, extension: string) =>
    `The file is an .${content} workbook but its name ends in .${extension}; open it in Excel, save it as .xlsx and upload it again`,
  unreadableWorkbook: "The workbook could not be read; open it in Excel, save it again and retry",
  passwordProtected: "The workbook is password-protected; save it without a password and upload it again",
  fileTooLarge: (limitBytes: number) => `The file is larger than ${megabytes(limitBytes)}`,
  tooManyParts: `The workbook has more than ${count(lineListLimits.maxArchiveEntries)} parts, which a line list never needs`,
  inflatesTooLarge: `The workbook expands to more than ${megabytes(lineListLimits.maxUncompressedBytes)}; remove unused sheets and pictures`,
  suspiciousCompression: `The workbook is compressed more than ${lineListLimits.maxCompressionRatio}:1, as only a zip bomb is; it was refused`,
  undeclaredExpansion:
    "A part of the workbook expands beyond the size it declares, as only a zip bomb does; it was refused",
  corruptArchive: "The workbook is damaged; open it in Excel, save it again and retry",
  tookTooLong: `Reading the workbook took longer than ${lineListLimits.parseTimeoutMs / 1000} seconds`,
  outOfMemory: "The workbook needs more memory than a line list may use; split it into smaller files",

  // The first sheet.
  sheetName: (name: string) =>
    `The first sheet's name "${name}" must be the season and a 4-digit year, e.g. "Spring 2027"`,
  emptySheet: "The first sheet is empty",
  noDataRows: "The first sheet has no data rows below the headers",
  tooManyRows: `The first sheet has more than ${count(lineListLimits.maxDataRows)} data rows; split it into several files`,
  tooManyColumns: `The first sheet uses more than ${count(lineListLimits.maxColumns)} columns`,
  missingColumn: (header: string) => `Required column "${header}" is missing from row 1`,
  duplicateColumn: (header: string, otherColumn: string) =>
    `Column "${header}" appears twice in row 1 (also column ${otherColumn})`,

  // A cell.
  required: (header: string) => `${header} is required`,
  errorValue: "The cell holds a formula error instead of a value",
  msrpInvalid: "MSRP must be a number of 0 or more",
  dateInvalid: "Expected Ship Date must be a date cell or an ISO date (YYYY-MM-DD)",
  imageUrlsInvalid: `Image URLs must be web addresses (http or https) separated by commas or line breaks, or "${noImageText}"`,
  duplicateSku: (firstRow: number) => `This SKU already appears on row ${firstRow}`,
  duplicateSize: (modelCode: string, firstRow: number) =>
    `Model Code ${modelCode} already has this size on row ${firstRow}`,
  conflictingStyleValue: (header: string, modelCode: string, firstRow: number) =>
    `${header} differs from row ${firstRow}, which has the same Model Code ${modelCode}`,
} as const;
