import { orderMessages, orderStatusLabels, type OrderStatus } from "@cm/contracts/orders";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { orderKeys } from "@/features/orders/api/order-keys";
import {
  type BulkStatusResult,
  type BulkUndoResult,
  type OrderToMove,
  undoOrdersStatus,
  useBulkUpdateOrderStatus,
} from "@/features/orders/api/update-order-status";
import { statusUndoToastMs } from "@/features/orders/hooks/use-order-status-action";

/** Orders by the reason they were refused, as a toast's description. */
function reasons(refused: readonly { order: OrderToMove; reason: string }[]) {
  const byReason = new Map<string, string[]>();
  for (const { order, reason } of refused) {
    byReason.set(reason, [...(byReason.get(reason) ?? []), order.number]);
  }
  return (
    <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto">
      {[...byReason].map(([reason, numbers]) => (
        <li key={reason}>
          <span className="font-medium tabular-nums">{numbers.join(", ")}</span>: {reason}
        </li>
      ))}
    </ul>
  );
}

/**
 * The toast after a bulk change: how many moved, and which did not and why (grouped by reason).
 * The moves made can be undone from it (`undo`) while it shows.
 */
function report(result: BulkStatusResult, undo: () => void) {
  const moved = orderMessages.bulkStatusMoved(result.moved.length, result.newStatus);
  const action = result.moved.length > 0 ? { label: orderMessages.undo, onClick: undo } : undefined;
  if (result.refused.length === 0) {
    toast.success(moved, { duration: statusUndoToastMs, action });
    return;
  }
  const refused = orderMessages.bulkStatusRefused(result.refused.length);
  const description = reasons(result.refused);
  // A refusal needs reading: the toast stays until closed.
  if (result.moved.length === 0) toast.error(refused, { description, duration: Infinity });
  else toast.warning(`${moved}; ${refused}`, { description, duration: Infinity, action });
}

/** The toast after undoing a bulk change. */
function reportUndo(result: BulkStatusResult, undone: BulkUndoResult) {
  const back = orderMessages.bulkStatusUndone(undone.undone.length, result.newStatus);
  if (undone.refused.length === 0) {
    toast.success(back);
    return;
  }
  const refused = orderMessages.bulkStatusUndoRefused(undone.refused.length);
  toast.warning(undone.undone.length === 0 ? refused : `${back}; ${refused}`, {
    description: reasons(undone.refused),
    duration: Infinity,
  });
}

/**
 * Changing the status of the selected orders: asks first, then moves each order and says how it
 * went. Returns the function that asks and the dialog to render; `onDone` gets the result.
 */
export function useOrderListBulkStatus(onDone: (result: BulkStatusResult) => void) {
  const [request, setRequest] = useState<{ orders: OrderToMove[]; newStatus: OrderStatus } | null>(null);
  const [open, setOpen] = useState(false);
  const bulk = useBulkUpdateOrderStatus();
  const queryClient = useQueryClient();

  // Runs from the toast, possibly after the list has gone: no mutation of the component.
  async function undo(result: BulkStatusResult) {
    try {
      reportUndo(result, await undoOrdersStatus(result));
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        ...result.moved.map((order) =>
          queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) }),
        ),
      ]);
    }
  }

  function confirm() {
    if (!request) return;
    bulk.mutate(request, {
      onSuccess: (result) => {
        report(result, () => void undo(result));
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
