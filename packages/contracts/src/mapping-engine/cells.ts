import { imageUrlSeparator } from "../line-list-workbook.ts";
import type { DateOrder, DecimalSeparator } from "../line-list-mapping.ts";
import { parseDecimal } from "./decimal.ts";
import type { EngineCell } from "./types.ts";

/** How the engine reads one cell: as text, a price, a date or picture addresses. */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
// 03/15/2027, 15.03.2027, 3-15-27: two numbers and a year, the order told by the mapping.
const numericDatePattern = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/;
// Plain decimals, optionally with a $ sign and thousands separators: 49.99, $1,299.00.
const moneyPattern = /^\$?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^\$?\s*\.\d+$/;
const noImagePattern = /^no\s*images?$/i;
const maxShownValueLength = 200;

// Node and browsers both have URL; the contracts' compiler options name neither's library.
declare const URL: new (url: string) => { protocol: string };

export function isCellError(value: EngineCell | undefined): value is { error: string } {
  return typeof value === "object" && value !== null && !(value instanceof Date);
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isBlank(value: EngineCell | undefined): boolean {
  return value === undefined || (typeof value === "string" && value.trim() === "");
}

/** The cell as a user would read it, for the error report. */
export function shownValue(value: EngineCell | undefined): string | undefined {
  if (isBlank(value) || value === undefined) return undefined;
  let text: string;
  if (isCellError(value)) text = value.error;
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? "" : isoDate(value);
  else text = typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : String(value);
  return text.length > maxShownValueLength ? `${text.slice(0, maxShownValueLength - 1)}…` : text;
}

/** Text cells are taken as written (trimmed); numbers, booleans and dates as Excel shows them. */
export function cellText(value: EngineCell): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDate(value);
  return null;
}

/**
 * A price of 0 or more, rounded to cents. Number cells are taken as they are; text is read with
 * the mapping's decimal separator, or as `49.99` and `$1,299.00` when the mapping names none.
 */
export function priceReader(separator: DecimalSeparator | null): (value: EngineCell) => number | null {
  return (value) => {
    let amount: number | null;
    if (typeof value === "number") amount = value;
    else if (typeof value !== "string") return null;
    else if (separator === null) {
      const text = value.trim();
      amount = moneyPattern.test(text) ? Number(text.replace(/[$,\s]/g, "")) : null;
    } else amount = parseDecimal(value, separator);
    if (amount === null || !Number.isFinite(amount) || amount < 0) return null;
    return Math.round(amount * 100) / 100;
  };
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * A date cell, or text holding an ISO date (a time after it is ignored), as YYYY-MM-DD; with a
 * date order, also `03/15/2027` (month first) or `15.03.2027` (day first), two-digit years being
 * 20YY.
 */
export function parseDate(value: EngineCell, dateOrder: DateOrder | null = null): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDate(value);
  if (typeof value !== "string") return null;
  const text = value.trim();
  const match = isoDatePattern.exec(text);
  if (match) {
    const [, year, month, day] = match;
    if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
    return `${year}-${month}-${day}`;
  }
  if (!dateOrder) return null;
  const numeric = numericDatePattern.exec(text);
  if (!numeric) return null;
  const [, first, , second, yearText] = numeric;
  const [month, day] =
    dateOrder === "month-first" ? [Number(first), Number(second)] : [Number(second), Number(first)];
  const year = yearText!.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!isCalendarDate(year, month, day)) return null;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * The date order a column's text dates tell: a first number above 12 is a day, a second one above
 * 12 a day too; when none tells, month first with decimal points (as in the US), day first with
 * decimal commas. Null when the column holds no such date.
 */
export function detectDateOrder(
  values: readonly EngineCell[],
  decimalSeparator: DecimalSeparator | null,
): DateOrder | null {
  let numericDates = 0;
  for (const value of values) {
    if (typeof value !== "string") continue;
    const numeric = numericDatePattern.exec(value.trim());
    if (!numeric) continue;
    numericDates += 1;
    if (Number(numeric[1]) > 12) return "day-first";
    if (Number(numeric[3]) > 12) return "month-first";
  }
  if (numericDates === 0) return null;
  return decimalSeparator === "," ? "day-first" : "month-first";
}

/** Web addresses separated by commas or line breaks, without repeats; [] for "No Image". */
export function parseImageUrls(value: EngineCell): string[] | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (noImagePattern.test(text)) return [];
  const urls: string[] = [];
  for (const part of text.split(imageUrlSeparator)) {
    const candidate = part.trim();
    if (!candidate) continue;
    let protocol: string;
    try {
      protocol = new URL(candidate).protocol;
    } catch {
      return null;
    }
    if (protocol !== "http:" && protocol !== "https:") return null;
    if (!urls.includes(candidate)) urls.push(candidate);
  }
  return urls;
}

/**
 * Remembers what a parse function made of each value, since a style's rows repeat the same
 * values (its image URLs are parsed once instead of on each of its ten rows, say).
 */
export function memoized<T>(parse: (value: EngineCell) => T | null): (value: EngineCell) => T | null {
  const byText = new Map<string, T | null>();
  const byNumber = new Map<number, T | null>();
  const byDate = new Map<number, T | null>();
  const remember = <K>(cache: Map<K, T | null>, key: K, value: EngineCell): T | null => {
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

/** Excel's letter for a 0-based column index: 0 → A, 26 → AA. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
