import { placedOrdersSchema, submitCartInputSchema } from "@cm/contracts/portal-orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

export type PlacedOrders = z.infer<typeof placedOrdersSchema>;

export interface SubmitPortalCartVariables {
  storeId: number;
  revision: number;
}

/**
 * `POST /api/portal/cart/submit`: places one Pending order per order type (201 `{orders}`); 400
 * naming the refused lines, 409 when the cart changed since `revision`.
 */
export function submitPortalCart({ storeId, revision }: SubmitPortalCartVariables): Promise<PlacedOrders> {
  return apiFetch("/api/portal/cart/submit", {
    method: "POST",
    body: submitCartInputSchema.parse({ storeId, revision }),
    schema: placedOrdersSchema,
  });
}

/** Submits the cart; the cart and the order lists reload whatever the answer. */
export function useSubmitPortalCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPortalCart,
    onSettled: (_result, _error, { storeId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: portalKeys.cart(storeId) }),
        queryClient.invalidateQueries({ queryKey: portalKeys.orders() }),
      ]),
  });
}
