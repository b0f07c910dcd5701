import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import { render, screen, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { previewColumns } from "@/features/line-lists/components/preview-columns";
import { PreviewStylesTable } from "@/features/line-lists/components/preview-styles-table";

/** The most rows a long list may put in the page at once (docs/performance.md, "Light pages"). */
const maxRenderedRows = 100;

function style(index: number): PreviewStyleRow {
  const modelCode = `${10000 + index}-001`;
  return {
    id: index + 1,
    position: index,
    model_code: modelCode,
    franchise: "Classic",
    silhouette: "Clog",
    color: "Black",
    gender: "Unisex",
    msrp: 49.99,
    expected_shipped_date: null,
    image_urls: [],
    attributes: { comfort_level: null, height_range: null, wear_occasion: null, target_fit: null },
    status: "new",
    changedFields: [],
    previous: null,
    items: [{ size: "M4/W6", sku: `${modelCode}-M4`, status: "new" }],
    removedItems: [],
    kept: [],
    leftOut: false,
  };
}

it("keeps only the rows in view of a 5,000-style preview in the page", () => {
  // happy-dom lays nothing out: the scroll area gets the screen's height and each row measures as one.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(57);
  const styles = Array.from({ length: 5000 }, (_, index) => style(index));
  render(
    <PreviewStylesTable
      styles={styles}
      total={styles.length}
      columns={previewColumns}
      loading={false}
      hasMore={false}
      loadingMore={false}
      onLoadMore={() => {}}
      emptyText="No styles."
    />,
  );

  const table = within(screen.getByRole("region", { name: "Styles" })).getByRole("table");
  expect(table).toHaveAttribute("aria-rowcount", "5001");
  const shown = within(table).getAllByRole("button", { name: /^Show the sizes of / });
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThanOrEqual(maxRenderedRows);
  expect(within(table).getAllByRole("row").length).toBeLessThanOrEqual(maxRenderedRows);
  expect(within(table).getByText("10000-001")).toBeInTheDocument();
  expect(within(table).queryByText("14999-001")).not.toBeInTheDocument();
});
