import { orderStatusLabels, orderStatusValues } from "@cm/contracts/orders";
import { XIcon } from "lucide-react";
import { useId } from "react";
import { Combobox } from "@/components/combobox";
import { DateRangeFilter, FilterSelect } from "@/components/filter-fields";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { OrderListParams, OrderListParamsPatch } from "@/features/orders/hooks/use-order-list-params";
import { useOrderListOptions } from "@/features/orders/hooks/use-order-list-options";

/** Status, placed-date range, customer and store of an order list; each change lands in the URL. */
export function OrderListFilters({
  id,
  params,
  rangeError,
  onChange,
}: {
  /** The panel's id, for the Filters button's aria-controls. */
  id: string;
  params: OrderListParams;
  /** Why the placed-date range cannot be asked for (Placed from after Placed to). */
  rangeError?: string;
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
      className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-start"
    >
      <FilterSelect
        id={`${fieldId}-status`}
        label="Status"
        value={params.status}
        anyLabel="All statuses"
        options={orderStatusValues.map((status) => ({ value: status, label: orderStatusLabels[status] }))}
        onChange={(status) => onChange({ status })}
      />
      <DateRangeFilter
        id={fieldId}
        fromLabel="Placed from"
        toLabel="Placed to"
        from={params.from}
        to={params.to}
        rangeError={rangeError}
        onChange={onChange}
      />
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
        className="lg:mt-6"
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
