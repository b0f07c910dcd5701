import type { HistoryEntry } from "@cm/contracts/history";
import type { MockResponse } from "@/testing/mock-fetch";

/** Fixtures of `GET /api/history` for the history panel's and the Activity page's tests. */

const ana = { id: 5, name: "Ana Diaz" };

/** An instant `minutes` before now, as the API sends it. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

export function historyEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 1,
    at: minutesAgo(3),
    actor: ana,
    entityType: "catalog",
    entityId: 11,
    entityLabel: "the Athletic catalog of Crocs Spring 2027",
    action: "publish",
    changes: [],
    summary: null,
    ...overrides,
  };
}

/** One page of entries; `total` and the page size make the page count. */
export function historyPage(
  entries: HistoryEntry[],
  {
    page = 1,
    pageSize = 10,
    total = entries.length,
  }: { page?: number; pageSize?: number; total?: number } = {},
): MockResponse {
  return {
    status: 200,
    body: {
      success: true,
      message: "OK",
      data: entries,
      pagination: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
    },
  };
}

/** The query of each `GET /api/history` a fetch mock received. */
export function historyRequests(fetchMock: { mock: { calls: unknown[][] } }): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/history")
    .map((url) => url.searchParams);
}
