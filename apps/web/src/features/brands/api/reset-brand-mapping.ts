import { useMutation, useQueryClient } from "@tanstack/react-query";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { apiFetch } from "@/lib/api-client";

/**
 * `DELETE /api/brands/{brandId}/mapping`: forgets the brand's column mapping (a history entry);
 * its next upload asks for the columns again.
 */
export function resetBrandMapping({ brandId }: { brandId: number }): Promise<unknown> {
  return apiFetch(`/api/brands/${brandId}/mapping`, { method: "DELETE" });
}

export function useResetBrandMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetBrandMapping,
    onSuccess: (_answer, { brandId }) => {
      queryClient.setQueryData(brandKeys.mapping(brandId), null);
      return queryClient.invalidateQueries({ queryKey: brandKeys.mapping(brandId) });
    },
  });
}
