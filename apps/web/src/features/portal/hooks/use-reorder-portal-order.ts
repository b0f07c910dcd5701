import { type Cart, cartSchema } from "@cm/contracts/portal-orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cartSyncFor } from "@/features/portal/hooks/cart-sync";
import { portalCartQueryOptions } from "@/features/portal/hooks/use-portal-cart";
import { reorderPortalOrder, type ReorderResult } from "@/lib/api/portal/reorder-portal-order";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { isApiError } from "@/lib/api-client";

/**
 * Reorder: copies an order's lines into its store's cart at the cart's revision (read first when
 * not loaded yet; once more at the revision a 409 answers), and the cart answered replaces the
 * cached one, quantities typed and not yet saved kept on top.
 */
export function useReorderPortalOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      orderId,
      storeId,
    }: {
      orderId: number;
      storeId: number;
    }): Promise<ReorderResult> => {
      const sync = cartSyncFor(queryClient, storeId);
      const cart =
        queryClient.getQueryData<Cart>(portalKeys.cart(storeId)) ??
        (await queryClient.fetchQuery(portalCartQueryOptions(sync)));
      let result: ReorderResult;
      try {
        result = await reorderPortalOrder({ orderId, revision: cart.revision });
      } catch (error) {
        const current =
          isApiError(error) && error.status === 409
            ? cartSchema.safeParse((error.data as { cart?: unknown } | undefined)?.cart)
            : undefined;
        if (!current?.success) throw error;
        sync.receive(current.data);
        result = await reorderPortalOrder({ orderId, revision: current.data.revision });
      }
      sync.receive(result.cart);
      return result;
    },
  });
}
