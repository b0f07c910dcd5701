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
import type { ApiEnvelope } from "@/lib/api-client";

/** A write's answer: where the items it named are now, and the line list's revision after it. */
export interface PlacementAnswer extends PlacementResult {
  /** `nextExpectedStreamVersion`: what the next write sends. */
  revision?: number;
}

export function toPlacementAnswer(envelope: ApiEnvelope<PlacementResult>): PlacementAnswer {
  const revision = envelope.nextExpectedStreamVersion;
  return typeof revision === "number" ? { ...envelope.data, revision } : envelope.data;
}

function withRevision(data: SegmentationData, revision: number | undefined): SegmentationData {
  return revision === undefined ? data : { ...data, lineList: { ...data.lineList, _revision: revision } };
}

/**
 * What every write to a line list's items does. It sends the line list's revision the screen
 * holds, so a write planned on catalogs someone else changed since gets 409 and changes nothing.
 * Writes run one at a time, each sent once the previous one's answer is in the cache, or else a
 * second drop made before the first answer would carry a revision that answer makes stale. On
 * success the answer and its revision are applied to the screen's data (and if the counts then
 * differ from the server's, someone else changed the line list too, so it is reloaded); on
 * failure the screen reloads what the server has. Either way the catalogs page's counts are stale.
 */
export function usePlacementMutation<TInput>(
  write: (input: TInput, revision: number | undefined) => Promise<PlacementAnswer>,
  lineListIdOf: (input: TInput) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: "catalog-placements" },
    mutationFn: (input: TInput) => {
      const key = catalogKeys.detail(lineListIdOf(input));
      return write(input, queryClient.getQueryData<SegmentationData>(key)?.lineList._revision);
    },
    onSuccess: async (answer) => {
      const key = catalogKeys.detail(answer.lineListId);
      const updated = queryClient.setQueryData<SegmentationData>(key, (data) =>
        data ? withRevision(applyPlacementResult(data, answer), answer.revision) : data,
      );
      if (updated && !sameCounts(countsOf(updated), answer.counts)) {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: (_error, input) =>
      queryClient.invalidateQueries({ queryKey: catalogKeys.detail(lineListIdOf(input)) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lineListKeys.withCatalogs() }),
  });
}
