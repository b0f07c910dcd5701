import { historySummaries } from "@cm/contracts/history";
import {
  canMoveOrder,
  formatOrderNumber,
  orderLinesEditableStatus,
  orderLimits,
  orderMessages,
  orderNextStatuses,
  type CreateOrderInput,
  type Order,
  type OrderListData,
  type OrderListFilters,
  type OrderListItem,
  type OrderSource,
  type OrderStatus,
  type UndoOrderStatusInput,
  type UpdateOrderLinesInput,
  type UpdateOrderStatusInput,
} from "@cm/contracts/orders";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { defineHistoryEntity, recordCreated, updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import { moveOpenStockWithOrder } from "../open-stock/order-stock.ts";
import { priceOrderLines, refusedLineErrors, type PricedOrderLine } from "./order-lines.ts";
import { listOrderRows } from "./list.repository.ts";
import {
  deleteOrderLines,
  findOrderDetailRow,
  findLastHistoryEntry,
  findLastStatusChange,
  findOrderHistoryRows,
  findOrderLineLists,
  findOrderLineRows,
  findOrderStore,
  insertOrder,
  insertOrderLines,
  insertStatusChange,
  lockOrder,
  refreshOrderSummary,
  type OrderListItemRow,
  type OrderRow,
} from "./repository.ts";

// New Order's offer has a file of its own; it is still reached from here.
export { getOrderOffer } from "./offer.service.ts";

/** Who writes, and the zone whose calendar decides pre-book deadlines. */
export interface OrderWriteContext {
  actorUserId: number | null;
  timeZone: string;
  /** When the write happens: now, unless the demo seed writes the past. */
  at?: Date;
  /** Where a new order was placed: by staff (the default) or by a customer in the portal. */
  source?: OrderSource;
}

/**
 * What the history names and compares of an order: its number, and the fields its lines sum up
 * (a change of lines records the lines added, removed and changed as its summary).
 */
export const orderHistory = defineHistoryEntity({
  type: "order",
  table: orders,
  notFoundMessage: orderMessages.notFound,
  describe: (_tx, row) => ({
    label: formatOrderNumber(row.id),
    fields: {
      status: row.status,
      orderType: row.orderType,
      storeId: row.storeId,
      shipDate: row.shipDate,
      units: row.units,
      totalWhs: row.totalWhs,
    },
  }),
});

function isoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}

export function toOrderListItem(row: OrderListItemRow): OrderListItem {
  return {
    id: row.id,
    number: row.number,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    storeId: row.storeId,
    storeName: row.storeName,
    placedAt: isoTimestamp(row.placedAt),
    orderType: row.orderType,
    status: row.status,
    multibrand: row.multibrand,
    brands: row.brands,
    units: row.units,
    totalWhs: row.totalWhs,
    source: row.source,
    _revision: row._revision,
  };
}

export async function listOrders(
  db: DbExecutor,
  filters: OrderListFilters,
  timeZone: string,
): Promise<OrderListData> {
  const { rows, total, totalIsLowerBound } = await listOrderRows(db, filters, timeZone);
  return {
    orders: rows.map(toOrderListItem),
    total,
    ...(totalIsLowerBound ? { totalIsLowerBound: true as const } : {}),
  };
}

export async function getOrder(db: DbExecutor, orderId: number): Promise<Order> {
  const row = await findOrderDetailRow(db, orderId);
  if (!row) throw new NotFoundError(orderMessages.notFound);
  // One after the other: writes read the order back inside their transaction, whose one
  // connection runs one query at a time (pg deprecates queueing a query on a busy client).
  const lines = await findOrderLineRows(db, orderId);
  const history = await findOrderHistoryRows(db, orderId);
  const lineLists = await findOrderLineLists(db, [...new Set(lines.map((line) => line.lineListId))]);
  return {
    ...toOrderListItem(row),
    shipDate: row.shipDate,
    placedBy: row.placedById === null ? null : { id: row.placedById, name: row.placedByName ?? "" },
    lineLists: lineLists.map(({ id, name, brandId, brandName, deadline, dateOfAvailability }) => ({
      id,
      name,
      brandId,
      brandName,
      deadline,
      dateOfAvailability,
    })),
    lines: lines.map((line) => ({
      id: line.id,
      lineListId: line.lineListId,
      sku: line.sku,
      size: line.size,
      style: {
        id: line.productId,
        modelCode: line.modelCode,
        name: line.styleName,
        color: line.color,
        imageUrl: line.imageUrl,
      },
      brand: { id: line.brandId, name: line.brandName },
      quantity: line.quantity,
      unitWhs: line.unitWhs,
      msrp: line.msrp,
      lineTotal: line.lineTotal,
    })),
    history: history.map((entry) => ({
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      changedAt: isoTimestamp(entry.changedAt),
      changedBy: entry.actorId === null ? null : { id: entry.actorId, name: entry.actorName ?? "" },
      // The path only goes forward: a change against it is an undo.
      ...(entry.fromStatus !== null && !canMoveOrder(entry.fromStatus, entry.toStatus) && { undo: true }),
    })),
    nextStatuses: [...orderNextStatuses[row.status]],
  };
}

