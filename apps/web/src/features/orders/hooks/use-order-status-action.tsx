import { type Order, orderMessages, type OrderStatus } from "@cm/contracts/orders";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useUpdateOrderStatus } from "@/features/orders/api/update-order-status";

/**
 * Moving an order along its status path from its detail: each move sends the revision the screen
 * shows, says how it went and reloads the order; cancelling asks first. Returns the function that
 * asks for a status, the dialog to render and the status being written.
 */
export function useOrderStatusAction(order: Pick<Order, "id" | "number" | "_revision">) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const update = useUpdateOrderStatus();

  function move(newStatus: OrderStatus) {
    update.mutate(
      { orderId: order.id, newStatus, revision: order._revision },
      {
        onSuccess: () => toast.success(orderMessages.statusUpdated),
        onError: (error) => {
          console.error(error);
          toast.error(orderMessages.updateFailed, { description: error.message });
        },
        onSettled: () => setConfirmingCancel(false),
      },
    );
  }

  function requestStatus(newStatus: OrderStatus) {
    if (newStatus === "cancelled") setConfirmingCancel(true);
    else move(newStatus);
  }

  const dialog = (
    <ConfirmDialog
      open={confirmingCancel}
      onOpenChange={setConfirmingCancel}
      title={orderMessages.cancelConfirmTitle(order.number)}
      description={orderMessages.cancelConfirmDescription}
      confirmLabel="Yes, cancel order"
      pendingLabel="Cancelling..."
      pending={update.isPending}
      destructive
      onConfirm={() => move("cancelled")}
    />
  );

  return {
    requestStatus,
    dialog,
    pendingStatus: update.isPending ? update.variables?.newStatus : undefined,
  };
}
