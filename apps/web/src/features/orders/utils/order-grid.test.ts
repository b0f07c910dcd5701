import type { Order, OrderLine } from "@cm/contracts/orders";
import { describe, expect, it } from "vitest";
import {
  cellErrorsFromRefusal,
  gridLineListsFromOrder,
  gridStyleKey,
  isDeadlinePassed,
  lineListTotals,
  mergeOrderIntoOffer,
  type OrderGridLineList,
  type OrderGridQuantities,
  orderGridTotals,
  orderLinesFromGrid,
  parseQuantityInput,
  quantitiesFromOrder,
  sizeColumns,
  styleTotals,
  withQuantity,
} from "@/features/orders/utils/order-grid";

function style(productId: number, unitWhs: string, sizes: string[]) {
  return {
    productId,
    modelCode: `M-${productId}`,
    name: `Style ${productId}`,
    color: "Black",
    imageUrl: null,
    msrp: "99.99",
    unitWhs,
    sizes: sizes.map((size) => ({ sku: `${productId}-${size}`, size })),
  };
}

function lineList(id: number, styles: OrderGridLineList["styles"]): OrderGridLineList {
  return {
    id,
    name: `LL ${id}`,
    brandId: id,
    brandName: `Brand ${id}`,
    deadline: null,
    dateOfAvailability: null,
    styles,
  };
}

function line(
  overrides: Partial<OrderLine> & Pick<OrderLine, "lineListId" | "sku" | "size" | "quantity">,
): OrderLine {
  return {
    id: 1,
    style: { id: 1, modelCode: "M-1", name: "Style 1", color: "Black", imageUrl: null },
    brand: { id: 1, name: "Brand 1" },
    unitWhs: "10.00",
    msrp: "20.00",
    lineTotal: "0.00",
    ...overrides,
  };
}

describe("size columns", () => {
  it("lists every size once, in the styles' order", () => {
    expect(sizeColumns([style(1, "1.00", ["6", "8", "10"]), style(2, "1.00", ["7", "8"])])).toEqual([
      "6",
      "7",
      "8",
      "10",
    ]);
    expect(sizeColumns([style(1, "1.00", ["S", "M"]), style(2, "1.00", ["M", "L", "XL"])])).toEqual([
      "S",
      "M",
      "L",
      "XL",
    ]);
    expect(sizeColumns([])).toEqual([]);
  });

  it("puts a size no earlier column brackets at its scale place, never at the end as text would", () => {
    expect(sizeColumns([style(1, "1.00", ["6", "10"]), style(2, "1.00", ["8"])])).toEqual(["6", "8", "10"]);
    expect(sizeColumns([style(1, "1.00", ["9.5", "10"]), style(2, "1.00", ["8", "8.5"])])).toEqual([
      "8",
      "8.5",
      "9.5",
      "10",
    ]);
  });
});

describe("quantity input", () => {
  it("keeps whole numbers from 0 to 9,999; empty is 0", () => {
    expect(parseQuantityInput("")).toBe(0);
    expect(parseQuantityInput("12")).toBe(12);
    expect(parseQuantityInput("007")).toBe(7);
    expect(parseQuantityInput("1,200")).toBe(1200);
    expect(parseQuantityInput("-3")).toBe(3);
    expect(parseQuantityInput("abc")).toBe(0);
    expect(parseQuantityInput("12345")).toBe(9999);
  });
});