/** Prices the lines for the store, or refuses the whole request naming every line that failed. */
async function pricedLinesOrRefuse(
  tx: Tx,
  storeId: number,
  orderType: CreateOrderInput["orderType"],
  lines: CreateOrderInput["lines"],
  context: OrderWriteContext,
): Promise<PricedOrderLine[]> {
  const priced = await priceOrderLines(tx, {
    storeId,
    orderType,
    lines,
    timeZone: context.timeZone,
    at: context.at,
  });
  if (priced.refused.length > 0) {
    throw new InvalidError(orderMessages.linesRefused, refusedLineErrors(priced.refused));
  }
  return priced.lines;
}

/** Future stock ships when its line lists are available: the latest of their dates. */
function shipDateOf(
  orderType: CreateOrderInput["orderType"],
  lines: readonly PricedOrderLine[],
): string | null {
  if (orderType !== "future-stock") return null;
  const dates = lines.flatMap((line) => (line.dateOfAvailability ? [line.dateOfAvailability] : []));
  return dates.length === 0 ? null : dates.reduce((latest, date) => (date > latest ? date : latest));
}

function lineValues(lines: readonly PricedOrderLine[]) {
  return lines.map((line) => ({
    lineListId: line.lineListId,
    productId: line.productId,
    brandId: line.brandId,
    sku: line.sku,
    size: line.size,
    quantity: line.quantity,
    msrp: line.msrp,
    unitWhs: line.unitWhs,
  }));
}

function recordedLines(lines: readonly PricedOrderLine[]) {
  return lines.map(({ lineListId, sku, quantity, unitWhs }) => ({ lineListId, sku, quantity, unitWhs }));
}

/** How many lines (by line list and SKU) a change of lines added, removed and gave another quantity. */
function lineChanges(
  before: readonly { lineListId: number; sku: string; quantity: number }[],
  after: readonly { lineListId: number; sku: string; quantity: number }[],
): { added: number; removed: number; changed: number } {
  const key = (line: { lineListId: number; sku: string }) => `${line.lineListId}:${line.sku}`;
  const quantities = new Map(before.map((line) => [key(line), line.quantity]));
  const kept = new Set<string>();
  let added = 0;
  let changed = 0;
  for (const line of after) {
    const previous = quantities.get(key(line));
    if (previous === undefined) added++;
    else if (previous !== line.quantity) changed++;
    kept.add(key(line));
  }
  return { added, removed: [...quantities.keys()].filter((line) => !kept.has(line)).length, changed };
}

export async function createOrder(
  db: Database,
  input: CreateOrderInput,
  context: OrderWriteContext,
): Promise<Order> {
  return db.transaction(async (tx) => getOrder(tx, (await createOrderInTransaction(tx, input, context)).id));
}

/**
 * `createOrder` in the caller's transaction (the demo seed writes many orders in one). It answers
 * the order's row, not the whole order: the seed does not use the answer, and reading each order
 * back (its lines, line lists and history) would slow the seed for nothing.
 */
export async function createOrderInTransaction(
  tx: Tx,
  input: CreateOrderInput,
  context: OrderWriteContext,
): Promise<OrderRow> {
  const store = await findOrderStore(tx, input.storeId);
  const lines = await pricedLinesOrRefuse(tx, store.id, input.orderType, input.lines, context);
  const order = await insertOrder(tx, {
    organizationId: store.organizationId,
    storeId: store.id,
    orderType: input.orderType,
    status: "pending",
    shipDate: shipDateOf(input.orderType, lines),
    placedByUserId: context.actorUserId,
    source: context.source ?? "staff",
    ...(context.at && { placedAt: context.at, createdAt: context.at, updatedAt: context.at }),
  });
  await insertOrderLines(tx, order.id, lineValues(lines));
  await refreshOrderSummary(tx, order.id);
  await insertStatusChange(tx, {
    orderId: order.id,
    fromStatus: null,
    toStatus: "pending",
    actorUserId: context.actorUserId,
    changedAt: context.at,
  });
  // The row again, with the totals its lines sum up to.
  const withTotals = await lockOrder(tx, order.id);
  await recordCreated(tx, orderHistory, [withTotals!], {
    actorUserId: context.actorUserId,
    at: context.at,
    details: { lines: recordedLines(lines) },
  });
  return withTotals!;
}

