import {
  orderMessages,
  orderNextStatuses,
  orderStatusLabels,
  type OrderStatus,
  orderStatusValues,
} from "@cm/contracts/orders";
import { useId, useState } from "react";
import { RequirePermission } from "@/components/require-permission";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { OrderToMove } from "@/features/orders/api/update-order-status";
import { useCan } from "@/hooks/use-permissions";

/**
 * "{n} items selected" and the bulk status change. Offers the statuses at least one selected
 * order may move to; the others are refused per order and reported.
 */
export function OrderListSelectionBar({
  selected,
  pending,
  onClear,
  onChangeStatus,
}: {
  selected: readonly OrderToMove[];
  pending: boolean;
  onClear: () => void;
  onChangeStatus: (newStatus: OrderStatus) => void;
}) {
  const id = useId();
  const canMove = useCan("orders.manage");
  const [choice, setChoice] = useState<OrderStatus | undefined>(undefined);
  const reachable = new Set(selected.flatMap((order) => orderNextStatuses[order.status]));
  const options = orderStatusValues.filter((status) => reachable.has(status));
  const target = choice !== undefined && reachable.has(choice) ? choice : undefined;

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border px-3 py-2">
      <p className="text-sm tabular-nums" aria-live="polite">
        {orderMessages.itemsSelected(selected.length)}
      </p>
      {selected.length > 0 && (
        <Button type="button" variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      )}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Label htmlFor={`${id}-status`} className="text-muted-foreground">
          New status
        </Label>
        <Select
          value={target ?? ""}
          onValueChange={(value) => setChoice(options.find((status) => status === value))}
          disabled={!canMove || options.length === 0 || pending}
        >
          <SelectTrigger id={`${id}-status`} size="sm" className="w-40">
            <SelectValue placeholder="Choose a status" />
          </SelectTrigger>
          <SelectContent>
            {options.map((status) => (
              <SelectItem key={status} value={status}>
                {orderStatusLabels[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <RequirePermission permission="orders.manage">
          <Button
            type="button"
            size="sm"
            disabled={target === undefined || pending}
            onClick={() => target && onChangeStatus(target)}
          >
            Change status
          </Button>
        </RequirePermission>
      </div>
    </div>
  );
}
