import type { OrderHistoryEntry } from "@cm/contracts/orders";
import { ArrowRightIcon } from "lucide-react";
import { useId } from "react";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { formatOrderTimestamp } from "@/features/orders/utils/order-grid";

/**
 * An order's status changes, newest first: from → to, who, when; the first one is its creation,
 * and a move undone right after it shows as the move back, marked "(undone)".
 */
export function OrderHistory({ history }: { history: readonly OrderHistoryEntry[] }) {
  const titleId = useId();
  const entries = [...history].reverse();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No status change yet.</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col rounded-lg border">
          {entries.map((entry, index) => (
            <li
              key={`${entry.changedAt}-${index}`}
              className="flex flex-col gap-1 border-b px-4 py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <span className="flex flex-wrap items-center gap-2 text-sm">
                {entry.fromStatus === null ? (
                  <>
                    <span>Placed as</span>
                    <OrderStatusBadge status={entry.toStatus} />
                  </>
                ) : (
                  <>
                    <OrderStatusBadge status={entry.fromStatus} />
                    <ArrowRightIcon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                    <span className="sr-only">to</span>
                    <OrderStatusBadge status={entry.toStatus} />
                    {entry.undo && <span className="text-muted-foreground">(undone)</span>}
                  </>
                )}
              </span>
              <span className="text-sm text-muted-foreground">
                {entry.changedBy ? `${entry.changedBy.name} · ` : ""}
                <time dateTime={entry.changedAt} className="tabular-nums">
                  {formatOrderTimestamp(entry.changedAt)}
                </time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
