import type { StringItem } from "./shared-strings.ts";

/** A cell as SheetJS's CellObject holds it: its type and value only. */
export interface StreamedCell {
  t: string;
  v?: string | number | boolean | Date;
}

/** The attributes of a cell's tag that SheetJS uses. */
export interface CellTag {
  r: string | undefined;
  s: string | undefined;
  t: string | undefined;
}

/** What the workbook's other parts give the reading of a sheet. */
export interface WorkbookContext {
  strings: StringItem[];
  cellFormats: (boolean | null)[] | null;
  date1904: boolean;
}

/**
 * What one sheet is read with: the workbook's strings and formats, the number of rows to read, and
 * the scratch of the reading. Each reading of a sheet has its own, so nothing it holds is shared
 * between two readings or outlives one.
 */
export interface SheetContext extends WorkbookContext {
  sheetRows: number;
  /**
   * The cells of shared strings readPlainCell has made, by index: one for all the cells of a
   * string, never changed once made (toGrid only reads cells), for a fraction of the allocations.
   */
  stringCells: (StreamedCell | undefined)[];
  /** The attributes of the cell readCell is reading: one object for the sheet, not one a cell. */
  cellTag: CellTag;
  /** The column counter after the last cell readPlainCell read. */
  plainTagc: number;
}

export function sheetContext(workbook: WorkbookContext, sheetRows: number): SheetContext {
  return {
    strings: workbook.strings,
    cellFormats: workbook.cellFormats,
    date1904: workbook.date1904,
    sheetRows,
    stringCells: [],
    cellTag: { r: undefined, s: undefined, t: undefined },
    plainTagc: -1,
  };
}
