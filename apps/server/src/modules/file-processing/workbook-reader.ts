import {
  lineListFormatMessages as messages,
  lineListLimits,
  workbookExtension,
} from "@cm/contracts/line-list-workbook";
import type { CellObject, ParsingOptions, WorkBook } from "@e965/xlsx";
import type { CellValue, SheetGrid } from "./line-list-parser.ts";
import { loadSheetJs, type SheetJs } from "./sheetjs.ts";
import {
  defaultArchiveLimits,
  openWorkbookParts,
  startsWith,
  WorksheetPart,
  zipSignature,
  type ArchiveLimits,
} from "./workbook-guard.ts";
import { WorkbookRefusal } from "./workbook-refusal.ts";
import { decodeCell, encodeColumn } from "./xlsx/cell-references.ts";
import { isSelected, readXlsxParts } from "./xlsx/stream-reader.ts";
import { storedPart, zipArchive } from "./zip-archive.ts";

export interface WorkbookLimits {
  maxFileBytes: number;
  maxXlsFileBytes: number;
  maxDataRows: number;
  maxColumns: number;
  archive: ArchiveLimits;
}

export const defaultWorkbookLimits: WorkbookLimits = {
  maxFileBytes: lineListLimits.maxFileBytes,
  maxXlsFileBytes: lineListLimits.maxXlsFileBytes,
  maxDataRows: lineListLimits.maxDataRows,
  maxColumns: lineListLimits.maxColumns,
  archive: defaultArchiveLimits,
};

/** What the grids are made from: SheetJS's workbook, or the streaming reader's of the same shape. */
interface ReadWorkbook {
  SheetNames: string[];
  Sheets: Record<string, SheetCells | undefined>;
}
interface SheetCells {
  /** Rows of cells, as SheetJS's `dense` option gives them. */
  "!data"?: unknown;
  "!fullref"?: unknown;
}

/**
 * Which reader reads .xlsx files: the streaming reader, with SheetJS for what it declines
 * ("auto"); SheetJS alone; or the streaming reader alone, failing where it declines (tests).
 * .xls files are always read by SheetJS.
 */
export type XlsxReader = "auto" | "sheetjs" | "streaming-only";

// Compound File Binary: the container of .xls (BIFF) files, and of password-protected .xlsx.
export const cfbSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function hasWorkbookExtension(fileName: string): boolean {
  return /\.xlsx?$/i.test(fileName.trim());
}

/**
 * Whether a compound document is an .xls workbook, not something else Excel keeps in the same
 * container (a password-protected .xlsx). Reads the container's directory only.
 */
function isXlsWorkbook(XLSX: SheetJs, bytes: Buffer): boolean {
  try {
    const container = XLSX.CFB.read(bytes, { type: "buffer" });
    return Boolean(XLSX.CFB.find(container, "Workbook") || XLSX.CFB.find(container, "Book"));
  } catch {
    // No compound document SheetJS can read: the reader below refuses it in its own words.
    return false;
  }
}

/**
 * Reads the first sheet of an .xlsx or .xls file into a grid of plain values. Throws a
 * WorkbookRefusal for anything that is not such a workbook or breaks a limit. The kind of file is
 * told by its content, not its name: SheetJS alone would read CSV, HTML or any text as a sheet.
 */
export async function readFirstSheet(
  bytes: Buffer,
  limits: WorkbookLimits = defaultWorkbookLimits,
  fileName?: string,
  xlsxReader: XlsxReader = "auto",
): Promise<SheetGrid> {
  const [sheet] = await readSheets(bytes, 0, limits, fileName, xlsxReader);
  if (!sheet) throw new WorkbookRefusal(messages.emptySheet);
  return sheet;
}

/**
 * Reads the sheets asked for (by position or name, as SheetJS's `sheets` option takes them) into
 * grids, in workbook order, with the checks and limits of readFirstSheet; the workbook's other
 * sheets are never parsed. Sheets it does not have are left out. Order forms read two sheets.
 * Given the file's name, a workbook whose content is not what the name says (an .xls renamed
 * .xlsx, or the reverse) is refused before it is parsed: read by its content it would pass, but
 * the person is told rather than the file kept under a kind it is not.
 */
