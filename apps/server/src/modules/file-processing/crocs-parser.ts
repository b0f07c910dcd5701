import type { LineListRowError, PreviewStyle } from "@cm/contracts/line-list-format";
import {
  imageUrlSeparator,
  lineListColumns,
  lineListFormatMessages as messages,
  lineListHeaders,
  normalizeLineListHeader,
  type LineListColumnKey,
  type LineListHeader,
} from "@cm/contracts/line-list-workbook";
import type { CellValue, LineListParser, ParseResult, SheetGrid } from "./line-list-parser.ts";

/**
 * The Crocs line list (DESIGN.md section 7; docs/line-list-format.md for users). One row per
 * SKU; rows sharing a Model Code form one style. Every rule is checked on every row and all the
 * errors are returned together, so staff can fix the file in one pass.
 *
 * Style-level values (everything but Size and SKU) may be repeated on each row of a style or
 * written on one row only: a blank cell takes the style's value, and a different value is an
 * error naming the row it disagrees with, since silently picking one would hide a mistake.
 */

const sheetNamePattern = /^(\S.*?)\s+(\d{4})$/;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
// Plain decimals, optionally with a $ sign and thousands separators: 49.99, $1,299.00.
const moneyPattern = /^\$?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^\$?\s*\.\d+$/;
const noImagePattern = /^no\s*images?$/i;
const maxShownValueLength = 200;

type StyleField = Exclude<LineListColumnKey, "model_code" | "size" | "sku">;
const styleFields = lineListColumns
  .map((column) => column.key)
  .filter((key): key is StyleField => key !== "model_code" && key !== "size" && key !== "sku");

type StyleValue = string | number | string[];

interface StyleInProgress {
  modelCode: string;
  /** Style-level values as first written, with the row each was taken from. */
  values: Partial<Record<StyleField, StyleValue>>;
  valueRows: Partial<Record<StyleField, number>>;
  items: { size: string; sku: string }[];
  sizeRows: Map<string, number>;
}

function isCellError(value: CellValue | undefined): value is { error: string } {
  return typeof value === "object" && value !== null && !(value instanceof Date);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function isBlank(value: CellValue | undefined): boolean {
  return value === undefined || (typeof value === "string" && value.trim() === "");
}

/** The cell as a user would read it, for the error report. */
function shownValue(value: CellValue | undefined): string | undefined {
  if (isBlank(value) || value === undefined) return undefined;
  let text: string;
  if (isCellError(value)) text = value.error;
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? "" : isoDate(value);
  else text = typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : String(value);
  return text.length > maxShownValueLength ? `${text.slice(0, maxShownValueLength - 1)}…` : text;
}

/** Text cells are taken as written (trimmed); numbers, booleans and dates as Excel shows them. */
function cellText(value: CellValue): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDate(value);
  return null;
}

