import { orderLimits, type Order, type OrderLineInput } from "@cm/contracts/orders";
import { portalOrderMessages, type PortalOrderListItem } from "@cm/contracts/portal-orders";
import type { z } from "zod";
import type { portalOrdersQuerySchema, reorderResultSchema } from "@cm/contracts/portal-orders";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database, type DbExecutor } from "../../db/client.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import type { PortalContext } from "../auth/api-guard.ts";
import {
  findOrderLineRows,
  lockOrder,
  orderListItemColumns,
  orderListItemJoins,
  type OrderListItemRow,
} from "../orders/repository.ts";
import { changeOrderStatusInTransaction, getOrder, toOrderListItem } from "../orders/service.ts";
import { findCartLines, replaceCartLines } from "./cart.repository.ts";
import {
  cartLinesMax,
  checkLines,
  lockCartAt,
  placeLines,
  readCart,
  type PortalWriteContext,
} from "./cart.service.ts";
import { findPortalStore } from "./visibility.ts";

/**
 * The organization's orders in the portal (docs/portal.md "The cart and orders"): a user holding
 * `portal.users.manage` sees every store of the organization, any other user the stores they are
 * linked to. Anything outside answers 404, never whether it exists.
 */
function orderScopeSql(userId: number, portal: PortalContext): SQL {
  const organization = sql`o.organization_id = ${portal.organizationId}`;
  if (portal.permissions.includes("portal.users.manage")) return organization;
  return sql`${organization} and o.store_id in (select su.store_id from store_users su where su.user_id = ${userId})`;
}

/** A store of the organization the user may see orders of, or 404 "Store not found". */
async function checkOrderStore(db: DbExecutor, userId: number, portal: PortalContext, storeId: number) {
  const all = portal.permissions.includes("portal.users.manage");
  const [store] = rowsOf<{ id: number }>(
    await db.execute(sql`select s.id from stores s
      where s.id = ${storeId} and s.organization_id = ${portal.organizationId}
        and (${all} or exists (select 1 from store_users su where su.store_id = s.id and su.user_id = ${userId}))`),
  );
  if (!store) throw new NotFoundError(portalOrderMessages.storeNotFound);
}

export async function listPortalOrders(
  db: DbExecutor,
  userId: number,
  portal: PortalContext,
  query: z.infer<typeof portalOrdersQuerySchema>,
): Promise<{ orders: PortalOrderListItem[]; total: number }> {
  const conditions = [orderScopeSql(userId, portal)];
  if (query.storeId !== undefined) {
    await checkOrderStore(db, userId, portal, query.storeId);
    conditions.push(sql`o.store_id = ${query.storeId}`);
  }
  if (query.status) conditions.push(sql`o.status = ${query.status}`);
  const where = sql.join(conditions, sql` and `);
  const rows = rowsOf<OrderListItemRow>(
    await db.execute(sql`select ${orderListItemColumns} from orders o ${orderListItemJoins}
      where ${where} order by o.placed_at desc, o.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  const [count] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from orders o where ${where}`),
  );
  return { orders: rows.map(toOrderListItem), total: count?.total ?? 0 };
}

/** The order when the user may see it, or 404. */
async function findScopedOrder(
  db: DbExecutor,
  userId: number,
  portal: PortalContext,
  orderId: number,
): Promise<{ id: number; storeId: number }> {
  const [row] = rowsOf<{ id: number; storeId: number }>(
    await db.execute(sql`select o.id, o.store_id as "storeId" from orders o
      where o.id = ${orderId} and ${orderScopeSql(userId, portal)}`),
  );
  if (!row) throw new NotFoundError(portalOrderMessages.notFound);
  return row;
}

export async function getPortalOrder(
  db: DbExecutor,
  userId: number,
  portal: PortalContext,
  orderId: number,
): Promise<Order> {
  await findScopedOrder(db, userId, portal, orderId);
  return getOrder(db, orderId);
}

/**
 * `POST /api/portal/orders/{id}/cancel`: only while Pending, through the staff orders' status
 * change, so the history and the status changes record the buyer as the one who cancelled.
 */
export async function cancelPortalOrder(
  db: Database,
  context: PortalWriteContext,
  orderId: number,
  revision: number,
): Promise<Order> {
  return db.transaction(async (tx) => {
    await findScopedOrder(tx, context.userId, context.portal, orderId);
    const row = await lockOrder(tx, orderId);
    if (row?.status !== "pending") throw new ConflictError(portalOrderMessages.cancelOnlyPending);
    await changeOrderStatusInTransaction(
      tx,
      orderId,
      { newStatus: "cancelled", revision },
      { actorUserId: context.userId, timeZone: context.timeZone },
    );
    return getOrder(tx, orderId);
  });
}

export type ReorderResult = z.infer<typeof reorderResultSchema>;

/**
 * `POST /api/portal/orders/{id}/reorder`: adds the order's lines to its store's cart (at the
 * cart's revision), adding quantities to lines already there; lines the store can no longer order
 * are left out and named with why.
 */
export async function reorderPortalOrder(
  db: Database,
  context: PortalWriteContext,
  orderId: number,
  revision: number,
): Promise<ReorderResult> {
  return db.transaction(async (tx) => {
    const order = await findScopedOrder(tx, context.userId, context.portal, orderId);
    const store = await findPortalStore(tx, context.userId, context.portal, order.storeId);
    await lockCartAt(tx, store, revision, context.timeZone);
    const orderLines = await findOrderLineRows(tx, orderId);
    const inputs: OrderLineInput[] = orderLines.map(({ lineListId, sku, quantity }) => ({
      lineListId,
      sku,
      quantity,
    }));
    const checked = await checkLines(tx, store.id, inputs, context.timeZone, new Date());
    const lines = await findCartLines(tx, store.id);
    const at = new Map(lines.map((line, index) => [`${line.lineListId}\u0000${line.sku}`, index]));
    const skipped: ReorderResult["skipped"] = [];
    let added = 0;
    for (const line of checked) {
      const { sku, lineListId, quantity } = line.input;
      const modelCode = orderLines[line.index]!.modelCode;
      const key = `${lineListId}\u0000${sku}`;
      const existing = at.get(key);
      if (line.problem !== null) skipped.push({ sku, modelCode, reason: line.problem });
      else if (existing !== undefined) {
        const kept = lines[existing]!;
        kept.quantity = Math.min(orderLimits.quantityMax, kept.quantity + quantity);
        added++;
      } else if (lines.length >= cartLinesMax)
        skipped.push({ sku, modelCode, reason: portalOrderMessages.cartFull });
      else {
        at.set(key, lines.length);
        lines.push({ lineListId, sku, quantity });
        added++;
      }
    }
    await replaceCartLines(tx, store.id, lines, context.userId);
    return { cart: await readCart(tx, store.id, context.timeZone), added, skipped };
  });
}

/** `POST /api/portal/orders`: places lines directly, under the rules of a submitted cart. */
export async function placePortalOrder(
  db: Database,
  context: PortalWriteContext,
  input: { storeId: number; lines: OrderLineInput[] },
): Promise<Order[]> {
  return db.transaction(async (tx) => {
    const store = await findPortalStore(tx, context.userId, context.portal, input.storeId);
    return placeLines(tx, store.id, input.lines, context);
  });
}