export async function readSheets(
  bytes: Buffer,
  sheets: NonNullable<ParsingOptions["sheets"]>,
  limits: WorkbookLimits = defaultWorkbookLimits,
  fileName?: string,
  xlsxReader: XlsxReader = "auto",
  /** How much of a worksheet the streaming reader takes at a time (tests make it small). */
  chunkBytes?: number,
): Promise<SheetGrid[]> {
  return (await readWorkbookSheets(bytes, sheets, limits, fileName, xlsxReader, chunkBytes)).grids;
}

/** The sheets asked for, as readSheets reads them, and the names of every sheet of the workbook. */
export interface WorkbookSheets {
  kind: "xlsx" | "xls";
  sheetNames: string[];
  grids: SheetGrid[];
}

/** readSheets, also answering the workbook's kind and every sheet's name (in workbook order). */
export async function readWorkbookSheets(
  bytes: Buffer,
  sheets: NonNullable<ParsingOptions["sheets"]>,
  limits: WorkbookLimits = defaultWorkbookLimits,
  fileName?: string,
  xlsxReader: XlsxReader = "auto",
  chunkBytes?: number,
): Promise<WorkbookSheets> {
  const named = fileName === undefined ? null : workbookExtension(fileName);
  if (bytes.length > limits.maxFileBytes)
    throw new WorkbookRefusal(messages.fileTooLarge(limits.maxFileBytes));

  let workbook: ReadWorkbook;
  let kind: WorkbookSheets["kind"];
  if (startsWith(bytes, zipSignature)) {
    kind = "xlsx";
    // Worksheets only as far as SheetJS reads them (see sheetRows below), inflated as they are read.
    const parts = await openWorkbookParts(bytes, limits.archive, limits.maxDataRows + 2);
    if (!parts.has("[Content_Types].xml")) throw new WorkbookRefusal(messages.notAWorkbook);
    if (named === "xls") throw new WorkbookRefusal(messages.extensionMismatch("xlsx", named));
    // SheetJS is not even loaded for the workbooks the streaming reader reads.
    const streamed =
      xlsxReader === "sheetjs"
        ? null
        : await readXlsxParts(parts, sheets, limits.maxDataRows + 2, chunkBytes);
    if (streamed) return { kind, sheetNames: streamed.SheetNames, grids: toGrids(streamed, sheets, limits) };
    if (xlsxReader === "streaming-only") throw new Error("The streaming reader declined this workbook");
    // Repacked stored, so SheetJS slices the checked parts and inflates nothing. Only the archive
    // is kept while SheetJS reads it: the inflated parts can go.
    const inflated: [string, Buffer][] = [];
    for (const [name, part] of parts) {
      inflated.push([name, part instanceof WorksheetPart ? await part.inflate() : part]);
    }
    parts.clear();
    const archive = zipArchive(inflated.map(([name, content]) => storedPart(name, content)));
    inflated.length = 0;
    workbook = readWithSheetJs(await loadSheetJs(), archive, sheets, limits);
  } else if (startsWith(bytes, cfbSignature)) {
    kind = "xls";
    if (bytes.length > limits.maxXlsFileBytes) {
      throw new WorkbookRefusal(messages.fileTooLarge(limits.maxXlsFileBytes));
    }
    if (named === "xlsx" && isXlsWorkbook(await loadSheetJs(), bytes)) {
      throw new WorkbookRefusal(messages.extensionMismatch("xls", named));
    }
    workbook = readWithSheetJs(await loadSheetJs(), bytes, sheets, limits);
  } else {
    throw new WorkbookRefusal(messages.notAWorkbook);
  }

  return { kind, sheetNames: [...workbook.SheetNames], grids: toGrids(workbook, sheets, limits) };
}

function toGrids(
  workbook: ReadWorkbook,
  sheets: NonNullable<ParsingOptions["sheets"]>,
  limits: WorkbookLimits,
): SheetGrid[] {
  // SheetJS's .xls reader parses every sheet whatever `sheets` says: only those asked for are read.
  return workbook.SheetNames.flatMap((name, index) => {
    const sheet = workbook.Sheets[name];
    return sheet && isSelected(sheets, name, index) ? [{ name, rows: toGrid(sheet, limits) }] : [];
  });
}

