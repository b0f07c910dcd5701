/**
 * Query keys of stores. Store writes invalidate `lists()` and the written store's `detail(id)`;
 * registering a customer (which creates stores) invalidates `lists()`.
 */
export const storeKeys = {
  all: ["stores"] as const,
  lists: () => [...storeKeys.all, "list"] as const,
  list: (query: { organizationId?: number } = {}) => [...storeKeys.lists(), query] as const,
  details: () => [...storeKeys.all, "detail"] as const,
  detail: (storeId: number) => [...storeKeys.details(), storeId] as const,
};
