import type * as SheetJsModule from "@e965/xlsx";
import type { SheetPreview } from "@/features/upload/utils/upload-draft";

/**
 * The small first-rows preview of the chosen workbook (SPEC.md section 9): the first 15 rows of
 * the first sheet; row 1 gives the column names and is not repeated as data; the first column is
 * skipped and the next 4 shown. The server does the real parsing; this only helps staff see they
 * picked the right file.
 */
export const sheetPreviewLimits = {
  rowsRead: 15,
  columnsSkipped: 1,
  columnsShown: 4,
  /** Larger files are not read in the browser (the server still takes them, up to its limit). */
  maxFileBytes: 25 * 1024 * 1024,
} as const;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value).trim();
}

/** Rows as read from the sheet (arrays of cells) to the preview's column names and data rows. */
export function extractSheetPreview(
  sheetName: string,
  sheetRows: readonly (readonly unknown[])[],
): SheetPreview {
  const { rowsRead, columnsSkipped, columnsShown } = sheetPreviewLimits;
  const firstRows = sheetRows.slice(0, rowsRead);
  const pick = (row: readonly unknown[] | undefined) =>
    Array.from({ length: columnsShown }, (_, index) => cellText(row?.[columnsSkipped + index]));
  const [headerRow, ...dataRows] = firstRows;
  const columns = pick(headerRow);
  const rows = dataRows.map(pick).filter((row) => row.some((cell) => cell !== ""));
  // Only as many columns as the sheet has.
  let width = columnsShown;
  while (width > 0 && columns[width - 1] === "" && rows.every((row) => row[width - 1] === "")) width -= 1;
  return {
    sheetName,
    columns: columns.slice(0, width),
    rows: rows.map((row) => row.slice(0, width)),
  };
}

type SheetJs = typeof SheetJsModule;
let sheetJs: Promise<SheetJs> | undefined;

/** SheetJS, in its own chunk, fetched the first time the dialog opens. */
export function loadSheetJs(): Promise<SheetJs> {
  sheetJs ??= import("@e965/xlsx").catch((error: unknown) => {
    // A failed fetch (e.g. offline) may work next time.
    sheetJs = undefined;
    throw error;
  });
  return sheetJs;
}

/** Reads only the first rows of the first sheet, as text, without formulas or styles. */
export async function readSheetPreview(file: File): Promise<SheetPreview> {
  const XLSX = await loadSheetJs();
  const workbook = XLSX.read(await file.arrayBuffer(), {
    type: "array",
    sheets: 0,
    sheetRows: sheetPreviewLimits.rowsRead,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
  });
  const sheetName = workbook.SheetNames[0];
  if (sheetName === undefined) return { sheetName: "", columns: [], rows: [] };
  const sheet = workbook.Sheets[sheetName];
  const rows = sheet
    ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "", blankrows: false })
    : [];
  return extractSheetPreview(sheetName, rows);
}
