import { orderStatusLabels } from "@cm/contracts/orders";
import type { PortalOrder } from "@cm/contracts/portal-orders";
import { formatInstantDateTime } from "@/lib/format";

/** How the order's status moved, oldest first: placed, then each change, who made it and when. */
export function OrderStatusHistory({ history }: { history: PortalOrder["history"] }) {
  return (
    <ol className="flex flex-col gap-3 border-l pl-4">
      {history.map((entry, index) => (
        <li key={`${entry.changedAt}-${index}`} className="text-sm">
          <p className="font-medium">
            {entry.fromStatus === null
              ? `Placed as ${orderStatusLabels[entry.toStatus]}`
              : `${orderStatusLabels[entry.fromStatus]} → ${orderStatusLabels[entry.toStatus]}`}
          </p>
          <p className="text-muted-foreground">
            {formatInstantDateTime(entry.changedAt)}
            {entry.changedBy ? ` · ${entry.changedBy.name}` : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
