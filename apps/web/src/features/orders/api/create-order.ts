import { type CreateOrderInput, createOrderInputSchema, type Order, orderSchema } from "@cm/contracts/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `POST /api/orders`: a pending order. A refusal is 400 with `data` naming each refused line
 * (`lines.<index>.sku` → "<sku>: <reason>") and nothing stored.
 */
export function createOrder(input: CreateOrderInput): Promise<Order> {
  return apiFetch("/api/orders", {
    method: "POST",
    body: createOrderInputSchema.parse(input),
    schema: orderSchema,
  });
}

/** Writes an order: the answer is cached as its detail, and the lists and dashboard reload. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
