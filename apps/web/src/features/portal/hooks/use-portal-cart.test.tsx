import { type Cart, type CartLine, portalOrderMessages } from "@cm/contracts/portal-orders";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type * as React from "react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cartSaveDelayMs } from "@/features/portal/hooks/cart-sync";
import { usePortalCart } from "@/features/portal/hooks/use-portal-cart";
import { createQueryClient } from "@/lib/react-query";

// The screens' toasts (lib/toast.ts) call sonner's `toast.error` when they are shown.
let toastError: ReturnType<typeof vi.spyOn>;

function line(sku: string, quantity: number, extra: Partial<CartLine> = {}): CartLine {
  return {
    lineListId: 5,
    lineListName: "FW26 Pre-Book",
    lineListType: "pre-book",
    orderType: "pre-book",
    brandId: 2,
    brandName: "Trailhead",
    modelCode: "TR-100",
    name: "Ridge Runner",
    color: "Black",
    imageUrl: null,
    sku,
    size: sku.split("-").at(-1) ?? "",
    quantity,
    msrp: "120.00",
    unitWhs: "50.00",
    lineTotal: (quantity * 50).toFixed(2),
    problem: null,
    ...extra,
  };
}

function cartOf(revision: number, lines: CartLine[]): Cart {
  return {
    storeId: 11,
    revision,
    lines,
    units: lines.reduce((sum, l) => sum + l.quantity, 0),
    totalWhs: lines.reduce((sum, l) => sum + Number(l.lineTotal ?? 0), 0).toFixed(2),
    updatedAt: null,
  };
}

interface PutBody {
  storeId: number;
  lines: { lineListId: number; sku: string; quantity: number }[];
  revision: number;
}

/** A fake cart server: GET answers `server.cart`; each PUT goes to `server.put` (default: saves, revision + 1). */
function fakeServer(initial: Cart) {
  const server = {
    cart: initial,
    puts: [] as PutBody[],
    put: (body: PutBody): Response | Promise<Response> => {
      server.cart = cartOf(
        server.cart.revision + 1,
        body.lines.map((l) => line(l.sku, l.quantity, { lineListId: l.lineListId })),
      );
      return Response.json({ success: true, message: portalOrderMessages.cartSaved, data: server.cart });
    },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      expect(url.pathname).toBe("/api/portal/cart");
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as PutBody;
        server.puts.push(body);
        return server.put(body);
      }
      return Response.json({ success: true, message: portalOrderMessages.cart, data: server.cart });
    }),
  );
  return server;
}

function renderCart() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePortalCart(11), { wrapper });
}

/** Lets the query cache tell the hook (it batches its news on a 0 ms timer). */
async function settle() {
  await act(() => vi.advanceTimersByTimeAsync(0));
}

async function pause() {
  await act(() => vi.advanceTimersByTimeAsync(cartSaveDelayMs));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  toastError = vi.spyOn(toast, "error").mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  toastError.mockRestore();
});

