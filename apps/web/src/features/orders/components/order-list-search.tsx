import { orderLimits } from "@cm/contracts/orders";
import { DebouncedSearchInput } from "@/components/debounced-search-input";

/** The search box of an order list: order number or customer, sent once typing pauses. */
export function OrderListSearch({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  return (
    <DebouncedSearchInput
      aria-label="Search orders"
      placeholder="Search by order number or customer"
      maxLength={orderLimits.searchMaxLength}
      value={value}
      onSearch={onSearch}
    />
  );
}
