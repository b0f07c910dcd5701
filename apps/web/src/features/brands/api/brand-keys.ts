/** Query keys of brands: invalidate `lists()` after any write, `detail(id)` after a write to that brand. */
export const brandKeys = {
  all: ["brands"] as const,
  lists: () => [...brandKeys.all, "list"] as const,
  list: (query: { orderDir?: "asc" | "desc" } = {}) => [...brandKeys.lists(), query] as const,
  details: () => [...brandKeys.all, "detail"] as const,
  detail: (brandId: number) => [...brandKeys.details(), brandId] as const,
};
