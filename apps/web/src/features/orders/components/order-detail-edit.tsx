import { type Order, orderLimits, orderMessages } from "@cm/contracts/orders";
import { SaveIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "@/lib/toast";
import { ListLoadError } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { useOrderOffer } from "@/features/orders/api/get-order-offer";
import { useUpdateOrderLines } from "@/features/orders/api/update-order-lines";
import { OrderGrid, OrderGridSkeleton } from "@/features/orders/components/order-grid";
import { OrderTotals } from "@/features/orders/components/order-totals";
import { useOrderGrid } from "@/features/orders/hooks/use-order-grid";
import { useOrderGridLeaveGuard } from "@/features/orders/hooks/use-order-grid-leave-guard";
import {
  mergeOrderIntoOffer,
  orderGridTotals,
  orderLinesFromGrid,
  quantitiesFromOrder,
} from "@/features/orders/utils/order-grid";
import { isApiError } from "@/lib/api-client";
import { uiText } from "@/lib/ui-text";

/**
 * A Pending order's quantities on the grid of its own line lists, as the store can order from
 * them now (so sizes not ordered yet can be added). Save replaces the lines with the revision
 * the edit started from; a stale revision or an order no longer Pending ends the edit and reloads.
 */
export function OrderDetailEdit({ order, onDone }: { order: Order; onDone: () => void }) {
  const lineListIds = useMemo(() => order.lineLists.map((lineList) => lineList.id), [order.lineLists]);
  const offer = useOrderOffer(order.storeId, lineListIds);
  const [initial] = useState(() => quantitiesFromOrder(order));
  const grid = useOrderGrid(initial);
  const lineLists = useMemo(
    () => (offer.data ? mergeOrderIntoOffer(offer.data.lineLists, order) : []),
    [offer.data, order],
  );
  const totals = useMemo(() => orderGridTotals(lineLists, grid.quantities), [lineLists, grid.quantities]);
  const guard = useOrderGridLeaveGuard(grid.quantities !== initial);
  const update = useUpdateOrderLines();

  const hint = !offer.data
    ? null
    : totals.lines === 0
      ? orderMessages.linesRequired
      : totals.lines > orderLimits.linesMax
        ? orderMessages.tooManyLines
        : null;

  function save() {
    const { lines, cells } = orderLinesFromGrid(lineLists, grid.quantities);
    update.mutate(
      { orderId: order.id, lines, revision: order._revision },
      {
        onSuccess: () => {
          toast.success(orderMessages.linesUpdated);
          guard.allowLeave();
          onDone();
        },
        onError: (error) => {
          toast.error(orderMessages.updateFailed, { description: error.message });
          // 409: the order changed or moved on meanwhile; it reloads, and the edit starts again from it.
          if (isApiError(error) && error.status === 409) onDone();
          else grid.showRefusal(error, cells);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {offer.isError ? (
        <ListLoadError
          title={orderMessages.offerLoadFailed}
          message={offer.error.message}
          onRetry={() => void offer.refetch()}
        />
      ) : offer.isPending ? (
        lineListIds.map((id) => <OrderGridSkeleton key={id} />)
      ) : (
        lineLists.map((lineList) => (
          <OrderGrid
            key={lineList.id}
            lineList={lineList}
            quantities={grid.quantities}
            errors={grid.errors}
            onQuantityChange={grid.changeQuantity}
            emptyText={orderMessages.noOrderableStyles}
          />
        ))
      )}
      <div
        role="region"
        aria-label="Edited order total"
        className="sticky bottom-0 z-[5] -mx-4 -mb-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-t bg-background/95 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/85 lg:-mx-6 lg:-mb-6 lg:px-6"
      >
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1">
          <span className="text-sm font-semibold">Order total</span>
          <OrderTotals units={totals.units} cents={totals.cents} size="large" />
          {hint && (
            <p role="status" className="text-sm text-muted-foreground">
              {hint}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button
            type="button"
            onClick={save}
            disabled={hint !== null || offer.isPending || offer.isError || update.isPending}
          >
            <SaveIcon aria-hidden="true" />
            {update.isPending ? uiText.saving : "Save quantities"}
          </Button>
        </div>
      </div>
      {guard.dialog}
    </div>
  );
}
