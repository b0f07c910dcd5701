import {
  type Store,
  storeSchema,
  type UpdateStoreBasicInfoInput,
  updateStoreBasicInfoInputSchema,
} from "@cm/contracts/stores";
import { useStoreWrite } from "@/features/stores/api/use-store-write";
import { apiFetch } from "@/lib/api-client";

/** `PATCH /api/stores/{id}/basic-info`: name, description and main contact; only the fields sent change. */
export function updateStoreBasicInfo(storeId: number, input: UpdateStoreBasicInfoInput): Promise<Store> {
  return apiFetch(`/api/stores/${storeId}/basic-info`, {
    method: "PATCH",
    body: updateStoreBasicInfoInputSchema.parse(input),
    schema: storeSchema,
  });
}

export function useUpdateStoreBasicInfo(storeId: number) {
  return useStoreWrite(storeId, updateStoreBasicInfo);
}
