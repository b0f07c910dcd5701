import { z } from "zod";
import { nameSchema } from "./names.ts";
import { userTypeValues } from "./auth.ts";
import { entityIdSchema, expectedRevisionSchema, maxEntityId, revisionedSchema } from "./envelope.ts";

/**
 * People (SPEC.md sections 3, 5, 6 and 8, "User"): staff (internal users) and the users of
 * customers (external). Every user belongs to exactly one organization, their membership.
 */

export { userTypeValues };
export const userTypeSchema = z.enum(userTypeValues);
export type UserType = z.infer<typeof userTypeSchema>;

/** How the screens name the user types. */
export const userTypeLabels: Record<UserType, string> = { internal: "Staff", external: "Customer" };

export const userStatusValues = ["active", "inactive"] as const;
export const userStatusSchema = z.enum(userStatusValues);
export type UserStatus = z.infer<typeof userStatusSchema>;

// SPEC.md section 9: minimum name length on user forms.
export const userNameMinLength = 3;
export const userNameMaxLength = 100;
export const emailMaxLength = 254;

export const userMessages = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  firstNameTooShort: `First name must be at least ${userNameMinLength} characters`,
  lastNameTooShort: `Last name must be at least ${userNameMinLength} characters`,
  firstNameTooLong: `First name must be at most ${userNameMaxLength} characters`,
  lastNameTooLong: `Last name must be at most ${userNameMaxLength} characters`,
  emailRequired: "Email is required",
  emailInvalid: "Expected a valid email address",
  organizationRequired: "Organization is required",
  roleRequired: "Role is required",
  typeInvalid: "Type must be internal or external",
  statusInvalid: "Status must be active or inactive",
  // SPEC.md section 8, Users, and the rules of the people issue.
  notFound: "User not found",
  emailTaken: "A user with this email address already exists",
  organizationNotFound: "Organization not found",
  roleNotFound: "Role not found",
  externalInInternalOrganization: "External users cannot join the internal organization",
  // Staff may hold any active staff role (SPEC.md forced Admin, whose roles meant nothing: DESIGN.md section 8).
  staffRoleRequired: "Staff members need an active staff role",
  // Customers' users hold customer roles only (issue 34): their permissions are the portal's.
  customerRoleRequired: "Customer users need an active customer role",
  cannotDeactivateSelf: "You cannot deactivate your own account",
  created: "User created successfully",
  createFailed: "Failed to create user",
  updated: "User updated successfully",
  updateFailed: "Failed to update user",
  // Deactivate and Reactivate: the API guard locks a deactivated user out at their next request.
  deactivate: "Deactivate",
  deactivating: "Deactivating...",
  reactivate: "Reactivate",
  reactivating: "Reactivating...",
  deactivateConfirmTitle: (name: string) => `Deactivate ${name}?`,
  deactivateConfirmDescription: (name: string) =>
    `${name} can no longer sign in, and a session already open ends at its next request. You can reactivate them at any time.`,
  reactivateConfirmTitle: (name: string) => `Reactivate ${name}?`,
  reactivateConfirmDescription: (name: string) => `${name} can sign in again with a login code.`,
  deactivated: "User deactivated successfully",
  reactivated: "User reactivated successfully",
  deactivateFailed: "Failed to deactivate user",
  reactivateFailed: "Failed to reactivate user",
  deactivateSectionTitle: "Deactivate User",
  reactivateSectionTitle: "Reactivate User",
  activeStatusDescription: "An inactive user keeps their history but can no longer sign in.",
  inactiveStatusDescription:
    "This user is inactive and cannot sign in. Reactivate them to let them in again.",
  noPeople: "No people found",
  noTeamMembers: "No team members found",
  // Delete Account (SPEC.md section 2): a staff member deactivates their own account.
  deleteAccount: "Delete Account",
  deleteAccountConfirmTitle: "Delete your account?",
  deleteAccountConfirmDescription:
    "Your account is deactivated: you are signed out now and can no longer sign in. What you did stays in the history under your name, and only a person who manages people can reactivate it.",
  deleteAccountExplained:
    "Deleting your account deactivates it: you are signed out and can no longer sign in to Catalog Manager.",
  deleteAccountConfirmRequired: "Confirm that you want to delete your account",
  lastPeopleManagerSelf:
    "You are the last active user who can manage people: give another active user that permission before you delete your account",
  accountDeleted: "Your account is deactivated and you are signed out",
  deleteAccountFailed: "Failed to delete your account",
} as const;

