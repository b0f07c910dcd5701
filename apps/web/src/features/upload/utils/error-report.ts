import type { LineListRowError } from "@cm/contracts/line-list-format";

/**
 * The "Download error report" file: every error of a refused workbook, one per line, with its
 * row, column, value and message, so staff can fix the file in one pass.
 */

const header = ["Row", "Column", "Value", "Message"] as const;

/**
 * A spreadsheet opening the report would run a cell starting with =, +, -, @ or a tab as a
 * formula, and the values come from an uploaded workbook: such text gets a leading apostrophe.
 * Plain numbers ("-5", the usual bad MSRP) stay as they are.
 */
function neutralizeFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text)) return text;
  if (/^[-+]?\d+(?:[.,]\d+)*$/.test(text)) return text;
  return `'${text}`;
}

/** RFC 4180: a field with a quote, comma or line break is quoted, its quotes doubled. */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = neutralizeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function errorReportCsv(errors: readonly LineListRowError[]): string {
  const lines = [header.join(",")];
  for (const error of errors) {
    lines.push([error.row, error.column, error.value, error.message].map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
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
