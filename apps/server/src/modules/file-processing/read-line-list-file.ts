import { lineListCsvMessages } from "@cm/contracts/line-list-csv";
import { mappingMessages } from "@cm/contracts/line-list-mapping";
import { lineListFormatMessages as messages, workbookExtension } from "@cm/contracts/line-list-workbook";
import { readCsv, type CsvDialect } from "./csv/read-csv.ts";
import type { CsvDelimiter } from "./csv/tokenize-csv.ts";
import type { SheetGrid } from "./line-list-parser.ts";
import { startsWith, zipSignature } from "./workbook-guard.ts";
import {
  cfbSignature,
  defaultWorkbookLimits,
  readWorkbookSheets,
  type WorkbookLimits,
  type XlsxReader,
} from "./workbook-reader.ts";
import { WorkbookRefusal } from "./workbook-refusal.ts";

/** What a line list file is, told by its content. */
export type LineListFileKind = "xlsx" | "xls" | "csv";

export interface LineListFile {
  kind: LineListFileKind;
  /** Every sheet of the workbook, in order; a CSV file is one sheet named after the file. */
  sheetNames: string[];
  /** The sheet read: the one asked for, or the first. */
  sheet: SheetGrid;
  /** How a CSV file was written; null for a workbook. */
  csv: CsvDialect | null;
}

export interface ReadLineListFileOptions {
  /**
   * The file's name as stored (its extension is the one the upload was signed for): a workbook
   * named .csv, or text named .xlsx, is refused rather than kept under a kind it is not.
   */
  fileName: string;
  /** The name a CSV file's one sheet takes (the person's file name); fileName's by default. */
  displayName?: string;
  /** The sheet to read, by name (any letter case); null or absent for the first. */
  sheet?: string | null;
  /** A named sheet the workbook lacks: refused (the default) or the first sheet read instead. */
  missingSheet?: "refuse" | "first";
  limits?: WorkbookLimits;
  /** A CSV delimiter a person chose instead of the detected one. */
  delimiter?: CsvDelimiter;
  xlsxReader?: XlsxReader;
}

/**
 * The one entry point that reads an uploaded line list file, whatever its format: an .xlsx (a zip
 * archive), an .xls (a compound document) or CSV text, told by the content, with the workbook
 * guard's limits and WorkbookRefusals for every kind. Reads the chosen sheet only (the others are
 * never parsed) and answers the names of all of them.
 */
export async function readLineListFile(
  bytes: Buffer,
  options: ReadLineListFileOptions,
): Promise<LineListFile> {
  const limits = options.limits ?? defaultWorkbookLimits;
  const named = workbookExtension(options.fileName);
  const binary = startsWith(bytes, zipSignature) || startsWith(bytes, cfbSignature);

  if (!binary) {
    // Text: a CSV file, unless its name says it is a workbook.
    if (named === "xlsx" || named === "xls") {
      if (bytes.length > limits.maxFileBytes)
        throw new WorkbookRefusal(messages.fileTooLarge(limits.maxFileBytes));
      throw new WorkbookRefusal(messages.notAWorkbook);
    }
    const { sheet, dialect } = readCsv(bytes, {
      fileName: options.displayName ?? options.fileName,
      limits,
      ...(options.delimiter ? { delimiter: options.delimiter } : {}),
    });
    return { kind: "csv", sheetNames: [sheet.name], sheet, csv: dialect };
  }
  // A workbook named .csv: what reading it as text would say.
  if (named === "csv") {
    if (bytes.length > limits.maxFileBytes)
      throw new WorkbookRefusal(messages.fileTooLarge(limits.maxFileBytes));
    throw new WorkbookRefusal(lineListCsvMessages.notText);
  }

  const wanted = options.sheet ?? null;
  const read = await readWorkbookSheets(bytes, wanted ?? 0, limits, options.fileName, options.xlsxReader);
  let [sheet] = read.grids;
  if (
    !sheet &&
    wanted !== null &&
    !read.sheetNames.some((name) => name.toLowerCase() === wanted.toLowerCase())
  ) {
    if ((options.missingSheet ?? "refuse") === "refuse")
      throw new WorkbookRefusal(mappingMessages.sheetNotFound(wanted));
    [sheet] = (await readWorkbookSheets(bytes, 0, limits, options.fileName, options.xlsxReader)).grids;
  }
  if (!sheet) throw new WorkbookRefusal(messages.emptySheet);
  return { kind: read.kind, sheetNames: read.sheetNames, sheet, csv: null };
}