const emailSchema = z
  .string(userMessages.emailRequired)
  .trim()
  .min(1, { error: userMessages.emailRequired, abort: true })
  .max(emailMaxLength, userMessages.emailInvalid)
  .pipe(z.email(userMessages.emailInvalid));

/** Names on creation: at least three characters once trimmed. */
function newNameSchema(required: string, tooShort: string, tooLong: string) {
  return nameSchema({ required, tooShort, tooLong }, userNameMaxLength, userNameMinLength);
}
/** Names on edit: anything but blank. */
function editedNameSchema(required: string, tooLong: string) {
  return nameSchema({ required, tooLong }, userNameMaxLength);
}

const newFirstName = newNameSchema(
  userMessages.firstNameRequired,
  userMessages.firstNameTooShort,
  userMessages.firstNameTooLong,
);
const newLastName = newNameSchema(
  userMessages.lastNameRequired,
  userMessages.lastNameTooShort,
  userMessages.lastNameTooLong,
);
/** A required reference; anything but an existing row's id reads as "not chosen". */
function referenceSchema(required: string) {
  return z.number(required).int(required).min(1, required).max(maxEntityId, required);
}
const organizationIdSchema = referenceSchema(userMessages.organizationRequired);
const roleIdSchema = referenceSchema(userMessages.roleRequired);

/**
 * `POST /api/users/create-with-organization-membership`: the Create New User form. Internal
 * users join the internal organization whatever `organizationId` says and hold an active staff
 * role (SPEC.md forced Admin); external users may not join the internal organization.
 */
export const createUserWithMembershipInputSchema = z.object({
  email: emailSchema,
  firstName: newFirstName,
  lastName: newLastName,
  organizationId: organizationIdSchema,
  userType: z.enum(userTypeValues, userMessages.typeInvalid),
  roleId: roleIdSchema,
});
export type CreateUserWithMembershipInput = z.input<typeof createUserWithMembershipInputSchema>;

/** `POST /api/users`: a user with its type named `type`, and optionally created inactive. */
export const createUserInputSchema = z.object({
  email: emailSchema,
  firstName: newFirstName,
  lastName: newLastName,
  type: z.enum(userTypeValues, userMessages.typeInvalid),
  organizationId: organizationIdSchema,
  roleId: roleIdSchema,
  status: z.enum(userStatusValues, userMessages.statusInvalid).default("active"),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/**
 * `PUT /api/users`: the Editing User form and the account page; `status` deactivates or
 * reactivates, `roleId` gives another role (a staff member an active staff role).
 */
export const updateUserInputSchema = expectedRevisionSchema.extend({
  id: entityIdSchema,
  firstName: editedNameSchema(userMessages.firstNameRequired, userMessages.firstNameTooLong),
  lastName: editedNameSchema(userMessages.lastNameRequired, userMessages.lastNameTooLong),
  status: z.enum(userStatusValues, userMessages.statusInvalid).optional(),
  roleId: roleIdSchema.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/**
 * `POST /api/users/me/deactivate`: Delete Account, a staff member deactivating their own account.
 * `confirm: true` says the person confirmed it; a request without it changes nothing (400).
 */
export const deactivateOwnAccountInputSchema = expectedRevisionSchema.extend({
  confirm: z.literal(true, userMessages.deleteAccountConfirmRequired),
});
export type DeactivateOwnAccountInput = z.input<typeof deactivateOwnAccountInputSchema>;

/**
 * The edit form's fields: what `PUT /api/users` takes besides the id and revision; the role only
 * for staff (a customer user's role is not chosen there).
 */
export const editUserFormSchema = updateUserInputSchema.pick({
  firstName: true,
  lastName: true,
  roleId: true,
});
export type EditUserForm = z.input<typeof editUserFormSchema>;

export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    type: userTypeSchema,
    status: userStatusSchema,
    organizationId: z.number().int(),
    roleId: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .extend(revisionedSchema.shape);
export type User = z.infer<typeof userSchema>;

/** A user's membership: the organization they belong to. */
export const organizationMembershipSchema = z.object({
  organization: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(["internal", "external"]),
  }),
});
export type OrganizationMembership = z.infer<typeof organizationMembershipSchema>;

/** `GET /api/users/with-memberships`: each user with their one membership. */
export const userWithMembershipsSchema = userSchema.extend({
  organizationMemberships: z.array(organizationMembershipSchema),
});
export type UserWithMemberships = z.infer<typeof userWithMembershipsSchema>;

/** "Ada Lovelace": how lists show and search a person. */
export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
