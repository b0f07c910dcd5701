import { z } from "zod";
import { defaultSegmentation, segmentationValues } from "./segmentation.ts";
import { nameSchema } from "./names.ts";
import { addressOutputSchema, addressSchema, type AddressOutput } from "./addresses.ts";
import {
  entityIdSchema,
  expectedRevisionSchema,
  listLimitQuerySchema,
  maxEntityId,
  revisionedSchema,
} from "./envelope.ts";

/**
 * Stores of customer organizations: name, addresses, main contact, status and brand focus
 * (SPEC.md sections 3, 4, 5, 7 and 8). The payloads the spec leaves open are defined here and
 * described in docs/customers.md.
 */

export const storeStatusValues = ["active", "inactive"] as const;
export type StoreStatus = (typeof storeStatusValues)[number];
export const storeTypeValues = ["monobrand", "multi-brand"] as const;
export type StoreType = (typeof storeTypeValues)[number];
export const storeTypeLabels: Record<StoreType, string> = {
  monobrand: "Monobrand",
  // One spelling for the product, as SPEC.md's texts write it ("Multibrand Orders", "No multibrand
  // orders found"); the stored code stays "multi-brand".
  "multi-brand": "Multibrand",
};

/** SPEC.md section 9: segmentation options, good by default (segmentation.ts). */
export {
  defaultSegmentation,
  segmentationLabels,
  segmentationValues,
  type Segmentation,
} from "./segmentation.ts";

export const storeLimits = {
  nameMaxLength: 200,
  descriptionMaxLength: 2000,
  logoUrlMaxLength: 2000,
} as const;

/** Every new store gets this logo until one is uploaded (served with the web app). */
export const storeLogoPlaceholderUrl = "/store-logo-placeholder.svg";

export const storeMessages = {
  // SPEC.md section 8, Stores.
  notFound: "BusinessStore not found.",
  listEmpty: "No business stores found.",
  invalidInput: "Invalid input, please check your input and try again.",
  serverError: "Something went wrong in our side.",
  writeFailed: "Something went wrong.",
  statusUnchanged: "Store status is already set to this status.",
  // Rules of section 5.
  nameRequired: "Store name is required",
  nameTooLong: `Store name must be at most ${storeLimits.nameMaxLength} characters`,
  descriptionTooLong: `Description must be at most ${storeLimits.descriptionMaxLength} characters`,
  organizationRequired: "Organization is required",
  organizationNotFound: "Organization not found",
  organizationNotCustomer: "Stores belong to customer organizations",
  brandSegmentationRequired: "Choose at least one brand",
  brandRepeated: "Each brand can be chosen only once",
  brandNotFound: "Brand not found",
  oneBillingAddress: "A store has at most one billing address",
  oneShippingAddress: "A store has at most one shipping address",
  userNotFound: "User not found",
  userNotMember: "The user must belong to the store's organization",
  logoUrlInvalid: "Logo must be a web address",
  nothingToUpdate: "Change at least one field",
  // Screens (SPEC.md section 8).
  created: "Store created successfully",
  createFailed: "Failed to create store",
  addressesUpdated: "Store addresses updated successfully.",
  addressesUpdateFailed: "Failed to update store addresses.",
  basicInfoUpdated: "Store basic info updated successfully.",
  basicInfoUpdateFailed: "Failed to update store basic info.",
  statusUpdated: "Store status updated successfully.",
  statusUpdateFailed: "Failed to update store status.",
  // The spec has no texts for the brand focus; these follow the other store toasts.
  brandFocusUpdated: "Store brand focus updated successfully.",
  brandFocusUpdateFailed: "Failed to update store brand focus.",
  noStores: "You don't have any stores yet",
  loadFailed: "Store not found",
  editingNotFound: "Editing store not found.",
  // The store page saves each section on its own; leaving with one not saved asks first.
  unsavedChanges: "Unsaved changes",
  leaveConfirmTitle: "Leave without saving?",
  leaveConfirmDescription: (sections: readonly string[]) => {
    const named =
      sections.length > 1 ? `${sections.slice(0, -1).join(", ")} and ${sections.at(-1)}` : sections[0];
    return `${named} ${sections.length > 1 ? "have" : "has"} changes that are not saved. Leaving discards them.`;
  },
} as const;

/** SPEC.md section 3, store address status labels. */
export const storeAddressStatusValues = ["Both", "Billing Only", "Shipping Only", "Not set"] as const;
export type StoreAddressStatus = (typeof storeAddressStatusValues)[number];

/** Which of the billing and shipping addresses a store has. */
export function storeAddressStatus(addresses: readonly Pick<AddressOutput, "type">[]): StoreAddressStatus {
  const billing = addresses.some((address) => address.type === "billing");
  const shipping = addresses.some((address) => address.type === "shipping");
  if (billing && shipping) return "Both";
  if (billing) return "Billing Only";
  if (shipping) return "Shipping Only";
  return "Not set";
}

/** One brand is monobrand, more are multi-brand (SPEC.md section 3). */
export function deriveStoreType(brandCount: number): StoreType {
  return brandCount > 1 ? "multi-brand" : "monobrand";
}

export const storeNameSchema = nameSchema(
  { required: storeMessages.nameRequired, tooLong: storeMessages.nameTooLong },
  storeLimits.nameMaxLength,
);

/** Optional; blank is none. */
export const storeDescriptionSchema = z
  .string()
  .trim()
  .max(storeLimits.descriptionMaxLength, storeMessages.descriptionTooLong)
  .nullish()
  .transform((value) => (value ? value : undefined));

export const brandSegmentationSchema = z.object({
  brandId: entityIdSchema,
  segmentation: z.enum(segmentationValues).default(defaultSegmentation),
});
export type BrandSegmentation = z.infer<typeof brandSegmentationSchema>;

