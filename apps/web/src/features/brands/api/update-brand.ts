import { type Brand, type BrandInput, brandSchema, brandUpdateSchema } from "@cm/contracts/brands";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { apiFetch, ifMatch } from "@/lib/api-client";

export interface UpdateBrandVariables {
  brandId: number;
  data: BrandInput;
  /** The revision the edit started from: a brand changed since gets 409 instead of being overwritten. */
  revision?: number;
}

/**
 * `PUT /api/brands/{brandId}`; a blank description is sent as absent, and so is a wholesale
 * factor the caller left out (the brand keeps its own).
 */
export function updateBrand({ brandId, data, revision }: UpdateBrandVariables): Promise<Brand> {
  const { description, ...rest } = brandUpdateSchema.parse(data);
  return apiFetch(`/api/brands/${brandId}`, {
    method: "PUT",
    body: description ? { ...rest, description } : rest,
    headers: ifMatch(revision),
    schema: brandSchema,
  });
}

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: (brand) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: brandKeys.detail(brand.id) }),
        // Line lists show their brand's name.
        queryClient.invalidateQueries({ queryKey: lineListKeys.all }),
      ]),
  });
}