function parseMsrp(value: CellValue): number | null {
  let amount: number;
  if (typeof value === "number") amount = value;
  else if (typeof value === "string" && moneyPattern.test(value.trim())) {
    amount = Number(value.trim().replace(/[$,\s]/g, ""));
  } else return null;
  if (!Number.isFinite(amount) || amount < 0) return null;
  return Math.round(amount * 100) / 100;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date cell, or text holding an ISO date (a time after it is ignored). */
function parseShipDate(value: CellValue): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDate(value);
  if (typeof value !== "string") return null;
  const match = isoDatePattern.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month}-${day}`;
}

function parseImageUrls(value: CellValue): string[] | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (noImagePattern.test(text)) return [];
  const urls: string[] = [];
  for (const part of text.split(imageUrlSeparator)) {
    const candidate = part.trim();
    if (!candidate) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!urls.includes(candidate)) urls.push(candidate);
  }
  return urls;
}

/**
 * Remembers what a parse function made of each value, since a style's rows repeat the same
 * values (its image URLs are parsed once instead of on each of its ten rows, say).
 */
function memoized<T>(parse: (value: CellValue) => T | null): (value: CellValue) => T | null {
  const byText = new Map<string, T | null>();
  const byNumber = new Map<number, T | null>();
  const byDate = new Map<number, T | null>();
  const remember = <K>(cache: Map<K, T | null>, key: K, value: CellValue): T | null => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const parsed = parse(value);
    cache.set(key, parsed);
    return parsed;
  };
  return (value) => {
    if (typeof value === "string") return remember(byText, value, value);
    if (typeof value === "number") return remember(byNumber, value, value);
    if (value instanceof Date) return remember(byDate, value.getTime(), value);
    return parse(value);
  };
}

function sameValue(a: StyleValue | undefined, b: StyleValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => item === b[index]);
  return false;
}

function toPreviewStyle({ modelCode, values, items }: StyleInProgress): PreviewStyle {
  const text = (field: StyleField) => (values[field] as string | undefined) ?? null;
  return {
    franchise: text("franchise"),
    silhouette: text("silhouette"),
    model_code: modelCode,
    color: text("color"),
    gender: text("gender"),
    msrp: (values.msrp as number | undefined) ?? null,
    expected_shipped_date: text("expected_shipped_date"),
    image_urls: [...((values.image_urls as string[] | undefined) ?? [])],
    attributes: {
      comfort_level: text("comfort_level"),
      height_range: text("height_range"),
      wear_occasion: text("wear_occasion"),
      target_fit: text("target_fit"),
    },
    items,
  };
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

interface HeaderMap {
  columns: Map<LineListColumnKey, number>;
  errors: LineListRowError[];
  missingOptional: LineListHeader[];
}

const columnByNormalizedHeader = new Map<string, LineListColumnKey>(
  lineListColumns.map((column) => [normalizeLineListHeader(column.header), column.key]),
);

function mapHeaders(headerRow: ReadonlyArray<CellValue | undefined>): HeaderMap {
  const columns = new Map<LineListColumnKey, number>();
  const errors: LineListRowError[] = [];
  headerRow.forEach((cell, index) => {
    const text = cell === undefined ? null : cellText(cell);
    if (!text) return;
    const key = columnByNormalizedHeader.get(normalizeLineListHeader(text));
    if (!key) return; // an extra column: ignored
    const first = columns.get(key);
    if (first !== undefined) {
      errors.push({
        row: 1,
        column: lineListHeaders[key],
        value: text,
        message: messages.duplicateColumn(lineListHeaders[key], columnName(first)),
      });
      return;
    }
    columns.set(key, index);
  });
  const missingOptional: LineListHeader[] = [];
  for (const column of lineListColumns) {
    if (columns.has(column.key)) continue;
    if (column.required)
      errors.push({ row: 1, column: column.header, message: messages.missingColumn(column.header) });
    else missingOptional.push(column.header);
  }
  return { columns, errors, missingOptional };
}

export function parseCrocsSheet(sheet: SheetGrid): ParseResult {
  const errors: LineListRowError[] = [];
  const fail = (): ParseResult => ({ ok: false, errors, errorCount: errors.length });

  const nameMatch = sheetNamePattern.exec(sheet.name.trim());
  if (!nameMatch)
    errors.push({ row: null, column: null, value: sheet.name, message: messages.sheetName(sheet.name) });

  const rows = sheet.rows;
  if (!rows.some((row) => row?.some((cell) => !isBlank(cell)))) {
    errors.push({ row: null, column: null, message: messages.emptySheet });
    return fail();
  }

  const headers = mapHeaders(rows[0] ?? []);
  errors.push(...headers.errors);
  if (headers.errors.length > 0) return fail();
  const columnIndex = headers.columns;
  const presentColumns = [...columnIndex.values()];
  const required = (key: "model_code" | "size" | "sku") => columnIndex.get(key) ?? 0;
  const [modelCodeColumn, sizeColumn, skuColumn] = [
    required("model_code"),
    required("size"),
    required("sku"),
  ];
  const parsers: Record<StyleField, { parse: (value: CellValue) => StyleValue | null; invalid: string }> = {
    franchise: { parse: cellText, invalid: messages.errorValue },
    silhouette: { parse: cellText, invalid: messages.errorValue },
    color: { parse: cellText, invalid: messages.errorValue },
    gender: { parse: cellText, invalid: messages.errorValue },
    msrp: { parse: memoized(parseMsrp), invalid: messages.msrpInvalid },
    expected_shipped_date: { parse: memoized(parseShipDate), invalid: messages.dateInvalid },
    image_urls: { parse: memoized(parseImageUrls), invalid: messages.imageUrlsInvalid },
    comfort_level: { parse: cellText, invalid: messages.errorValue },
    height_range: { parse: cellText, invalid: messages.errorValue },
    wear_occasion: { parse: cellText, invalid: messages.errorValue },
    target_fit: { parse: cellText, invalid: messages.errorValue },
  };
  const fieldColumns = styleFields.flatMap((field) => {
    const column = columnIndex.get(field);
    return column === undefined ? [] : [{ field, column, ...parsers[field] }];
  });

  const styles = new Map<string, StyleInProgress>();
  const skuRows = new Map<string, number>();
  let rowCount = 0;

  // One row at a time, allocating as little as it can: a large line list has tens of thousands of
  // rows, and this runs on every upload (docs/performance.md).
  let cells: ReadonlyArray<CellValue | undefined> = [];
  let rowNumber = 0;
  // Collected per row, then sorted so a row's errors read left to right as in the sheet.
  let rowErrors: { column: number; error: LineListRowError }[] | null = null;
  const addError = (key: LineListColumnKey, column: number, message: string) => {
    const value = shownValue(cells[column]);
    const error = { row: rowNumber, column: lineListHeaders[key], ...(value ? { value } : {}), message };
    (rowErrors ??= []).push({ column, error });
  };
  const readRequired = (key: "model_code" | "size" | "sku", column: number): string | null => {
    const value = cells[column];
    if (isCellError(value)) {
      addError(key, column, messages.errorValue);
      return null;
    }
    const text = value === undefined ? null : cellText(value);
    if (text === null) addError(key, column, messages.required(lineListHeaders[key]));
    return text;
  };
  const isBlankRow = (row: ReadonlyArray<CellValue | undefined>) => {
    for (const column of presentColumns) if (!isBlank(row[column])) return false;
    return true;
  };

  for (let index = 1; index < rows.length; index += 1) {
    const row = rows[index];
    if (!row || isBlankRow(row)) continue;
    cells = row;
    rowCount += 1;
    rowNumber = index + 1;
    rowErrors = null;

    const modelCode = readRequired("model_code", modelCodeColumn);
    const size = readRequired("size", sizeColumn);
    const sku = readRequired("sku", skuColumn);
    let entry: StyleInProgress | undefined;
    if (modelCode !== null) {
      entry = styles.get(modelCode);
      if (!entry) {
        entry = { modelCode, values: {}, valueRows: {}, items: [], sizeRows: new Map() };
        styles.set(modelCode, entry);
      }
    }
    // Each value is checked, then taken as its style's or compared with it. Its errors and the
    // required ones above are in different columns, so the sort below orders them all.
    for (const { field, column, parse, invalid } of fieldColumns) {
      const value = cells[column];
      if (value === undefined || isBlank(value)) continue;
      if (isCellError(value)) {
        addError(field, column, messages.errorValue);
        continue;
      }
      const parsed = parse(value);
      if (parsed === null) {
        addError(field, column, invalid);
        continue;
      }
      if (!entry) continue;
      const firstRow = entry.valueRows[field];
      if (firstRow === undefined) {
        entry.values[field] = parsed;
        entry.valueRows[field] = rowNumber;
      } else if (!sameValue(entry.values[field], parsed)) {
        addError(
          field,
          column,
          messages.conflictingStyleValue(lineListHeaders[field], entry.modelCode, firstRow),
        );
      }
    }

    if (entry && size !== null) {
      const firstRow = entry.sizeRows.get(size);
      if (firstRow !== undefined)
        addError("size", sizeColumn, messages.duplicateSize(entry.modelCode, firstRow));
      else {
        entry.sizeRows.set(size, rowNumber);
        if (sku !== null) entry.items.push({ size, sku });
      }
    }
    if (sku !== null) {
      const firstRow = skuRows.get(sku);
      if (firstRow === undefined) skuRows.set(sku, rowNumber);
      else addError("sku", skuColumn, messages.duplicateSku(firstRow));
    }

    if (rowErrors) {
      const sorted = (rowErrors as { column: number; error: LineListRowError }[]).sort(
        (a, b) => a.column - b.column,
      );
      for (const { error } of sorted) errors.push(error);
    }
  }

  if (rowCount === 0) errors.push({ row: null, column: null, message: messages.noDataRows });
  if (errors.length > 0 || !nameMatch) return fail();

  const [, season = "", year = ""] = nameMatch;
  return {
    ok: true,
    season: season.trim(),
    year: Number(year),
    styles: [...styles.values()].map(toPreviewStyle),
    rowCount,
    missingColumns: headers.missingOptional,
  };
}

export const crocsParser: LineListParser = {
  id: "crocs",
  handlesBrand: (brandName) => brandName.toLowerCase().includes("crocs"),
  parseSheet: parseCrocsSheet,
};
