import { addMonths, endOfMonth, format, getDaysInMonth } from "date-fns";

/**
 * The dashboard's months are "YYYY-MM" strings (calendar months of the server's time zone), which
 * compare in calendar order as text. Dates are built from the text in local time, never read as
 * instants, so no browser time zone moves a month.
 */

function monthStart(month: string): Date {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return new Date(year, monthNumber - 1, 1);
}

/** The month `by` months after `month` (before it when negative). */
export function shiftMonth(month: string, by: number): string {
  return format(addMonths(monthStart(month), by), "yyyy-MM");
}

/** "March 2027". */
export function formatMonth(month: string): string {
  return format(monthStart(month), "MMMM yyyy");
}

/** "Mar". */
export function formatMonthShort(month: string): string {
  return format(monthStart(month), "MMM");
}

/** "March". */
export function formatMonthName(month: string): string {
  return format(monthStart(month), "MMMM");
}

/** "October 27", from the day "2026-10-27". */
export function formatDay(day: string): string {
  const [year, monthNumber, date] = day.split("-").map(Number) as [number, number, number];
  return format(new Date(year, monthNumber - 1, date), "MMMM d");
}

/**
 * The days of `month` up to `through` ("2026-10-27" in "2026-10"): "October 1–27", or "October"
 * when they are the whole month (unless `partial`, for a month still under way).
 */
export function formatMonthDays(month: string, through: string, partial = false): string {
  const last = Number(through.slice(8, 10));
  if (!partial && last === getDaysInMonth(monthStart(month))) return formatMonthName(month);
  return last === 1 ? formatDay(through) : `${formatMonthName(month)} 1–${last}`;
}

/** The month's first and last calendar days, as an order list's `from` and `to`. */
export function monthDateRange(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: format(endOfMonth(monthStart(month)), "yyyy-MM-dd") };
}

/** The browser's current month: what the picker offers until the server has said which month is current. */
export function browserCurrentMonth(): string {
  return format(new Date(), "yyyy-MM");
}
