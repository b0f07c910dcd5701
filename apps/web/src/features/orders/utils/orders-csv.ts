import {
  type OrderListItem,
  orderSourceLabels,
  orderStatusLabels,
  orderTypeLabels,
} from "@cm/contracts/orders";
import { csvText, decimalCell } from "@cm/contracts/spreadsheet-cells";
import { formatInstantDate } from "@/lib/format";

export const ordersCsvHeader = [
  "Number",
  "Customer",
  "Store",
  "Placed",
  "Type",
  "Status",
  "Source",
  "Brands",
  "Units",
  "Total WHS",
] as const;

/**
 * The orders as CSV, one row each, with who placed them (staff, or a buyer through the portal). The placed date is the local calendar day of the order's
 * timestamp (as the list shows it), the total stays the server's exact decimal so spreadsheets sum it.
 */
export function ordersToCsv(orders: readonly OrderListItem[]): string {
  return csvText([
    ordersCsvHeader,
    ...orders.map((order) => [
      order.number,
      order.organizationName,
      order.storeName,
      formatInstantDate(order.placedAt, { iso: true }),
      orderTypeLabels[order.orderType],
      orderStatusLabels[order.status],
      orderSourceLabels[order.source],
      order.brands.map((brand) => brand.name).join(", "),
      order.units,
      decimalCell(order.totalWhs),
    ]),
  ]);
}
