import { type Brand, brandSchema } from "@cm/contracts/brands";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { apiFetch, ifMatch } from "@/lib/api-client";

/** `DELETE /api/brands/{brandId}`; refused (409) while the brand has line lists. */
export function deleteBrand({ brandId, revision }: { brandId: number; revision?: number }): Promise<Brand> {
  return apiFetch(`/api/brands/${brandId}`, {
    method: "DELETE",
    headers: ifMatch(revision),
    schema: brandSchema,
  });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBrand,
    onSuccess: (brand) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.lists() }),
        queryClient.removeQueries({ queryKey: brandKeys.detail(brand.id) }),
      ]),
  });
}
