import type { FieldErrors } from "@cm/contracts/envelope";
import {
  orderLimits,
  orderMessages,
  orderTypeOfLineListType,
  orderTypeValues,
  type Order,
  type OrderLineInput,
  type OrderType,
} from "@cm/contracts/orders";
import {
  portalOrderMessages,
  type Cart,
  type CartLine,
  type PutCartInput,
} from "@cm/contracts/portal-orders";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { DomainError, InvalidError } from "../../lib/errors.ts";
import type { PortalContext } from "../auth/api-guard.ts";
import { priceOrderLines, type PricedOrderLine } from "../orders/order-lines.ts";
import { createOrderInTransaction, getOrder } from "../orders/service.ts";
import {
  findCart,
  findCartLines,
  findLineTargets,
  lockCart,
  replaceCartLines,
  type CartRow,
  type LineTargetRow,
} from "./cart.repository.ts";
import { findPortalStore, type PortalStore } from "./visibility.ts";

/** Who writes in the portal, and the zone whose calendar decides pre-book deadlines. */
export interface PortalWriteContext {
  userId: number;
  portal: PortalContext;
  timeZone: string;
}

/** A cart holds up to this many lines; each order placed from it, `orderLimits.linesMax`. */
export const cartLinesMax = orderLimits.linesMax * 4;

/**
 * 409 for a cart write at a stale revision. Its `data` is the current cart (`{ cart }`), not field
 * errors: the routes declare `cartChangedEnvelopeSchema` for their 409.
 */
export class CartChangedError extends DomainError {
  constructor(cart: Cart) {
    super(409, portalOrderMessages.cartChanged, { cart } as unknown as FieldErrors);
  }
}

/** A requested line as the store may order it now: what it names, its price, or why not. */
export interface CheckedLine {
  index: number;
  input: OrderLineInput;
  target: LineTargetRow;
  orderType: OrderType | null;
  priced: PricedOrderLine | null;
  /** Why the line cannot be ordered now (visibility, then the order rules' own reasons); null when it can. */
  problem: string | null;
}

/**
 * Checks lines for a store: each must be visible to it (`itemVisibleSql`), then pass the order
 * rules of its line list's order type (`priceOrderLines`, so prices and reasons are the orders'
 * own). Lines are grouped by order type, as submitting places one order per type.
 */
export async function checkLines(
  db: DbExecutor,
  storeId: number,
  lines: readonly OrderLineInput[],
  timeZone: string,
  at: Date,
): Promise<CheckedLine[]> {
  const targets = await findLineTargets(db, storeId, lines);
  const checked: CheckedLine[] = targets.map((target) => ({
    index: target.idx,
    input: lines[target.idx]!,
    target,
    orderType: target.lineListType ? orderTypeOfLineListType[target.lineListType] : null,
    priced: null,
    problem: target.visible ? null : portalOrderMessages.lineNotVisible,
  }));
  for (const orderType of orderTypeValues) {
    const group = checked.filter((line) => line.problem === null && line.orderType === orderType);
    if (group.length === 0) continue;
    const priced = await priceOrderLines(db, {
      storeId,
      orderType,
      lines: group.map((line) => line.input),
      timeZone,
      at,
    });
    for (const line of priced.lines) group[line.index]!.priced = line;
    for (const line of priced.refused) group[line.index]!.problem = line.reason;
  }
  return checked;
}

/** Field errors naming each refused line by its index: `lines.<index>.sku` → "<sku>: <reason>". */
export function lineErrors(lines: readonly CheckedLine[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const line of lines) {
    if (line.problem !== null)
      (errors[`lines.${line.index}.sku`] ??= []).push(`${line.input.sku}: ${line.problem}`);
  }
  return errors;
}

function cents(money: string): number {
  return Math.round(Number(money) * 100);
}

