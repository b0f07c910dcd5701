import { render, screen, within } from "@testing-library/react";
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
