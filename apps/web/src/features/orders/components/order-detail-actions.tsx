import { type Order, orderLinesEditableStatus, orderStatusActionLabels } from "@cm/contracts/orders";
import { PencilIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useOrderStatusAction } from "@/features/orders/hooks/use-order-status-action";

/**
 * The order's actions: a button for each status it may move to next (Cancel in red, confirmed)
 * and, while it is Pending, editing its quantities.
 */
export function OrderDetailActions({ order, onEdit }: { order: Order; onEdit: () => void }) {
  const { requestStatus, dialog, pendingStatus } = useOrderStatusAction(order);
  const forward = order.nextStatuses.filter((status) => status !== "cancelled");
  const busy = pendingStatus !== undefined;
  return (
    <>
      {order.status === orderLinesEditableStatus && (
        <Button type="button" variant="outline" onClick={onEdit} disabled={busy}>
          <PencilIcon aria-hidden="true" />
          Edit quantities
        </Button>
      )}
      {order.nextStatuses.includes("cancelled") && (
        <Button
          type="button"
          variant="destructive"
          onClick={() => requestStatus("cancelled")}
          disabled={busy}
        >
          {orderStatusActionLabels.cancelled}
        </Button>
      )}
      {forward.map((status) => (
        <Button key={status} type="button" onClick={() => requestStatus(status)} disabled={busy}>
          {pendingStatus === status ? "Saving..." : orderStatusActionLabels[status]}
        </Button>
      ))}
      {dialog}
    </>
  );
}
