import {
  previewApiPaths,
  type PreviewStyleRow,
  previewStyleRowSchema,
  type PreviewStylesQuery,
} from "@cm/contracts/line-list-preview";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { previewKeys, previewStaleTimeMs } from "@/lib/api/line-list-preview/preview-keys";
import { apiFetch } from "@/lib/api-client";

/** Styles fetched per request while the table scrolls; large enough to fill several screens. */
export const previewStylesPageSize = 200;

const previewStylesSchema = z.array(previewStyleRowSchema);

export interface PreviewStylesPage {
  styles: PreviewStyleRow[];
  page: number;
  totalPages: number;
  total: number;
}

/** `GET /api/crocs/preview/{lineListId}/styles`: one page of styles with their sizes and status. */
export async function getPreviewStyles(
  lineListId: number,
  query: PreviewStylesQuery,
  signal?: AbortSignal,
): Promise<PreviewStylesPage> {
  const envelope = await apiFetch(previewApiPaths.styles(lineListId), {
    query: { ...query },
    schema: previewStylesSchema,
    signal,
    envelope: true,
  });
  const page = envelope.pagination?.page ?? query.page ?? 1;
  return {
    styles: envelope.data,
    page,
    totalPages: envelope.pagination?.totalPages ?? page,
    total: envelope.pagination?.total ?? envelope.data.length,
  };
}

export type PreviewStylesFilter = Pick<PreviewStylesQuery, "search" | "view">;

/** Every page of the filtered styles, fetched one after another as the table asks for more. */
export function previewStylesQueryOptions(lineListId: number, filter: PreviewStylesFilter = {}) {
  const query = {
    pageSize: previewStylesPageSize,
    view: filter.view ?? "all",
    search: filter.search || undefined,
  };
  return infiniteQueryOptions({
    queryKey: previewKeys.styleList(lineListId, query),
    queryFn: ({ pageParam, signal }) => getPreviewStyles(lineListId, { ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    staleTime: previewStaleTimeMs,
  });
}

/** `lineListId` undefined (not a valid id) asks nothing. */
export function usePreviewStyles(lineListId: number | undefined, filter: PreviewStylesFilter) {
  return useInfiniteQuery({
    ...previewStylesQueryOptions(lineListId ?? 0, filter),
    enabled: lineListId !== undefined,
    // A new search or view keeps the current rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}
