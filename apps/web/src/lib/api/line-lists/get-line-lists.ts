import { type LineList, type LineListsQuery, lineListsDataSchema } from "@cm/contracts/line-lists";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/line-lists`: saved line lists, newest first. */
export async function getLineLists(query: LineListsQuery, signal?: AbortSignal): Promise<LineList[]> {
  const data = await apiFetch("/api/line-lists", { query, schema: lineListsDataSchema, signal });
  return data.lineLists;
}

export function lineListsQueryOptions(query: LineListsQuery = {}) {
  return queryOptions({
    queryKey: lineListKeys.list(query),
    queryFn: ({ signal }) => getLineLists(query, signal),
  });
}

export function useLineLists(query?: LineListsQuery) {
  return useQuery(lineListsQueryOptions(query));
}
