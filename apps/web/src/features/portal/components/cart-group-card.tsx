import { orderTypeWithSource } from "@cm/contracts/orders";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { type CartGroup, formatUnits } from "@/features/portal/components/cart-groups";
import { CartLineItem } from "@/features/portal/components/cart-line-item";
import { formatMoney } from "@/lib/format";

/** A brand's lines of one order type, with their units and WHS total. */
export function CartGroupCard({
  group,
  onQuantity,
}: {
  group: CartGroup;
  onQuantity: (lineListId: number, sku: string, quantity: number) => void;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} role="region" className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle id={titleId} className="flex flex-wrap items-baseline gap-x-2">
          <span>{group.brandName}</span>
          <span className="text-sm font-normal text-muted-foreground">
            {orderTypeWithSource(group.orderType)}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {/* Column names for wide screens; each line names its figures for screen readers. */}
        <div
          aria-hidden="true"
          className="hidden grid-cols-[4rem_1fr_auto_6rem_6rem_auto] gap-x-3 border-b pb-2 text-xs text-muted-foreground sm:grid"
        >
          <span className="col-start-3 w-20 text-right">Qty</span>
          <span className="text-right">Unit WHS</span>
          <span className="text-right">Total</span>
          <span className="w-9" />
        </div>
        <ul>
          {group.lines.map((line) => (
            <CartLineItem
              key={`${line.lineListId}:${line.sku}`}
              line={line}
              onQuantity={(quantity) => onQuantity(line.lineListId, line.sku, quantity)}
            />
          ))}
        </ul>
        <p className="flex justify-end gap-4 border-t pt-3 text-sm tabular-nums">
          <span>{formatUnits(group.units)}</span>
          <span className="font-medium">{formatMoney(group.totalWhs)}</span>
        </p>
      </CardContent>
    </Card>
  );
}
