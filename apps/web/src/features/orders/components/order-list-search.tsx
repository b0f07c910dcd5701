import { orderLimits } from "@cm/contracts/orders";
import { useEffect, useEffectEvent, useState } from "react";
import { SearchInput } from "@/components/search-input";
import { useDebouncedValue } from "@/hooks/use-debounced-value";

/** Waiting this long after the last key press before asking the server spares a request per letter. */
const searchDelayMs = 300;

/**
 * The search box of an order list: order number or customer. What is typed reaches `onSearch`
 * once typing pauses; a search changed elsewhere (Clear, the browser's Back) shows here.
 */
export function OrderListSearch({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, searchDelayMs);

  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== debounced.trim()) setText(value);
  }

  const send = useEffectEvent((next: string) => {
    if (next !== value) onSearch(next);
  });
  useEffect(() => send(debounced.trim()), [debounced]);

  return (
    <SearchInput
      aria-label="Search orders"
      placeholder="Search by order number or customer"
      maxLength={orderLimits.searchMaxLength}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
