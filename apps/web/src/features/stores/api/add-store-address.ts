import {
  type Store,
  storeSchema,
  type AddStoreAddressInput,
  addStoreAddressInputSchema,
} from "@cm/contracts/stores";
import { useStoreWrite } from "@/features/stores/api/use-store-write";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/stores/{id}/address`: one more address (at most one billing and one shipping). */
export function addStoreAddress(storeId: number, input: AddStoreAddressInput): Promise<Store> {
  return apiFetch(`/api/stores/${storeId}/address`, {
    method: "POST",
    body: addStoreAddressInputSchema.parse(input),
    schema: storeSchema,
  });
}

export function useAddStoreAddress(storeId: number) {
  return useStoreWrite(storeId, addStoreAddress);
}
