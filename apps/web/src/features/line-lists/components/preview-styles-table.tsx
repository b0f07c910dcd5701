import type { PreviewStyleRow } from "@cm/contracts/line-list-preview";
import { useVirtualizer } from "@tanstack/react-virtual";
import { ChevronRightIcon, LoaderCircleIcon } from "lucide-react";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CenteredInView } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import {
  CellChoiceButton,
  ColumnChoicesMenu,
  RowChoicesMenu,
} from "@/features/line-lists/components/preview-choice-controls";
import {
  type CellReview,
  columnWidth,
  type PreviewColumn,
} from "@/features/line-lists/components/preview-columns";
import { PreviewStatusBadge } from "@/features/line-lists/components/preview-status-badge";
import type { PreviewChoicesStore } from "@/features/line-lists/hooks/preview-choices-store";
import {
  useChoiceTotals,
  usePreviewChoicesStore,
  useRowChoices,
} from "@/features/line-lists/hooks/use-preview-choices";
import { cn } from "@/lib/utils";

/** SPEC.md section 9: the preview table is 500 px high, rows are estimated at 57 px, overscan 5. */
const previewTableLayout = { height: 500, rowEstimate: 57, overscan: 5 } as const;

type Entry =
  | { kind: "style"; key: string; row: PreviewStyleRow; rowIndex: number }
  | { kind: "sizes"; key: string; row: PreviewStyleRow }
  | { kind: "loader"; key: string };

