import type { LineListRowError, PreviewStyle } from "../line-list-format.ts";

/**
 * The mapping engine's input and output (docs/line-list-format.md, "The mapping engine"). Pure
 * types: the engine runs in the server's parse worker and in the browser's live preview, so it
 * uses no zod and no Node API.
 */

/**
 * A cell as a reader gives it: text, a number, a boolean, a date cell (a Date whose UTC fields hold
 * the calendar date and time) or a formula error. Blank cells are undefined.
 */
export type EngineCell = string | number | boolean | Date | { error: string };

/** A sheet: `rows[0]` is the sheet's row 1 and `rows[r][0]` its column A (the server's SheetGrid). */
export interface EngineSheet {
  name: string;
  rows: ReadonlyArray<ReadonlyArray<EngineCell | undefined> | undefined>;
}

export interface ParseSuccess {
  ok: true;
  /** From the sheet's name ("Spring 2027"), else the mapping's season. */
  season: string;
  year: number;
  /** One per model code, in the order the codes first appear; sizes in scale order. */
  styles: PreviewStyle[];
  /** Data rows read (blank rows are not counted). */
  rowCount: number;
  /** Optional columns the mapping names that the sheet does not have, as the mapping names them. */
  missingColumns: string[];
}

export interface ParseFailure {
  ok: false;
  /** Every error found, file-level ones first, then by row and left to right. */
  errors: LineListRowError[];
  errorCount: number;
}

export type MappedSheetResult = (ParseSuccess | ParseFailure) & {
  /** Size labels as written that neither the value map nor readSizeLabel could place, once each. */
  unreadableSizes: string[];
};
