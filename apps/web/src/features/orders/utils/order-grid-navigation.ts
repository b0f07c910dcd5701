/**
 * Moving between the quantity cells of an order grid with the keyboard, as in a spreadsheet:
 * arrows go to the nearest cell that way (skipping sizes a style does not have), Enter goes down,
 * Shift+Enter up, Home and End to the row's first and last cell, Tab and Shift+Tab to the next and
 * previous cell in reading order. Tab on the last cell and Shift+Tab on the first leave the grid.
 */

export interface GridPosition {
  row: number;
  col: number;
}

/** `cells[row][col]`: whether that style has that size, i.e. whether the cell takes a quantity. */
export type GridCellMap = readonly (readonly boolean[])[];

export function hasGridCell(cells: GridCellMap, position: GridPosition): boolean {
  return cells[position.row]?.[position.col] === true;
}

export function firstGridCell(cells: GridCellMap): GridPosition | null {
  for (let row = 0; row < cells.length; row += 1) {
    const col = cells[row]!.indexOf(true);
    if (col !== -1) return { row, col };
  }
  return null;
}

function scanRows(cells: GridCellMap, from: GridPosition, step: 1 | -1): GridPosition | null {
  for (let row = from.row + step; row >= 0 && row < cells.length; row += step) {
    if (cells[row]![from.col]) return { row, col: from.col };
  }
  return null;
}

function scanColumns(
  cells: GridCellMap,
  from: GridPosition,
  step: 1 | -1,
  toEnd = false,
): GridPosition | null {
  const columns = cells[from.row] ?? [];
  let found: GridPosition | null = null;
  for (let col = from.col + step; col >= 0 && col < columns.length; col += step) {
    if (!columns[col]) continue;
    found = { row: from.row, col };
    if (!toEnd) break;
  }
  return found;
}

function scanReadingOrder(cells: GridCellMap, from: GridPosition, step: 1 | -1): GridPosition | null {
  const inRow = scanColumns(cells, from, step);
  if (inRow) return inRow;
  for (let row = from.row + step; row >= 0 && row < cells.length; row += step) {
    const columns = cells[row]!;
    const col = step === 1 ? columns.indexOf(true) : columns.lastIndexOf(true);
    if (col !== -1) return { row, col };
  }
  return null;
}

export interface GridKey {
  key: string;
  shiftKey?: boolean;
}

/**
 * Where a key press moves from `from`: the next cell, `null` when there is none that way (the
 * focus stays), or `undefined` when the key does not move (typing goes on as usual; a Tab past
 * the last cell, or a Shift+Tab before the first, goes on to the page's next or previous control).
 */
export function nextGridCell(cells: GridCellMap, from: GridPosition, { key, shiftKey }: GridKey) {
  switch (key) {
    case "ArrowDown":
      return scanRows(cells, from, 1);
    case "ArrowUp":
      return scanRows(cells, from, -1);
    case "Enter":
      return scanRows(cells, from, shiftKey ? -1 : 1);
    case "ArrowRight":
      return scanColumns(cells, from, 1);
    case "ArrowLeft":
      return scanColumns(cells, from, -1);
    case "Home":
      return scanColumns(cells, from, -1, true);
    case "End":
      return scanColumns(cells, from, 1, true);
    case "Tab":
      return scanReadingOrder(cells, from, shiftKey ? -1 : 1) ?? undefined;
    default:
      return undefined;
  }
}
