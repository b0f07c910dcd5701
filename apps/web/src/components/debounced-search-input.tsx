import type * as React from "react";
import { useEffect, useEffectEvent, useState } from "react";
import { SearchInput } from "@/components/search-input";
import { useDebouncedValue } from "@/hooks/use-debounced-value";

/** Waiting this long after the last key press before asking the server spares a request per letter. */
const searchDelayMs = 300;

/**
 * A list's search box kept in the URL: what is typed reaches `onSearch` (trimmed) once typing
 * pauses; a search changed elsewhere (Clear, the browser's Back) shows here.
 */
export function DebouncedSearchInput({
  value,
  onSearch,
  ...props
}: { value: string; onSearch: (value: string) => void } & Omit<
  React.ComponentProps<typeof SearchInput>,
  "value" | "onChange"
>) {
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

  return <SearchInput {...props} value={text} onChange={(event) => setText(event.target.value)} />;
}
