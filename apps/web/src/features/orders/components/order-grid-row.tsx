import { openStockMessages } from "@cm/contracts/open-stock";
import { memo, useId } from "react";
import type * as React from "react";
import { ItemImage } from "@/components/item-image";
import { formatCents, moneyToCents } from "@/features/orders/utils/order-grid-money";
import {
  exceedsAvailable,
  type OrderGridCell,
  type OrderGridStyle,
  parseQuantityInput,
  styleTotals,
} from "@/features/orders/utils/order-grid";
import { cn } from "@/lib/utils";

const unitsFormatter = new Intl.NumberFormat("en-US");

function money(amount: string): string {
  const cents = moneyToCents(amount);
  return cents === null ? "" : formatCents(cents);
}

export interface OrderGridRowProps {
  style: OrderGridStyle;
  styleKey: string;
  /** The grid's size columns; a style has some of them. */
  columns: readonly string[];
  rowIndex: number;
  /** SKU → quantity of this style; a new object only when one of them changed. */
  quantities: Readonly<Record<string, number>> | undefined;
  /** SKU → why the server refused that line. */
  errors: Readonly<Record<string, string>> | undefined;
  /** The column of the grid's one tab stop, when it is in this row. */
  activeColumn: number | null;
  /** Absent: the row only shows its quantities. */
  onQuantityChange?: (cell: OrderGridCell, quantity: number) => void;
  onCellKeyDown?: (event: React.KeyboardEvent<HTMLInputElement>) => void;
  onCellFocus?: (row: number, col: number, cell: HTMLElement) => void;
  /** Virtualised bodies measure each row they render. */
  measure?: (element: HTMLTableRowElement | null) => void;
}

/**
 * One style of an order grid: its picture, model code, name and colour, unit WHS and MSRP, a cell
 * per size column (a quantity input, or the quantity when read-only) and the row's units and WHS.
 * Memoised: typing in one row leaves the others alone.
 */
export const OrderGridRow = memo(function OrderGridRow({
  style,
  styleKey,
  columns,
  rowIndex,
  quantities,
  errors,
  activeColumn,
  onQuantityChange,
  onCellKeyDown,
  onCellFocus,
  measure,
}: OrderGridRowProps) {
  const errorIdPrefix = useId();
  const sizeByLabel = new Map(style.sizes.map((entry) => [entry.size, entry]));
  const totals = styleTotals(style, quantities);
  const refused = style.sizes.filter((entry) => errors?.[entry.sku]);
  const errorId = (sku: string) => `${errorIdPrefix}-${style.sizes.findIndex((entry) => entry.sku === sku)}`;
  const availableId = (sku: string) => `${errorId(sku)}-available`;
  const detail = [style.name, style.color].filter(Boolean).join(" · ");

  return (
    <tr ref={measure} data-index={rowIndex} className="[&>*]:border-b">
      <th
        scope="row"
        className="sticky left-0 z-[1] bg-background px-2 py-2 text-left align-top font-normal @md:px-3"
      >
        <div className="flex items-center gap-3">
          {/* On a phone the column is a third of the grid: the picture gives its room to the code. */}
          <ItemImage
            imageUrls={style.imageUrl ? [style.imageUrl] : null}
            alt={style.modelCode}
            className="size-10 shrink-0 @max-md:hidden"
          />
          <div className="min-w-0">
            <div className="truncate font-medium">{style.modelCode}</div>
            {detail && (
              <div className="truncate text-xs text-muted-foreground" title={detail}>
                {detail}
              </div>
            )}
          </div>
        </div>
        {refused.length > 0 && (
          <ul className="mt-1.5 flex flex-col gap-0.5 text-xs whitespace-normal text-destructive">
            {refused.map((entry) => (
              <li key={entry.sku} id={errorId(entry.sku)}>
                {errors?.[entry.sku]}
              </li>
            ))}
          </ul>
        )}
      </th>
      <td className="px-2 py-2 text-right align-top tabular-nums">{money(style.unitWhs)}</td>
      <td className="px-2 py-2 text-right align-top text-muted-foreground tabular-nums">
        {money(style.msrp)}
      </td>
      {columns.map((size, col) => {
        const entry = sizeByLabel.get(size);
        if (entry === undefined) {
          return <td key={size} className="bg-muted/40" />;
        }
        const { sku } = entry;
        const quantity = quantities?.[sku] ?? 0;
        if (!onQuantityChange) {
          return (
            <td
              key={size}
              className={cn("px-2 py-2 text-right align-top tabular-nums", quantity > 0 && "font-medium")}
            >
              {quantity > 0 ? unitsFormatter.format(quantity) : ""}
            </td>
          );
        }
        const error = errors?.[sku];
        // Open Stock: the SKU's available quantity where one is known, and a warning above it.
        const available = typeof entry.availableQuantity === "number" ? entry.availableQuantity : null;
        const over = exceedsAvailable(entry, quantity);
        const describedBy = [error ? errorId(sku) : null, available === null ? null : availableId(sku)]
          .filter(Boolean)
          .join(" ");
        return (
          <td key={size} className="p-1 align-top">
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              aria-label={`${style.modelCode} size ${size}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              title={
                error ?? (over && available !== null ? openStockMessages.overAvailable(available) : undefined)
              }
              tabIndex={activeColumn === col ? 0 : -1}
              data-grid-row={rowIndex}
              data-grid-col={col}
              value={quantity > 0 ? String(quantity) : ""}
              onChange={(event) =>
                onQuantityChange({ styleKey, sku }, parseQuantityInput(event.target.value))
              }
              onKeyDown={onCellKeyDown}
              onFocus={(event) => {
                event.currentTarget.select();
                onCellFocus?.(rowIndex, col, event.currentTarget);
              }}
              className={cn(
                // Scrolled into view clear of New Order's pinned totals bar below the grids.
                "scroll-mb-36 sm:scroll-mb-24",
                "h-8 w-full min-w-0 rounded-md border border-input bg-background px-1.5 text-right text-sm tabular-nums outline-none transition-shadow",
                "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
                quantity > 0 && "border-primary/40 bg-primary/5 font-medium",
                over && "border-amber-500 bg-amber-50 dark:bg-amber-950/40",
                "aria-invalid:border-destructive aria-invalid:bg-destructive/5 aria-invalid:ring-destructive/20",
              )}
            />
            {available !== null && (
              <span
                id={availableId(sku)}
                className={cn(
                  "mt-0.5 block truncate px-0.5 text-right text-[0.625rem] leading-tight tabular-nums",
                  over ? "font-medium text-amber-700 dark:text-amber-400" : "text-muted-foreground",
                )}
              >
                <span aria-hidden="true">{openStockMessages.available(available)}</span>
                <span className="sr-only">
                  {over
                    ? openStockMessages.overAvailable(available)
                    : openStockMessages.availableLabel(available)}
                </span>
              </span>
            )}
          </td>
        );
      })}
      <td className="px-2 py-2 text-right align-top font-medium tabular-nums">
        {totals.units > 0 ? unitsFormatter.format(totals.units) : ""}
      </td>
      <td className="px-3 py-2 text-right align-top font-medium tabular-nums">
        {totals.units > 0 ? formatCents(totals.cents) : ""}
      </td>
    </tr>
  );
});
