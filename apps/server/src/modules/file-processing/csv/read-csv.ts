import { lineListCsvMessages as messages } from "@cm/contracts/line-list-csv";
import type { DecimalSeparator } from "@cm/contracts/line-list-mapping";
import { lineListFormatMessages, lineListLimits } from "@cm/contracts/line-list-workbook";
import type { CellValue, SheetGrid } from "../line-list-parser.ts";
import { startsWith } from "../workbook-guard.ts";
import type { WorkbookLimits } from "../workbook-reader.ts";
import { WorkbookRefusal } from "../workbook-refusal.ts";
import { encodeColumn } from "../xlsx/cell-references.ts";
import { detectDecimalSeparator, priceColumnIndex } from "./decimal-separator.ts";
import { tokenizeCsv, UnclosedQuoteError, type CsvDelimiter } from "./tokenize-csv.ts";

export type CsvEncoding = "utf-8" | "windows-1252";

/** How the file was written, as the reader found it. */
export interface CsvDialect {
  delimiter: CsvDelimiter;
  encoding: CsvEncoding;
  /** Whether the file started with a UTF-8 byte order mark (Excel's "CSV UTF-8" writes one). */
  hadBom: boolean;
  /** From the MSRP-like column; undefined when there is none or its prices do not tell. */
  decimalSeparator: DecimalSeparator | undefined;
}

export interface CsvReadResult {
  /** The same grid the workbook reader gives a parser; every cell is text or blank. */
  sheet: SheetGrid;
  dialect: CsvDialect;
}

/** The workbook's limits that apply to a CSV file. */
export type CsvLimits = Pick<WorkbookLimits, "maxFileBytes" | "maxDataRows" | "maxColumns">;

export const defaultCsvLimits: CsvLimits = {
  maxFileBytes: lineListLimits.maxFileBytes,
  maxDataRows: lineListLimits.maxDataRows,
  maxColumns: lineListLimits.maxColumns,
};

export interface ReadCsvOptions {
  /** The file's name; without ".csv" it names the grid, as a sheet's name would. */
  fileName?: string;
  /** The delimiter a person confirmed, instead of the detected one. */
  delimiter?: CsvDelimiter;
  limits?: CsvLimits;
}

const utf8Bom = [0xef, 0xbb, 0xbf];
const utf16Boms = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/** Valid UTF-8 is UTF-8; anything else is taken as Windows-1252, what Excel writes as "CSV". */
function decode(bytes: Uint8Array): { text: string; encoding: CsvEncoding; hadBom: boolean } {
  if (utf16Boms.some((bom) => startsWith(bytes, bom))) throw new WorkbookRefusal(messages.utf16);
  const hadBom = startsWith(bytes, utf8Bom);
  const body = hadBom ? bytes.subarray(utf8Bom.length) : bytes;
  // No text format a spreadsheet writes holds a NUL byte; a workbook or picture renamed .csv does.
  if (body.includes(0)) throw new WorkbookRefusal(messages.notText);
  try {
    return {
      text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body),
      encoding: "utf-8",
      hadBom,
    };
  } catch {
    // A file that declares UTF-8 with its mark stays UTF-8, a damaged character or two replaced.
    if (hadBom)
      return { text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(body), encoding: "utf-8", hadBom };
    return { text: new TextDecoder("windows-1252").decode(body), encoding: "windows-1252", hadBom };
  }
}

const isBlank = (fields: string[]) => fields.every((field) => field === "");

// Preferred on a tie: a tab or a semicolon in text is rarer than a comma.
const delimiters: CsvDelimiter[] = ["\t", ";", ","];
const sampledRecords = 50;

/**
 * The delimiter that splits the first records into the same number of fields (more than one) most
 * often, then into the most fields. Counting the most common width, not the first row's, lets
 * title lines above the header and decimal commas in a semicolon file not decide it.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; agreeing: number; width: number } | null = null;
  for (const delimiter of delimiters) {
    const widths = new Map<number, number>();
    let read = 0;
    try {
      tokenizeCsv(text, delimiter, (fields) => {
        if (isBlank(fields)) return true;
        widths.set(fields.length, (widths.get(fields.length) ?? 0) + 1);
        read += 1;
        return read < sampledRecords;
      });
    } catch (error) {
      if (!(error instanceof UnclosedQuoteError)) throw error;
    }
    for (const [width, agreeing] of widths) {
      if (width < 2) continue;
      if (!best || agreeing > best.agreeing || (agreeing === best.agreeing && width > best.width)) {
        best = { delimiter, agreeing, width };
      }
    }
  }
  return best?.delimiter ?? ",";
}

/** The first of the leading rows that names a price column, and the rows below it. */
function decimalSeparatorOf(rows: SheetGrid["rows"]): DecimalSeparator | undefined {
  const headerIndex = rows
    .slice(0, sampledRecords)
    .findIndex((row) => row !== undefined && priceColumnIndex(row) >= 0);
  if (headerIndex < 0) return undefined;
  return detectDecimalSeparator(rows[headerIndex]!, rows.slice(headerIndex + 1));
}

/**
 * Reads a .csv file's bytes into the grid the workbook reader gives parsers, and says how the file
 * was written. Blank lines stay blank rows, so row numbers are those Excel shows for the file;
 * cells are text as written (a parser trims them), so SKUs keep their leading zeros. Throws a
 * WorkbookRefusal, whose message is for users, for a file that is not CSV text or breaks a limit.
 */
export function readCsv(bytes: Uint8Array, options: ReadCsvOptions = {}): CsvReadResult {
  const limits = options.limits ?? defaultCsvLimits;
  if (bytes.length > limits.maxFileBytes) {
    throw new WorkbookRefusal(lineListFormatMessages.fileTooLarge(limits.maxFileBytes));
  }
  const { text, encoding, hadBom } = decode(bytes);
  const delimiter = options.delimiter ?? detectDelimiter(text);

  const rows: (CellValue | undefined)[][] = [];
  let filled = 0;
  try {
    tokenizeCsv(text, delimiter, (fields, record) => {
      if (isBlank(fields)) return;
      const index = record - 1;
      // Index 0 is the header row, as in a workbook.
      if (index > limits.maxDataRows) throw new WorkbookRefusal(messages.tooManyRows, { row: record });
      if (fields.length > limits.maxColumns) {
        const beyond = fields.slice(limits.maxColumns).findIndex((field) => field !== "");
        if (beyond >= 0) {
          throw new WorkbookRefusal(messages.tooManyColumns, {
            row: record,
            column: encodeColumn(limits.maxColumns + beyond),
          });
        }
        fields.length = limits.maxColumns;
      }
      rows[index] = fields.map((field) => (field === "" ? undefined : field));
      filled += 1;
    });
  } catch (error) {
    if (error instanceof UnclosedQuoteError) {
      throw new WorkbookRefusal(messages.unclosedQuote(error.record), { row: error.record });
    }
    throw error;
  }
  if (filled === 0) throw new WorkbookRefusal(messages.empty);

  const name = (options.fileName ?? "").trim().replace(/\.csv$/i, "");
  return {
    sheet: { name, rows },
    dialect: { delimiter, encoding, hadBom, decimalSeparator: decimalSeparatorOf(rows) },
  };
}
