import { type Cart, cartSchema } from "@cm/contracts/portal-orders";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/portal/cart?storeId=`: the store's cart, priced, with each line's problem (revision 0 while empty). */
export function getPortalCart(storeId: number, signal?: AbortSignal): Promise<Cart> {
  return apiFetch("/api/portal/cart", { query: { storeId }, schema: cartSchema, signal });
}
