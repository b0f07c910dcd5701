import { brandSchema } from "@cm/contracts/brands";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";

const brandOptionsSchema = z.array(brandSchema.pick({ id: true, name: true }));
export type BrandOption = z.infer<typeof brandOptionsSchema>[number];

/**
 * Brands to choose from outside the brands screens (a store's brand focus). Its key sits under
 * the brands' `["brands", "list"]`, so every brand write that refreshes the brand lists
 * refreshes this one too, while its rows (id and name only) never mix with theirs.
 */
export const brandOptionsQueryKey = ["brands", "list", "options"] as const;

export function useBrandOptions() {
  return useQuery({
    queryKey: brandOptionsQueryKey,
    queryFn: ({ signal }) =>
      apiFetch("/api/brands", { query: { orderDir: "asc" }, schema: brandOptionsSchema, signal }),
  });
}
