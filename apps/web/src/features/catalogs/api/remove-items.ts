import {
  type RemoveItemsInput,
  placementResultSchema,
  type PlacementResult,
} from "@cm/contracts/catalog-segmentation";
import { usePlacementMutation } from "@/features/catalogs/api/placement-mutation";
import { apiFetch } from "@/lib/api-client";

/** `DELETE /api/crocs/catalogs/remove-items`: items leave one catalog, back to unsorted when in no other. */
export function removeItems(input: RemoveItemsInput): Promise<PlacementResult> {
  return apiFetch("/api/crocs/catalogs/remove-items", {
    method: "DELETE",
    body: input,
    schema: placementResultSchema,
  });
}

export function useRemoveItems() {
  return usePlacementMutation(removeItems);
}
