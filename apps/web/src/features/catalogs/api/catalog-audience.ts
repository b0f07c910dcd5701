import { type CatalogAudience, type CatalogType, catalogTypeValues } from "@cm/contracts/catalogs";
import { type CatalogSummary, catalogSummarySchema } from "@cm/contracts/line-lists";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { catalogKeys } from "@/features/catalogs/api/catalog-keys";
import type { SegmentationData } from "@/features/catalogs/utils/segmentation-data";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

const catalogsSchema = z.object({ catalogs: z.array(catalogSummarySchema) });

/** `GET /api/line-lists/{lineListId}/catalogs`: the line list's catalogs with their audiences. */
export async function getCatalogAudiences(
  lineListId: number,
  signal?: AbortSignal,
): Promise<CatalogSummary[]> {
  return (await apiFetch(`/api/line-lists/${lineListId}/catalogs`, { signal, schema: catalogsSchema }))
    .catalogs;
}

export function catalogAudiencesQueryOptions(lineListId: number) {
  return queryOptions({
    queryKey: catalogKeys.audiences(lineListId),
    queryFn: ({ signal }) => getCatalogAudiences(lineListId, signal),
  });
}

export function useCatalogAudiences(lineListId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...catalogAudiencesQueryOptions(lineListId), enabled });
}

export interface CatalogAudienceChange {
  lineListId: number;
  type: CatalogType;
  audience: CatalogAudience;
}

/** `PUT /api/line-lists/{lineListId}/catalogs/{type}/audience`: one catalog's audience, with history. */
export async function setCatalogAudience(
  change: CatalogAudienceChange,
): Promise<{ catalog: CatalogSummary; revision: number | undefined }> {
  const envelope = await apiFetch(`/api/line-lists/${change.lineListId}/catalogs/${change.type}/audience`, {
    method: "PUT",
    body: { audience: change.audience },
    schema: catalogSummarySchema,
    envelope: true,
  });
  const revision = envelope.nextExpectedStreamVersion;
  return { catalog: envelope.data, revision: typeof revision === "number" ? revision : undefined };
}

/**
 * Saves an audience. The line list gets a new revision: the segmentation screen's cached line list
 * takes it, so its next placement is not refused as stale.
 */
export function useSetCatalogAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCatalogAudience,
    onSuccess: ({ catalog, revision }, { lineListId }) => {
      queryClient.setQueryData<CatalogSummary[]>(catalogKeys.audiences(lineListId), (catalogs) =>
        catalogs
          ? [...catalogs.filter((current) => current.type !== catalog.type), catalog].sort(
              (a, b) => catalogTypeValues.indexOf(a.type) - catalogTypeValues.indexOf(b.type),
            )
          : catalogs,
      );
      if (revision !== undefined) {
        queryClient.setQueryData<SegmentationData>(catalogKeys.detail(lineListId), (data) =>
          data ? { ...data, lineList: { ...data.lineList, _revision: revision } } : data,
        );
      }
      return queryClient.invalidateQueries({ queryKey: lineListKeys.all });
    },
  });
}
