import {
  canMoveOrder,
  type Order,
  type OrderListItem,
  orderMessages,
  orderSchema,
  type OrderStatus,
  undoOrderStatusInputSchema,
  updateOrderStatusInputSchema,
} from "@cm/contracts/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

export interface UpdateOrderStatusVariables {
  orderId: number;
  newStatus: OrderStatus;
  /** The revision the change starts from: an order changed since gets 409 instead of moving. */
  revision: number;
}

/** `PUT /api/orders/{id}/status`: a move the status path does not allow is refused with 409. */
export function updateOrderStatus({
  orderId,
  newStatus,
  revision,
}: UpdateOrderStatusVariables): Promise<Order> {
  return apiFetch(`/api/orders/${orderId}/status`, {
    method: "PUT",
    body: updateOrderStatusInputSchema.parse({ newStatus, revision }),
    schema: orderSchema,
  });
}

/**
 * `POST /api/orders/{id}/status/undo`: moves the order back to where the caller's own last move
 * took it from, given the revision that move answered; 409 once that can no longer be done.
 */
export function undoOrderStatus({
  orderId,
  revision,
}: {
  orderId: number;
  revision: number;
}): Promise<Order> {
  return apiFetch(`/api/orders/${orderId}/status/undo`, {
    method: "POST",
    body: undoOrderStatusInputSchema.parse({ revision }),
    schema: orderSchema,
  });
}

/**
 * Moves one order. Lists, dashboard and the order reload whether it moved or not (a refusal may
 * mean the order changed meanwhile); the mutation settles once they have.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: (_order, _error, { orderId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      ]),
  });
}

/** What a bulk change needs of each order. */
export type OrderToMove = Pick<OrderListItem, "id" | "number" | "status" | "_revision">;

export interface BulkStatusResult {
  newStatus: OrderStatus;
  /** As they were before the move. */
  moved: OrderToMove[];
  /** Each moved order's revision after the move: what undoing it names. */
  movedRevisions: Map<number, number>;
  refused: { order: OrderToMove; reason: string }[];
}

/** Requests in flight at once: enough to be quick, few enough not to flood the server. */
const bulkConcurrency = 4;

/**
 * Moves each order to `newStatus`, one request per order with its own revision. An order the
 * status path already rules out is refused here with the server's message, without a request.
 */
export async function updateOrdersStatus({
  orders,
  newStatus,
}: {
  orders: readonly OrderToMove[];
  newStatus: OrderStatus;
}): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { newStatus, moved: [], movedRevisions: new Map(), refused: [] };
  const toSend: OrderToMove[] = [];
  for (const order of orders) {
    if (canMoveOrder(order.status, newStatus)) toSend.push(order);
    else result.refused.push({ order, reason: orderMessages.transitionRefused(order.status, newStatus) });
  }

  let next = 0;
  async function worker() {
    while (next < toSend.length) {
      const order = toSend[next++]!;
      try {
        const moved = await updateOrderStatus({ orderId: order.id, newStatus, revision: order._revision });
        result.moved.push(order);
        result.movedRevisions.set(order.id, moved._revision);
      } catch (error) {
        result.refused.push({
          order,
          reason: error instanceof Error ? error.message : orderMessages.updateFailed,
        });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(bulkConcurrency, toSend.length) }, worker));

  // Report in the order the user selected them.
  const position = new Map(orders.map((order, index) => [order.id, index]));
  const byPosition = (a: OrderToMove, b: OrderToMove) => position.get(a.id)! - position.get(b.id)!;
  result.moved.sort(byPosition);
  result.refused.sort((a, b) => byPosition(a.order, b.order));
  return result;
}

export interface BulkUndoResult {
  undone: OrderToMove[];
  refused: { order: OrderToMove; reason: string }[];
}

/** Undoes each move of a bulk change (`undoOrderStatus`), one request per order, in turn. */
export async function undoOrdersStatus(result: BulkStatusResult): Promise<BulkUndoResult> {
  const answer: BulkUndoResult = { undone: [], refused: [] };
  for (const order of result.moved) {
    try {
      await undoOrderStatus({ orderId: order.id, revision: result.movedRevisions.get(order.id)! });
      answer.undone.push(order);
    } catch (error) {
      answer.refused.push({
        order,
        reason: error instanceof Error ? error.message : orderMessages.undoFailed,
      });
    }
  }
  return answer;
}

/** Moves several orders; lists and each order's detail reload once all requests have answered. */
export function useBulkUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrdersStatus,
    onSettled: (_result, _error, { orders }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        ...orders.map((order) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) })),
      ]),
  });
}