describe("usePortalCart", () => {
  it("shows a typed quantity at once and saves the whole cart once, after the pause, at the last revision", async () => {
    const server = fakeServer(cartOf(3, [line("TR-100-8", 2)]));
    const { result } = renderCart();
    await vi.waitFor(() => expect(result.current.cart?.revision).toBe(3));
    expect(result.current.quantityOf(5, "TR-100-8")).toBe(2);

    act(() => result.current.setQuantity(5, "TR-100-8", 4));
    act(() => result.current.setQuantity(5, "TR-100-9", 1));
    act(() => result.current.setQuantity(5, "TR-100-9", 3));
    await settle();
    expect(result.current.quantityOf(5, "TR-100-8")).toBe(4);
    expect(result.current.quantityOf(5, "TR-100-9")).toBe(3);
    expect(result.current.cart?.units).toBe(7);
    expect(result.current.cart?.lines.map((l) => l.sku)).toEqual(["TR-100-8", "TR-100-9"]);
    expect(result.current.saving).toBe(true);
    expect(server.puts).toHaveLength(0);

    await pause();
    await vi.waitFor(() => expect(result.current.saving).toBe(false));
    expect(server.puts).toEqual([
      {
        storeId: 11,
        revision: 3,
        lines: [
          { lineListId: 5, sku: "TR-100-8", quantity: 4 },
          { lineListId: 5, sku: "TR-100-9", quantity: 3 },
        ],
      },
    ]);
    expect(result.current.cart?.revision).toBe(4);
    // The answer's priced line replaced the one typed.
    expect(result.current.cart?.lines[1]).toMatchObject({
      sku: "TR-100-9",
      unitWhs: "50.00",
      lineTotal: "150.00",
    });
  });

  it("removes a line typed to 0 and clamps quantities to 0..9999", async () => {
    const server = fakeServer(cartOf(1, [line("TR-100-8", 2), line("TR-100-9", 1)]));
    const { result } = renderCart();
    await vi.waitFor(() => expect(result.current.cart?.revision).toBe(1));

    act(() => result.current.setQuantity(5, "TR-100-8", 0));
    act(() => result.current.setQuantity(5, "TR-100-9", 12_000));
    act(() => result.current.setQuantity(5, "TR-100-10", -3));
    await settle();
    expect(result.current.cart?.lines.map((l) => [l.sku, l.quantity])).toEqual([["TR-100-9", 9999]]);

    await pause();
    await vi.waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]!.lines).toEqual([{ lineListId: 5, sku: "TR-100-9", quantity: 9999 }]);
  });

  it("keeps one save in flight and sends what was typed meanwhile in the next, keeping it on screen", async () => {
    const server = fakeServer(cartOf(1, []));
    let release!: () => void;
    const save = server.put;
    server.put = (body) =>
      new Promise<Response>((resolve) => {
        release = () => resolve(save(body));
      });
    const { result } = renderCart();
    await vi.waitFor(() => expect(result.current.cart?.revision).toBe(1));

    act(() => result.current.setQuantity(5, "TR-100-8", 1));
    await pause();
    await vi.waitFor(() => expect(server.puts).toHaveLength(1));

    act(() => result.current.setQuantity(5, "TR-100-9", 2));
    await pause();
    expect(server.puts).toHaveLength(1);

    server.put = save;
    await act(async () => release());
    await vi.waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toMatchObject({
      revision: 2,
      lines: [
        { sku: "TR-100-8", quantity: 1 },
        { sku: "TR-100-9", quantity: 2 },
      ],
    });
    await vi.waitFor(() => expect(result.current.saving).toBe(false));
    expect(result.current.cart?.revision).toBe(3);
    expect(result.current.quantityOf(5, "TR-100-9")).toBe(2);
  });

  it("on 409 takes the cart answered, lays the typed quantities on top and saves again", async () => {
    const server = fakeServer(cartOf(2, [line("TR-100-8", 1)]));
    const { result } = renderCart();
    await vi.waitFor(() => expect(result.current.cart?.revision).toBe(2));

    // Another device added a line meanwhile.
    const elsewhere = cartOf(5, [line("TR-100-8", 1), line("TR-100-11", 6)]);
    const save = server.put;
    server.put = (body) => {
      server.put = save;
      server.cart = elsewhere;
      void body;
      return Response.json(
        { success: false, message: portalOrderMessages.cartChanged, data: { cart: elsewhere } },
        { status: 409 },
      );
    };

    act(() => result.current.setQuantity(5, "TR-100-9", 2));
    await pause();
    await vi.waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[0]!.revision).toBe(2);
    expect(server.puts[1]).toEqual({
      storeId: 11,
      revision: 5,
      lines: [
        { lineListId: 5, sku: "TR-100-8", quantity: 1 },
        { lineListId: 5, sku: "TR-100-11", quantity: 6 },
        { lineListId: 5, sku: "TR-100-9", quantity: 2 },
      ],
    });
    await vi.waitFor(() => expect(result.current.cart?.revision).toBe(6));
    expect(result.current.cart?.units).toBe(9);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("on another failure says the server's message and reloads the cart as the server has it", async () => {
    const server = fakeServer(cartOf(2, [line("TR-100-8", 1)]));
    server.put = () =>
      Response.json(
        { success: false, message: portalOrderMessages.lineNotVisible, data: null },
        { status: 400 },
      );
    const { result } = renderCart();
    await vi.waitFor(() => expect(result.current.cart?.revision).toBe(2));

    act(() => result.current.setQuantity(5, "TR-100-9", 2));
    await pause();
    await vi.waitFor(() => expect(result.current.error).toBe(portalOrderMessages.lineNotVisible));
    expect(toastError).toHaveBeenCalledWith(portalOrderMessages.lineNotVisible);
    await vi.waitFor(() => expect(result.current.quantityOf(5, "TR-100-9")).toBe(0));
    expect(result.current.saving).toBe(false);
  });
});
