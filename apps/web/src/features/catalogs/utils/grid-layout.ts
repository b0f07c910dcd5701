import { segmentationLimits } from "@cm/contracts/catalog-segmentation";

/**
 * The item grid's geometry: as many columns as fit cards of at least the minimum width, up to
 * the spec's 6 (or 11 in the compact "Images Only" mode), so a phone shows fewer.
 */
export const gridLayouts = {
  regular: { maxColumns: segmentationLimits.gridColumns, minCardWidth: 150, gap: 12, textHeight: 84 },
  compact: { maxColumns: segmentationLimits.compactGridColumns, minCardWidth: 80, gap: 8, textHeight: 0 },
} as const;

export function gridLayout(compact: boolean) {
  return compact ? gridLayouts.compact : gridLayouts.regular;
}

/** Columns for a grid this wide; the most columns while the width is unknown (not laid out yet). */
export function gridColumnCount(width: number, compact: boolean): number {
  const { maxColumns, minCardWidth, gap } = gridLayout(compact);
  if (!(width > 0)) return maxColumns;
  return Math.max(1, Math.min(maxColumns, Math.floor((width + gap) / (minCardWidth + gap))));
}

/** A row's height before it is measured: a square image, the text under it, and the gap below. */
export function estimatedRowHeight(width: number, compact: boolean): number {
  const { gap, textHeight } = gridLayout(compact);
  const columns = gridColumnCount(width, compact);
  const cardWidth = width > 0 ? (width - gap * (columns - 1)) / columns : 180;
  return Math.round(cardWidth + textHeight + gap);
}
