/**
 * What reading a CSV line list answers with when it refuses a file. Like line-list-workbook.ts,
 * free of zod so the parse worker can load it alone; the limits are the workbook's.
 */
import { lineListLimits } from "./line-list-workbook.ts";

const count = (value: number) => value.toLocaleString("en-US");

export const lineListCsvMessages = {
  empty: "The CSV file is empty",
  /** A workbook, picture or other binary file renamed .csv. */
  notText: "The file is not a CSV text file; in Excel use Save As, CSV UTF-8 (Comma delimited)",
  /** Excel's "Unicode Text" is UTF-16, which the reader does not take. */
  utf16: "The CSV file is saved as UTF-16 (Unicode Text); in Excel use Save As, CSV UTF-8 (Comma delimited)",
  tooManyRows: `The CSV file has more than ${count(lineListLimits.maxDataRows)} data rows; split it into several files`,
  tooManyColumns: `The CSV file has more than ${count(lineListLimits.maxColumns)} columns`,
  unclosedQuote: (row: number) =>
    `A quoted value that starts on row ${count(row)} is never closed: a double quote (") is missing`,
} as const;