describe("grid totals in cents", () => {
  const grid = [
    lineList(1, [style(1, "42.50", ["S", "M"]), style(2, "0.10", ["M"])]),
    lineList(2, [style(1, "33.33", ["S"])]),
  ];
  let quantities: OrderGridQuantities = {};
  quantities = withQuantity(quantities, { styleKey: gridStyleKey(1, 1), sku: "1-S" }, 2);
  quantities = withQuantity(quantities, { styleKey: gridStyleKey(1, 1), sku: "1-M" }, 3);
  quantities = withQuantity(quantities, { styleKey: gridStyleKey(1, 2), sku: "2-M" }, 3);
  quantities = withQuantity(quantities, { styleKey: gridStyleKey(2, 1), sku: "1-S" }, 3);

  it("adds units and WHS per style, per line list and for the order", () => {
    expect(styleTotals(grid[0]!.styles[0]!, quantities[gridStyleKey(1, 1)])).toEqual({
      units: 5,
      cents: 21_250,
      lines: 2,
    });
    // 3 × 0.10 is 0.30 exactly.
    expect(styleTotals(grid[0]!.styles[1]!, quantities[gridStyleKey(1, 2)])).toEqual({
      units: 3,
      cents: 30,
      lines: 1,
    });
    expect(lineListTotals(grid[0]!, quantities)).toEqual({ units: 8, cents: 21_280, lines: 3 });
    // The same style in another line list is another row: 3 × 33.33 = 99.99.
    expect(orderGridTotals(grid, quantities)).toEqual({ units: 11, cents: 31_279, lines: 4 });
  });

  it("changes only the edited style's record, and drops cells set to 0", () => {
    const before = quantities;
    const after = withQuantity(before, { styleKey: gridStyleKey(1, 1), sku: "1-S" }, 0);
    expect(after[gridStyleKey(1, 1)]).toEqual({ "1-M": 3 });
    expect(after[gridStyleKey(1, 2)]).toBe(before[gridStyleKey(1, 2)]);
    expect(withQuantity(after, { styleKey: gridStyleKey(1, 1), sku: "1-M" }, 3)).toBe(after);
  });

  it("sends a line per cell with a quantity and maps a refusal back to its cell", () => {
    const { lines, cells } = orderLinesFromGrid(grid, quantities);
    expect(lines).toEqual([
      { lineListId: 1, sku: "1-S", quantity: 2 },
      { lineListId: 1, sku: "1-M", quantity: 3 },
      { lineListId: 1, sku: "2-M", quantity: 3 },
      { lineListId: 2, sku: "1-S", quantity: 3 },
    ]);
    const refusal = cellErrorsFromRefusal(
      {
        "lines.3.sku": ["1-S: The line list is not published"],
        "lines.1.quantity": ["Too many"],
        "lines.1.sku": ["1-M: No such SKU in this line list"],
        storeId: ["The store is inactive"],
      },
      cells,
    );
    expect(refusal.placed).toBe(3);
    expect(refusal.errors[gridStyleKey(2, 1)]).toEqual({ "1-S": "1-S: The line list is not published" });
    expect(refusal.errors[gridStyleKey(1, 1)]?.["1-M"]).toContain("Too many");
    expect(refusal.errors[gridStyleKey(1, 1)]?.["1-M"]).toContain("No such SKU");
    expect(cellErrorsFromRefusal(null, cells).placed).toBe(0);
  });
});

describe("an order on the grid", () => {
  const order: Pick<Order, "lines" | "lineLists"> = {
    lineLists: [
      { id: 1, name: "Spring", brandId: 1, brandName: "Brand 1", deadline: null, dateOfAvailability: null },
    ],
    lines: [
      line({ lineListId: 1, sku: "1-M", size: "M", quantity: 4 }),
      line({ lineListId: 1, sku: "1-XL", size: "XL", quantity: 1 }),
    ],
  };

  it("groups the lines by style with the sizes ordered", () => {
    const [grid] = gridLineListsFromOrder(order);
    expect(grid!.name).toBe("Spring");
    expect(grid!.styles).toHaveLength(1);
    expect(grid!.styles[0]!.sizes.map((size) => size.size)).toEqual(["M", "XL"]);
    expect(quantitiesFromOrder(order)).toEqual({ [gridStyleKey(1, 1)]: { "1-M": 4, "1-XL": 1 } });
  });

  it("keeps the order's lines the offer no longer has", () => {
    const offer = [lineList(1, [style(1, "10.00", ["S", "M"]), style(3, "5.00", ["M"])])];
    const [merged] = mergeOrderIntoOffer(offer, order);
    expect(merged!.styles.map((entry) => entry.productId)).toEqual([1, 3]);
    expect(merged!.styles[0]!.sizes.map((size) => size.sku)).toEqual(["1-S", "1-M", "1-XL"]);
    expect(offer[0]!.styles[0]!.sizes).toHaveLength(2);
  });
});

describe("pre-book deadline", () => {
  it("takes orders up to and including the deadline day", () => {
    expect(isDeadlinePassed("2027-03-01", "2027-03-01")).toBe(false);
    expect(isDeadlinePassed("2027-03-01", "2027-03-02")).toBe(true);
    expect(isDeadlinePassed(null, "2027-03-02")).toBe(false);
  });
});
