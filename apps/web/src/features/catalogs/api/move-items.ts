import {
  type MoveItemsInput,
  placementResultSchema,
  type PlacementResult,
} from "@cm/contracts/catalog-segmentation";
import { usePlacementMutation } from "@/features/catalogs/api/placement-mutation";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/crocs/catalogs/move-items`: each item leaves its origin for its target. */
export function moveItems(input: MoveItemsInput): Promise<PlacementResult> {
  return apiFetch("/api/crocs/catalogs/move-items", {
    method: "POST",
    body: input,
    schema: placementResultSchema,
  });
}

export function useMoveItems() {
  return usePlacementMutation(moveItems);
}
