import { openStockMessages } from "@cm/contracts/open-stock";
import { SaveIcon, TriangleAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { OrderTotals } from "@/features/orders/components/order-totals";
import type { OrderGridTotals } from "@/features/orders/utils/order-grid";
import { uiText } from "@/lib/ui-text";

/**
 * New Order's footer, in view however long the grids: the order's running units and WHS, whether
 * it is multibrand, what is still missing, and Save.
 */
export function OrderCreateSummaryBar({
  totals,
  multibrand,
  hint,
  overAvailable = 0,
  canSave,
  saving,
  onSave,
}: {
  totals: OrderGridTotals;
  multibrand: boolean;
  /** What stands between the person and Save, if anything. */
  hint: string | null;
  /** Cells above their SKU's available quantity (Open Stock): warned about, never refused. */
  overAvailable?: number;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Order total"
      className="sticky bottom-0 z-[5] -mx-4 mt-auto -mb-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-t bg-background/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/85 lg:-mx-6 lg:-mb-6 lg:px-6"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1">
        <span className="text-sm font-semibold">Order total</span>
        <OrderTotals units={totals.units} cents={totals.cents} size="large" />
        {multibrand && <Badge variant="info">Multibrand</Badge>}
        {hint && (
          <p role="status" className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
        {overAvailable > 0 && (
          <p role="status" className="flex items-center gap-1.5 text-sm text-amber-700 dark:text-amber-400">
            <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0" />
            {openStockMessages.sizesOverAvailable(overAvailable)}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button variant="outline" asChild>
          <Link to={paths.home.orders.all.getHref()}>Cancel</Link>
        </Button>
        <Button type="button" onClick={onSave} disabled={!canSave || saving}>
          <SaveIcon aria-hidden="true" />
          {saving ? uiText.saving : "Save order"}
        </Button>
      </div>
    </div>
  );
}
