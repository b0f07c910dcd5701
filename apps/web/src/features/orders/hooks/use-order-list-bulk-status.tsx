import { orderMessages, orderStatusLabels, type OrderStatus } from "@cm/contracts/orders";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import {
  type BulkStatusResult,
  type OrderToMove,
  useBulkUpdateOrderStatus,
} from "@/features/orders/api/update-order-status";

/** The toast after a bulk change: how many moved, and which did not and why (grouped by reason). */
function report(result: BulkStatusResult) {
  const moved = orderMessages.bulkStatusMoved(result.moved.length, result.newStatus);
  if (result.refused.length === 0) {
    toast.success(moved);
    return;
  }
  const refused = orderMessages.bulkStatusRefused(result.refused.length);
  const byReason = new Map<string, string[]>();
  for (const { order, reason } of result.refused) {
    byReason.set(reason, [...(byReason.get(reason) ?? []), order.number]);
  }
  const description = (
    <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto">
      {[...byReason].map(([reason, numbers]) => (
        <li key={reason}>
          <span className="font-medium tabular-nums">{numbers.join(", ")}</span>: {reason}
        </li>
      ))}
    </ul>
  );
  // A refusal needs reading: the toast stays until closed.
  if (result.moved.length === 0) toast.error(refused, { description, duration: Infinity });
  else toast.warning(`${moved}; ${refused}`, { description, duration: Infinity });
}

/**
 * Changing the status of the selected orders: asks first, then moves each order and says how it
 * went. Returns the function that asks and the dialog to render; `onDone` gets the result.
 */
export function useOrderListBulkStatus(onDone: (result: BulkStatusResult) => void) {
  const [request, setRequest] = useState<{ orders: OrderToMove[]; newStatus: OrderStatus } | null>(null);
  const [open, setOpen] = useState(false);
  const bulk = useBulkUpdateOrderStatus();

  function confirm() {
    if (!request) return;
    bulk.mutate(request, {
      onSuccess: (result) => {
        report(result);
        onDone(result);
      },
      onError: (error) => {
        console.error(error);
        toast.error(orderMessages.updateFailed, { description: error.message });
      },
      onSettled: () => setOpen(false),
    });
  }

  const count = request?.orders.length ?? 0;
  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={request ? orderMessages.bulkStatusConfirm(count, request.newStatus) : ""}
      description={
        request
          ? `Each order moves to ${orderStatusLabels[request.newStatus]} only where its status path allows it; the others are listed afterwards.`
          : ""
      }
      confirmLabel="Change status"
      pendingLabel="Changing..."
      pending={bulk.isPending}
      destructive={request?.newStatus === "cancelled"}
      onConfirm={confirm}
    />
  );

  function requestChange(orders: OrderToMove[], newStatus: OrderStatus) {
    setRequest({ orders, newStatus });
    setOpen(true);
  }

  return { requestChange, dialog, pending: bulk.isPending };
}
