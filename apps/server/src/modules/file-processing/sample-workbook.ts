import { PassThrough } from "node:stream";
import { lineListHeaders, noImageText } from "@cm/contracts/line-list-format";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";

/**
 * How sample line lists are written (sample-line-list.ts is the samples' entry point): the
 * table types, the seeded random numbers, and the .xlsx and .xls writers.
 *
 * .xlsx files are written with exceljs, not with SheetJS, which the parser uses: a file the
 * parser reads should come from another writer, as users' files do. exceljs cannot write .xls
 * (BIFF8) and we found no free, maintained BIFF8 writer on npm besides SheetJS, so .xls files
 * are written with SheetJS; the module's tests also read a .xls saved by LibreOffice (fixtures/).
 * SheetJS writes BIFF8 slowly (a fresh buffer for each cell record), which demos and tests can
 * afford.
 */

/** A cell as the table holds it: exceljs cell values (formulas, errors...) are allowed for .xlsx. */
export type SampleCell = ExcelJS.CellValue;

export interface LineListTable {
  sheetName: string;
  /** rows[0] holds the headers. */
  rows: SampleCell[][];
}

export interface SampleLineListOptions {
  styles: number;
  season?: string;
  year?: number;
  seed?: number;
}

/** mulberry32: small, fast and good enough for sample data. */
export function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const columnWidths: Record<string, number> = {
  [lineListHeaders.model_code]: 12,
  [lineListHeaders.expected_shipped_date]: 18,
  [lineListHeaders.image_urls]: 48,
  [lineListHeaders.comfort_level]: 20,
  [lineListHeaders.sku]: 15,
};

export interface WriteXlsxOptions {
  /** Adds a second sheet explaining each column (the downloadable template has it). */
  instructions?: boolean;
}

/**
 * Streams a workbook written by `addSheets` with exceljs, as Excel would store it (shared
 * strings, styles), into a buffer.
 */
