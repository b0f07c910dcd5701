import { type OrderStatus, orderStatusLabels, orderStatusValues } from "@cm/contracts/orders";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { PortalStore } from "@/features/portal/components/store-choice";

const all = "all";

/** The orders list's filters: status, and store when the user orders for several. */
export function OrderListFilters({
  stores,
  storeId,
  status,
  onStore,
  onStatus,
}: {
  stores: readonly PortalStore[];
  storeId: number | undefined;
  status: OrderStatus | undefined;
  onStore: (storeId: number | undefined) => void;
  onStatus: (status: OrderStatus | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <div className="flex w-full flex-col gap-1.5 sm:w-52">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          value={status ?? all}
          onValueChange={(value) => onStatus(value === all ? undefined : (value as OrderStatus))}
        >
          <SelectTrigger id={`${id}-status`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={all}>All statuses</SelectItem>
            {orderStatusValues.map((value) => (
              <SelectItem key={value} value={value}>
                {orderStatusLabels[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {stores.length > 1 ? (
        <div className="flex w-full flex-col gap-1.5 sm:w-64">
          <Label htmlFor={`${id}-store`}>Store</Label>
          <Select
            value={storeId === undefined ? all : String(storeId)}
            onValueChange={(value) => onStore(value === all ? undefined : Number(value))}
          >
            <SelectTrigger id={`${id}-store`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={all}>All stores</SelectItem>
              {stores.map((store) => (
                <SelectItem key={store.id} value={String(store.id)}>
                  {store.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
    </div>
  );
}
