import type * as SheetJsModule from "@e965/xlsx";

export type SheetJs = typeof SheetJsModule;

let sheetJs: Promise<SheetJs> | undefined;

/**
 * SheetJS, loaded on first use and then kept: most requests never touch a workbook, and a file
 * refused by the checks before it is read should be refused without waiting for it. Every module
 * that reads or writes a workbook with SheetJS loads it here.
 */
export function loadSheetJs(): Promise<SheetJs> {
  sheetJs ??= import("@e965/xlsx");
  return sheetJs;
}
