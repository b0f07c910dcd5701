import type { ParseFailure, ParseSuccess } from "@cm/contracts/mapping-engine/types";

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

/** What reading a sheet with a mapping gives: the mapping engine's result types. */
export type { ParseFailure, ParseSuccess } from "@cm/contracts/mapping-engine/types";
export type ParseResult = ParseSuccess | ParseFailure;
