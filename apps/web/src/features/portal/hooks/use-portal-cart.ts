import type { Cart } from "@cm/contracts/portal-orders";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { cartLineKey } from "@/features/portal/hooks/cart-lines";
import { type CartSync, cartSyncFor } from "@/features/portal/hooks/cart-sync";

/** The store's cart query: the server's cart with the quantities typed and not yet saved on top. */
export function portalCartQueryOptions(sync: CartSync) {
  return queryOptions({ queryKey: sync.queryKey, queryFn: ({ signal }) => sync.read(signal) });
}

export interface PortalCart {
  cart: Cart | undefined;
  isLoading: boolean;
  /** The quantity in the cart for a SKU of a line list (0 when it is not there). */
  quantityOf(lineListId: number, sku: string): number;
  /** Shows at once and is saved after a pause (0 removes the line; clamped to 0..9,999). */
  setQuantity(lineListId: number, sku: string, quantity: number): void;
  /** Quantities typed and not yet saved, or a save under way. */
  saving: boolean;
  /** The last save's failure (already toasted), until the next quantity is typed. */
  error: string | null;
  /** The cart could not be read (nothing cached). */
  loadError: Error | null;
  /** Reads the cart again. */
  reload(): void;
}

/**
 * A store's cart, kept on the server as the user types (docs/portal.md "The cart and orders"):
 * every screen editing the cart (size grids, the cart page) shares one save queue per store.
 */
export function usePortalCart(storeId: number): PortalCart {
  const queryClient = useQueryClient();
  const sync = cartSyncFor(queryClient, storeId);
  const query = useQuery({ ...portalCartQueryOptions(sync), enabled: storeId > 0 });
  const state = useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);
  const cart = query.data;

  const quantities = useMemo(
    () => new Map((cart?.lines ?? []).map((line) => [cartLineKey(line.lineListId, line.sku), line.quantity])),
    [cart],
  );
  const quantityOf = useCallback(
    (lineListId: number, sku: string) => quantities.get(cartLineKey(lineListId, sku)) ?? 0,
    [quantities],
  );
  const setQuantity = useCallback(
    (lineListId: number, sku: string, quantity: number) => sync.setQuantity(lineListId, sku, quantity),
    [sync],
  );

  return {
    cart,
    isLoading: query.isLoading,
    quantityOf,
    setQuantity,
    saving: state.saving,
    error: state.error,
    loadError: cart === undefined ? query.error : null,
    reload: () => void query.refetch(),
  };
}
