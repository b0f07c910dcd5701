import type { Cart, CartLine } from "@cm/contracts/portal-orders";
import { orderLimits, orderTypeOfLineListType } from "@cm/contracts/orders";

/** One quantity typed for a SKU of a line list; 0 takes the line out of the cart. */
export interface CartChange {
  lineListId: number;
  sku: string;
  quantity: number;
}

export function cartLineKey(lineListId: number, sku: string): string {
  return `${lineListId}\u0000${sku}`;
}

/** A typed quantity as the cart takes it: a whole number from 0 to 9,999 (anything else is 0). */
export function clampCartQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(orderLimits.quantityMax, Math.max(0, Math.trunc(quantity)));
}

const moneyPattern = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "42.50" → 4250; null for anything that is not an amount. */
export function moneyToCents(amount: string | null | undefined): number | null {
  if (amount == null) return null;
  const match = moneyPattern.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign && cents !== 0 ? -cents : cents;
}

/** 4250 → "42.50": the server's form of an amount. */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** The cart of a store that has none yet (revision 0). */
export function emptyCart(storeId: number): Cart {
  return { storeId, revision: 0, lines: [], units: 0, totalWhs: "0.00", updatedAt: null };
}

/**
 * A line typed before the server has priced it: what is known of its line list comes from a line
 * of the same list already in the cart; the rest arrives with the next save's answer.
 */
function newLine(cart: Cart, change: CartChange): CartLine {
  const sibling = cart.lines.find((line) => line.lineListId === change.lineListId);
  const lineListType = sibling?.lineListType ?? "pre-book";
  return {
    lineListId: change.lineListId,
    lineListName: sibling?.lineListName ?? "",
    lineListType,
    orderType: sibling?.orderType ?? orderTypeOfLineListType[lineListType],
    brandId: sibling?.brandId ?? 0,
    brandName: sibling?.brandName ?? "",
    modelCode: "",
    name: null,
    color: null,
    imageUrl: null,
    sku: change.sku,
    size: "",
    quantity: change.quantity,
    msrp: null,
    unitWhs: null,
    lineTotal: null,
    problem: null,
  };
}

/**
 * The cart with quantities typed on top: a quantity replaces the line's (its line total follows
 * the unit WHS), 0 removes the line, a new SKU is appended; units and WHS total are added up
 * again. With no change the cart comes back as the server answered it.
 */
export function applyCartChanges(cart: Cart, changes: Iterable<CartChange>): Cart {
  const list = [...changes];
  if (list.length === 0) return cart;
  let lines = [...cart.lines];
  for (const change of list) {
    const index = lines.findIndex((line) => line.lineListId === change.lineListId && line.sku === change.sku);
    if (change.quantity <= 0) {
      if (index >= 0) lines = lines.filter((_, position) => position !== index);
      continue;
    }
    if (index < 0) {
      lines.push(newLine(cart, change));
      continue;
    }
    const line = lines[index]!;
    const unit = moneyToCents(line.unitWhs);
    lines[index] = {
      ...line,
      quantity: change.quantity,
      lineTotal: unit === null ? line.lineTotal : centsToMoney(unit * change.quantity),
    };
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const totalCents = lines.reduce((sum, line) => sum + (moneyToCents(line.lineTotal) ?? 0), 0);
  return { ...cart, lines, units, totalWhs: centsToMoney(totalCents) };
}

/** Whether a typed line still waits for the server's price: totals are not final until it has one. */
export function isBeingPriced(cart: Cart | undefined): boolean {
  return (
    cart?.lines.some((line) => line.unitWhs === null && line.problem === null && line.modelCode === "") ??
    false
  );
}
