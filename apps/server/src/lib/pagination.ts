import type { PaginatedEnvelope, PaginationQuery } from "@cm/contracts/envelope";
import { genericMessages } from "@cm/contracts/messages";

/** The LIMIT/OFFSET a page query asks for. */
export function pageWindow({ page, pageSize }: PaginationQuery): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
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
