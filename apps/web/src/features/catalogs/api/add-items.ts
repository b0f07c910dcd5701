import {
  type AddItemsInput,
  placementResultSchema,
  type PlacementResult,
} from "@cm/contracts/catalog-segmentation";
import { usePlacementMutation } from "@/features/catalogs/api/placement-mutation";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/crocs/catalogs/add-items`: each item joins its target and stays where it was. */
export function addItems(input: AddItemsInput): Promise<PlacementResult> {
  return apiFetch("/api/crocs/catalogs/add-items", {
    method: "POST",
    body: input,
    schema: placementResultSchema,
  });
}

export function useAddItems() {
  return usePlacementMutation(addItems);
}
