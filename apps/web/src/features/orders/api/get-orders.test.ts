import { maxPageSize } from "@cm/contracts/envelope";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getAllOrders } from "@/features/orders/api/get-orders";
import { orderListItem } from "@/testing/orders";

afterEach(() => vi.unstubAllGlobals());

describe("getAllOrders", () => {
  it("reads every page when the server's total is only a lower bound", async () => {
    const orders = Array.from({ length: 2 * maxPageSize + 5 }, (_, index) => orderListItem(index + 1));
    // A server whose count stops at one page past the page's first row.
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), "http://localhost");
        const offset = (Number(url.searchParams.get("page")) - 1) * maxPageSize;
        const cap = offset + maxPageSize;
        const data = {
          orders: orders.slice(offset, offset + maxPageSize),
          ...(orders.length > cap ? { total: cap, totalIsLowerBound: true } : { total: orders.length }),
        };
        return Response.json({ success: true, message: "OK", data });
      }),
    );
    const all = await getAllOrders({ page: 1, pageSize: 10 });
    expect(all.map((item) => item.id)).toEqual(orders.map((item) => item.id));
  });
});
