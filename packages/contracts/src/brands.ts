import { z } from "zod";
import { nameSchema } from "./names.ts";
import { expectedRevisionSchema, maxEntityId, revisionedSchema } from "./envelope.ts";

/** SPEC.md sections 3, 5, 8 and 9: brands. */

export const brandNameMaxLength = 100;
/** Every brand has category 1 (SPEC.md section 3); the field exists for the categories to come. */
export const brandCategoryId = 1;
export const brandStatusValues = ["active", "inactive"] as const;

/**
 * Unit WHS = MSRP × the brand's wholesale factor × (1 − the customer's discount for the brand)
 * (DESIGN.md section 9, "WHS"). The database keeps the factor as numeric(3,2), hence the two decimals.
 */
export const brandWholesaleFactorLimits = { min: 0.01, max: 1, default: 0.5 } as const;

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
  wholesaleFactorRange: `Wholesale factor must be between ${brandWholesaleFactorLimits.min} and ${brandWholesaleFactorLimits.max}`,
  wholesaleFactorDecimals: "Wholesale factor can have at most two decimals",
  wholesaleFactorHint: "Unit WHS = MSRP × factor × (1 − customer discount).",
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
  // The brand list as the screens hold it (SPEC.md section 8, "local"): failed, empty, or without
  // the brand a screen was opened for.
  brandListNotLoaded: "Brand list is not loaded",
  brandListEmpty: "Brand list is empty",
  currentBrandNotSet: "Current brand is not set",
  deleteConfirmTitle: (name: string) => `Delete the brand ${name}?`,
  deleteConfirmDescription: "This action cannot be undone.",
} as const;

export const brandNameSchema = nameSchema(
  { required: brandMessages.nameRequired, tooLong: brandMessages.nameTooLong },
  brandNameMaxLength,
);

/** Optional; a blank description is the same as none. */
export const brandDescriptionSchema = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((value) => (value ? value : undefined));

/** A factor in hundredths; the tolerance absorbs binary fractions such as 0.57 × 100. */
export const brandWholesaleFactorSchema = z
  .number(brandMessages.wholesaleFactorRange)
  .min(brandWholesaleFactorLimits.min, brandMessages.wholesaleFactorRange)
  .max(brandWholesaleFactorLimits.max, brandMessages.wholesaleFactorRange)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
    message: brandMessages.wholesaleFactorDecimals,
  });

/** `POST /api/brands`. */
export const brandInputSchema = z.object({
  name: brandNameSchema,
  description: brandDescriptionSchema,
  categoryId: z.literal(brandCategoryId).default(brandCategoryId),
  wholesaleFactor: brandWholesaleFactorSchema.default(brandWholesaleFactorLimits.default),
});
export type BrandInput = z.input<typeof brandInputSchema>;

/**
 * `PUT /api/brands/{brandId}`: the whole brand; the revision may also come as `If-Match`. A
 * client that does not send the wholesale factor keeps the brand's own rather than resetting
 * every price of the brand to the default.
 */
export const brandUpdateSchema = brandInputSchema.extend({
  ...expectedRevisionSchema.shape,
  wholesaleFactor: brandWholesaleFactorSchema.optional(),
});
export type BrandUpdate = z.input<typeof brandUpdateSchema>;

export const brandSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    categoryId: z.number().int(),
    status: z.string(),
    wholesaleFactor: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(revisionedSchema.shape);
export type Brand = z.infer<typeof brandSchema>;

export const brandListQuerySchema = z.object({
  orderDir: z.enum(["asc", "desc"]).default("asc"),
});
export type BrandListQuery = z.input<typeof brandListQuerySchema>;

export const brandParamsSchema = z.object({ brandId: z.coerce.number().int().min(1).max(maxEntityId) });
