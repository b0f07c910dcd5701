import type { PaginatedEnvelope, PaginationQuery } from "@cm/contracts/envelope";
import { genericMessages } from "@cm/contracts/messages";

/** The LIMIT/OFFSET a page query asks for. */
export function pageWindow({ page, pageSize }: PaginationQuery): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * How many matches past a page's first row a list counts before its total becomes a lower bound,
 * the way Elasticsearch's `track_total_hits` and GitHub's search count: an exact count reads every
 * matching row (a million for a large brand's items, docs/performance.md "Large databases"), while
 * the page itself stops at its rows. A capped count reads at most this many rows past the page's
 * offset, so a page costs the same whatever the table's size, and a total is never smaller than
 * what the pages a caller has already seen hold.
 */
export const countedPastOffset = 1000;

/** How many matching rows a capped count reads for a page starting at `offset`: one past its cap. */
export function countLimit(offset: number): number {
  return offset + countedPastOffset + 1;
}

/**
 * The total a capped count of at most `countLimit(offset)` rows gives: exact under the cap; past
 * it, the cap, and the flag that says "at least".
 */
export function cappedTotal(counted: number, offset: number): { total: number; totalIsLowerBound: boolean } {
  const cap = offset + countedPastOffset;
  return counted > cap
    ? { total: cap, totalIsLowerBound: true }
    : { total: counted, totalIsLowerBound: false };
}

/**
 * A page with its pagination. `totalIsLowerBound` says `total` is a capped count (at least that
 * many); the field is left out of the answer unless it is true.
 */
export function paginated<TItem>(
  items: TItem[],
  {
    page,
    pageSize,
    total,
    totalIsLowerBound,
  }: PaginationQuery & { total: number; totalIsLowerBound?: boolean },
  message: string = genericMessages.ok,
): PaginatedEnvelope<TItem> {
  return {
    success: true,
    message,
    data: items,
    pagination: {
      page,
      pageSize,
      total,
      totalPages: Math.ceil(total / pageSize),
      ...(totalIsLowerBound ? { totalIsLowerBound: true as const } : {}),
    },
  };
}