/**
 * A store's brand focus. `storeType` may be sent but the server derives it from the number of
 * brands, so it cannot disagree with them.
 */
export const brandFocusTypeInputSchema = z.object({
  storeType: z.enum(storeTypeValues).optional(),
  brandSegmentation: z
    .array(brandSegmentationSchema, storeMessages.brandSegmentationRequired)
    .min(1, storeMessages.brandSegmentationRequired)
    .superRefine((entries, ctx) => {
      const seen = new Set<number>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.brandId)) {
          ctx.addIssue({ code: "custom", message: storeMessages.brandRepeated, path: [index, "brandId"] });
        }
        seen.add(entry.brandId);
      });
    }),
});
export type BrandFocusTypeInput = z.input<typeof brandFocusTypeInputSchema>;

export const brandFocusTypeSchema = z.object({
  storeType: z.enum(storeTypeValues),
  brandSegmentation: z.array(
    z.object({ brandId: z.number().int(), segmentation: z.enum(segmentationValues) }),
  ),
});
export type BrandFocusType = z.infer<typeof brandFocusTypeSchema>;

/** A store's addresses: each valid, and at most one billing and one shipping address. */
export const storeAddressesSchema = z.array(addressSchema).superRefine((addresses, ctx) => {
  const once = {
    billing: storeMessages.oneBillingAddress,
    shipping: storeMessages.oneShippingAddress,
  } as const;
  for (const type of ["billing", "shipping"] as const) {
    addresses.forEach((address, index) => {
      const earlier = addresses.slice(0, index).some((other) => other.type === type);
      if (address.type === type && earlier) {
        ctx.addIssue({ code: "custom", message: once[type], path: [index, "type"] });
      }
    });
  }
});

const logoUrlSchema = z
  .string()
  .trim()
  .max(storeLimits.logoUrlMaxLength, storeMessages.logoUrlInvalid)
  .refine(
    (value) => value === "" || value.startsWith("/") || /^https?:\/\//i.test(value),
    storeMessages.logoUrlInvalid,
  )
  .optional()
  .transform((value) => (value ? value : undefined));

const organizationIdSchema = z
  .number(storeMessages.organizationRequired)
  .int(storeMessages.organizationRequired)
  .min(1, storeMessages.organizationRequired)
  .max(maxEntityId, storeMessages.organizationRequired);

/** `POST /api/stores` and the New Store form. */
export const createStoreInputSchema = z.object({
  organizationId: organizationIdSchema,
  name: storeNameSchema,
  description: storeDescriptionSchema,
  addresses: storeAddressesSchema.default([]),
  mainContactUserId: entityIdSchema.nullish(),
  status: z.literal("active").default("active"),
  brandFocusType: brandFocusTypeInputSchema,
  userIds: z.array(entityIdSchema).optional(),
  logoUrl: logoUrlSchema,
});
export type CreateStoreInput = z.input<typeof createStoreInputSchema>;

/** `PATCH /api/stores/{id}/basic-info`: only the fields sent change; `null` clears the description or contact. */
export const updateStoreBasicInfoInputSchema = expectedRevisionSchema
  .extend({
    newName: storeNameSchema.optional(),
    newDescription: z
      .string()
      .trim()
      .max(storeLimits.descriptionMaxLength, storeMessages.descriptionTooLong)
      .nullish(),
    newMainContactUserId: entityIdSchema.nullish(),
  })
  .refine(
    (input) =>
      input.newName !== undefined ||
      input.newDescription !== undefined ||
      input.newMainContactUserId !== undefined,
    { message: storeMessages.nothingToUpdate },
  );
export type UpdateStoreBasicInfoInput = z.input<typeof updateStoreBasicInfoInputSchema>;

/** `POST /api/stores/{id}/address`: adds one address. */
export const addStoreAddressInputSchema = expectedRevisionSchema.extend({ address: addressSchema });
export type AddStoreAddressInput = z.input<typeof addStoreAddressInputSchema>;

/** `PUT /api/stores/{id}/addresses`: replaces all of them (an empty list removes them). */
export const replaceStoreAddressesInputSchema = expectedRevisionSchema.extend({
  addresses: storeAddressesSchema,
});
export type ReplaceStoreAddressesInput = z.input<typeof replaceStoreAddressesInputSchema>;

/** `PUT /api/stores/{id}/status`. */
export const updateStoreStatusInputSchema = expectedRevisionSchema.extend({
  newStatus: z.enum(storeStatusValues),
});
export type UpdateStoreStatusInput = z.input<typeof updateStoreStatusInputSchema>;

/** `PUT /api/stores/{id}/brand-focus-type`. */
export const updateStoreBrandFocusTypeInputSchema = expectedRevisionSchema.extend({
  newBrandFocusType: brandFocusTypeInputSchema,
});
export type UpdateStoreBrandFocusTypeInput = z.input<typeof updateStoreBrandFocusTypeInputSchema>;

/** `GET /api/stores` query: `organizationId` narrows the list to one organization's stores. */
export const storeListQuerySchema = listLimitQuerySchema.extend({
  organizationId: z.coerce.number().int().min(1).max(maxEntityId).optional(),
});
export type StoreListQuery = z.infer<typeof storeListQuerySchema>;

export const storeSchema = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    addresses: z.array(addressOutputSchema),
    mainContactUserId: z.number().int().nullable(),
    brandFocusType: brandFocusTypeSchema,
    userIds: z.array(z.number().int()),
    logoUrl: z.string(),
    status: z.enum(storeStatusValues),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .extend(revisionedSchema.shape);
export type Store = z.infer<typeof storeSchema>;
