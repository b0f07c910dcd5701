import {
  type PlaceItemsToInput,
  placementResultSchema,
  type PlacementResult,
} from "@cm/contracts/catalog-segmentation";
import { usePlacementMutation } from "@/features/catalogs/api/placement-mutation";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/crocs/catalogs/add-items-to`: items of one origin join one catalog (a move from unsorted). */
export function addItemsTo(input: PlaceItemsToInput): Promise<PlacementResult> {
  return apiFetch("/api/crocs/catalogs/add-items-to", {
    method: "POST",
    body: input,
    schema: placementResultSchema,
  });
}

export function useAddItemsTo() {
  return usePlacementMutation(addItemsTo);
}
