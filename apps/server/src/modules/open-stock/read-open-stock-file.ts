import { readFile, stat } from "node:fs/promises";
import { lineListFormatMessages } from "@cm/contracts/line-list-workbook";
import type { LineListRowError } from "@cm/contracts/line-list-format";
import {
  cellText,
  findColumn,
  findOpenStockHeaderRow,
  guessOpenStockColumns,
  headersOf,
  maxAvailableQuantity,
  openStockFingerprint,
  openStockLimits,
  openStockMessages,
  readQuantity,
  readSku,
  type OpenStockColumns,
} from "@cm/contracts/open-stock-file";
import { readCsv } from "../file-processing/csv/read-csv.ts";
import type { SheetGrid } from "../file-processing/line-list-parser.ts";
import { loadSheetJs } from "../file-processing/sheetjs.ts";
import { openWorkbookParts, startsWith, zipSignature } from "../file-processing/workbook-guard.ts";
import {
  defaultWorkbookLimits,
  readSheets,
  type WorkbookLimits,
} from "../file-processing/workbook-reader.ts";
import { WorkbookRefusal } from "../file-processing/workbook-refusal.ts";
import { readWorkbook } from "../file-processing/xlsx/package-parts.ts";

/**
 * Reading an Open Stock file: the whole job of the Open Stock worker (read-in-worker.ts), on the
 * calling thread. Structured-cloneable in and out, and free of zod and of the database: the
 * layouts saved for earlier files come in with the request.
 */

export type OpenStockFileKind = "xlsx" | "xls" | "csv";

export interface SavedOpenStockLayout {
  fingerprint: string;
  sheet: string | null;
  headerRow: number;
  skuColumn: string;
  quantityColumn: string;
}

export interface ReadOpenStockInput {
  /** Where the stored file is on this machine. */
  path: string;
  /** The stored file's key: its extension says what the file must be. */
  key: string;
  fileName: string;
  sheet?: string;
  headerRow?: number;
  columns?: OpenStockColumns;
  savedLayouts: SavedOpenStockLayout[];
  limits?: WorkbookLimits;
}

export interface OpenStockFileRead {
  ok: true;
  kind: OpenStockFileKind;
  sheets: string[];
  sheet: string | null;
  headerRow: number;
  headers: string[];
  samples: string[][];
  rowCount: number;
  fingerprint: string;
  columns: { sku: string | null; quantity: string | null };
  source: "saved" | "given" | "guessed";
  problems: string[];
  /** Each distinct SKU of the file, in the order it first appears, with its quantity (added up). */
  skus: string[];
  quantities: number[];
  duplicates: number;
  /** The first row errors, and how many there are in all. */
  rowErrors: LineListRowError[];
  rowErrorCount: number;
}

export type OpenStockReadResult = OpenStockFileRead | { ok: false; message: string };

export function openStockFileKind(key: string): OpenStockFileKind | null {
  const match = /\.(xlsx|xls|csv)$/i.exec(key.trim());
  return match ? (match[1]!.toLowerCase() as OpenStockFileKind) : null;
}

const cfbSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The workbook's sheet names in order, read from its directory alone; [] when it does not tell. */
async function sheetNames(bytes: Buffer, limits: WorkbookLimits): Promise<string[]> {
  try {
    if (startsWith(bytes, zipSignature)) {
      // Worksheets stay compressed (read lazily, and never here).
      const parts = await openWorkbookParts(bytes, limits.archive, 1);
      const workbookPart = [...parts.keys()].find((name) => /(^|\/)workbook\.xml$/i.test(name));
      const part = workbookPart ? parts.get(workbookPart) : undefined;
      if (!Buffer.isBuffer(part)) return [];
      return readWorkbook(part.toString("latin1")).sheets.map((sheet) => sheet.name);
    }
    if (startsWith(bytes, cfbSignature)) {
      const XLSX = await loadSheetJs();
      return XLSX.read(bytes, { type: "buffer", bookSheets: true }).SheetNames;
    }
  } catch {
    // The reader below refuses a damaged workbook in its own words.
  }
  return [];
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sampleLength = 60;

function samplesOf(grid: SheetGrid, headerRow: number, width: number): string[][] {
  const samples: string[][] = Array.from({ length: width }, () => []);
  let missing = width;
  for (let r = headerRow; r < grid.rows.length && missing > 0; r += 1) {
    const row = grid.rows[r];
    if (!row) continue;
    for (let c = 0; c < width; c += 1) {
      const list = samples[c]!;
      if (list.length >= openStockLimits.sampleValues) continue;
      const text = cellText(row[c]);
      if (text === "") continue;
      list.push(text.length > sampleLength ? `${text.slice(0, sampleLength - 1)}…` : text);
      if (list.length === openStockLimits.sampleValues) missing -= 1;
    }
  }
  return samples;
}

interface Candidate {
  grid: SheetGrid;
  sheet: string | null;
  headerRow: number;
  headers: string[];
  fingerprint: string;
  saved: SavedOpenStockLayout | undefined;
}

function candidate(
  grid: SheetGrid,
  sheet: string | null,
  headerRow: number,
  saved: ReadonlyMap<string, SavedOpenStockLayout>,
): Candidate {
  const headers = headersOf(grid.rows, headerRow);
  const fingerprint = openStockFingerprint(headers);
  return { grid, sheet, headerRow, headers, fingerprint, saved: saved.get(fingerprint) };
}

/** The sheet and header row to read: those of a saved layout the file matches, else the asked or detected ones. */
function chooseLayout(
  grids: { grid: SheetGrid; sheet: string | null }[],
  input: ReadOpenStockInput,
): Candidate {
  const saved = new Map(input.savedLayouts.map((layout) => [layout.fingerprint, layout]));
  for (const { grid, sheet } of grids) {
    const rows = input.headerRow
      ? [input.headerRow]
      : [
          ...new Set([
            ...input.savedLayouts.map((layout) => layout.headerRow),
            findOpenStockHeaderRow(grid.rows),
          ]),
        ];
    for (const headerRow of rows) {
      const found = candidate(grid, sheet, headerRow, saved);
      if (found.saved) return found;
    }
  }
  // No saved layout: the sheet asked for, or the first one, at the row asked for or detected.
  const { grid, sheet } = grids.at(-1)!;
  return candidate(grid, sheet, input.headerRow ?? findOpenStockHeaderRow(grid.rows), saved);
}

/**
 * Reads an Open Stock file: the sheet and header row, the SKU and quantity columns (given, saved
 * for the layout, or guessed), and every SKU with its quantity. Refusals (a file that is not what
 * its key says, over a limit, a sheet it does not have) answer `{ ok: false, message }`.
 */
export async function readOpenStockFile(input: ReadOpenStockInput): Promise<OpenStockReadResult> {
  const limits = input.limits ?? defaultWorkbookLimits;
  try {
    const kind = openStockFileKind(input.key);
    if (!kind) throw new WorkbookRefusal(openStockMessages.wrongFileType);
    if ((await stat(input.path)).size > limits.maxFileBytes) {
      throw new WorkbookRefusal(lineListFormatMessages.fileTooLarge(limits.maxFileBytes));
    }
    const bytes = await readFile(input.path);

    let sheets: string[] = [];
    let grids: { grid: SheetGrid; sheet: string | null }[];
    if (kind === "csv") {
      grids = [{ grid: readCsv(bytes, { fileName: input.fileName, limits }).sheet, sheet: null }];
    } else {
      sheets = await sheetNames(bytes, limits);
      if (
        input.sheet !== undefined &&
        sheets.length > 0 &&
        !sheets.some((name) => sameName(name, input.sheet!))
      ) {
        throw new WorkbookRefusal(openStockMessages.sheetNotFound(input.sheet));
      }
      // Sheets a saved layout names come first, then the one asked for or the first one.
      const savedSheets =
        input.sheet === undefined
          ? [...new Set(input.savedLayouts.flatMap((layout) => (layout.sheet ? [layout.sheet] : [])))].filter(
              (name) => sheets.slice(1).some((sheet) => sameName(sheet, name)),
            )
          : [];
      const read = await readSheets(bytes, [...savedSheets, input.sheet ?? 0], limits, input.key);
      if (read.length === 0) {
        throw new WorkbookRefusal(
          input.sheet === undefined
            ? lineListFormatMessages.emptySheet
            : openStockMessages.sheetNotFound(input.sheet),
        );
      }
      const main =
        input.sheet === undefined ? read[0]! : read.find((grid) => sameName(grid.name, input.sheet!))!;
      grids = [
        ...read.filter((grid) => grid !== main).map((grid) => ({ grid, sheet: grid.name })),
        { grid: main, sheet: main.name },
      ];
    }
    return readRows(kind, sheets, chooseLayout(grids, input), input);
  } catch (error) {
    if (error instanceof WorkbookRefusal) return { ok: false, message: error.message };
    throw error;
  }
}

function readRows(
  kind: OpenStockFileKind,
  sheets: string[],
  layout: Candidate,
  input: ReadOpenStockInput,
): OpenStockFileRead {
  const { grid, headerRow, headers } = layout;
  const problems: string[] = [];
  if (headers.every((header) => header === "")) problems.push(openStockMessages.headerRowEmpty(headerRow));

  let source: OpenStockFileRead["source"];
  let skuIndex: number | null;
  let quantityIndex: number | null;
  const byName = (column: string) => {
    const index = findColumn(headers, column);
    if (index < 0) problems.push(openStockMessages.columnNotFound(column));
    return index < 0 ? null : index;
  };
  if (input.columns) {
    source = "given";
    skuIndex = byName(input.columns.sku);
    quantityIndex = byName(input.columns.quantity);
  } else if (layout.saved) {
    source = "saved";
    skuIndex = byName(layout.saved.skuColumn);
    quantityIndex = byName(layout.saved.quantityColumn);
  } else {
    source = "guessed";
    const guess = guessOpenStockColumns(headers, grid.rows.slice(headerRow));
    skuIndex = guess.sku;
    quantityIndex = guess.quantity;
  }
  if (skuIndex === null && !problems.length) problems.push(openStockMessages.chooseSkuColumn);
  if (quantityIndex === null && !problems.length) problems.push(openStockMessages.chooseQuantityColumn);
  if (skuIndex !== null && skuIndex === quantityIndex) problems.push(openStockMessages.sameColumn);

  const totals = new Map<string, number>();
  const rowErrors: LineListRowError[] = [];
  let rowErrorCount = 0;
  let duplicates = 0;
  const seenTwice = new Set<string>();
  let rowCount = 0;
  for (let r = headerRow; r < grid.rows.length; r += 1) {
    const row = grid.rows[r];
    if (!row?.some((cell) => cellText(cell) !== "")) continue;
    rowCount += 1;
    if (problems.length > 0 || skuIndex === null || quantityIndex === null) continue;
    // A row without an SKU (a total, a note) is not a stock line.
    const sku = readSku(row[skuIndex]);
    if (sku === null) continue;
    const reading = readQuantity(row[quantityIndex]);
    if (!reading.ok) {
      rowErrorCount += 1;
      if (rowErrors.length < openStockLimits.rowErrorsShown) {
        const value = cellText(row[quantityIndex]);
        rowErrors.push({
          row: r + 1,
          column: headers[quantityIndex] ?? null,
          ...(value ? { value: value.slice(0, 100) } : {}),
          message: `${sku}: ${reading.message}`,
        });
      }
      continue;
    }
    const previous = totals.get(sku);
    if (previous !== undefined && !seenTwice.has(sku)) {
      seenTwice.add(sku);
      duplicates += 1;
    }
    totals.set(sku, Math.min((previous ?? 0) + reading.quantity, maxAvailableQuantity));
  }

  return {
    ok: true,
    kind,
    sheets,
    sheet: layout.sheet,
    headerRow,
    headers,
    samples: samplesOf(grid, headerRow, headers.length),
    rowCount,
    fingerprint: layout.fingerprint,
    columns: {
      sku: skuIndex === null ? null : headers[skuIndex]!,
      quantity: quantityIndex === null ? null : headers[quantityIndex]!,
    },
    source,
    problems,
    skus: [...totals.keys()],
    quantities: [...totals.values()],
    duplicates,
    rowErrors,
    rowErrorCount,
  };
}
