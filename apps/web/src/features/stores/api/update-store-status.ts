import {
  type Store,
  storeSchema,
  type UpdateStoreStatusInput,
  updateStoreStatusInputSchema,
} from "@cm/contracts/stores";
import { useStoreWrite } from "@/features/stores/api/use-store-write";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/stores/{id}/status`: activate or deactivate; the same status is refused. */
export function updateStoreStatus(storeId: number, input: UpdateStoreStatusInput): Promise<Store> {
  return apiFetch(`/api/stores/${storeId}/status`, {
    method: "PUT",
    body: updateStoreStatusInputSchema.parse(input),
    schema: storeSchema,
  });
}

export function useUpdateStoreStatus(storeId: number) {
  return useStoreWrite(storeId, updateStoreStatus);
}
