import { type Brand, type BrandInput, brandInputSchema, brandSchema } from "@cm/contracts/brands";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { apiFetch } from "@/lib/api-client";

/** `POST /api/brands`; a blank description is sent as absent. */
export function createBrand(input: BrandInput): Promise<Brand> {
  const { description, ...rest } = brandInputSchema.parse(input);
  return apiFetch("/api/brands", {
    method: "POST",
    body: description ? { ...rest, description } : rest,
    schema: brandSchema,
  });
}

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    // Returned, so the mutation stays pending until the lists (the sidebar's too) are fresh.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.lists() }),
  });
}
