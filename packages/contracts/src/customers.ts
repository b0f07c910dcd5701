import { z } from "zod";
import { addressOutputSchema, organizationAddressSchema } from "./addresses.ts";
import { entityIdSchema, revisionedSchema } from "./envelope.ts";
import { organizationNameSchema, organizationSchema, organizationStatusValues } from "./organizations.ts";
import {
  brandFocusTypeInputSchema,
  storeAddressesSchema,
  storeDescriptionSchema,
  storeNameSchema,
  storeSchema,
  storeStatusValues,
  storeTypeValues,
} from "./stores.ts";

/**
 * A new customer in one go (SPEC.md section 3, "Customer creation payload", and section 5,
 * "Customer creation"): the organization, its main contact, its stores and its users, created
 * in one transaction. Described in docs/customers.md.
 */

export const customerLimits = {
  emailMaxLength: 254,
  personNameMaxLength: 100,
  maxStores: 50,
  maxUsers: 50,
} as const;

/** The first store's name in the wizard. */
export const mainStoreName = "Main Store";

export const customerMessages = {
  invalidInput: "Invalid input, please check your input and try again.",
  // SPEC.md section 5, Customer creation.
  organizationNameRequired: "Organization name is required",
  storeNameRequired: "Store name is required",
  userFirstNameRequired: "User first name is required",
  userLastNameRequired: "User last name is required",
  userEmailRequired: "User email is required",
  emailInvalid: "Expected a valid email address",
  mainContactFirstNameRequired: "Main contact first name is required",
  mainContactLastNameRequired: "Main contact last name is required",
  mainContactEmailRequired: "Main contact email is required",
  nameTooLong: `Must be at most ${customerLimits.personNameMaxLength} characters`,
  storesRequired: "Add at least one store",
  tooManyStores: `At most ${customerLimits.maxStores} stores at once`,
  tooManyUsers: `At most ${customerLimits.maxUsers} users at once`,
  emailRepeated: "This email address is already used above",
  emailTaken: "A user with this email address already exists",
  existingUserNotFound: "User not found",
  existingUserNotCustomer: "Only customer users can be chosen",
  existingUserIsMainContact: "This user is the main contact of another customer or store",
  roleNotFound: "Role not found",
  storeContactUnknown: "The store's main contact must be the main contact or one of the users",
  // Screens (SPEC.md section 8).
  created: "Customer created successfully",
  createFailed: "Failed to create customer",
} as const;

const emailSchema = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(customerLimits.emailMaxLength, customerMessages.emailInvalid)
    .pipe(z.email(customerMessages.emailInvalid));

const personNameSchema = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(customerLimits.personNameMaxLength, customerMessages.nameTooLong);

/**
 * A person of the new customer: `id` names an existing customer user, who then moves to the new
 * organization (their name and e-mail are taken from their record); without it a new user is
 * created. `roleId` defaults to the Admin role.
 */
function personSchema(messages: { email: string; firstName: string; lastName: string }) {
  return z.object({
    id: entityIdSchema.optional(),
    email: emailSchema(messages.email),
    firstName: personNameSchema(messages.firstName),
    lastName: personNameSchema(messages.lastName),
    roleId: entityIdSchema.optional(),
  });
}

export const customerMainContactSchema = personSchema({
  email: customerMessages.mainContactEmailRequired,
  firstName: customerMessages.mainContactFirstNameRequired,
  lastName: customerMessages.mainContactLastNameRequired,
});
export type CustomerMainContactInput = z.input<typeof customerMainContactSchema>;

export const customerUserSchema = personSchema({
  email: customerMessages.userEmailRequired,
  firstName: customerMessages.userFirstNameRequired,
  lastName: customerMessages.userLastNameRequired,
});
export type CustomerUserInput = z.input<typeof customerUserSchema>;

export const customerStoreSchema = z.object({
  /** The client's key for the store while it is being written; not stored. */
  id: z.union([z.string(), z.number()]).optional(),
  name: storeNameSchema,
  description: storeDescriptionSchema,
  addresses: storeAddressesSchema.default([]),
  /** The store's main contact: the e-mail of the main contact or of one of the users; absent means the main contact. */
  mainContactUserEmail: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.email(customerMessages.emailInvalid).optional()),
  brandFocusType: brandFocusTypeInputSchema,
  logoUrl: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CustomerStoreInput = z.input<typeof customerStoreSchema>;

/** `POST /api/register-new-customer/register-new-customer`. */
export const customerRegistrationInputSchema = z
  .object({
    organization: z.object({
      name: organizationNameSchema,
      type: z.literal("external").default("external"),
      address: organizationAddressSchema,
    }),
    organizationMainContact: customerMainContactSchema,
    stores: z
      .array(customerStoreSchema, customerMessages.storesRequired)
      .min(1, customerMessages.storesRequired)
      .max(customerLimits.maxStores, customerMessages.tooManyStores),
    users: z
      .array(customerUserSchema)
      .max(customerLimits.maxUsers, customerMessages.tooManyUsers)
      .default([]),
  })
  .superRefine((input, ctx) => {
    // One person per address: the main contact and the users may not share one.
    const seen = new Set<string>();
    const people = [
      { path: ["organizationMainContact", "email"], email: input.organizationMainContact.email },
      ...input.users.map((user, index) => ({ path: ["users", index, "email"], email: user.email })),
    ];
    for (const { path, email } of people) {
      const key = email.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: customerMessages.emailRepeated, path });
      seen.add(key);
    }
    input.stores.forEach((store, index) => {
      const contact = store.mainContactUserEmail?.toLowerCase();
      if (contact && !seen.has(contact)) {
        ctx.addIssue({
          code: "custom",
          message: customerMessages.storeContactUnknown,
          path: ["stores", index, "mainContactUserEmail"],
        });
      }
    });
  });
export type CustomerRegistrationInput = z.input<typeof customerRegistrationInputSchema>;
export type CustomerRegistration = z.output<typeof customerRegistrationInputSchema>;

export const customerPersonSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
  /** False when an existing user was moved into the new organization. */
  created: z.boolean(),
});
export type CustomerPerson = z.infer<typeof customerPersonSchema>;

/** What the registration created: `nextExpectedStreamVersion` is the organization's revision. */
export const customerRegistrationResultSchema = z.object({
  organization: organizationSchema,
  mainContactUser: customerPersonSchema,
  users: z.array(customerPersonSchema),
  stores: z.array(storeSchema),
});
export type CustomerRegistrationResult = z.infer<typeof customerRegistrationResultSchema>;

/** `GET /api/customers`: every customer organization with its stores and its number of users. */
export const customerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(organizationStatusValues).or(z.string()),
    address: addressOutputSchema.nullable(),
    mainContactUserId: z.number().int().nullable(),
    stores: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        status: z.enum(storeStatusValues),
        storeType: z.enum(storeTypeValues),
      }),
    ),
    userCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .extend(revisionedSchema.shape);
export type Customer = z.infer<typeof customerSchema>;
