import type { PlacementResult } from "@cm/contracts/catalog-segmentation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { catalogKeys } from "@/features/catalogs/api/catalog-keys";
import {
  applyPlacementResult,
  countsOf,
  type SegmentationData,
  sameCounts,
} from "@/features/catalogs/utils/segmentation-data";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";

/**
 * What every write to a line list's items does once the server answers: on success its answer is
 * applied to the screen's data (and if the counts then differ from the server's, someone else
 * changed the line list too, so it is reloaded); on failure the screen reloads what the server
 * has. Either way the catalogs page's counts are stale.
 */
export function usePlacementMutation<TInput>(
  mutationFn: (input: TInput) => Promise<PlacementResult>,
  lineListIdOf: (input: TInput) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      const key = catalogKeys.detail(result.lineListId);
      const updated = queryClient.setQueryData<SegmentationData>(key, (data) =>
        data ? applyPlacementResult(data, result) : data,
      );
      if (updated && !sameCounts(countsOf(updated), result.counts)) {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: (_error, input) =>
      queryClient.invalidateQueries({ queryKey: catalogKeys.detail(lineListIdOf(input)) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineListKeys.withCatalogs() }),
  });
}