export async function replaceOrderLines(
  db: Database,
  orderId: number,
  input: UpdateOrderLinesInput,
  context: OrderWriteContext,
): Promise<Order> {
  return db.transaction(async (tx) => {
    let changed = { added: 0, removed: 0, changed: 0 };
    let lines: PricedOrderLine[] = [];
    await updateEntity(tx, orderHistory, {
      id: orderId,
      expectedRevision: input.revision,
      actorUserId: context.actorUserId,
      at: context.at,
      apply: async (row) => {
        if (row.status !== orderLinesEditableStatus) throw new ConflictError(orderMessages.linesLocked);
        const before = await findOrderLineRows(tx, orderId);
        lines = await pricedLinesOrRefuse(tx, row.storeId, row.orderType, input.lines, context);
        changed = lineChanges(before, lines);
        await deleteOrderLines(tx, orderId);
        await insertOrderLines(tx, orderId, lineValues(lines));
        await refreshOrderSummary(tx, orderId);
        return { shipDate: shipDateOf(row.orderType, lines) };
      },
      summary: () =>
        changed.added + changed.removed + changed.changed > 0
          ? historySummaries.orderLinesChanged(changed)
          : null,
      details: () => ({ lines: recordedLines(lines) }),
    });
    return getOrder(tx, orderId);
  });
}

export async function changeOrderStatus(
  db: Database,
  orderId: number,
  input: UpdateOrderStatusInput,
  context: OrderWriteContext,
): Promise<Order> {
  return db.transaction(async (tx) => {
    await changeOrderStatusInTransaction(tx, orderId, input, context);
    return getOrder(tx, orderId);
  });
}

/** `changeOrderStatus` in the caller's transaction; it answers the order's row (see `createOrderInTransaction`). */
export async function changeOrderStatusInTransaction(
  tx: Tx,
  orderId: number,
  input: UpdateOrderStatusInput,
  context: OrderWriteContext,
): Promise<OrderRow> {
  const { row: written } = await updateEntity(tx, orderHistory, {
    id: orderId,
    expectedRevision: input.revision,
    actorUserId: context.actorUserId,
    at: context.at,
    action: "status",
    apply: async (row) => {
      const from: OrderStatus = row.status;
      if (!canMoveOrder(from, input.newStatus)) {
        throw new ConflictError(orderMessages.transitionRefused(from, input.newStatus));
      }
      await insertStatusChange(tx, {
        orderId,
        fromStatus: from,
        toStatus: input.newStatus,
        actorUserId: context.actorUserId,
        changedAt: context.at,
      });
      // An open-stock order takes its quantities at Processing and gives them back if cancelled.
      await moveOpenStockWithOrder(tx, { orderId, orderType: row.orderType, from, to: input.newStatus });
      return { status: input.newStatus };
    },
  });
  return written;
}

/**
 * Undoes the caller's own last status move (docs/orders.md, "Undoing a status move"): the order
 * goes back to the status it left, only while nothing was written to it since (it is still at
 * the move's revision, which the caller names) and within `orderLimits.statusUndoSeconds`. The
 * history records it as a `status` change with the summary "Status: Shipped → Processing (undone)".
 */
export async function undoOrderStatus(
  db: Database,
  orderId: number,
  input: UndoOrderStatusInput,
  context: OrderWriteContext,
): Promise<Order> {
  return db.transaction(async (tx) => {
    let undone: { from: OrderStatus; to: OrderStatus } | undefined;
    await updateEntity(tx, orderHistory, {
      id: orderId,
      // Checked in `apply`, with a message that says why the move cannot be undone.
      expectedRevision: undefined,
      actorUserId: context.actorUserId,
      at: context.at,
      action: "status",
      apply: async (row) => {
        const last = await findLastStatusChange(tx, orderId);
        if (
          !last ||
          last.fromStatus === null ||
          last.toStatus !== row.status ||
          !canMoveOrder(last.fromStatus, last.toStatus) ||
          context.actorUserId === null ||
          last.actorUserId !== context.actorUserId
        ) {
          throw new ConflictError(orderMessages.undoNothing);
        }
        // The move is still the order's last write: no other write recorded or revision moved since.
        const newest = await findLastHistoryEntry(tx, orderId);
        if (
          row.revision !== input.revision ||
          newest?.action !== "status" ||
          newest.afterRevision !== row.revision
        ) {
          throw new ConflictError(orderMessages.undoChangedSince);
        }
        const now = context.at ?? new Date();
        if (now.getTime() - new Date(last.changedAt).getTime() > orderLimits.statusUndoSeconds * 1000) {
          throw new ConflictError(orderMessages.undoTooLate);
        }
        undone = { from: last.toStatus, to: last.fromStatus };
        await insertStatusChange(tx, {
          orderId,
          fromStatus: undone.from,
          toStatus: undone.to,
          actorUserId: context.actorUserId,
          changedAt: context.at,
        });
        await moveOpenStockWithOrder(tx, { orderId, orderType: row.orderType, ...undone });
        return { status: undone.to };
      },
      summary: () => (undone ? orderMessages.statusUndoneSummary(undone.from, undone.to) : null),
      details: () => (undone ? { undo: true } : undefined),
    });
    return getOrder(tx, orderId);
  });
}
