import { type Brand, type BrandListQuery, brandSchema } from "@cm/contracts/brands";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { apiFetch } from "@/lib/api-client";

const brandListSchema = z.array(brandSchema);

/** `GET /api/brands`: every brand, by name. */
export function getBrands(query: BrandListQuery, signal?: AbortSignal): Promise<Brand[]> {
  return apiFetch("/api/brands", { query, schema: brandListSchema, signal });
}

/** The brand list loaded once on entering `/home` and shared by the sidebar and the brand screens. */
export function brandsQueryOptions(query: BrandListQuery = { orderDir: "asc" }) {
  return queryOptions({
    queryKey: brandKeys.list(query),
    queryFn: ({ signal }) => getBrands(query, signal),
  });
}

export function useBrands(query?: BrandListQuery) {
  return useQuery(brandsQueryOptions(query));
}
