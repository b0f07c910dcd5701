/** Query keys of brands: invalidate `lists()` after any write, `detail(id)` after a write to that brand. */
export const brandKeys = {
  all: ["brands"] as const,
  lists: () => [...brandKeys.all, "list"] as const,
  list: (query: { orderDir?: "asc" | "desc" } = {}) => [...brandKeys.lists(), query] as const,
  /**
   * The brands to choose from outside the brands screens (id and name only). Under `lists()`, so
   * every brand write that refreshes the brand lists refreshes it too, while its rows never mix
   * with theirs.
   */
  options: () => [...brandKeys.lists(), "options"] as const,
  details: () => [...brandKeys.all, "detail"] as const,
  detail: (brandId: number) => [...brandKeys.details(), brandId] as const,
  /**
   * The brand's column mapping (GET /api/brands/{id}/mapping). Under `detail(id)`, so a write to
   * the brand refreshes it; an upload that confirms a mapping refreshes it alone.
   */
  mapping: (brandId: number) => [...brandKeys.detail(brandId), "mapping"] as const,
};
