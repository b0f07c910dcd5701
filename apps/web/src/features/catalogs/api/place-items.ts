import { placementResultSchema } from "@cm/contracts/catalog-segmentation";
import {
  type PlacementAnswer,
  toPlacementAnswer,
  usePlacementMutation,
} from "@/features/catalogs/api/placement-mutation";
import type { PlacementRequest } from "@/features/catalogs/utils/placement-plan";
import { apiFetch, ifMatch } from "@/lib/api-client";

/**
 * A write to a line list's items, one route per operation (docs/catalog-segmentation.md):
 * `POST /api/crocs/catalogs/add-items` (each item joins its target and stays where it was),
 * `add-items-to` and `copy-items-to` (items of one origin into one catalog), `move-items` (items
 * leave their origin for their target), and `DELETE …/remove-items` (items leave one catalog,
 * back to unsorted when in no other). `revision` is the line list's the write is based on.
 */
export async function placeItems(
  { operation, input }: PlacementRequest,
  revision?: number,
): Promise<PlacementAnswer> {
  const envelope = await apiFetch(`/api/crocs/catalogs/${operation}`, {
    method: operation === "remove-items" ? "DELETE" : "POST",
    body: input,
    headers: ifMatch(revision),
    schema: placementResultSchema,
    envelope: true,
  });
  return toPlacementAnswer(envelope);
}

/** `placeItems` as a mutation that keeps the screen's data in step (see usePlacementMutation). */
export function usePlaceItems() {
  return usePlacementMutation(placeItems, (request) => request.input.lineListId);
}
