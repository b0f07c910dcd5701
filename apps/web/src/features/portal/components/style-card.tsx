import type { PortalStyle } from "@cm/contracts/portal-catalogs";
import { ItemImage } from "@/components/item-image";
import { type CartAccess, SizeGrid } from "@/features/portal/components/size-grid";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The label of the store's own unit price (their WHS, after their organization's discount). */
export const yourPriceLabel = "Your price";

const unitsFormatter = new Intl.NumberFormat("en-US");

export interface StyleViewProps {
  style: PortalStyle;
  lineListId: number;
  /** The style's place on the page, for the size grid's arrow keys. */
  row: number;
  cart: CartAccess | null;
}

function Prices({ style, className }: { style: PortalStyle; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm", className)}>
      <dt className="text-muted-foreground">{yourPriceLabel}</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(style.unitWhs) || "—"}</dd>
      <dt className="text-muted-foreground">MSRP</dt>
      <dd className="text-right text-muted-foreground tabular-nums">{formatMoney(style.msrp) || "—"}</dd>
    </dl>
  );
}

/** How many units of the style are in the cart, and their value at the store's price. */
function CartUnits({ style, lineListId, cart }: Omit<StyleViewProps, "row">) {
  if (!cart) return null;
  const units = style.sizes.reduce((sum, size) => sum + cart.quantityOf(lineListId, size.sku), 0);
  if (units === 0) return null;
  const value = style.unitWhs === null ? "" : formatMoney(Number(style.unitWhs) * units);
  return (
    <p className="text-sm font-medium tabular-nums">
      {unitsFormatter.format(units)} {units === 1 ? "unit" : "units"}
      {value ? ` · ${value}` : ""}
    </p>
  );
}

function Identity({ style, titleId }: { style: PortalStyle; titleId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <h2 id={titleId} className="text-base font-medium break-words">
        {style.name ?? style.modelCode}
      </h2>
      <p className="text-sm text-muted-foreground">
        <span className="font-mono text-xs">{style.modelCode}</span>
        {style.color ? <span> · {style.color}</span> : null}
      </p>
    </div>
  );
}

function titleIdOf(lineListId: number, style: PortalStyle) {
  return `style-${lineListId}-${style.modelCode.replace(/\W/g, "_")}`;
}

/** A style as a card: its picture, name, model code, colour, prices and size grid. */
export function StyleCard({ style, lineListId, row, cart }: StyleViewProps) {
  const titleId = titleIdOf(lineListId, style);
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-3 text-card-foreground"
    >
      <ItemImage
        imageUrls={style.imageUrl ? [style.imageUrl] : null}
        alt={style.modelCode}
        className="w-full"
      />
      <Identity style={style} titleId={titleId} />
      <Prices style={style} />
      <SizeGrid style={style} lineListId={lineListId} row={row} cart={cart} />
      <CartUnits style={style} lineListId={lineListId} cart={cart} />
    </li>
  );
}

/** A style as a row: a small picture beside its details and prices, the size grid under them on a phone. */
export function StyleRow({ style, lineListId, row, cart }: StyleViewProps) {
  const titleId = titleIdOf(lineListId, style);
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 py-3 md:flex-row md:items-start md:gap-4">
      <div className="flex min-w-0 items-start gap-3 md:w-80 md:shrink-0">
        <ItemImage
          imageUrls={style.imageUrl ? [style.imageUrl] : null}
          alt={style.modelCode}
          className="size-16 shrink-0"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Identity style={style} titleId={titleId} />
          <Prices style={style} className="max-w-48" />
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <SizeGrid style={style} lineListId={lineListId} row={row} cart={cart} />
        <CartUnits style={style} lineListId={lineListId} cart={cart} />
      </div>
    </li>
  );
}
