/** The date patterns the product writes (see the functions below). */
type DatePattern = "MM/dd/yy" | "MM/dd/yyyy" | "yyyy-MM-dd" | "MM/dd/yyyy, h:mm a";

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/**
 * A local Date in one of the product's few fixed patterns (date-fns's tokens, written out): no date
 * library on the pages that only show dates, such as the customer portal's first page, whose
 * JavaScript budget is tight (e2e/bundle-budget.spec.ts).
 */
function formatDate(date: Date, pattern: DatePattern): string {
  const month = pad(date.getMonth() + 1);
  const day = pad(date.getDate());
  const year = pad(date.getFullYear(), 4);
  switch (pattern) {
    case "MM/dd/yy":
      return `${month}/${day}/${year.slice(-2)}`;
    case "MM/dd/yyyy":
      return `${month}/${day}/${year}`;
    case "yyyy-MM-dd":
      return `${year}-${month}-${day}`;
    case "MM/dd/yyyy, h:mm a": {
      const hours = date.getHours();
      return `${month}/${day}/${year}, ${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
    }
  }
}

const fileSizeUnits = ["B", "KB", "MB", "GB", "TB"] as const;

/**
 * A byte count in B, KB, MB, GB or TB (1024 steps) with two decimals, e.g. 1536 → "1.50 KB".
 * Zero is "0.00 B", so every size in a column has the same shape; a value that is not a
 * non-negative number gives "".
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  let unitIndex = 0;
  let value = bytes;
  while (value >= 1024 && unitIndex < fileSizeUnits.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  // 1048575 bytes is 1023.999 KB, which rounds to "1024.00 KB": show it as the next unit instead.
  if (Number(value.toFixed(2)) >= 1024 && unitIndex < fileSizeUnits.length - 1) {
    value /= 1024;
    unitIndex += 1;
  }
  return `${value.toFixed(2)} ${fileSizeUnits[unitIndex]}`;
}

type DateInput = string | Date | null | undefined;

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The calendar day a value names, as a local Date at midnight of that day.
 *
 * The server sends calendar dates ("2027-03-01") or timestamps at midnight UTC
 * ("2027-03-01T00:00:00.000Z"). `new Date(...)` would read both as an instant and, west of
 * Greenwich, show the previous day; reading the year, month and day from the text keeps the day
 * the server meant in every timezone. A Date object (e.g. from a date picker) already holds a
 * local day and is used as it is.
 */
function toCalendarDay(value: DateInput): Date | undefined {
  if (value == null || value === "") return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const match = calendarDatePattern.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day);
  // Reject impossible days such as 2027-02-30, which Date would roll over into March.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return undefined;
  return date;
}

function formatCalendarDay(value: DateInput, pattern: DatePattern): string {
  const date = toCalendarDay(value);
  return date ? formatDate(date, pattern) : "";
}

/** MM/DD/YY, e.g. "03/01/27" (segmentation header); "" when there is no valid date. */
export function formatDateShort(value: DateInput): string {
  return formatCalendarDay(value, "MM/dd/yy");
}

/**
 * MM/DD/YYYY, e.g. "03/01/2027": the one way the product writes a calendar day (catalog cards, the
 * date pickers, a line list's dates, the brands' Created column, the history), in place of date-fns
 * "PPP" ("March 1st, 2027", SPEC.md's display format) beside MM/DD/YYYY elsewhere; "" when there is
 * no valid date. Only the segmentation header keeps SPEC.md's shorter MM/DD/YY.
 */
export function formatDateLong(value: DateInput): string {
  return formatCalendarDay(value, "MM/dd/yyyy");
}

/**
 * The local calendar day of an instant (an ISO timestamp such as an order's `placedAt`), as
 * MM/DD/YYYY, or as YYYY-MM-DD with `iso`: the day the user lived it, the same on every screen.
 */
export function formatInstantDate(value: string, { iso = false }: { iso?: boolean } = {}): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatDate(date, iso ? "yyyy-MM-dd" : "MM/dd/yyyy");
}

/** An instant as its local day and time, "03/01/2027, 2:05 PM" (the exact time behind "3 min ago"). */
export function formatInstantDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatDate(date, "MM/dd/yyyy, h:mm a");
}

const usdFormatter = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** US dollars with cents, e.g. 12.5 → "$12.50"; numeric strings (database decimals) are accepted. */
export function formatMoney(amount: number | string | null | undefined): string {
  if (amount == null || amount === "") return "";
  const value = typeof amount === "number" ? amount : Number(amount);
  return Number.isFinite(value) ? usdFormatter.format(value) : "";
}
