import type { LineList } from "@cm/contracts/line-lists";
import { type OrderType, orderMessages } from "@cm/contracts/orders";
import { useId } from "react";
import { ListLoadError } from "@/components/list-states";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { OrderCreateStepTitle } from "@/features/orders/components/order-create-setup";
import { lineListRefusal } from "@/features/orders/utils/order-grid";
import { formatDateLong } from "@/lib/format";
import { cn } from "@/lib/utils";

function lineListDate(lineList: LineList): string | null {
  if (lineList.deadline) return `Deadline ${formatDateLong(lineList.deadline)}`;
  if (lineList.dateOfAvailability) return `Available ${formatDateLong(lineList.dateOfAvailability)}`;
  return null;
}

/**
 * New Order's third step: the published line lists of the order type, as checkboxes (brand, name,
 * deadline or availability). Line lists of several brands make the order multibrand.
 */
export function OrderCreateLineLists({
  orderType,
  lineLists,
  loading,
  error,
  onRetry,
  selectedIds,
  multibrand,
  today,
  onToggle,
}: {
  orderType: OrderType | undefined;
  /** The published line lists of the order type, in the order to show. */
  lineLists: readonly LineList[];
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  selectedIds: readonly number[];
  multibrand: boolean;
  today: string;
  onToggle: (lineListId: number, checked: boolean) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <OrderCreateStepTitle step={3} id={`${id}-title`}>
          Line lists
        </OrderCreateStepTitle>
        {multibrand && <Badge variant="info">Multibrand</Badge>}
      </div>
      {orderType !== undefined && (
        <p className="-mt-2 text-sm text-muted-foreground">{orderMessages.lineListsOfType(orderType)}</p>
      )}
      {orderType === undefined ? (
        <p className="text-sm text-muted-foreground">Choose an order type to see its published line lists.</p>
      ) : error ? (
        <ListLoadError title="The line lists could not be loaded" message={error.message} onRetry={onRetry} />
      ) : loading ? (
        <div aria-hidden="true" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-16" />
          ))}
        </div>
      ) : lineLists.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          {orderMessages.noPublishedLineLists(orderType)}
        </p>
      ) : (
        <ul aria-labelledby={`${id}-title`} className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {lineLists.map((lineList) => {
            const refusal = lineListRefusal(lineList, today);
            const checked = selectedIds.includes(lineList.id);
            const nameId = `${id}-${lineList.id}-name`;
            const detailId = `${id}-${lineList.id}-detail`;
            const date = lineListDate(lineList);
            return (
              <li key={lineList.id}>
                <label
                  className={cn(
                    "flex h-full items-start gap-3 rounded-lg border p-3 transition-colors",
                    refusal ? "cursor-not-allowed bg-muted/40" : "cursor-pointer hover:bg-accent/50",
                    checked && "border-primary bg-primary/5",
                  )}
                >
                  <Checkbox
                    className="mt-0.5"
                    checked={checked}
                    disabled={refusal !== null}
                    aria-labelledby={nameId}
                    aria-describedby={detailId}
                    onCheckedChange={(next) => onToggle(lineList.id, next === true)}
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span id={nameId} className={cn("font-medium", refusal && "text-muted-foreground")}>
                      {lineList.name}
                    </span>
                    <span id={detailId} className="flex flex-col text-xs text-muted-foreground">
                      <span>{[lineList.brandName, date].filter(Boolean).join(" · ")}</span>
                      {refusal && <span className="text-destructive">{refusal}</span>}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
