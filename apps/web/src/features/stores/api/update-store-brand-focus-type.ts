import {
  type Store,
  storeSchema,
  type UpdateStoreBrandFocusTypeInput,
  updateStoreBrandFocusTypeInputSchema,
} from "@cm/contracts/stores";
import { useStoreWrite } from "@/features/stores/api/use-store-write";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/stores/{id}/brand-focus-type`: the brands and their segmentation; the store type follows. */
export function updateStoreBrandFocusType(
  storeId: number,
  input: UpdateStoreBrandFocusTypeInput,
): Promise<Store> {
  return apiFetch(`/api/stores/${storeId}/brand-focus-type`, {
    method: "PUT",
    body: updateStoreBrandFocusTypeInputSchema.parse(input),
    schema: storeSchema,
  });
}

export function useUpdateStoreBrandFocusType(storeId: number) {
  return useStoreWrite(storeId, updateStoreBrandFocusType);
}
