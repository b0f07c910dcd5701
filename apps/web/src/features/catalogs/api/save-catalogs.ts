import type { LineListCatalogsInput } from "@cm/contracts/catalog-segmentation";
import { type LineList, lineListSchema } from "@cm/contracts/line-lists";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { catalogKeys } from "@/features/catalogs/api/catalog-keys";
import type { SegmentationData } from "@/features/catalogs/utils/segmentation-data";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/crocs/catalogs/save`: marks the line list's sorting completed and answers the line list. */
export function saveCatalogs(input: LineListCatalogsInput): Promise<LineList> {
  return apiFetch("/api/crocs/catalogs/save", { method: "POST", body: input, schema: lineListSchema });
}

export function useSaveCatalogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCatalogs,
    onSuccess: (lineList) => {
      queryClient.setQueryData<SegmentationData>(catalogKeys.detail(lineList.id), (data) =>
        data ? { ...data, lineList } : data,
      );
      return queryClient.invalidateQueries({ queryKey: lineListKeys.all });
    },
  });
}
