import { type OrderType, orderTypeValues } from "@cm/contracts/orders";
import type { CartLine } from "@cm/contracts/portal-orders";
import { centsToMoney, moneyToCents } from "@/features/portal/hooks/cart-lines";

/** The cart lines of one brand and one order type: what one submitted order of that brand holds. */
export interface CartGroup {
  key: string;
  brandName: string;
  orderType: OrderType;
  lines: CartLine[];
  units: number;
  totalWhs: string;
}

/** The cart's lines by brand (A–Z) and order type (in the order types' order), lines as they came. */
export function groupCartLines(lines: readonly CartLine[]): CartGroup[] {
  const groups = new Map<string, CartGroup>();
  for (const line of lines) {
    const key = `${line.brandId}:${line.orderType}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        brandName: line.brandName,
        orderType: line.orderType,
        lines: [],
        units: 0,
        totalWhs: "0.00",
      };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  for (const group of groups.values()) {
    group.units = group.lines.reduce((sum, line) => sum + line.quantity, 0);
    group.totalWhs = centsToMoney(
      group.lines.reduce((sum, line) => sum + (moneyToCents(line.lineTotal) ?? 0), 0),
    );
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.brandName.localeCompare(b.brandName) ||
      orderTypeValues.indexOf(a.orderType) - orderTypeValues.indexOf(b.orderType),
  );
}

/** How many orders a submit places: one per order type in the cart. */
export function cartOrderCount(lines: readonly CartLine[]): number {
  return new Set(lines.map((line) => line.orderType)).size;
}

const unitsFormatter = new Intl.NumberFormat("en-US");

/** 1 → "1 unit", 1200 → "1,200 units". */
export function formatUnits(units: number): string {
  return `${unitsFormatter.format(units)} ${units === 1 ? "unit" : "units"}`;
}
