import { orderStatusLabels, orderStatusValues } from "@cm/contracts/orders";
import { XIcon } from "lucide-react";
import { useId } from "react";
import { Combobox } from "@/components/combobox";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { OrderListParams, OrderListParamsPatch } from "@/features/orders/hooks/use-order-list-params";
import { useOrderListOptions } from "@/features/orders/hooks/use-order-list-options";

/** The Select's value for "no status filter": Radix Select items cannot have an empty value. */
const anyStatus = "any";

/** Status, placed-date range, customer and store of an order list; each change lands in the URL. */
export function OrderListFilters({
  id,
  params,
  onChange,
}: {
  /** The panel's id, for the Filters button's aria-controls. */
  id: string;
  params: OrderListParams;
  onChange: (patch: OrderListParamsPatch) => void;
}) {
  const fieldId = useId();
  const { customerOptions, storeOptions, storesById } = useOrderListOptions(params.organizationId);
  const filtered =
    params.status !== undefined ||
    params.from !== undefined ||
    params.to !== undefined ||
    params.organizationId !== undefined ||
    params.storeId !== undefined;

  return (
    <div
      id={id}
      role="group"
      aria-label="Filters"
      className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${fieldId}-status`}>Status</Label>
        <Select
          value={params.status ?? anyStatus}
          onValueChange={(value) => onChange({ status: value === anyStatus ? undefined : value })}
        >
          <SelectTrigger id={`${fieldId}-status`} className="bg-background">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={anyStatus}>All statuses</SelectItem>
            {orderStatusValues.map((status) => (
              <SelectItem key={status} value={status}>
                {orderStatusLabels[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${fieldId}-from`}>Placed from</Label>
        <Input
          id={`${fieldId}-from`}
          type="date"
          className="bg-background"
          value={params.from ?? ""}
          max={params.to}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${fieldId}-to`}>Placed to</Label>
        <Input
          id={`${fieldId}-to`}
          type="date"
          className="bg-background"
          value={params.to ?? ""}
          min={params.from}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${fieldId}-customer`}>Customer</Label>
        <Combobox
          id={`${fieldId}-customer`}
          className="bg-background"
          options={[{ value: "", label: "All customers" }, ...customerOptions]}
          value={params.organizationId === undefined ? "" : String(params.organizationId)}
          onValueChange={(value) => {
            // A store of another customer would leave nothing to show.
            const storeCustomer =
              params.storeId === undefined ? undefined : storesById.get(params.storeId)?.organizationId;
            const keepStore = value !== "" && storeCustomer === Number(value);
            onChange({ organizationId: value, storeId: keepStore ? params.storeId : undefined });
          }}
          placeholder="All customers"
          searchPlaceholder="Search customers"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${fieldId}-store`}>Store</Label>
        <Combobox
          id={`${fieldId}-store`}
          className="bg-background"
          options={[{ value: "", label: "All stores" }, ...storeOptions]}
          value={params.storeId === undefined ? "" : String(params.storeId)}
          onValueChange={(value) => onChange({ storeId: value })}
          placeholder="All stores"
          searchPlaceholder="Search stores"
        />
      </div>
      <Button
        type="button"
        variant="ghost"
        disabled={!filtered}
        onClick={() =>
          onChange({
            status: undefined,
            from: undefined,
            to: undefined,
            organizationId: undefined,
            storeId: undefined,
          })
        }
      >
        <XIcon aria-hidden="true" />
        Clear filters
      </Button>
    </div>
  );
}
