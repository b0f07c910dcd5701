import { z } from "zod";
import { expectedRevisionSchema, revisionedSchema } from "./envelope.ts";

/** SPEC.md sections 3, 5, 8 and 9: brands. */

export const brandNameMaxLength = 100;
/** Every brand has category 1 (SPEC.md section 3); the field exists for the categories to come. */
export const brandCategoryId = 1;
export const brandStatusValues = ["active", "inactive"] as const;

/**
 * The one brand with uploads and the `/api/crocs/...` routes: the brand whose name contains
 * "crocs", in any letter case (SPEC.md section 1).
 */
export const crocsBrandNamePart = "crocs";
export function isCrocsBrand(name: string): boolean {
  return name.toLowerCase().includes(crocsBrandNamePart);
}

export const brandMessages = {
  nameRequired: "Name is required cannot be empty",
  nameTooLong: `Name must be at most ${brandNameMaxLength} characters`,
  alreadyExists: "Brand already exists",
  notFound: "Brand not found",
  // The spec names no text; this one says why nothing was deleted and what would allow it.
  hasLineLists: "This brand has line lists and cannot be deleted",
  created: "Brand created successfully",
  updated: "Brand updated successfully",
  deleted: "Brand deleted successfully",
  createFailed: "Failed to create brand",
  updateFailed: "Failed to update brand",
  deleteFailed: "Failed to delete brand",
  noBrandFound: "No brand found",
  brandNotSet: "Brand not set yet",
  deleteConfirmTitle: (name: string) => `Delete the brand ${name}?`,
  deleteConfirmDescription: "This action cannot be undone.",
} as const;

export const brandNameSchema = z
  .string(brandMessages.nameRequired)
  .trim()
  .min(1, brandMessages.nameRequired)
  .max(brandNameMaxLength, brandMessages.nameTooLong);

/** Optional; a blank description is the same as none. */
export const brandDescriptionSchema = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((value) => (value ? value : undefined));

/** `POST /api/brands`. */
export const brandInputSchema = z.object({
  name: brandNameSchema,
  description: brandDescriptionSchema,
  categoryId: z.literal(brandCategoryId).default(brandCategoryId),
});
export type BrandInput = z.input<typeof brandInputSchema>;

/** `PUT /api/brands/{brandId}`: the whole brand; the revision may also come as `If-Match`. */
export const brandUpdateSchema = brandInputSchema.extend(expectedRevisionSchema.shape);
export type BrandUpdate = z.input<typeof brandUpdateSchema>;

export const brandSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    categoryId: z.number().int(),
    status: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(revisionedSchema.shape);
export type Brand = z.infer<typeof brandSchema>;

export const brandListQuerySchema = z.object({
  orderDir: z.enum(["asc", "desc"]).default("asc"),
});
export type BrandListQuery = z.input<typeof brandListQuerySchema>;

export const brandParamsSchema = z.object({ brandId: z.coerce.number().int().positive() });