function money(amount: number): string {
  return `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
}

function toCartLine(line: CheckedLine): CartLine {
  const { target, priced } = line;
  return {
    lineListId: line.input.lineListId,
    lineListName: target.lineListName ?? "",
    lineListType: target.lineListType ?? "own-stock",
    orderType: line.orderType ?? "open-stock",
    brandId: target.brandId ?? 0,
    brandName: target.brandName ?? "",
    modelCode: target.modelCode ?? "",
    name: target.name,
    color: target.color,
    imageUrl: target.imageUrl,
    sku: line.input.sku,
    size: target.size ?? "",
    quantity: line.input.quantity,
    msrp: priced?.msrp ?? null,
    unitWhs: priced?.unitWhs ?? null,
    lineTotal: priced?.lineTotal ?? null,
    problem: line.problem,
  };
}

function isoOrNull(value: Date | string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** The store's cart, each line resolved and priced for the store now. */
export async function readCart(
  db: DbExecutor,
  storeId: number,
  timeZone: string,
  row?: CartRow,
): Promise<Cart> {
  const cart = row ?? (await findCart(db, storeId));
  const stored = cart ? await findCartLines(db, storeId) : [];
  const lines = (await checkLines(db, storeId, stored, timeZone, new Date())).map(toCartLine);
  return {
    storeId,
    revision: cart?.revision ?? 0,
    lines,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalWhs: money(lines.reduce((sum, line) => sum + (line.lineTotal ? cents(line.lineTotal) : 0), 0)),
    updatedAt: cart && cart.revision > 0 ? isoOrNull(cart.updatedAt) : null,
  };
}

export async function getCart(db: DbExecutor, context: PortalWriteContext, storeId: number): Promise<Cart> {
  const store = await findPortalStore(db, context.userId, context.portal, storeId);
  return readCart(db, store.id, context.timeZone);
}

/** Locks the store's cart and checks the revision the client read: 409 with the cart when it moved. */
export async function lockCartAt(
  tx: Tx,
  store: PortalStore,
  revision: number,
  timeZone: string,
): Promise<CartRow> {
  const row = await lockCart(tx, store.id, store.organizationId);
  if (row.revision !== revision) throw new CartChangedError(await readCart(tx, store.id, timeZone, row));
  return row;
}

/**
 * Refuses (400) repeated lines (same line list and SKU) and lines the store may not see. A line
 * already in the cart that the store no longer sees (its catalog was unpublished for the store, say)
 * is kept as long as its quantity does not grow: it shows its `problem` instead of blocking every
 * other edit of the cart until it is removed.
 */
async function refuseUnorderable(tx: Tx, storeId: number, lines: readonly OrderLineInput[]): Promise<void> {
  const stored = new Map(
    (await findCartLines(tx, storeId)).map((line) => [`${line.lineListId}\u0000${line.sku}`, line.quantity]),
  );
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const key = `${line.lineListId}\u0000${line.sku}`;
    if (seen.has(key)) errors[`lines.${index}.sku`] = [`${line.sku}: ${orderMessages.skuRepeated}`];
    seen.add(key);
  });
  for (const target of await findLineTargets(tx, storeId, lines)) {
    const line = lines[target.idx]!;
    const kept = stored.get(`${line.lineListId}\u0000${line.sku}`);
    if (!target.visible && (kept === undefined || line.quantity > kept)) {
      (errors[`lines.${target.idx}.sku`] ??= []).push(
        `${lines[target.idx]!.sku}: ${portalOrderMessages.lineNotVisible}`,
      );
    }
  }
  if (Object.keys(errors).length > 0) throw new InvalidError(orderMessages.linesRefused, errors);
}

/** `PUT /api/portal/cart`: replaces the lines at the revision the client read. */
export async function putCart(db: Database, context: PortalWriteContext, input: PutCartInput): Promise<Cart> {
  return db.transaction(async (tx) => {
    const store = await findPortalStore(tx, context.userId, context.portal, input.storeId);
    await lockCartAt(tx, store, input.revision, context.timeZone);
    await refuseUnorderable(tx, store.id, input.lines);
    await replaceCartLines(tx, store.id, input.lines, context.userId);
    return readCart(tx, store.id, context.timeZone);
  });
}

/**
 * Places lines for a store in the caller's transaction: one Pending order per order type, written
 * by `createOrderInTransaction` (the staff orders' rules, prices frozen) with source "portal". When
 * any line is refused nothing is written and 400 names every refused line by its index.
 */
export async function placeLines(
  tx: Tx,
  storeId: number,
  lines: readonly OrderLineInput[],
  context: PortalWriteContext,
): Promise<Order[]> {
  const at = new Date();
  const checked = await checkLines(tx, storeId, lines, context.timeZone, at);
  const errors = lineErrors(checked);
  const groups = orderTypeValues
    .map((orderType) => ({ orderType, lines: checked.filter((line) => line.orderType === orderType) }))
    .filter((group) => group.lines.length > 0);
  for (const group of groups) {
    if (group.lines.length > orderLimits.linesMax) errors.lines = [orderMessages.tooManyLines];
  }
  if (Object.keys(errors).length > 0) throw new InvalidError(orderMessages.linesRefused, errors);
  const placed: Order[] = [];
  for (const group of groups) {
    const row = await createOrderInTransaction(
      tx,
      { storeId, orderType: group.orderType, lines: group.lines.map((line) => line.input) },
      { actorUserId: context.userId, timeZone: context.timeZone, at, source: "portal" },
    );
    placed.push(await getOrder(tx, row.id));
  }
  return placed;
}

/** `POST /api/portal/cart/submit`: places the cart at its revision, then empties it. */
export async function submitCart(
  db: Database,
  context: PortalWriteContext,
  input: { storeId: number; revision: number },
): Promise<Order[]> {
  return db.transaction(async (tx) => {
    const store = await findPortalStore(tx, context.userId, context.portal, input.storeId);
    await lockCartAt(tx, store, input.revision, context.timeZone);
    const lines = await findCartLines(tx, store.id);
    if (lines.length === 0) throw new InvalidError(portalOrderMessages.cartEmpty);
    const placed = await placeLines(tx, store.id, lines, context);
    await replaceCartLines(tx, store.id, [], context.userId);
    return placed;
  });
}