async function writeXlsx(addSheets: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise((resolve, reject) => {
    output.on("end", resolve);
    output.on("error", reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: true,
    useStyles: true,
  });
  workbook.creator = "Catalog Manager";
  workbook.created = new Date(Date.UTC(2026, 0, 1));
  workbook.modified = workbook.created;
  addSheets(workbook);
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/**
 * Writes the table with exceljs, as Excel would store it: shared strings, date cells formatted
 * as dates, MSRP as currency, a bold frozen header row.
 */
export async function writeLineListXlsx(
  table: LineListTable,
  options: WriteXlsxOptions = {},
): Promise<Buffer> {
  return writeXlsx((workbook) => {
    const sheet = workbook.addWorksheet(table.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
    const headerRow = table.rows[0] ?? [];
    sheet.columns = headerRow.map((header) => ({ width: columnWidths[String(header)] ?? 14 }));
    const dateColumn = headerRow.indexOf(lineListHeaders.expected_shipped_date) + 1;
    const msrpColumn = headerRow.indexOf(lineListHeaders.msrp) + 1;
    table.rows.forEach((values, index) => {
      const row = sheet.addRow(values);
      if (index === 0) {
        row.font = { bold: true };
        row.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE4E4E7" } };
      } else {
        if (dateColumn > 0 && values[dateColumn - 1] instanceof Date)
          row.getCell(dateColumn).numFmt = "yyyy-mm-dd";
        if (msrpColumn > 0 && typeof values[msrpColumn - 1] === "number")
          row.getCell(msrpColumn).numFmt = "$#,##0.00";
      }
      row.commit();
    });
    sheet.commit();

    if (options.instructions) {
      const help = workbook.addWorksheet("How to fill in");
      help.columns = [{ width: 22 }, { width: 12 }, { width: 90 }];
      const heading = help.addRow(["Column", "Required", "What to write"]);
      heading.font = { bold: true };
      heading.commit();
      for (const [header, required, text] of instructionRows) help.addRow([header, required, text]).commit();
      help.addRow([]).commit();
      help
        .addRow([
          "Sheet name",
          "Yes",
          'The first sheet is the line list. Name it with the season and the 4-digit year, e.g. "Spring 2027". Other sheets are ignored.',
        ])
        .commit();
      help.commit();
    }
  });
}

const instructionRows: [string, string, string][] = [
  [lineListHeaders.franchise, "No", "Product family, e.g. Classic, Crocband, Echo."],
  [lineListHeaders.silhouette, "No", "Shape, e.g. Clog, Sandal, Slide."],
  [
    lineListHeaders.model_code,
    "Yes",
    "Style-colour code, e.g. 10001-001. Rows with the same Model Code are the sizes of one style.",
  ],
  [lineListHeaders.color, "No", "Colour name, e.g. Black."],
  [lineListHeaders.gender, "No", "e.g. Unisex, Women, Men, Kids."],
  [
    lineListHeaders.msrp,
    "No",
    "Retail price: a number of 0 or more, e.g. 49.99 (a number cell or text such as $49.99).",
  ],
  [lineListHeaders.expected_shipped_date, "No", "A date cell, or text in the form YYYY-MM-DD."],
  [
    lineListHeaders.image_urls,
    "No",
    `One or more web addresses separated by commas or line breaks, or "${noImageText}".`,
  ],
  [lineListHeaders.comfort_level, "No", "Free text."],
  [lineListHeaders.height_range, "No", "Free text."],
  [lineListHeaders.wear_occasion, "No", "Free text."],
  [lineListHeaders.target_fit, "No", "Free text."],
  [lineListHeaders.size, "Yes", "e.g. M4/W6, W8, C10. Each size once per Model Code."],
  [lineListHeaders.sku, "Yes", "Unique in the whole sheet."],
];

const excelEpoch = Date.UTC(1899, 11, 30);
const dayMs = 86_400_000;

function toSheetJsCell(value: SampleCell, header: string): XLSX.CellObject | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    return { t: "n", v: (value.getTime() - excelEpoch) / dayMs, z: "yyyy-mm-dd" };
  }
  if (typeof value === "number")
    return header === lineListHeaders.msrp ? { t: "n", v: value, z: "$#,##0.00" } : { t: "n", v: value };
  if (typeof value === "boolean") return { t: "b", v: value };
  if (typeof value === "string") return { t: "s", v: value };
  throw new Error("Only text, numbers, booleans and dates can be written to .xls samples");
}

/** Writes the table as a BIFF8 .xls with SheetJS (see the module comment for why SheetJS). */
export function writeLineListXls(table: LineListTable): Buffer {
  return writeSheetsXls([table]);
}

/** A sheet of a sample workbook: `headerRow` (1-based, 1 unless said) holds the column headers. */
export interface SampleSheet extends LineListTable {
  headerRow?: number;
}

/** Sheets written with exceljs: the header row bold, frozen below it, dates and prices formatted. */
export async function writeSheetsXlsx(sheets: readonly SampleSheet[]): Promise<Buffer> {
  return writeXlsx((workbook) => {
    for (const table of sheets) {
      const headerRow = table.headerRow ?? 1;
      const sheet = workbook.addWorksheet(table.sheetName, {
        views: [{ state: "frozen", ySplit: headerRow }],
      });
      const headers = (table.rows[headerRow - 1] ?? []).map(String);
      sheet.columns = headers.map((header) => ({
        width: /^\d/.test(header) ? 14 : header === "Image" || header === "Image URL" ? 40 : 16,
      }));
      const priceColumns = new Set(
        headers.flatMap((header, index) => (/^(RRP|Wholesale|Retail|MSRP)$/i.test(header) ? [index] : [])),
      );
      table.rows.forEach((values, index) => {
        const row = sheet.addRow(values);
        if (index === 0 && headerRow > 1) row.font = { bold: true, size: 14 };
        if (index === headerRow - 1) {
          row.font = { bold: true };
          row.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE4E4E7" } };
        } else if (index >= headerRow) {
          values.forEach((value, column) => {
            if (value instanceof Date) row.getCell(column + 1).numFmt = "yyyy-mm-dd";
            else if (typeof value === "number")
              row.getCell(column + 1).numFmt = priceColumns.has(column) ? "$#,##0.00" : "0";
          });
        }
        row.commit();
      });
      sheet.commit();
    }
  });
}

/** Sheets written as a BIFF8 .xls with SheetJS (see the module comment for why SheetJS). */
export function writeSheetsXls(sheets: readonly SampleSheet[]): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const table of sheets) {
    const headerRow = (table.rows[(table.headerRow ?? 1) - 1] ?? []).map(String);
    const rows = table.rows.map((values) =>
      values.map((value, index) => toSheetJsCell(value, headerRow[index] ?? "")),
    );
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { dense: true }), table.sheetName);
  }
  return XLSX.write(workbook, { type: "buffer", bookType: "xls" }) as Buffer;
}
