import { type Cart, cartSchema } from "@cm/contracts/portal-orders";
import type { QueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import {
  applyCartChanges,
  type CartChange,
  cartLineKey,
  clampCartQuantity,
  emptyCart,
} from "@/features/portal/hooks/cart-lines";
import { getPortalCart } from "@/lib/api/portal/get-portal-cart";
import { portalKeys } from "@/lib/api/portal/portal-keys";
import { putPortalCart } from "@/lib/api/portal/put-portal-cart";
import { isApiError } from "@/lib/api-client";

/** How long typing may pause before the cart is saved. */
export const cartSaveDelayMs = 400;
/** 409s in a row (another tab saving as fast) before giving up and reloading. */
const maxConflicts = 5;

export interface CartSyncState {
  /** Quantities typed and not yet saved, or a save under way. */
  saving: boolean;
  /** The last save's failure, until the next quantity is typed. */
  error: string | null;
}

/**
 * Keeps one store's cart on the server as the user types, shared by every screen that edits it
 * (one per query client and store): each quantity shows at once in the cached cart, and after a
 * pause the whole line list is PUT at the last known revision, one request at a time, later
 * changes waiting for the next. A 409 answers the current cart: the changes not yet saved are
 * laid on top of it and sent again, so no typed line is lost.
 */
export class CartSync {
  private readonly pending = new Map<string, CartChange>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private state: CartSyncState = { saving: false, error: null };
  private readonly listeners = new Set<() => void>();

  private readonly queryClient: QueryClient;
  private readonly storeId: number;

  constructor(queryClient: QueryClient, storeId: number) {
    this.queryClient = queryClient;
    this.storeId = storeId;
  }

  get queryKey() {
    return portalKeys.cart(this.storeId);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): CartSyncState => this.state;

  private update(next: Partial<CartSyncState>) {
    const saving = this.pending.size > 0 || this.inFlight;
    const state = { ...this.state, saving, ...next };
    if (state.saving === this.state.saving && state.error === this.state.error) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  /** The cart as read from the server with the changes not yet saved on top (the query's fetch). */
  async read(signal?: AbortSignal): Promise<Cart> {
    const cart = await getPortalCart(this.storeId, signal);
    return applyCartChanges(cart, this.pending.values());
  }

  /** A cart the server answered (a reorder, a submit) with the changes not yet saved on top. */
  receive(cart: Cart) {
    this.queryClient.setQueryData<Cart>(this.queryKey, applyCartChanges(cart, this.pending.values()));
  }

  setQuantity(lineListId: number, sku: string, quantity: number) {
    const change = { lineListId, sku, quantity: clampCartQuantity(quantity) };
    this.pending.set(cartLineKey(lineListId, sku), change);
    this.queryClient.setQueryData<Cart>(this.queryKey, (cart) =>
      applyCartChanges(cart ?? emptyCart(this.storeId), [change]),
    );
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, cartSaveDelayMs);
    this.update({ error: null });
  }

  /** Saves now what was typed (called after the pause); waits for a save under way first. */
  async flush(): Promise<void> {
    if (this.inFlight || this.pending.size === 0) return;
    this.inFlight = true;
    this.update({});
    try {
      await this.save();
    } finally {
      this.inFlight = false;
      this.update({});
      // Typed during the save, and the pause already over: save again now.
      if (this.pending.size > 0 && !this.timer) void this.flush();
    }
  }

  private async save() {
    for (let conflicts = 0; ; conflicts += 1) {
      const cart =
        this.queryClient.getQueryData<Cart>(this.queryKey) ??
        applyCartChanges(emptyCart(this.storeId), this.pending.values());
      const sent = new Map(this.pending);
      const lines = cart.lines
        .filter((line) => line.quantity > 0)
        .map(({ lineListId, sku, quantity }) => ({ lineListId, sku, quantity }));
      try {
        const saved = await putPortalCart({ storeId: this.storeId, lines, revision: cart.revision });
        for (const [key, change] of sent) {
          if (this.pending.get(key)?.quantity === change.quantity) this.pending.delete(key);
        }
        this.receive(saved);
        return;
      } catch (error) {
        if (isApiError(error) && error.status === 409 && conflicts < maxConflicts) {
          const answered = cartSchema.safeParse((error.data as { cart?: unknown } | undefined)?.cart);
          try {
            this.receive(answered.success ? answered.data : await getPortalCart(this.storeId));
            continue;
          } catch (readError) {
            return this.fail(readError);
          }
        }
        return this.fail(error);
      }
    }
  }

  /** A save refused for another reason: the server's message, and the cart as the server has it. */
  private fail(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    this.pending.clear();
    toast.error(message);
    this.update({ error: message });
    void this.queryClient.invalidateQueries({ queryKey: this.queryKey });
  }
}

const syncs = new WeakMap<QueryClient, Map<number, CartSync>>();

/** The one CartSync of a store for this query client. */
export function cartSyncFor(queryClient: QueryClient, storeId: number): CartSync {
  let byStore = syncs.get(queryClient);
  if (!byStore) {
    byStore = new Map();
    syncs.set(queryClient, byStore);
  }
  let sync = byStore.get(storeId);
  if (!sync) {
    sync = new CartSync(queryClient, storeId);
    byStore.set(storeId, sync);
  }
  return sync;
}
