/**
 * Cells of the spreadsheets the product writes (CSV exports and reports, XLSX order forms), made
 * safe against formula injection (OWASP "CSV Injection"). A spreadsheet program runs a CSV field,
 * or an XLSX text cell once someone edits it, that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula, and names come from customers and uploaded workbooks. Such text
 * gets a leading apostrophe, which spreadsheets show and keep as text; numbers are left alone, so
 * a negative price stays a number.
 *
 * Text already starting with apostrophes before such a character gets one more, so that
 * `unescapeSpreadsheetText` gives back exactly what was escaped: our own order forms are read back.
 */
const formulaStart = /^'*[=+\-@\t\r]/;

export function escapeSpreadsheetText(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The text `escapeSpreadsheetText` was given, from what it returned. */
export function unescapeSpreadsheetText(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

/** A cell's value: text escaped, numbers as they are. */
export function spreadsheetCellValue<T extends string | number>(value: T): T {
  return (typeof value === "string" ? escapeSpreadsheetText(value) : value) as T;
}

/** A number kept as its exact decimal text ("1234.50", "-5"), written as a number. */
export interface DecimalText {
  readonly decimal: string;
}

/**
 * Text that is a plain decimal number (money, or a number as a cell showed it) as a number for
 * `csvField`; any other text stays text, and is escaped there. A leading `+` is not a plain number.
 */
export function decimalCell(text: string): DecimalText | string {
  return /^-?\d+(?:\.\d+)?$/.test(text) ? { decimal: text } : text;
}

export type CsvValue = string | number | DecimalText | null | undefined;

/** One CSV field: text escaped, then quoted per RFC 4180 when it holds a quote, comma or line break. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return value.decimal;
  const text = String(spreadsheetCellValue(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of fields as RFC 4180 CSV: CRLF between records and after the last one. */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
