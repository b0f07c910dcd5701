import { defaultPageSize } from "@cm/contracts/envelope";
import { useMemo, useState } from "react";

export interface ListSearch<T> {
  search: string;
  /** Sets the search text and goes back to the first page. */
  setSearch: (value: string) => void;
  /** The rows of the current page. */
  rows: T[];
  /** How many rows match the search. */
  total: number;
  pageIndex: number;
  pageCount: number;
  /** 1-based position of the page's first and last rows (0 when nothing matches). */
  from: number;
  to: number;
  canPrevious: boolean;
  canNext: boolean;
  previous: () => void;
  next: () => void;
}

/**
 * Search and pages over a list loaded whole (SPEC.md sections 5 and 9): case-insensitive
 * substring search, 10 rows a page. `matches` gets the lower-cased, trimmed search text; keep it
 * stable (a module-level function) so the filter runs only when the list or the text changes.
 */
export function useListSearch<T>(
  items: readonly T[] | undefined,
  matches: (item: T, needle: string) => boolean,
  pageSize: number = defaultPageSize,
): ListSearch<T> {
  const [search, setSearchText] = useState("");
  const [requestedPage, setRequestedPage] = useState(0);
  const needle = search.trim().toLowerCase();

  const filtered = useMemo(
    () => (needle ? (items ?? []).filter((item) => matches(item, needle)) : [...(items ?? [])]),
    [items, needle, matches],
  );

  const total = filtered.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // The list may shrink under the page (a search, a refetch): stay on the last page that exists.
  const pageIndex = Math.min(requestedPage, pageCount - 1);
  const start = pageIndex * pageSize;
  const rows = filtered.slice(start, start + pageSize);

  return {
    search,
    setSearch: (value) => {
      setSearchText(value);
      setRequestedPage(0);
    },
    rows,
    total,
    pageIndex,
    pageCount,
    from: total === 0 ? 0 : start + 1,
    to: start + rows.length,
    canPrevious: pageIndex > 0,
    canNext: pageIndex < pageCount - 1,
    previous: () => setRequestedPage(Math.max(0, pageIndex - 1)),
    next: () => setRequestedPage(Math.min(pageCount - 1, pageIndex + 1)),
  };
}

/** True when any of `values` contains `needle` (already lower-cased), ignoring case. */
export function anyContains(needle: string, ...values: (string | null | undefined)[]): boolean {
  return values.some((value) => value?.toLowerCase().includes(needle));
}
