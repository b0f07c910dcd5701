import { orderStatusLabels, orderStatusValues } from "@cm/contracts/orders";
import { useId } from "react";
import {
  ClearFiltersButton,
  DateRangeFilter,
  FilterCombobox,
  FilterSelect,
  FiltersPanel,
} from "@/components/filter-fields";
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
    <FiltersPanel id={id} columns={5}>
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
      <FilterCombobox
        id={`${fieldId}-customer`}
        label="Customer"
        value={params.organizationId}
        anyLabel="All customers"
        options={customerOptions}
        searchPlaceholder="Search customers"
        onChange={(value) => {
          // A store of another customer would leave nothing to show.
          const storeCustomer =
            params.storeId === undefined ? undefined : storesById.get(params.storeId)?.organizationId;
          const keepStore = value !== "" && storeCustomer === Number(value);
          onChange({ organizationId: value, storeId: keepStore ? params.storeId : undefined });
        }}
      />
      <FilterCombobox
        id={`${fieldId}-store`}
        label="Store"
        value={params.storeId}
        anyLabel="All stores"
        options={storeOptions}
        searchPlaceholder="Search stores"
        onChange={(value) => onChange({ storeId: value })}
      />
      <ClearFiltersButton
        label="Clear filters"
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
      />
    </FiltersPanel>
  );
}
