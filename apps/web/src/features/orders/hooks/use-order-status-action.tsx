import {
  type Order,
  orderMessages,
  orderMoveNeedsConfirmation,
  orderStatusActionLabels,
  type OrderStatus,
} from "@cm/contracts/orders";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { orderKeys } from "@/features/orders/api/order-keys";
import { undoOrderStatus, useUpdateOrderStatus } from "@/features/orders/api/update-order-status";
import { uiText } from "@/lib/ui-text";

/** How long a move's toast offers its undo (the server allows a little more: docs/orders.md). */
export const statusUndoToastMs = 10_000;

/**
 * Moving an order along its status path from its detail: each move sends the revision the screen
 * shows, says how it went and reloads the order. Cancelling and any move past Processing ask
 * first; a move made is offered for undo on its toast for a few seconds. Returns the function
 * that asks for a status, the dialog to render and the status being written.
 */
export function useOrderStatusAction(order: Pick<Order, "id" | "number" | "_revision">) {
  // The move asked about stays set while the dialog closes, so its fade-out still reads it.
  const [confirming, setConfirming] = useState<OrderStatus>("cancelled");
  const [open, setOpen] = useState(false);
  const update = useUpdateOrderStatus();
  const queryClient = useQueryClient();

  // Runs from the toast, possibly after this screen has gone: no mutation of the component.
  async function undo(moved: Order) {
    try {
      const restored = await undoOrderStatus({ orderId: moved.id, revision: moved._revision });
      toast.success(orderMessages.statusUndone(restored.status));
    } catch (error) {
      console.error(error);
      toast.error(orderMessages.undoFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(moved.id) }),
      ]);
    }
  }

  function move(newStatus: OrderStatus) {
    update.mutate(
      { orderId: order.id, newStatus, revision: order._revision },
      {
        onSuccess: (moved) =>
          toast.success(orderMessages.statusMovedToast(order.number, newStatus), {
            duration: statusUndoToastMs,
            action: { label: orderMessages.undo, onClick: () => void undo(moved) },
          }),
        onError: (error) => {
          console.error(error);
          toast.error(orderMessages.updateFailed, { description: error.message });
        },
        onSettled: () => setOpen(false),
      },
    );
  }

  function requestStatus(newStatus: OrderStatus) {
    if (!orderMoveNeedsConfirmation(newStatus)) {
      move(newStatus);
      return;
    }
    setConfirming(newStatus);
    setOpen(true);
  }

  const cancelling = confirming === "cancelled";
  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={
        cancelling
          ? orderMessages.cancelConfirmTitle(order.number)
          : orderMessages.moveConfirmTitle(order.number, confirming)
      }
      description={
        cancelling ? orderMessages.cancelConfirmDescription : orderMessages.moveConfirmDescription(confirming)
      }
      confirmLabel={cancelling ? "Yes, cancel order" : orderStatusActionLabels[confirming]}
      pendingLabel={cancelling ? "Cancelling..." : uiText.saving}
      pending={update.isPending}
      destructive={cancelling}
      onConfirm={() => move(confirming)}
    />
  );

  return {
    requestStatus,
    dialog,
    pendingStatus: update.isPending ? update.variables?.newStatus : undefined,
  };
}
