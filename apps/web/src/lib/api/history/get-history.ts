import type { Pagination } from "@cm/contracts/envelope";
import { type HistoryEntry, historyListEnvelopeSchema, historyQuerySchema } from "@cm/contracts/history";
import { genericMessages } from "@cm/contracts/messages";
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { type HistoryListQuery, historyKeys } from "@/lib/api/history/history-keys";
import { ApiError, apiFetch } from "@/lib/api-client";

export interface HistoryPage {
  /** Newest first. */
  entries: HistoryEntry[];
  pagination: Pagination;
}

/**
 * History changes with every write, anyone's: a screen opened again reads it again instead of
 * showing what it cached minutes ago.
 */
const historyStaleTime = 0;

/** `GET /api/history`: one page of the changes that match the filters, newest first. */
export async function getHistory(query: HistoryListQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const envelope = await apiFetch("/api/history", {
    query: historyQuerySchema.parse(query),
    signal,
    envelope: true,
  });
  const parsed = historyListEnvelopeSchema.safeParse(envelope);
  if (!parsed.success) throw new ApiError(200, genericMessages.anErrorOccurred, parsed.error.issues);
  return { entries: parsed.data.data, pagination: parsed.data.pagination };
}

/** One page (the Activity page): the previous page stays on screen while the next one loads. */
export function historyQueryOptions(query: HistoryListQuery) {
  return queryOptions({
    queryKey: historyKeys.list(query),
    queryFn: ({ signal }) => getHistory(query, signal),
    staleTime: historyStaleTime,
    placeholderData: keepPreviousData,
  });
}

export function useHistory(query: HistoryListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...historyQueryOptions(query), enabled });
}

/** The pages an entity's panel has shown so far, one more at each "Show more". */
export function historyFeedQueryOptions(query: Omit<HistoryListQuery, "page">) {
  return infiniteQueryOptions({
    queryKey: historyKeys.feed(query),
    queryFn: ({ pageParam, signal }) => getHistory({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    staleTime: historyStaleTime,
  });
}

export function useHistoryFeed(query: Omit<HistoryListQuery, "page">) {
  return useInfiniteQuery(historyFeedQueryOptions(query));
}
