import type { PreviewStyle } from "@cm/contracts/line-list-format";
import type { MappedSheetResult } from "@cm/contracts/mapping-engine/types";
import { useId } from "react";
import { mappingPreviewStyles } from "@/features/uploads/utils/mapping-preview";
import { rowErrorText } from "@/features/uploads/utils/upload-failure";
import { formatDateLong, formatMoney } from "@/lib/format";

/** How many of the sample rows' errors the preview lists. */
const errorsShown = 5;

function attributesText(style: PreviewStyle): string {
  const named = Object.entries(style.extra_attributes ?? {});
  const fixed = Object.entries(style.attributes)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => [key.replaceAll("_", " "), value] as [string, string]);
  return [...fixed, ...named].map(([name, value]) => `${name}: ${value}`).join(" · ");
}

/** The first and last SKU in size order, and how many: "190001000001 – 190001000010 (10)". */
function skusText(style: PreviewStyle): string {
  const first = style.items[0]?.sku ?? "";
  const last = style.items.at(-1)?.sku ?? "";
  return style.items.length <= 1 ? first : `${first} – ${last} (${style.items.length})`;
}

const columns = [
  { header: "Style number", cell: (style: PreviewStyle) => style.model_code },
  { header: "Style name", cell: (style: PreviewStyle) => style.silhouette ?? "" },
  { header: "Franchise", cell: (style: PreviewStyle) => style.franchise ?? "" },
  { header: "Colour", cell: (style: PreviewStyle) => style.color ?? "" },
  { header: "Gender", cell: (style: PreviewStyle) => style.gender ?? "" },
  { header: "MSRP", cell: (style: PreviewStyle) => formatMoney(style.msrp), numeric: true },
  { header: "Wholesale", cell: (style: PreviewStyle) => formatMoney(style.wholesale_price), numeric: true },
  {
    header: "Ship date",
    cell: (style: PreviewStyle) =>
      style.expected_shipped_date ? formatDateLong(style.expected_shipped_date) : "",
  },
  { header: "Images", cell: (style: PreviewStyle) => String(style.image_urls.length), numeric: true },
  {
    header: "Sizes",
    cell: (style: PreviewStyle) => style.items.map((item) => item.size).join(", "),
    wide: true,
  },
  { header: "SKUs", cell: skusText, wide: true },
  { header: "Attributes", cell: attributesText, wide: true },
] as const;

/**
 * The first styles exactly as the upload will read them with the mapping being made, or the
 * errors that reading them gives.
 */
export function MappingPreviewTable({
  result,
  stale,
  rowCount,
  sampleRows,
  listed,
}: {
  result: MappedSheetResult;
  /** Reasons already shown beside the confirm button: the preview does not repeat them. */
  listed: readonly string[];
  /** A change is waiting to be read (the preview follows within a moment). */
  stale: boolean;
  /** Data rows in the whole sheet, and how many of them the step has. */
  rowCount: number;
  sampleRows: number;
}) {
  const titleId = useId();
  const errors = result.ok ? [] : result.errors.filter((error) => !listed.includes(error.message));
  const rowsNote =
    sampleRows < rowCount
      ? `Read from the first ${sampleRows.toLocaleString("en-US")} of ${rowCount.toLocaleString("en-US")} rows.`
      : `Read from all ${rowCount.toLocaleString("en-US")} rows.`;
  return (
    <section aria-labelledby={titleId} aria-busy={stale} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-sm font-medium">
          Preview of the first {mappingPreviewStyles} styles
        </h3>
        <p className="text-xs text-muted-foreground">{rowsNote}</p>
      </div>
      {result.ok ? (
        result.styles.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
            No styles are read with these columns.
          </p>
        ) : (
          <div
            className="max-h-96 overflow-auto rounded-md border"
            // Scrollable regions must be reachable by keyboard.
            tabIndex={0}
            role="region"
            aria-label="Styles as they will be read"
          >
            <table className="w-full text-xs">
              <thead className="sticky top-0 bg-muted">
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.header}
                      scope="col"
                      className={`px-2 py-1.5 font-medium whitespace-nowrap ${"numeric" in column ? "text-right" : "text-left"}`}
                    >
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.styles.map((style, index) => (
                  <tr key={`${style.model_code}-${index}`} className="border-t align-top">
                    {columns.map((column) => (
                      <td
                        key={column.header}
                        className={
                          "numeric" in column
                            ? "px-2 py-1 text-right whitespace-nowrap tabular-nums"
                            : "wide" in column
                              ? "min-w-56 px-2 py-1"
                              : "max-w-48 truncate px-2 py-1 whitespace-nowrap"
                        }
                      >
                        {column.cell(style)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : errors.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
          The styles show here once the columns can be read.
        </p>
      ) : (
        <div role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium text-destructive">
            {errors.length === 1
              ? "The sample rows have 1 error with these columns:"
              : `The sample rows have ${errors.length.toLocaleString("en-US")} errors with these columns:`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {errors.slice(0, errorsShown).map((error, index) => (
              <li key={index}>{rowErrorText(error)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
