import { formatCents } from "@/features/orders/utils/order-grid-money";
import { cn } from "@/lib/utils";

const unitsFormatter = new Intl.NumberFormat("en-US");

/** Units and WHS of a style, a line list or an order, as the grids and summaries show them. */
export function OrderTotals({
  units,
  cents,
  size = "default",
  className,
}: {
  units: number;
  /** WHS in whole cents. */
  cents: number;
  size?: "default" | "large";
  className?: string;
}) {
  return (
    <dl
      className={cn(
        "flex flex-wrap items-baseline gap-x-4 gap-y-1 tabular-nums",
        size === "large" ? "text-base" : "text-sm",
        className,
      )}
    >
      <div className="flex items-baseline gap-1.5">
        <dt className="text-muted-foreground">Units</dt>
        <dd className="font-medium">{unitsFormatter.format(units)}</dd>
      </div>
      <div className="flex items-baseline gap-1.5">
        <dt className="text-muted-foreground">WHS</dt>
        <dd className={cn("font-medium", size === "large" && "font-semibold")}>{formatCents(cents)}</dd>
      </div>
    </dl>
  );
}
