import { z } from "zod";
import { nameSchema } from "./names.ts";
import { addressOutputSchema, organizationAddressSchema } from "./addresses.ts";
import {
  entityIdSchema,
  expectedRevisionSchema,
  listLimitQuerySchema,
  revisionedSchema,
} from "./envelope.ts";

/**
 * Organizations: the customers (type external) and the distributor itself (the one internal
 * organization). SPEC.md sections 3, 4, 7 and 8; the payloads the spec leaves open are defined
 * here and described in docs/customers.md.
 */

export const organizationTypeValues = ["internal", "external"] as const;
export type OrganizationType = (typeof organizationTypeValues)[number];
export const organizationStatusValues = ["active", "inactive"] as const;
export type OrganizationStatus = (typeof organizationStatusValues)[number];

export const organizationLimits = {
  nameMaxLength: 200,
  discountMin: 0,
  discountMax: 100,
} as const;

export const organizationMessages = {
  notFound: "Organization not found",
  listEmpty: "No organizations found",
  listLoadFailed: "Organizations not found",
  nameRequired: "Organization name is required",
  nameTooLong: `Organization name must be at most ${organizationLimits.nameMaxLength} characters`,
  statusUnchanged: "Organization status is already set to this status.",
  internalNotCreatable: "Only customer organizations can be created",
  internalNotDeactivatable: "The company's own organization cannot be deactivated",
  mainContactNotMember: "The main contact must be a member of the organization",
  userNotFound: "User not found",
  brandNotFound: "Brand not found",
  discountRange: `Discount must be between ${organizationLimits.discountMin} and ${organizationLimits.discountMax} percent`,
  discountBrandRepeated: "Each brand can have only one discount",
  created: "Organization created successfully",
  // Screens (SPEC.md section 8).
  nameSaved: "Name saved",
  nameSaveFailed: "Failed to save name",
  addressSaved: "Address saved",
  addressSaveFailed: "Failed to save address",
  deleteNotAvailable: "Not available yet",
  // Status and main contact on the edit page, worded like the store's (SPEC.md section 8).
  statusSectionTitle: "Status",
  activeStatusDescription: "An active customer can order for its active stores.",
  inactiveStatusDescription: "This customer is inactive and cannot order. Activate it to let it order again.",
  deactivate: "Deactivate Customer",
  deactivating: "Deactivating...",
  activate: "Activate Customer",
  activating: "Activating...",
  deactivateConfirmTitle: (name: string) => `Deactivate ${name}?`,
  deactivateConfirmDescription:
    "An inactive customer cannot order: no order can be written for any of its stores. Its stores, users and orders stay, and you can activate it again at any time.",
  statusUpdated: "Customer status updated successfully.",
  statusUpdateFailed: "Failed to update customer status.",
  mainContactSectionTitle: "Main contact",
  mainContactDescription: "The person at the customer you deal with first; one of its active users.",
  mainContactLabel: "Main contact",
  mainContactPlaceholder: "Choose the main contact",
  mainContactRequired: "Choose the main contact",
  mainContactSave: "Save main contact",
  // A current contact deactivated since: listed so the picker shows who is set, but not choosable.
  inactiveMainContact: (label: string) => `${label} · Inactive`,
  noActiveUsers: "This customer has no active users yet.",
  usersLoadFailed: "The customer's users could not be loaded",
  mainContactSaved: "Main contact saved",
  mainContactSaveFailed: "Failed to save main contact",
} as const;

export const organizationNameSchema = nameSchema(
  { required: organizationMessages.nameRequired, tooLong: organizationMessages.nameTooLong },
  organizationLimits.nameMaxLength,
);

const idSchema = entityIdSchema;

/** A brand's discount for one organization, in percent of the price. */
export const organizationDiscountSchema = z.object({
  brandId: idSchema,
  percentage: z
    .number(organizationMessages.discountRange)
    .min(organizationLimits.discountMin, organizationMessages.discountRange)
    .max(organizationLimits.discountMax, organizationMessages.discountRange),
});
export type OrganizationDiscount = z.infer<typeof organizationDiscountSchema>;