interface PreviewStylesTableProps {
  styles: readonly PreviewStyleRow[];
  /** Styles matching the search and view, loaded or not. */
  total: number;
  columns: readonly PreviewColumn[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  emptyText: string;
  /** The comparable columns' headers offer "Keep every old …" (an upload with changed styles). */
  columnChoices?: boolean;
}

/** A comparable column's header with its menu; it alone follows the totals' kept columns. */
function ColumnHeaderChoices({ store, column }: { store: PreviewChoicesStore; column: PreviewColumn }) {
  const totals = useChoiceTotals();
  if (!column.field) return null;
  return (
    <ColumnChoicesMenu
      store={store}
      field={column.field}
      header={column.header}
      kept={totals?.keptColumns.includes(column.field) ?? false}
    />
  );
}

const expandColumnWidth = 40;
/** The first column also holds a style's choices menu while choices are made, in view without scrolling. */
const reviewExpandColumnWidth = 84;

function SizesDetail({ row, colSpan }: { row: PreviewStyleRow; colSpan: number }) {
  return (
    <td colSpan={colSpan} className="bg-muted/40 px-3 py-3 pl-[52px]">
      <div className="flex flex-col gap-2">
        <span className="text-xs font-medium text-muted-foreground">
          Sizes of {row.model_code} ({row.items.length})
        </span>
        <ul className="flex flex-wrap gap-1.5" aria-label={`Sizes of ${row.model_code}`}>
          {row.items.map((item) => (
            <li
              key={item.sku}
              className={cn(
                "flex items-center gap-2 rounded-md border bg-background px-2 py-1 text-xs",
                item.status === "new" && row.status !== "new" && "border-sky-300",
                item.status === "changed" && "border-amber-300 bg-amber-50",
              )}
            >
              <span className="font-medium">{item.size}</span>
              <span className="text-muted-foreground tabular-nums">{item.sku}</span>
              {item.status === "changed" && (item.previousSku || item.previousSize) ? (
                // The same size under a SKU written otherwise, or the same SKU under another size.
                <span className="text-amber-800 tabular-nums">
                  was {item.previousSku ?? `size ${item.previousSize}`}
                </span>
              ) : null}
              {row.status !== "new" && item.status !== "old" ? (
                <PreviewStatusBadge status={item.status} />
              ) : null}
            </li>
          ))}
          {row.removedItems.map((item) => (
            <li
              key={`removed-${item.sku}`}
              className="flex items-center gap-2 rounded-md border border-dashed px-2 py-1 text-xs text-muted-foreground"
            >
              <span className="line-through">
                {item.size} {item.sku}
              </span>
              <span>removed</span>
            </li>
          ))}
        </ul>
      </div>
    </td>
  );
}

/** The product's values in place of the file's, for the cells that keep their old value. */
function keptRow(row: PreviewStyleRow): PreviewStyleRow {
  if (!row.previous) return row;
  return {
    ...row,
    ...row.previous,
    items: row.previous.items.map((item) => ({ ...item, status: "old" as const })),
  };
}

interface StyleCellsProps {
  row: PreviewStyleRow;
  columns: readonly PreviewColumn[];
  review: CellReview | null;
}

function StyleCells({ row, columns, review }: StyleCellsProps) {
  const keptValues = review && review.choices.kept.size > 0 ? keptRow(row) : row;
  return (
    <>
      {columns.map((column) => {
        const field = column.field;
        const changed = row.status === "changed" && field !== undefined && row.changedFields.includes(field);
        const kept = changed && review !== null && review.choices.kept.has(field);
        const previous =
          changed && row.previous && column.previous ? column.previous(row.previous) : undefined;
        const next = kept && column.previous ? column.previous(row) : undefined;
        return (
          <td
            key={column.id}
            data-changed={changed || undefined}
            data-kept={kept || undefined}
            className={cn(
              "truncate px-3 py-2 align-middle",
              column.align === "right" && "text-right tabular-nums",
              changed && !kept && "bg-amber-50 text-amber-950",
              kept && "bg-muted/70",
            )}
          >
            <div className="flex min-w-0 items-center gap-1">
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate">{column.cell(kept ? keptValues : row, review ?? undefined)}</span>
                {kept && next !== undefined ? (
                  <span
                    className="truncate text-xs text-muted-foreground"
                    title={`not taken: ${next || "empty"}`}
                  >
                    <span className="sr-only">kept; not taken: </span>
                    <s>{next || "empty"}</s>
                  </span>
                ) : kept ? (
                  <span className="sr-only">(kept as it was)</span>
                ) : changed && previous !== undefined ? (
                  <span className="truncate text-xs text-amber-800" title={`was ${previous || "empty"}`}>
                    was {previous || "empty"}
                  </span>
                ) : changed ? (
                  // The image column has no room for text: its highlight says it, and this for screen readers.
                  <span className="sr-only">(changed)</span>
                ) : null}
              </div>
              {changed && review ? (
                <CellChoiceButton
                  store={review.store}
                  row={row}
                  field={field}
                  header={column.header}
                  kept={kept}
                />
              ) : null}
            </div>
          </td>
        );
      })}
    </>
  );
}

interface StyleRowProps {
  row: PreviewStyleRow;
  rowIndex: number;
  index: number;
  open: boolean;
  columns: readonly PreviewColumn[];
  onToggle: (id: number) => void;
  measure: (element: HTMLTableRowElement | null) => void;
}

/** One style; memoized, so scrolling renders only the rows that come into view. */
const StyleRow = memo(function StyleRow({
  row,
  rowIndex,
  index,
  open,
  columns,
  onToggle,
  measure,
}: StyleRowProps) {
  const store = usePreviewChoicesStore();
  const choices = useRowChoices(row);
  const review = useMemo(() => (store && choices ? { store, choices } : null), [store, choices]);
  const leftOut = choices?.leftOut ?? false;
  return (
    <tr
      data-index={index}
      ref={measure}
      aria-rowindex={rowIndex + 2}
      data-status={row.status}
      data-left-out={leftOut || undefined}
      className={cn(
        "h-[57px] hover:bg-muted/50 [&>td]:border-b",
        leftOut && "bg-muted/40 text-muted-foreground [&_img]:opacity-40",
      )}
    >
      <td className="px-2 align-middle">
        <span className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-expanded={open}
            aria-controls={open ? `preview-sizes-${row.id}` : undefined}
            aria-label={`${open ? "Hide" : "Show"} the sizes of ${row.model_code}`}
            onClick={() => onToggle(row.id)}
          >
            <ChevronRightIcon
              aria-hidden="true"
              className={cn("transition-transform motion-reduce:transition-none", open && "rotate-90")}
            />
          </Button>
          {review ? <RowChoicesMenu store={review.store} row={row} choices={review.choices} /> : null}
        </span>
      </td>
      <StyleCells row={row} columns={columns} review={review} />
    </tr>
  );
});

/**
 * The styles of the preview, each with its sizes on demand, in a virtualized table: only the rows
 * in view (and 5 either side) are in the page, so thousands of styles scroll smoothly; further
 * pages load as the end comes into view.
 */
export function PreviewStylesTable({
  styles,
  total,
  columns,
  loading,
  hasMore,
  loadingMore,
  onLoadMore,
  emptyText,
  columnChoices = false,
}: PreviewStylesTableProps) {
  const store = usePreviewChoicesStore();
  const reviewing = store !== null;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());

