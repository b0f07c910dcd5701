import type { LineListHeader, LineListRowError, PreviewStyle } from "@cm/contracts/line-list-format";

/** A cell that holds a formula error (#N/A, #REF!...) instead of a value. */
export interface CellError {
  error: string;
}

/**
 * A cell's value as the workbook stores it: text, a number, a boolean, a date cell (as a Date
 * whose UTC fields hold the calendar date and time) or an error. Blank cells are undefined.
 */
export type CellValue = string | number | boolean | Date | CellError;

/**
 * The first sheet of a workbook, independent of the library that read it. `rows[0]` is the
 * sheet's row 1 and `rows[r][0]` its column A; missing rows and cells are blank.
 */
export interface SheetGrid {
  name: string;
  rows: ReadonlyArray<ReadonlyArray<CellValue | undefined> | undefined>;
}

export interface ParseSuccess {
  ok: true;
  /** From the first sheet's name, "{season} {year}", as written there (e.g. "Spring"). */
  season: string;
  year: number;
  /** One per Model Code, in the order the codes first appear. */
  styles: PreviewStyle[];
  /** Data rows read (blank rows are not counted): one per SKU. */
  rowCount: number;
  /** Optional columns the sheet does not have; their values are null in every style. */
  missingColumns: LineListHeader[];
}

export interface ParseFailure {
  ok: false;
  /** Every error found, file-level ones first, then by row; callers show the first 100. */
  errors: LineListRowError[];
  errorCount: number;
}

export type ParseResult = ParseSuccess | ParseFailure;

/** Turns a brand's line list sheet into styles. Runs inside the parse worker. */
export interface LineListParser {
  /** Stable name the worker uses to find the parser again (functions cannot cross threads). */
  id: string;
  /** Whether this parser reads the line lists of the brand with this name. */
  handlesBrand(brandName: string): boolean;
  parseSheet(sheet: SheetGrid): ParseResult;
}
