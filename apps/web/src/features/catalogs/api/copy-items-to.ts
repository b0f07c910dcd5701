import {
  type PlaceItemsToInput,
  placementResultSchema,
  type PlacementResult,
} from "@cm/contracts/catalog-segmentation";
import { usePlacementMutation } from "@/features/catalogs/api/placement-mutation";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/crocs/catalogs/copy-items-to`: items of one origin are copied into one catalog and stay where they were. */
export function copyItemsTo(input: PlaceItemsToInput): Promise<PlacementResult> {
  return apiFetch("/api/crocs/catalogs/copy-items-to", {
    method: "POST",
    body: input,
    schema: placementResultSchema,
  });
}

export function useCopyItemsTo() {
  return usePlacementMutation(copyItemsTo);
}
