import type { ExistingStyle, PreviewField, PreviewStyleRow } from "@cm/contracts/line-list-preview";
import type * as React from "react";
import { ItemImage } from "@/components/item-image";
import { PreviewStatusCell } from "@/features/line-lists/components/preview-choice-controls";
import type { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";
import type { RowChoices } from "@/features/line-lists/hooks/use-preview-choices";
import { formatDateLong, formatMoney } from "@/lib/format";

/** A row's choices, while an upload waiting is reviewed (none on a saved line list). */
export interface CellReview {
  store: PreviewChoicesStore;
  choices: RowChoices;
}

/** Room a changed cell needs for its "Keep old value" button. */
export const cellChoiceWidth = 28;

/**
 * The preview table's columns. `field` names what a changed style may differ in, so the cell is
 * highlighted and shows the product's current value; `optional` columns can be hidden with the
 * column chooser, and some start hidden.
 */
export interface PreviewColumn {
  id: string;
  header: string;
  /** Width in px: the table has a fixed layout, so virtualized rows line up with the header. */
  width: number;
  /** Width while choices are made; a comparable column's is `width` plus `cellChoiceWidth`. */
  reviewWidth?: number;
  optional: boolean;
  defaultVisible: boolean;
  field?: PreviewField;
  align?: "right";
  cell: (row: PreviewStyleRow, review?: CellReview) => React.ReactNode;
  /** A style's value as text: the product's under a changed cell, the file's under a kept one. */
  previous?: (style: ExistingStyle) => string;
}

const text = (value: string | null | undefined) => value ?? "";
const attributesText = (attributes: Record<string, string> | undefined) =>
  Object.entries(attributes ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join("; ");
const sizesText = (count: number) => (count === 1 ? "1 size" : `${count} sizes`);

export const previewColumns: readonly PreviewColumn[] = [
  {
    id: "image",
    header: "Image",
    width: 64,
    optional: true,
    defaultVisible: true,
    field: "image_urls",
    cell: (row) => (
      <ItemImage
        imageUrls={row.image_urls}
        alt={`${row.model_code} ${text(row.silhouette)}`}
        className="size-10"
      />
    ),
  },
  {
    id: "model_code",
    header: "Style",
    width: 110,
    optional: false,
    defaultVisible: true,
    cell: (row) => <span className="font-medium tabular-nums">{row.model_code}</span>,
  },
  {
    id: "franchise",
    header: "Franchise",
    width: 120,
    optional: true,
    defaultVisible: true,
    field: "franchise",
    cell: (row) => text(row.franchise),
    previous: (previous) => text(previous.franchise),
  },
  {
    id: "silhouette",
    header: "Silhouette",
    width: 130,
    optional: true,
    defaultVisible: true,
    field: "silhouette",
    cell: (row) => text(row.silhouette),
    previous: (previous) => text(previous.silhouette),
  },
  {
    id: "color",
    header: "Color",
    width: 130,
    optional: true,
    defaultVisible: true,
    field: "color",
    cell: (row) => text(row.color),
    previous: (previous) => text(previous.color),
  },
  {
    id: "gender",
    header: "Gender",
    width: 100,
    optional: true,
    defaultVisible: true,
    field: "gender",
    cell: (row) => text(row.gender),
    previous: (previous) => text(previous.gender),
  },
  {
    id: "msrp",
    header: "MSRP",
    width: 100,
    optional: true,
    defaultVisible: true,
    field: "msrp",
    align: "right",
    cell: (row) => formatMoney(row.msrp),
    previous: (previous) => formatMoney(previous.msrp) || "none",
  },
  {
    // Read only where a brand's mapping has a wholesale price column (issue 32).
    id: "wholesale_price",
    header: "Wholesale",
    width: 100,
    optional: true,
    defaultVisible: true,
    field: "wholesale_price",
    align: "right",
    cell: (row) => formatMoney(row.wholesale_price ?? null),
    previous: (previous) => formatMoney(previous.wholesale_price ?? null) || "none",
  },
  {
    id: "expected_shipped_date",
    header: "Ship date",
    width: 120,
    optional: true,
    defaultVisible: true,
    field: "expected_shipped_date",
    cell: (row) => formatDateLong(row.expected_shipped_date),
    previous: (previous) => formatDateLong(previous.expected_shipped_date) || "none",
  },
  {
    id: "sizes",
    header: "Sizes",
    width: 100,
    optional: true,
    defaultVisible: true,
    field: "sizes",
    align: "right",
    cell: (row) => sizesText(row.items.length),
    previous: (previous) => sizesText(previous.items.length),
  },
  {
    id: "comfort_level",
    header: "Comfort level",
    width: 120,
    optional: true,
    defaultVisible: false,
    field: "comfort_level",
    cell: (row) => text(row.attributes.comfort_level),
    previous: (previous) => text(previous.attributes.comfort_level),
  },
  {
    id: "height_range",
    header: "Height range",
    width: 120,
    optional: true,
    defaultVisible: false,
    field: "height_range",
    cell: (row) => text(row.attributes.height_range),
    previous: (previous) => text(previous.attributes.height_range),
  },
  {
    id: "wear_occasion",
    header: "Wear occasion",
    width: 130,
    optional: true,
    defaultVisible: false,
    field: "wear_occasion",
    cell: (row) => text(row.attributes.wear_occasion),
    previous: (previous) => text(previous.attributes.wear_occasion),
  },
  {
    id: "target_fit",
    header: "Target fit",
    width: 110,
    optional: true,
    defaultVisible: false,
    field: "target_fit",
    cell: (row) => text(row.attributes.target_fit),
    previous: (previous) => text(previous.attributes.target_fit),
  },
  {
    // The other columns a brand's mapping keeps, by the names it gives them.
    id: "extra_attributes",
    header: "Other attributes",
    width: 200,
    optional: true,
    defaultVisible: false,
    field: "extra_attributes",
    cell: (row) => attributesText(row.extra_attributes),
    previous: (previous) => attributesText(previous.extra_attributes) || "none",
  },
  {
    id: "status",
    header: "Status",
    width: 96,
    // Room for what the choices make of the style ("2 of 3 kept").
    reviewWidth: 120,
    optional: true,
    defaultVisible: true,
    cell: (row, review) => <PreviewStatusCell row={row} review={review} />,
  },
];

export const defaultVisibleColumnIds: readonly string[] = previewColumns
  .filter((column) => column.defaultVisible)
  .map((column) => column.id);

/** The column's width in the table: wider while choices are made, for their buttons. */
export function columnWidth(column: PreviewColumn, reviewing: boolean): number {
  if (!reviewing) return column.width;
  return column.reviewWidth ?? column.width + (column.field ? cellChoiceWidth : 0);
}
