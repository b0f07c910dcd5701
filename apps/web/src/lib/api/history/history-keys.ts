import type { HistoryQuery } from "@cm/contracts/history";

/** What a client asks `GET /api/history` for: every filter optional, the page size the API's default. */
export type HistoryListQuery = Partial<HistoryQuery>;

/**
 * Query keys of the history. It has no detail: every write adds to it, so a successful write
 * invalidates `lists()` (see `useRefreshHistoryOnWrites`). `list` is one page (the Activity page),
 * `feed` the pages a panel has shown so far ("Show more").
 */
export const historyKeys = {
  all: ["history"] as const,
  lists: () => [...historyKeys.all, "list"] as const,
  list: (query: HistoryListQuery) => [...historyKeys.lists(), "page", query] as const,
  feed: (query: Omit<HistoryListQuery, "page">) => [...historyKeys.lists(), "feed", query] as const,
};
