import {
  type Store,
  storeSchema,
  type ReplaceStoreAddressesInput,
  replaceStoreAddressesInputSchema,
} from "@cm/contracts/stores";
import { useStoreWrite } from "@/features/stores/api/use-store-write";
import { apiFetch } from "@/lib/api-client";

/** `PUT /api/stores/{id}/addresses`: the whole list of addresses. */
export function replaceStoreAddresses(storeId: number, input: ReplaceStoreAddressesInput): Promise<Store> {
  return apiFetch(`/api/stores/${storeId}/addresses`, {
    method: "PUT",
    body: replaceStoreAddressesInputSchema.parse(input),
    schema: storeSchema,
  });
}

export function useReplaceStoreAddresses(storeId: number) {
  return useStoreWrite(storeId, replaceStoreAddresses);
}
