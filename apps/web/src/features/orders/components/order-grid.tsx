import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useId, useMemo, useRef } from "react";
import { LineListDates } from "@/components/line-lists/line-list-dates";
import { CenteredInView } from "@/components/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { OrderGridRow } from "@/features/orders/components/order-grid-row";
import { OrderTotals } from "@/features/orders/components/order-totals";
import { useOrderGridNavigation } from "@/features/orders/hooks/use-order-grid-navigation";
import {
  gridStyleKey,
  lineListTotals,
  type OrderGridCell,
  type OrderGridErrors,
  type OrderGridLineList,
  type OrderGridQuantities,
  sizeColumns,
} from "@/features/orders/utils/order-grid";
import type { GridCellMap } from "@/features/orders/utils/order-grid-navigation";
import { formatDateLong } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Above this many styles only the rows in view are rendered (a line list can hold hundreds). */
const virtualizeAbove = 60;
const rowEstimate = 57;
const overscan = 8;
const headCell = "border-b px-2 py-2 font-medium";
/**
 * The pinned style column: 16rem, and never more than a third of the grid's visible width (a
 * phone keeps two thirds for the sizes). `cqw` is a hundredth of the scroll area's width. The
 * column's class spells the same width for Tailwind.
 */
const styleColumnWidth = "min(16rem, 33cqw)";

export interface OrderGridProps {
  lineList: OrderGridLineList;
  quantities: OrderGridQuantities;
  errors?: OrderGridErrors;
  /** Absent: the grid is read-only (an order's lines). */
  onQuantityChange?: (cell: OrderGridCell, quantity: number) => void;
  /** What the grid says when the line list has no style to show. */
  emptyText?: string;
}

/**
 * One line list as a grid: styles as rows, the union of their sizes as columns, a quantity per
 * cell, units and WHS per style and for the line list. Editable grids are one tab stop; arrow
 * keys, Enter and Tab move between cells, and the last cell's Tab or Escape leaves the grid. The header and the style column stay in view as it scrolls.
 */
export function OrderGrid({ lineList, quantities, errors, onQuantityChange, emptyText }: OrderGridProps) {
  const titleId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { styles } = lineList;
  const columns = useMemo(() => sizeColumns(styles), [styles]);
  const cells = useMemo<GridCellMap>(
    () =>
      styles.map((style) => {
        const sizes = new Set(style.sizes.map((entry) => entry.size));
        return columns.map((size) => sizes.has(size));
      }),
    [styles, columns],
  );
  const editable = onQuantityChange !== undefined;
  const virtualize = styles.length > virtualizeAbove;

  // The virtualizer is read during render on purpose (its measurements drive the rows shown).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtualize ? styles.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowEstimate,
    overscan,
    getItemKey: (index) => styles[index]?.productId ?? index,
  });
  const scrollToRow = useCallback(
    (row: number) => virtualizer.scrollToIndex(row, { align: "auto" }),
    [virtualizer],
  );
  const { active, onCellKeyDown, onCellFocus } = useOrderGridNavigation({
    cells,
    containerRef: scrollRef,
    scrollToRow: virtualize ? scrollToRow : undefined,
  });

  const totals = lineListTotals(lineList, quantities);
  const items = virtualize ? virtualizer.getVirtualItems() : [];
  const rowIndexes = virtualize ? items.map((item) => item.index) : styles.map((_, index) => index);
  const paddingTop = virtualize ? (items[0]?.start ?? 0) : 0;
  const paddingBottom = virtualize && items.length > 0 ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  const colSpan = columns.length + 5;
  const label = `${lineList.brandName} · ${lineList.name}`;

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-1">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {label}
          </h2>
          <LineListDates lineList={{ ...lineList, dateSent: null, sentOn: null }} format={formatDateLong} />
        </div>
        <OrderTotals units={totals.units} cents={totals.cents} />
      </div>
      <div
        ref={scrollRef}
        role="region"
        aria-label={label}
        // A read-only grid has no input to reach its scrolled parts with the keyboard.
        tabIndex={editable ? undefined : 0}
        className="@container relative max-h-[70vh] overflow-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <table
          aria-label={label}
          className="w-full table-fixed border-separate border-spacing-0 text-sm"
          style={{ minWidth: `calc(${columns.length} * 4.5rem + 22.5rem + ${styleColumnWidth})` }}
        >
          <colgroup>
            <col className="w-[min(16rem,33cqw)]" />
            <col className="w-22" />
            <col className="w-22" />
            {columns.map((size) => (
              <col key={size} className="w-18" />
            ))}
            <col className="w-18" />
            <col className="w-28" />
          </colgroup>
          <thead className="sticky top-0 z-[2] bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className={cn(headCell, "sticky left-0 z-[1] bg-muted text-left @md:px-3")}>
                Style
              </th>
              <th scope="col" className={cn(headCell, "text-right")}>
                WHS
              </th>
              <th scope="col" className={cn(headCell, "text-right")}>
                MSRP
              </th>
              {columns.map((size) => (
                <th key={size} scope="col" className={cn(headCell, "truncate text-right")} title={size}>
                  {size}
                </th>
              ))}
              <th scope="col" className={cn(headCell, "text-right")}>
                Units
              </th>
              <th scope="col" className={cn(headCell, "px-3 text-right")}>
                Total WHS
              </th>
            </tr>
          </thead>
          <tbody>
            {styles.length === 0 && (
              <tr>
                <td colSpan={colSpan} className="h-20 text-muted-foreground">
                  <CenteredInView>{emptyText}</CenteredInView>
                </td>
              </tr>
            )}
            {paddingTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={colSpan} style={{ height: paddingTop, padding: 0 }} />
              </tr>
            )}
            {rowIndexes.map((rowIndex) => {
              const style = styles[rowIndex]!;
              const styleKey = gridStyleKey(lineList.id, style.productId);
              return (
                <OrderGridRow
                  key={style.productId}
                  style={style}
                  styleKey={styleKey}
                  columns={columns}
                  rowIndex={rowIndex}
                  quantities={quantities[styleKey]}
                  errors={errors?.[styleKey]}
                  activeColumn={active?.row === rowIndex ? active.col : null}
                  onQuantityChange={onQuantityChange}
                  onCellKeyDown={editable ? onCellKeyDown : undefined}
                  onCellFocus={editable ? onCellFocus : undefined}
                  measure={virtualize ? virtualizer.measureElement : undefined}
                />
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={colSpan} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The grids' outline while an offer or an order loads. */
export function OrderGridSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="flex flex-col gap-2">
      <Skeleton className="h-5 w-56" />
      <div className="flex flex-col overflow-hidden rounded-lg border">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="flex h-14 items-center gap-3 border-b px-3 last:border-b-0">
            <Skeleton className="size-10" />
            <Skeleton className="h-4 w-40" />
          </div>
        ))}
      </div>
    </div>
  );
}
