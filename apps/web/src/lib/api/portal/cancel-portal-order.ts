import { type PortalOrder, portalCancelInputSchema, portalOrderSchema } from "@cm/contracts/portal-orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { apiFetch } from "@/lib/api-client";

export interface CancelPortalOrderVariables {
  orderId: number;
  /** The order's revision as shown: 409 when it changed since, or is no longer Pending. */
  revision: number;
}

/** `POST /api/portal/orders/{id}/cancel`: cancels a Pending order; 409 `cancelOnlyPending` otherwise. */
export function cancelPortalOrder({ orderId, revision }: CancelPortalOrderVariables): Promise<PortalOrder> {
  return apiFetch(`/api/portal/orders/${orderId}/cancel`, {
    method: "POST",
    body: portalCancelInputSchema.parse({ revision }),
    schema: portalOrderSchema,
  });
}

/** Cancels; the answer replaces the cached order, and the order and lists reload whatever the answer. */
export function useCancelPortalOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPortalOrder,
    onSuccess: (order) => queryClient.setQueryData(portalKeys.order(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.orders() }),
  });
}