  const entries = useMemo(() => {
    const list: Entry[] = [];
    styles.forEach((row, rowIndex) => {
      list.push({ kind: "style", key: `style-${row.id}`, row, rowIndex });
      if (expanded.has(row.id)) list.push({ kind: "sizes", key: `sizes-${row.id}`, row });
    });
    if (hasMore) list.push({ kind: "loader", key: "loader" });
    return list;
  }, [styles, expanded, hasMore]);

  // The virtualizer is read during render on purpose (its measurements drive the rows shown).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => previewTableLayout.rowEstimate,
    overscan: previewTableLayout.overscan,
    getItemKey: (index) => entries[index]?.key ?? index,
  });

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= entries.length - 1 - previewTableLayout.overscan)
      onLoadMore();
  }, [hasMore, loadingMore, lastIndex, entries.length, onLoadMore]);

  const toggle = useCallback((id: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const colSpan = columns.length + 1;
  const firstWidth = reviewing ? reviewExpandColumnWidth : expandColumnWidth;
  const minWidth = firstWidth + columns.reduce((sum, column) => sum + columnWidth(column, reviewing), 0);
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label="Styles"
      className="@container relative overflow-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      style={{ height: previewTableLayout.height }}
    >
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
        style={{ minWidth }}
        aria-rowcount={total + 1}
        aria-busy={loading}
      >
        <colgroup>
          <col style={{ width: firstWidth }} />
          {columns.map((column) => (
            <col key={column.id} style={{ width: columnWidth(column, reviewing) }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-muted">
          <tr aria-rowindex={1}>
            <th scope="col" className="border-b px-2 py-2 text-left">
              <span className="sr-only">Sizes</span>
            </th>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(
                  "truncate border-b px-3 py-2 text-left text-xs font-medium text-muted-foreground",
                  column.align === "right" && "text-right",
                )}
              >
                {store && columnChoices && column.field ? (
                  <span
                    className={cn(
                      "flex items-center gap-1",
                      column.align === "right" && "flex-row-reverse justify-start",
                    )}
                  >
                    <span className="truncate">{column.header}</span>
                    <ColumnHeaderChoices store={store} column={column} />
                  </span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && styles.length === 0 ? (
            Array.from({ length: 6 }, (_, index) => (
              <tr key={index} aria-hidden="true" style={{ height: previewTableLayout.rowEstimate }}>
                <td className="border-b" />
                {columns.map((column) => (
                  <td key={column.id} className="border-b px-3">
                    <Skeleton className="h-4 w-3/4" />
                  </td>
                ))}
              </tr>
            ))
          ) : entries.length === 0 ? (
            <tr>
              <td colSpan={colSpan} className="h-24 text-muted-foreground">
                <CenteredInView>{emptyText}</CenteredInView>
              </td>
            </tr>
          ) : (
            <>
              {paddingTop > 0 ? (
                <tr aria-hidden="true">
                  <td colSpan={colSpan} style={{ height: paddingTop, padding: 0 }} />
                </tr>
              ) : null}
              {items.map((item) => {
                const entry = entries[item.index]!;
                if (entry.kind === "loader") {
                  return (
                    <tr key={entry.key} data-index={item.index} ref={virtualizer.measureElement}>
                      <td colSpan={colSpan} className="h-[57px] px-3 text-center text-muted-foreground">
                        <span className="inline-flex items-center gap-2" role="status">
                          <LoaderCircleIcon
                            aria-hidden="true"
                            className="size-4 animate-spin motion-reduce:animate-none"
                          />
                          Loading more styles…
                        </span>
                      </td>
                    </tr>
                  );
                }
                if (entry.kind === "sizes") {
                  return (
                    <tr
                      key={entry.key}
                      id={`preview-sizes-${entry.row.id}`}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      className="[&>td]:border-b"
                    >
                      <SizesDetail row={entry.row} colSpan={colSpan} />
                    </tr>
                  );
                }
                return (
                  <StyleRow
                    key={entry.key}
                    row={entry.row}
                    rowIndex={entry.rowIndex}
                    index={item.index}
                    open={expanded.has(entry.row.id)}
                    columns={columns}
                    onToggle={toggle}
                    measure={virtualizer.measureElement}
                  />
                );
              })}
              {paddingBottom > 0 ? (
                <tr aria-hidden="true">
                  <td colSpan={colSpan} style={{ height: paddingBottom, padding: 0 }} />
                </tr>
              ) : null}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
