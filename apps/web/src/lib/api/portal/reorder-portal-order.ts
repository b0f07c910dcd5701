import { reorderInputSchema, reorderResultSchema } from "@cm/contracts/portal-orders";
import { apiFetch } from "@/lib/api-client";
import type { z } from "zod";

export type ReorderResult = z.infer<typeof reorderResultSchema>;

export interface ReorderPortalOrderVariables {
  orderId: number;
  /** The store's cart revision last read (0 when it has none): 409 with the cart when it moved. */
  revision: number;
}

/**
 * `POST /api/portal/orders/{id}/reorder`: adds the order's lines to its store's cart; answers the
 * cart, how many lines were added and those no longer orderable, each with why.
 */
export function reorderPortalOrder({
  orderId,
  revision,
}: ReorderPortalOrderVariables): Promise<ReorderResult> {
  return apiFetch(`/api/portal/orders/${orderId}/reorder`, {
    method: "POST",
    body: reorderInputSchema.parse({ revision }),
    schema: reorderResultSchema,
  });
}
