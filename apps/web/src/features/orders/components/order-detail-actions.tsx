import { type Order, orderLinesEditableStatus, orderStatusActionLabels } from "@cm/contracts/orders";
import { PencilIcon } from "lucide-react";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { useOrderStatusAction } from "@/features/orders/hooks/use-order-status-action";
import { uiText } from "@/lib/ui-text";

/**
 * The order's actions: a button for each status it may move to next (Cancel in red, confirmed)
 * and, while it is Pending, editing its quantities. Each needs the right to manage orders.
 */
export function OrderDetailActions({ order, onEdit }: { order: Order; onEdit: () => void }) {
  const { requestStatus, dialog, pendingStatus } = useOrderStatusAction(order);
  const forward = order.nextStatuses.filter((status) => status !== "cancelled");
  const busy = pendingStatus !== undefined;
  return (
    <>
      {order.status === orderLinesEditableStatus && (
        <RequirePermission permission="orders.manage">
          <Button type="button" variant="outline" onClick={onEdit} disabled={busy}>
            <PencilIcon aria-hidden="true" />
            Edit quantities
          </Button>
        </RequirePermission>
      )}
      {order.nextStatuses.includes("cancelled") && (
        <RequirePermission permission="orders.manage">
          <Button
            type="button"
            variant="destructive"
            onClick={() => requestStatus("cancelled")}
            disabled={busy}
          >
            {orderStatusActionLabels.cancelled}
          </Button>
        </RequirePermission>
      )}
      {forward.map((status) => (
        <RequirePermission key={status} permission="orders.manage">
          <Button type="button" onClick={() => requestStatus(status)} disabled={busy}>
            {pendingStatus === status ? uiText.saving : orderStatusActionLabels[status]}
          </Button>
        </RequirePermission>
      ))}
      {dialog}
    </>
  );
}
