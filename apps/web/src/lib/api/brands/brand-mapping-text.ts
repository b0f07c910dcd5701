import type { LineListLayout } from "@cm/contracts/line-list-mapping";

/**
 * The words the web app writes about a brand's column mapping, on the brand's page and in the
 * upload's "Map columns" step; the contract's mappingMessages hold the ones the server sends too.
 */
export const brandMappingText = {
  sectionTitle: "Column mapping",
  sectionDescription: "How this brand's spreadsheets are read: the column each field comes from.",
  empty: "No column mapping yet: it is made on the first upload.",
  loadFailed: "The column mapping could not be loaded",
  notInFile: "Not in this file",
  firstSheet: "The first sheet",
  seasonFromSheetName: "From the sheet's name",
  keepAsAttribute: "Keep as attribute",
  leaveOut: "Leave out",
  asImageUrls: "Image URLs",
  resetConfirmTitle: (brandName: string) => `Reset ${brandName}'s column mapping?`,
  resetConfirmDescription:
    "The next upload of this brand asks for its columns again. Line lists already uploaded keep their data.",
  resetLabel: "Reset mapping",
  resetting: "Resetting...",
  resetFailed: "The column mapping could not be reset",
  saveFailed: "The column mapping could not be saved",
} as const;

export const layoutLabels: Record<LineListLayout, { label: string; description: string }> = {
  rows: { label: "One row per SKU", description: "Each row is one size of a style, with its size and SKU." },
  "size-columns": {
    label: "Sizes as columns",
    description: "Each row is a style and colour; each size column holds that size's SKU or UPC.",
  },
};

export const decimalSeparatorLabels = {
  ".": "Point (49.99)",
  ",": "Comma (49,99)",
} as const;

/** How a text ship date is read (a mapping's `dateOrder`). */
export const dateOrderLabels = {
  "month-first": "Month first (03/15/2027)",
  "day-first": "Day first (15/03/2027)",
} as const;
