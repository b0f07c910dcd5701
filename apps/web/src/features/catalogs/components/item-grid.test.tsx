import type { CatalogItem } from "@cm/contracts/catalog-segmentation";
import { render, screen, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { ItemGrid } from "@/features/catalogs/components/item-grid";

/** The most cards a long list may put in the page at once (docs/performance.md, "Light pages"). */
const maxRenderedCards = 100;

function item(index: number): CatalogItem {
  const modelCode = `${10000 + index}-001`;
  return {
    id: modelCode,
    model_code: modelCode,
    silhouette: "Clog",
    color: "Black",
    sizes: ["M4/W6", "M5/W7"],
    image_url: null,
    position: index,
    catalogTypes: [],
  };
}

it("keeps only the cards in view of a 5,000-item segmentation grid in the page", () => {
  // happy-dom lays nothing out: the grid gets a desktop width and each row of cards a height; the
  // window's height is happy-dom's.
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 1200, 0));
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(300);
  const items = Array.from({ length: 5000 }, (_, index) => item(index));
  const selection = {
    select: vi.fn(),
    toggle: vi.fn(),
    extend: vi.fn(),
    include: vi.fn(),
    selectAll: vi.fn(),
    clear: vi.fn(),
  };
  render(
    <ItemGrid
      items={items}
      place="unsorted"
      label="Unsorted items"
      selectedIds={new Set()}
      selection={selection}
      compact={false}
      draggedIds={new Set()}
      disabled={false}
      onOpenActions={() => {}}
    />,
  );

  const grid = screen.getByRole("grid", { name: "Unsorted items" });
  const cards = within(grid).getAllByRole("gridcell");
  expect(cards.length).toBeGreaterThan(0);
  expect(cards.length).toBeLessThanOrEqual(maxRenderedCards);
  expect(within(grid).getByText(/10000-001/)).toBeInTheDocument();
  expect(within(grid).queryByText(/14999-001/)).not.toBeInTheDocument();
});
