import { useCallback, useState } from "react";
import type * as React from "react";
import {
  firstGridCell,
  type GridCellMap,
  type GridPosition,
  hasGridCell,
  nextGridCell,
} from "@/features/orders/utils/order-grid-navigation";

/** Frames to wait for a row scrolled into view to render before giving up on focusing it. */
const focusAttempts = 6;

const tabbableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first control after `container` that Tab would reach, outside it. */
function tabbableAfter(container: HTMLElement): HTMLElement | null {
  for (const element of container.ownerDocument.querySelectorAll<HTMLElement>(tabbableSelector)) {
    if (element.tabIndex < 0 || container.contains(element)) continue;
    if (container.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) return element;
  }
  return null;
}

/** Room left between a revealed cell and what is pinned over the grid. */
const revealGap = 4;

/**
 * Scrolls the grid so that `cell` is not under its pinned parts: the style column on the left
 * (the row's header cell) and the header row on top. The browser scrolls a focused input into
 * the scroll area's box, which these cover.
 */
export function revealGridCell(container: HTMLElement, cell: HTMLElement): void {
  const box = cell.getBoundingClientRect();
  const pinned = cell.closest("tr")?.querySelector("th");
  if (pinned) {
    const edge = pinned.getBoundingClientRect().right;
    if (box.left < edge + revealGap) container.scrollLeft -= edge + revealGap - box.left;
  }
  const head = container.querySelector("thead");
  if (head) {
    const bottom = head.getBoundingClientRect().bottom;
    if (box.top < bottom + revealGap) container.scrollTop -= bottom + revealGap - box.top;
  }
}

function cellSelector({ row, col }: GridPosition): string {
  return `[data-grid-row="${row}"][data-grid-col="${col}"]`;
}

/**
 * Roving focus over a grid's quantity cells: the grid is one tab stop (the active cell, first
 * cell until another is focused) and the keys of `nextGridCell` move between cells, Tab included,
 * as in a spreadsheet. The grid is left by Tab on its last cell, Shift+Tab on its first, or
 * Escape from any cell (to the control after the grid). Rows of a virtualised body may not be
 * rendered yet: `scrollToRow` brings one into view before focusing.
 */
export function useOrderGridNavigation({
  cells,
  containerRef,
  scrollToRow,
}: {
  cells: GridCellMap;
  containerRef: React.RefObject<HTMLElement | null>;
  scrollToRow?: (row: number) => void;
}) {
  const [focused, setFocused] = useState<GridPosition | null>(null);
  const active = focused && hasGridCell(cells, focused) ? focused : firstGridCell(cells);

  const focusCell = useCallback(
    (target: GridPosition) => {
      const find = () => containerRef.current?.querySelector<HTMLInputElement>(cellSelector(target));
      const element = find();
      if (element) {
        element.focus();
        return;
      }
      scrollToRow?.(target.row);
      let attempts = 0;
      const retry = () => {
        const rendered = find();
        if (rendered) rendered.focus();
        else if ((attempts += 1) < focusAttempts) requestAnimationFrame(retry);
      };
      requestAnimationFrame(retry);
    },
    [containerRef, scrollToRow],
  );

  const onCellKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLInputElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Escape") {
        const container = containerRef.current;
        const next = container && tabbableAfter(container);
        if (!next) return;
        event.preventDefault();
        next.focus();
        return;
      }
      const row = Number(event.currentTarget.dataset.gridRow);
      const col = Number(event.currentTarget.dataset.gridCol);
      const target = nextGridCell(cells, { row, col }, event);
      if (target === undefined) return;
      event.preventDefault();
      if (target) focusCell(target);
    },
    [cells, containerRef, focusCell],
  );

  const onCellFocus = useCallback(
    (row: number, col: number, cell: HTMLElement) => {
      setFocused((current) => (current?.row === row && current.col === col ? current : { row, col }));
      if (containerRef.current) revealGridCell(containerRef.current, cell);
    },
    [containerRef],
  );

  return { active, onCellKeyDown, onCellFocus };
}
