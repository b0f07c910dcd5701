import { describe, expect, it } from "vitest";
import { firstGridCell, nextGridCell } from "@/features/orders/utils/order-grid-navigation";

// Row 0 has sizes 0–2, row 1 sizes 1–3, row 2 none, row 3 size 0 only.
const cells = [
  [true, true, true, false],
  [false, true, true, true],
  [false, false, false, false],
  [true, false, false, false],
];

describe("order grid navigation", () => {
  it("starts at the first cell that takes a quantity", () => {
    expect(firstGridCell(cells)).toEqual({ row: 0, col: 0 });
    expect(firstGridCell([[false], [false, true]])).toEqual({ row: 1, col: 1 });
    expect(firstGridCell([])).toBeNull();
  });

  it("moves to the nearest cell each way, skipping sizes a style lacks", () => {
    expect(nextGridCell(cells, { row: 0, col: 0 }, { key: "ArrowDown" })).toEqual({ row: 3, col: 0 });
    expect(nextGridCell(cells, { row: 0, col: 1 }, { key: "ArrowDown" })).toEqual({ row: 1, col: 1 });
    expect(nextGridCell(cells, { row: 1, col: 3 }, { key: "ArrowUp" })).toBeNull();
    expect(nextGridCell(cells, { row: 1, col: 1 }, { key: "ArrowLeft" })).toBeNull();
    expect(nextGridCell(cells, { row: 1, col: 1 }, { key: "ArrowRight" })).toEqual({ row: 1, col: 2 });
    expect(nextGridCell(cells, { row: 0, col: 1 }, { key: "Enter" })).toEqual({ row: 1, col: 1 });
    expect(nextGridCell(cells, { row: 1, col: 1 }, { key: "Enter", shiftKey: true })).toEqual({
      row: 0,
      col: 1,
    });
    expect(nextGridCell(cells, { row: 1, col: 2 }, { key: "Home" })).toEqual({ row: 1, col: 1 });
    expect(nextGridCell(cells, { row: 1, col: 1 }, { key: "End" })).toEqual({ row: 1, col: 3 });
  });

  it("moves with Tab and Shift+Tab in reading order, and leaves the grid past either end", () => {
    expect(nextGridCell(cells, { row: 0, col: 0 }, { key: "Tab" })).toEqual({ row: 0, col: 1 });
    expect(nextGridCell(cells, { row: 0, col: 2 }, { key: "Tab" })).toEqual({ row: 1, col: 1 });
    // Row 2 has no size: Tab skips it.
    expect(nextGridCell(cells, { row: 1, col: 3 }, { key: "Tab" })).toEqual({ row: 3, col: 0 });
    expect(nextGridCell(cells, { row: 3, col: 0 }, { key: "Tab", shiftKey: true })).toEqual({
      row: 1,
      col: 3,
    });
    expect(nextGridCell(cells, { row: 1, col: 1 }, { key: "Tab", shiftKey: true })).toEqual({
      row: 0,
      col: 2,
    });
    // The last cell's Tab and the first cell's Shift+Tab are the browser's: they leave the grid.
    expect(nextGridCell(cells, { row: 3, col: 0 }, { key: "Tab" })).toBeUndefined();
    expect(nextGridCell(cells, { row: 0, col: 0 }, { key: "Tab", shiftKey: true })).toBeUndefined();
  });

  it("leaves other keys to the input", () => {
    expect(nextGridCell(cells, { row: 0, col: 0 }, { key: "5" })).toBeUndefined();
    expect(nextGridCell(cells, { row: 0, col: 0 }, { key: "Escape" })).toBeUndefined();
  });
});
