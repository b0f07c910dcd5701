import { type OrderType, orderMessages, orderTypeLabels, orderTypeValues } from "@cm/contracts/orders";
import { useId } from "react";
import { Combobox, type ComboboxOption } from "@/components/combobox";
import { Field, FieldDescription, FieldLabel } from "@/components/ui/field";
import { cn } from "@/lib/utils";

/** What New Order has chosen so far, step by step. */
export interface OrderCreateSelection {
  organizationId?: number;
  storeId?: number;
  orderType?: OrderType;
  lineListIds: number[];
}

/** The step's number in a circle, then its title. */
export function OrderCreateStepTitle({ step, id, children }: { step: number; id: string; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full border bg-muted text-xs font-medium tabular-nums"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

/**
 * New Order's first steps: the customer, then one of its active stores, then the order type
 * (which decides the line lists offered next).
 */
export function OrderCreateSetup({
  selection,
  customerOptions,
  customersLoading,
  storeOptions,
  storesLoading,
  onCustomerChange,
  onStoreChange,
  onOrderTypeChange,
}: {
  selection: OrderCreateSelection;
  customerOptions: readonly ComboboxOption[];
  customersLoading: boolean;
  storeOptions: readonly ComboboxOption[];
  storesLoading: boolean;
  onCustomerChange: (organizationId: number) => void;
  onStoreChange: (storeId: number) => void;
  onOrderTypeChange: (orderType: OrderType) => void;
}) {
  const id = useId();
  const customerId = `${id}-customer`;
  const storeId = `${id}-store`;
  const noStores = selection.organizationId !== undefined && !storesLoading && storeOptions.length === 0;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby={`${id}-who`} className="flex flex-col gap-4">
        <OrderCreateStepTitle step={1} id={`${id}-who`}>
          Customer and store
        </OrderCreateStepTitle>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Field>
            <FieldLabel htmlFor={customerId}>Customer</FieldLabel>
            <Combobox
              id={customerId}
              options={customerOptions}
              value={selection.organizationId === undefined ? null : String(selection.organizationId)}
              onValueChange={(value) => onCustomerChange(Number(value))}
              placeholder={customersLoading ? "Loading customers..." : "Select a customer"}
              searchPlaceholder="Search customers"
              disabled={customersLoading}
            />
          </Field>
          <Field>
            <FieldLabel htmlFor={storeId}>Store</FieldLabel>
            <Combobox
              id={storeId}
              options={storeOptions}
              value={selection.storeId === undefined ? null : String(selection.storeId)}
              onValueChange={(value) => onStoreChange(Number(value))}
              placeholder={
                selection.organizationId === undefined ? "Select a customer first" : "Select a store"
              }
              searchPlaceholder="Search stores"
              disabled={selection.organizationId === undefined || noStores}
              aria-describedby={noStores ? `${storeId}-none` : undefined}
            />
            {noStores && (
              <FieldDescription id={`${storeId}-none`}>{orderMessages.noActiveStores}</FieldDescription>
            )}
          </Field>
        </div>
      </section>
      <section aria-labelledby={`${id}-type`} className="flex flex-col gap-4">
        <OrderCreateStepTitle step={2} id={`${id}-type`}>
          Order type
        </OrderCreateStepTitle>
        <div
          role="radiogroup"
          aria-labelledby={`${id}-type`}
          className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        >
          {orderTypeValues.map((orderType) => (
            <label
              key={orderType}
              className={cn(
                "flex h-9 cursor-pointer items-center justify-center rounded-md border px-3 text-sm font-medium transition-colors select-none hover:bg-accent",
                "has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                "has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground",
              )}
            >
              <input
                type="radio"
                name={`${id}-order-type`}
                value={orderType}
                checked={selection.orderType === orderType}
                onChange={() => onOrderTypeChange(orderType)}
                className="sr-only"
              />
              {orderTypeLabels[orderType]}
            </label>
          ))}
        </div>
      </section>
    </div>
  );
}
