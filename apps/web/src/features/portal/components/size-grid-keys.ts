import { orderLimits } from "@cm/contracts/orders";
import type * as React from "react";

/** What was typed as a quantity: its digits, 0 for none, at most the order limit. */
export function parseQuantity(raw: string): number {
  const digits = raw.replace(/\D/g, "").replace(/^0+/, "");
  if (!digits) return 0;
  return Math.min(Number(digits.slice(0, 6)), orderLimits.quantityMax);
}

function cellSelector(row: number, col?: number): string {
  return col === undefined
    ? `input[data-size-row="${row}"]`
    : `input[data-size-row="${row}"][data-size-col="${col}"]`;
}

/**
 * Arrow keys in the size grids of a page of styles, handled once on the element holding them:
 * Left and Right move between the sizes of a style (once the caret is at the edge of what is
 * typed), Up and Down to the same size of the style before or after (the size in the same place
 * when it has no such size, its last when it has fewer).
 */
export function handleSizeGridKeyDown(event: React.KeyboardEvent<HTMLElement>) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.dataset.sizeRow === undefined) return;
  const row = Number(input.dataset.sizeRow);
  const col = Number(input.dataset.sizeCol);
  const atStart = (input.selectionStart ?? 0) === 0 && (input.selectionEnd ?? 0) === 0;
  const allSelected = input.selectionStart === 0 && input.selectionEnd === input.value.length;
  const atEnd = (input.selectionEnd ?? input.value.length) === input.value.length;
  let target: Element | null = null;
  const container = event.currentTarget;
  switch (event.key) {
    case "ArrowLeft":
      if (atStart || allSelected) target = container.querySelector(cellSelector(row, col - 1));
      break;
    case "ArrowRight":
      if (atEnd) target = container.querySelector(cellSelector(row, col + 1));
      break;
    case "ArrowUp":
    case "ArrowDown": {
      const cells = [
        ...container.querySelectorAll<HTMLInputElement>(
          cellSelector(event.key === "ArrowUp" ? row - 1 : row + 1),
        ),
      ];
      target =
        cells.find((cell) => cell.dataset.size === input.dataset.size) ??
        cells[Math.min(col, cells.length - 1)] ??
        null;
      break;
    }
    default:
      return;
  }
  if (target instanceof HTMLInputElement) {
    event.preventDefault();
    target.focus();
  }
}
