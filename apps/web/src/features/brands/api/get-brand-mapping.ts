import { type BrandMappingData, brandMappingDataSchema } from "@cm/contracts/line-list-mapping-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { apiFetch } from "@/lib/api-client";

/** `GET /api/brands/{brandId}/mapping`: the brand's saved column mapping, or null when it has none. */
export function getBrandMapping(brandId: number, signal?: AbortSignal): Promise<BrandMappingData> {
  return apiFetch(`/api/brands/${brandId}/mapping`, { schema: brandMappingDataSchema, signal });
}

export function brandMappingQueryOptions(brandId: number) {
  return queryOptions({
    queryKey: brandKeys.mapping(brandId),
    queryFn: ({ signal }) => getBrandMapping(brandId, signal),
  });
}

export function useBrandMapping(brandId: number) {
  return useQuery(brandMappingQueryOptions(brandId));
}
