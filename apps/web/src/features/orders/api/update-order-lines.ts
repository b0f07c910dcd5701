import {
  type Order,
  type OrderLineInput,
  orderSchema,
  updateOrderLinesInputSchema,
} from "@cm/contracts/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

export interface UpdateOrderLinesVariables {
  orderId: number;
  lines: OrderLineInput[];
  /** The revision the edit started from: an order changed since gets 409 instead of being overwritten. */
  revision: number;
}

/**
 * `PUT /api/orders/{id}/lines`: replaces every line (priced anew) while the order is Pending;
 * 409 when it no longer is or the revision is stale, 400 naming each refused line.
 */
export function updateOrderLines({ orderId, lines, revision }: UpdateOrderLinesVariables): Promise<Order> {
  return apiFetch(`/api/orders/${orderId}/lines`, {
    method: "PUT",
    body: updateOrderLinesInputSchema.parse({ lines, revision }),
    schema: orderSchema,
  });
}

/**
 * The answer replaces the cached order (with its new revision); after a failure the order reloads,
 * since it may have changed meanwhile; the lists and dashboard reload either way.
 */
export function useUpdateOrderLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderLines,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order.id), order),
    onError: (_error, { orderId }) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
  });
}