function readWithSheetJs(
  XLSX: SheetJs,
  bytes: Buffer,
  sheets: NonNullable<ParsingOptions["sheets"]>,
  limits: WorkbookLimits,
): WorkBook {
  const options: ParsingOptions = {
    type: "buffer",
    // Only the sheets asked for (the first one for a line list); the others are never parsed.
    sheets,
    // Header row, the allowed data rows, and one more to notice a sheet that is too long
    // without reading the rest of it.
    sheetRows: limits.maxDataRows + 2,
    // Rows as arrays: a fraction of the memory of one object per cell address.
    dense: true,
    // Date cells arrive as dates (their UTC fields hold the calendar date), not serial numbers.
    cellDates: true,
    // Formulas are never kept, let alone evaluated: a formula cell yields the value Excel
    // cached for it, or nothing.
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellNF: false,
    cellStyles: false,
    sheetStubs: false,
    bookVBA: false,
    bookFiles: false,
    bookDeps: false,
  };
  try {
    return XLSX.read(bytes, options);
  } catch (error) {
    if (error instanceof Error && /password|encrypt/i.test(error.message)) {
      throw new WorkbookRefusal(messages.passwordProtected);
    }
    throw new WorkbookRefusal(messages.unreadableWorkbook);
  }
}

// The codes BIFF and SheetJS use for error cells.
const errorTexts: Record<number, string> = {
  0x00: "#NULL!",
  0x07: "#DIV/0!",
  0x0f: "#VALUE!",
  0x17: "#REF!",
  0x1d: "#NAME?",
  0x24: "#NUM!",
  0x2a: "#N/A",
  0x2b: "#GETTING_DATA",
};

function toCellValue(cell: CellObject | undefined): CellValue | undefined {
  if (!cell) return undefined;
  switch (cell.t) {
    case "s":
      return typeof cell.v === "string" ? cell.v : String(cell.v ?? "");
    case "n":
      return typeof cell.v === "number" && Number.isFinite(cell.v) ? cell.v : undefined;
    case "b":
      return Boolean(cell.v);
    case "d":
      return cell.v instanceof Date ? cell.v : new Date(String(cell.v));
    case "e":
      return { error: typeof cell.v === "number" ? (errorTexts[cell.v] ?? "#ERROR") : "#ERROR" };
    default:
      return undefined;
  }
}

function toGrid(sheet: SheetCells, limits: WorkbookLimits): SheetGrid["rows"] {
  const data = (sheet["!data"] ?? []) as (CellObject[] | undefined)[];
  const lastAllowedIndex = limits.maxDataRows; // index 0 is the header row

  // The writer's recorded used range reaches past what was read (SheetJS stops at sheetRows).
  const fullRef = sheet["!fullref"];
  // decode_range's end: the cell after ":", or the only one.
  const recordedLastIndex =
    typeof fullRef === "string" ? decodeCell(fullRef.slice(fullRef.indexOf(":") + 1)).r : -1;
  const readPastLimit = data
    .slice(lastAllowedIndex + 1)
    .some((row) => row?.some((cell) => cell?.v !== undefined));
  if (readPastLimit || recordedLastIndex > lastAllowedIndex) {
    throw new WorkbookRefusal(messages.tooManyRows, { row: lastAllowedIndex + 2 });
  }

  const rows: (CellValue | undefined)[][] = [];
  for (let r = 0; r < data.length; r += 1) {
    const row = data[r];
    if (!row) continue;
    if (row.length > limits.maxColumns) {
      const beyond = row.slice(limits.maxColumns).findIndex((cell) => cell?.v !== undefined);
      if (beyond >= 0) {
        throw new WorkbookRefusal(messages.tooManyColumns, {
          row: r + 1,
          column: encodeColumn(limits.maxColumns + beyond),
        });
      }
    }
    const values: (CellValue | undefined)[] = [];
    for (let c = 0; c < Math.min(row.length, limits.maxColumns); c += 1) values[c] = toCellValue(row[c]);
    rows[r] = values;
  }
  return rows;
}
