import { previewApiPaths, type PreviewSummary, previewSummarySchema } from "@cm/contracts/line-list-preview";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { previewKeys, previewStaleTimeMs } from "@/lib/api/line-list-preview/preview-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/crocs/preview/{lineListId}`: the preview model, its counts per status and dropped styles. */
export function getPreviewSummary(lineListId: number, signal?: AbortSignal): Promise<PreviewSummary> {
  return apiFetch(previewApiPaths.summary(lineListId), { schema: previewSummarySchema, signal });
}

export function previewSummaryQueryOptions(lineListId: number) {
  return queryOptions({
    queryKey: previewKeys.detail(lineListId),
    queryFn: ({ signal }) => getPreviewSummary(lineListId, signal),
    // Fresh right after the upload loaded it; opened again later, it is loaded again.
    staleTime: previewStaleTimeMs,
  });
}

/** `lineListId` undefined (not a valid id) asks nothing. */
export function usePreviewSummary(lineListId: number | undefined) {
  return useQuery({ ...previewSummaryQueryOptions(lineListId ?? 0), enabled: lineListId !== undefined });
}
