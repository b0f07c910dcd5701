import { type OrderListItem, orderStatusLabels, orderTypeLabels } from "@cm/contracts/orders";
import { formatInstantDate } from "@/lib/format";

/**
 * A spreadsheet reads a cell that starts with one of these as a formula (CSV injection), so such
 * a cell gets a leading single quote, which spreadsheets show as text.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV field: formula starts neutralised, then quoted per RFC 4180 when it needs to be. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of fields as RFC 4180 CSV: CRLF between records and after the last one. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export const ordersCsvHeader = [
  "Number",
  "Customer",
  "Store",
  "Placed",
  "Type",
  "Status",
  "Brands",
  "Units",
  "Total WHS",
] as const;

/**
 * The orders as CSV, one row each. The placed date is the local calendar day of the order's
 * timestamp (as the list shows it), the total stays the server's exact decimal so spreadsheets sum it.
 */
export function ordersToCsv(orders: readonly OrderListItem[]): string {
  return toCsv([
    ordersCsvHeader,
    ...orders.map((order) => [
      order.number,
      order.organizationName,
      order.storeName,
      formatInstantDate(order.placedAt, { iso: true }),
      orderTypeLabels[order.orderType],
      orderStatusLabels[order.status],
      order.brands.map((brand) => brand.name).join(", "),
      order.units,
      order.totalWhs,
    ]),
  ]);
}
