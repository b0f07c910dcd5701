import type { Store } from "@cm/contracts/stores";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { customerListQueryKey } from "@/lib/api/customers/customer-keys";
import { storeKeys } from "@/lib/api/stores/store-keys";

/**
 * A write to one store: the answer replaces the cached store (with its new revision) and the
 * lists refresh; after a failure the store is reloaded, since it may have changed meanwhile.
 */
export function useStoreWrite<TInput>(
  storeId: number,
  write: (storeId: number, input: TInput) => Promise<Store>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => write(storeId, input),
    onSuccess: (store) => queryClient.setQueryData(storeKeys.detail(store.id), store),
    onError: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: customerListQueryKey }),
      ]),
  });
}
