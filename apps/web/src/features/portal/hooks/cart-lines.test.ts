import type { Cart, CartLine } from "@cm/contracts/portal-orders";
import { describe, expect, it } from "vitest";
import { applyCartChanges, emptyCart, isBeingPriced } from "@/features/portal/hooks/cart-lines";

const priced: CartLine = {
  lineListId: 5,
  lineListName: "Core Own Stock",
  lineListType: "own-stock",
  orderType: "open-stock",
  brandId: 1,
  brandName: "Crocs",
  modelCode: "10001-001",
  name: "Clog",
  color: "Black",
  imageUrl: null,
  sku: "10001-001-M8",
  size: "M8",
  quantity: 1,
  msrp: "49.99",
  unitWhs: "25.00",
  lineTotal: "25.00",
  problem: null,
};
const cart: Cart = { ...emptyCart(11), revision: 3, lines: [priced], units: 1, totalWhs: "25.00" };

describe("the cart as typed", () => {
  it("adds up a priced line's new quantity at once, and says a new line waits for its price", () => {
    const more = applyCartChanges(cart, [{ lineListId: 5, sku: "10001-001-M8", quantity: 3 }]);
    expect([more.units, more.totalWhs, isBeingPriced(more)]).toEqual([3, "75.00", false]);

    const added = applyCartChanges(cart, [{ lineListId: 5, sku: "10001-001-M9", quantity: 2 }]);
    expect(added.units).toBe(3);
    expect(added.lines.map((line) => [line.sku, line.lineListName, line.orderType])).toEqual([
      ["10001-001-M8", "Core Own Stock", "open-stock"],
      ["10001-001-M9", "Core Own Stock", "open-stock"],
    ]);
    // Its price comes with the save's answer: until then the total is not final.
    expect(isBeingPriced(added)).toBe(true);
  });

  it("removes a line typed to 0", () => {
    const none = applyCartChanges(cart, [{ lineListId: 5, sku: "10001-001-M8", quantity: 0 }]);
    expect([none.lines, none.units, none.totalWhs]).toEqual([[], 0, "0.00"]);
  });
});