export const organizationDiscountsSchema = z
  .array(organizationDiscountSchema)
  .superRefine((discounts, ctx) => {
    const seen = new Set<number>();
    discounts.forEach((discount, index) => {
      if (seen.has(discount.brandId)) {
        ctx.addIssue({
          code: "custom",
          message: organizationMessages.discountBrandRepeated,
          path: [index, "brandId"],
        });
      }
      seen.add(discount.brandId);
    });
  });

export const organizationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(organizationTypeValues),
    status: z.string(),
    address: addressOutputSchema.nullable(),
    discounts: z.array(organizationDiscountSchema),
    mainContactUserId: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .extend(revisionedSchema.shape);
export type Organization = z.infer<typeof organizationSchema>;

/** `GET /api/organizations` query: `type` narrows the list; `limit` caps it (all by default). */
export const organizationListQuerySchema = listLimitQuerySchema.extend({
  type: z.enum(organizationTypeValues).optional(),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;

/** `POST /api/organizations`: a customer organization; the main contact is chosen after it has members. */
export const createOrganizationInputSchema = z.object({
  name: organizationNameSchema,
  type: z.literal("external", organizationMessages.internalNotCreatable).default("external"),
  address: organizationAddressSchema.optional(),
  status: z.enum(organizationStatusValues).default("active"),
  discounts: organizationDiscountsSchema.default([]),
});
export type CreateOrganizationInput = z.input<typeof createOrganizationInputSchema>;

/** `PUT /api/organizations/{id}/status`. */
export const updateOrganizationStatusInputSchema = expectedRevisionSchema.extend({
  status: z.enum(organizationStatusValues),
});
export type UpdateOrganizationStatusInput = z.input<typeof updateOrganizationStatusInputSchema>;

/** `PUT /api/organizations/{id}/address`. */
export const updateOrganizationAddressInputSchema = expectedRevisionSchema.extend({
  address: organizationAddressSchema,
});
export type UpdateOrganizationAddressInput = z.input<typeof updateOrganizationAddressInputSchema>;

/** `PUT /api/organizations/name`. */
export const updateOrganizationNameInputSchema = expectedRevisionSchema.extend({
  organizationId: idSchema,
  name: organizationNameSchema,
});
export type UpdateOrganizationNameInput = z.input<typeof updateOrganizationNameInputSchema>;

/** `PUT /api/organizations/update-discounts`: replaces the organization's discounts (one per brand). */
export const updateOrganizationDiscountsInputSchema = expectedRevisionSchema.extend({
  organizationId: idSchema,
  discounts: organizationDiscountsSchema,
});
export type UpdateOrganizationDiscountsInput = z.input<typeof updateOrganizationDiscountsInputSchema>;

/** `PUT /api/organizations/change-main-contact-user`: the user must belong to the organization. */
export const changeOrganizationMainContactInputSchema = expectedRevisionSchema.extend({
  organizationId: idSchema,
  mainContactUserId: idSchema,
});
export type ChangeOrganizationMainContactInput = z.input<typeof changeOrganizationMainContactInputSchema>;

/** The edit screen's main contact picker: what `change-main-contact-user` takes besides the ids. */
export const organizationMainContactFormSchema = z.object({
  mainContactUserId: z
    .number(organizationMessages.mainContactRequired)
    .int(organizationMessages.mainContactRequired)
    .min(1, organizationMessages.mainContactRequired),
});
export type OrganizationMainContactFormValues = z.input<typeof organizationMainContactFormSchema>;

/** The edit screen's name form. */
export const organizationNameFormSchema = z.object({ name: organizationNameSchema });
export type OrganizationNameFormValues = z.input<typeof organizationNameFormSchema>;
