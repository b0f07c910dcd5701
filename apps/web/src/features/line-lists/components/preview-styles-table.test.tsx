import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import { reviewMessages } from "@cm/contracts/line-list-review";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { type PreviewColumn, previewColumns } from "@/features/line-lists/components/preview-columns";
import { PreviewStylesTable } from "@/features/line-lists/components/preview-styles-table";
import { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";
import { PreviewChoicesContext } from "@/features/line-lists/hooks/use-preview-choices";

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

/** A style whose MSRP the file changes from $49.99. */
function changedStyle(index: number): PreviewStyleRow {
  const row = style(index);
  const {
    items,
    id: _id,
    position: _position,
    status: _status,
    changedFields: _fields,
    previous: _previous,
    removedItems: _removed,
    kept: _kept,
    leftOut: _leftOut,
    ...values
  } = row;
  return {
    ...row,
    msrp: 54.99,
    status: "changed",
    changedFields: ["msrp"],
    previous: { ...values, items: items.map(({ size, sku }) => ({ size, sku })) },
  };
}

it("renders only the clicked row again when a cell keeps its old value, over 5,000 styles", async () => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1400);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(57);
  const styles = Array.from({ length: 5000 }, (_, index) => changedStyle(index));
  const rendered: number[] = [];
  const columns: PreviewColumn[] = previewColumns.map((column) =>
    column.id === "model_code"
      ? {
          ...column,
          cell: (row, review) => {
            rendered.push(row.id);
            return column.cell(row, review);
          },
        }
      : column,
  );
  // The answer never comes: what the screen shows is the choice laid over the rows at once.
  const send = vi.fn(() => new Promise<never>(() => {}));
  const store = new PreviewChoicesStore({ send });
  render(
    <PreviewChoicesContext value={store}>
      <PreviewStylesTable
        styles={styles}
        total={styles.length}
        columns={columns}
        loading={false}
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => {}}
        emptyText="No styles."
        columnChoices
      />
    </PreviewChoicesContext>,
  );
  const table = within(screen.getByRole("region", { name: "Styles" })).getByRole("table");
  const row = within(table).getByText("10002-001").closest("tr")!;
  const msrp = row.querySelector("td[data-changed]")!;
  rendered.length = 0;

  fireEvent.click(within(msrp as HTMLElement).getByRole("button", { name: reviewMessages.keepOldValue }));

  expect(msrp).toHaveAttribute("data-kept", "true");
  expect(msrp).toHaveTextContent(/^\$49\.99/);
  // The click renders its one row again, not the table (what a click costs: `npm run bench:review`).
  expect(rendered).toEqual([3]);
  await waitFor(() => expect(send).toHaveBeenCalledWith({ styles: [{ id: 3, keep: ["msrp"] }] }));
});
