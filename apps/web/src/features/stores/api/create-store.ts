import { type CreateStoreInput, createStoreInputSchema, type Store, storeSchema } from "@cm/contracts/stores";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { customerListQueryKey } from "@/lib/api/customers/customer-keys";
import { storeKeys } from "@/lib/api/stores/store-keys";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/stores`: optional fields left blank are sent as absent (the schema drops them). */
export function createStore(input: CreateStoreInput): Promise<Store> {
  return apiFetch("/api/stores", {
    method: "POST",
    body: createStoreInputSchema.parse(input),
    schema: storeSchema,
  });
}

export function useCreateStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    onSuccess: (store) => {
      queryClient.setQueryData(storeKeys.detail(store.id), store);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: customerListQueryKey }),
      ]);
    },
  });
}
