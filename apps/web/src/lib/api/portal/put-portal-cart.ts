import { type Cart, type CartLineInput, cartSchema, putCartInputSchema } from "@cm/contracts/portal-orders";
import { apiFetch } from "@/lib/api-client";

export interface PutPortalCartVariables {
  storeId: number;
  /** Every line of the cart (quantities above 0). */
  lines: CartLineInput[];
  /** The cart's revision last read: 409 `cartChanged` with `data.cart` when it moved since. */
  revision: number;
}

/** `PUT /api/portal/cart`: replaces the store's cart lines and answers the cart priced anew. */
export function putPortalCart({ storeId, lines, revision }: PutPortalCartVariables): Promise<Cart> {
  return apiFetch("/api/portal/cart", {
    method: "PUT",
    body: putCartInputSchema.parse({ storeId, lines, revision }),
    schema: cartSchema,
  });
}
