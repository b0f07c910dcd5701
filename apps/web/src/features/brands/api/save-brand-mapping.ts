import {
  brandMappingDataSchema,
  type SaveBrandMappingInput,
  saveBrandMappingInputSchema,
} from "@cm/contracts/line-list-mapping-api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { apiFetch } from "@/lib/api-client";

export interface SaveBrandMappingVariables {
  brandId: number;
  data: SaveBrandMappingInput;
}

/** `PUT /api/brands/{brandId}/mapping`: saves the brand's column mapping (a history entry). */
export function saveBrandMapping({ brandId, data }: SaveBrandMappingVariables) {
  return apiFetch(`/api/brands/${brandId}/mapping`, {
    method: "PUT",
    body: saveBrandMappingInputSchema.parse(data),
    schema: brandMappingDataSchema,
  });
}

export function useSaveBrandMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrandMapping,
    onSuccess: (saved, { brandId }) => {
      queryClient.setQueryData(brandKeys.mapping(brandId), saved);
      return queryClient.invalidateQueries({ queryKey: brandKeys.mapping(brandId) });
    },
  });
}
