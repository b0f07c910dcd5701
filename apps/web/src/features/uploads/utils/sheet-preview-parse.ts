import type * as SheetJsModule from "@e965/xlsx";
import { lineListHeaders, normalizeLineListHeader } from "@cm/contracts/line-list-workbook";
import type { SheetPreview } from "@/features/uploads/utils/upload-draft";

/**
 * The small first-rows preview of the chosen workbook (SPEC.md section 9): the first 15 rows of
 * the first sheet; row 1 gives the column names and is not repeated as data; the first column is
 * skipped and the next 4 shown, then the Size and SKU columns wherever row 1 has them (a style has
 * a row per size, so without them its rows look alike). The server does the real parsing; this
 * only helps staff see they picked the right file.
 *
 * This module is what both the page and the preview's Web Worker run: no DOM, no dynamic import
 * (the worker is bundled as one classic script).
 */
export const sheetPreviewLimits = {
  rowsRead: 15,
  columnsSkipped: 1,
  columnsShown: 4,
  /** Larger files are not read in the browser (the server still takes them, up to its limit). */
  maxFileBytes: 25 * 1024 * 1024,
} as const;

export type SheetJs = typeof SheetJsModule;

/**
 * Only the first sheet (`sheets: 0`), only its first 15 rows (`sheetRows`), as text: no formulas,
 * HTML, styles or macros. SheetJS still inflates the sheet and its shared strings, which is why
 * the read runs in a worker.
 */
export const sheetPreviewReadOptions = {
  type: "array",
  sheets: 0,
  sheetRows: sheetPreviewLimits.rowsRead,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
} as const satisfies SheetJsModule.ParsingOptions;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value).trim();
}

/** The columns that tell a style's rows apart, found by their header as the parser finds them. */
const distinguishingHeaders = [lineListHeaders.size, lineListHeaders.sku].map(normalizeLineListHeader);

/** Rows as read from the sheet (arrays of cells) to the preview's column names and data rows. */
export function extractSheetPreview(
  sheetName: string,
  sheetRows: readonly (readonly unknown[])[],
): SheetPreview {
  const { rowsRead, columnsSkipped, columnsShown } = sheetPreviewLimits;
  const [headerRow = [], ...dataRows] = sheetRows.slice(0, rowsRead);
  const rows = dataRows.filter((row) => row.some((cell) => cellText(cell) !== ""));
  // The first columns after the skipped one, only as many as the sheet has.
  let width = columnsShown;
  const blank = (index: number) =>
    cellText(headerRow[index]) === "" && rows.every((row) => cellText(row[index]) === "");
  while (width > 0 && blank(columnsSkipped + width - 1)) width -= 1;
  const shown = Array.from({ length: width }, (_, index) => columnsSkipped + index);
  for (const header of distinguishingHeaders) {
    const index = headerRow.findIndex((cell) => normalizeLineListHeader(cellText(cell)) === header);
    if (index >= 0 && !shown.includes(index)) shown.push(index);
  }
  const pick = (row: readonly unknown[]) => shown.map((index) => cellText(row[index]));
  return { sheetName, columns: pick(headerRow), rows: rows.map(pick) };
}

/** Reads only the first rows of the first sheet of a workbook's bytes. */
export function parseSheetPreview(XLSX: SheetJs, bytes: ArrayBuffer): SheetPreview {
  const workbook = XLSX.read(bytes, sheetPreviewReadOptions);
  const sheetName = workbook.SheetNames[0];
  if (sheetName === undefined) return { sheetName: "", columns: [], rows: [] };
  const sheet = workbook.Sheets[sheetName];
  const rows = sheet
    ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: false })
    : [];
  return extractSheetPreview(sheetName, rows);
}

/** A message to the preview worker: the file itself (a File is cloned by reference, not copied). */
export interface SheetPreviewRequest {
  id: number;
  file: Blob;
}

/** Its answer: the preview, or why the file could not be read. */
export type SheetPreviewResponse =
  { id: number; ok: true; preview: SheetPreview } | { id: number; ok: false; message: string };

/** What the worker does with a request (exported so tests can run it without a worker). */
export async function answerSheetPreviewRequest(
  XLSX: SheetJs,
  request: SheetPreviewRequest,
): Promise<SheetPreviewResponse> {
  try {
    return { id: request.id, ok: true, preview: parseSheetPreview(XLSX, await request.file.arrayBuffer()) };
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
