import { populatedCatalogsSchema } from "@cm/contracts/catalog-segmentation";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { catalogKeys } from "@/features/catalogs/api/catalog-keys";
import { type SegmentationData, toSegmentationData } from "@/features/catalogs/utils/segmentation-data";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/crocs/catalogs/populated/{lineListId}`: the line list and its items by catalog. */
export async function getPopulatedCatalogs(
  lineListId: number,
  signal?: AbortSignal,
): Promise<SegmentationData> {
  const populated = await apiFetch(`/api/crocs/catalogs/populated/${lineListId}`, {
    signal,
    schema: populatedCatalogsSchema,
  });
  return toSegmentationData(populated);
}

export function populatedCatalogsQueryOptions(lineListId: number) {
  return queryOptions({
    queryKey: catalogKeys.detail(lineListId),
    queryFn: ({ signal }) => getPopulatedCatalogs(lineListId, signal),
  });
}

export function usePopulatedCatalogs(lineListId: number | undefined) {
  return useQuery({
    ...populatedCatalogsQueryOptions(lineListId ?? 0),
    enabled: lineListId !== undefined,
  });
}
