import { brandSchema } from "@cm/contracts/brands";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { brandKeys } from "@/lib/api/brands/brand-keys";
import { apiFetch } from "@/lib/api-client";

/** Id and name, and the status where the answer has it (the upload offers active brands only). */
const brandOptionsSchema = z.array(
  brandSchema.pick({ id: true, name: true }).extend({ status: brandSchema.shape.status.optional() }),
);
export type BrandOption = z.infer<typeof brandOptionsSchema>[number];

/** `GET /api/brands` as the brands to choose from outside the brands screens (a store's brand focus). */
export function useBrandOptions() {
  return useQuery({
    queryKey: brandKeys.options(),
    queryFn: ({ signal }) =>
      apiFetch("/api/brands", { query: { orderDir: "asc" }, schema: brandOptionsSchema, signal }),
  });
}
