import { act, render, screen, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { OrderGrid } from "@/features/orders/components/order-grid";
import type { OrderGridLineList } from "@/features/orders/utils/order-grid";

/** The most rows a long list may put in the page at once (docs/performance.md, "Light pages"). */
const maxRenderedRows = 100;

const sizes = ["M4/W6", "M5/W7", "M6/W8", "M7/W9", "M8/W10"];

function lineListOf(styleCount: number): OrderGridLineList {
  return {
    id: 7,
    name: "Spring 2027 Pre-Book",
    brandId: 1,
    brandName: "Crocs",
    deadline: null,
    dateOfAvailability: null,
    styles: Array.from({ length: styleCount }, (_, index) => {
      const modelCode = `${10000 + index}-001`;
      return {
        productId: index + 1,
        modelCode,
        name: "Classic Clog",
        color: "Black",
        imageUrl: null,
        msrp: "49.99",
        unitWhs: "25.00",
        sizes: sizes.map((size) => ({ size, sku: `${modelCode}-${size}` })),
      };
    }),
  };
}

it("keeps only the rows in view of a 500-style order grid in the page", () => {
  // happy-dom lays nothing out: the scroll area gets a screen's height and each row measures as one.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(57);
  render(<OrderGrid lineList={lineListOf(500)} quantities={{}} onQuantityChange={() => {}} />);

  const grid = screen.getByRole("table");
  const styleRows = within(grid).getAllByText(/^1\d{4}-001$/);
  expect(styleRows.length).toBeGreaterThan(0);
  expect(styleRows.length).toBeLessThanOrEqual(maxRenderedRows);
  expect(within(grid).getAllByRole("row").length).toBeLessThanOrEqual(maxRenderedRows);
  expect(within(grid).getByText("10000-001")).toBeInTheDocument();
  expect(within(grid).queryByText("10499-001")).not.toBeInTheDocument();
});

it("keeps the pinned style column to a third of the grid and scrolls a focused cell out from under it", () => {
  render(<OrderGrid lineList={lineListOf(3)} quantities={{}} onQuantityChange={() => {}} />);
  const grid = screen.getByRole("table");
  // 16rem at most, and never more than a third of the scroll area's width (`cqw`).
  expect(grid.querySelector("col")).toHaveClass("w-[min(16rem,33cqw)]");
  const region = grid.closest<HTMLElement>("[role=region]")!;
  expect(region).toHaveClass("@container");

  // The grid scrolled sideways; the style column (up to x = 120) and the header row (down to
  // y = 40) are pinned over it, and the cell to focus sits under the column.
  const cell = within(grid).getByRole("textbox", { name: "10001-001 size M4/W6" });
  const rects = new Map<Element, Partial<DOMRect>>([
    [cell.closest("tr")!.querySelector("th")!, { right: 120 }],
    [grid.querySelector("thead")!, { bottom: 40 }],
    [cell, { left: 60, top: 100 }],
  ]);
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    return { left: 0, right: 0, top: 0, bottom: 0, ...rects.get(this) } as DOMRect;
  });
  region.scrollLeft = 300;
  region.scrollTop = 0;
  act(() => cell.focus());
  // Scrolled back by what the column covered, plus a little room; the header covers nothing.
  expect(region.scrollLeft).toBe(300 - (120 + 4 - 60));
  expect(region.scrollTop).toBe(0);

  // A cell under the header row comes down from under it.
  const below = within(grid).getByRole("textbox", { name: "10001-001 size M5/W7" });
  rects.set(below, { left: 200, top: 30 });
  region.scrollTop = 100;
  act(() => below.focus());
  expect(region.scrollLeft).toBe(236);
  expect(region.scrollTop).toBe(100 - (40 + 4 - 30));
});
