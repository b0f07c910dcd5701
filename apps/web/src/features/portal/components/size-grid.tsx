import { openStockMessages } from "@cm/contracts/open-stock-file";
import type { PortalStyle } from "@cm/contracts/portal-catalogs";
import { useState } from "react";
import { parseQuantity } from "@/features/portal/components/size-grid-keys";
import { cn } from "@/lib/utils";

/** What the size grid needs of the store's cart; absent, the grid only lists the sizes (read-only). */
export interface CartAccess {
  quantityOf: (lineListId: number, sku: string) => number;
  setQuantity: (lineListId: number, sku: string, quantity: number) => void;
}

type StyleSize = PortalStyle["sizes"][number];

function availableOf(size: StyleSize): number | null {
  return typeof size.available === "number" ? size.available : null;
}

function SizeInput({
  lineListId,
  modelCode,
  size,
  row,
  col,
  cart,
}: {
  lineListId: number;
  modelCode: string;
  size: StyleSize;
  row: number;
  col: number;
  cart: CartAccess;
}) {
  const quantity = cart.quantityOf(lineListId, size.sku);
  // What is being typed, until the field is left: the cart answers on its own time.
  const [draft, setDraft] = useState<string | null>(null);
  const available = availableOf(size);
  const over = available !== null && quantity > available;
  const availableId = `size-${lineListId}-${size.sku}-available`;
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span aria-hidden="true" className="truncate text-center text-xs font-medium text-muted-foreground">
        {size.size}
      </span>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={`${modelCode} size ${size.size}`}
        aria-describedby={available === null ? undefined : availableId}
        data-size-row={row}
        data-size-col={col}
        data-size={size.size}
        value={draft ?? (quantity > 0 ? String(quantity) : "")}
        onChange={(event) => {
          const next = parseQuantity(event.target.value);
          setDraft(next > 0 ? String(next) : "");
          if (next !== quantity) cart.setQuantity(lineListId, size.sku, next);
        }}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={() => setDraft(null)}
        className={cn(
          "h-9 w-full min-w-0 rounded-md border border-input bg-background px-1.5 text-center text-sm tabular-nums outline-none transition-shadow",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          quantity > 0 && "border-primary/40 bg-primary/5 font-medium",
          over && "border-amber-500 bg-amber-50 dark:bg-amber-950/40",
        )}
      />
      {available !== null ? (
        <span
          id={availableId}
          className={cn(
            "truncate text-center text-[0.625rem] leading-tight tabular-nums",
            over ? "font-medium text-amber-700 dark:text-amber-400" : "text-muted-foreground",
          )}
        >
          <span aria-hidden="true">{openStockMessages.available(available)}</span>
          <span className="sr-only">
            {over ? openStockMessages.overAvailable(available) : openStockMessages.availableLabel(available)}
          </span>
        </span>
      ) : null}
    </div>
  );
}

/**
 * A style's sizes in the size scale's order: a quantity field per size going to the store's cart,
 * with the available quantity under it where Open Stock gives one; without a cart (a Store Viewer,
 * staff viewing as the store) the sizes only.
 */
export function SizeGrid({
  style,
  lineListId,
  row,
  cart,
}: {
  style: PortalStyle;
  lineListId: number;
  /** The style's place on the page, for the arrow keys. */
  row: number;
  cart: CartAccess | null;
}) {
  if (style.sizes.length === 0) return null;
  if (!cart) {
    return (
      <ul aria-label={`Sizes of ${style.modelCode}`} className="flex flex-wrap gap-1.5">
        {style.sizes.map((size) => {
          const available = availableOf(size);
          return (
            <li
              key={size.sku}
              className="flex min-w-11 flex-col items-center rounded-md border px-2 py-1 text-xs tabular-nums"
            >
              <span className="font-medium">{size.size}</span>
              {available !== null ? (
                <span className="text-[0.625rem] text-muted-foreground">
                  {openStockMessages.available(available)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <div
      role="group"
      aria-label={`Quantities of ${style.modelCode}`}
      className="grid grid-cols-[repeat(auto-fill,minmax(3.25rem,1fr))] gap-1.5"
    >
      {style.sizes.map((size, col) => (
        <SizeInput
          key={size.sku}
          lineListId={lineListId}
          modelCode={style.modelCode}
          size={size}
          row={row}
          col={col}
          cart={cart}
        />
      ))}
    </div>
  );
}
