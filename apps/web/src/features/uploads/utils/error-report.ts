import type { LineListRowError } from "@cm/contracts/line-list-format";
import { csvText, decimalCell } from "@cm/contracts/spreadsheet-cells";

/**
 * The "Download error report" file: every error of a refused workbook, one per line, with its
 * row, column, value and message, so staff can fix the file in one pass.
 */

const header = ["Row", "Column", "Value", "Message"] as const;

export function errorReportCsv(errors: readonly LineListRowError[]): string {
  // Values come from the uploaded workbook: text that a spreadsheet would run is escaped, while
  // a plain number (the usual bad MSRP, "-5") stays a number.
  return csvText([
    header,
    ...errors.map((error) => [
      error.row,
      error.column,
      error.value === undefined ? undefined : decimalCell(error.value),
      error.message,
    ]),
  ]);
}

/** `crocs-spring-2027.xlsx` → `crocs-spring-2027-errors.csv`. */
export function errorReportFileName(workbookName: string | undefined): string {
  const base = (workbookName ?? "line-list").replace(/\.(xlsx|xls)$/i, "") || "line-list";
  return `${base}-errors.csv`;
}

/** Saves the report through a temporary link; the UTF-8 mark makes Excel read accents right. */
export function downloadErrorReport(
  errors: readonly LineListRowError[],
  workbookName: string | undefined,
): void {
  const blob = new Blob(["\uFEFF", errorReportCsv(errors)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = errorReportFileName(workbookName);
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
