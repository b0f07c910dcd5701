import { z } from "zod";
import { entityIdSchema } from "./envelope.ts";
import { userStatusSchema } from "./users.ts";

/**
 * A customer's own users (issue 34, docs/portal.md "Colleagues"): with `portal.users.manage` a
 * customer user lists the users of their organization, invites a colleague (a customer user of the
 * same organization, linked to some of its active stores, mailed a sign-in link) and deactivates
 * one. Never anyone of another organization (404), never themselves (400).
 */

export const portalUserMessages = {
  users: "Users retrieved successfully",
  invited: "Invitation sent",
  deactivated: "User deactivated",
  reactivated: "User reactivated",
  notFound: "User not found",
  emailTaken: "A user with this e-mail already exists",
  notYourself: "You cannot deactivate yourself",
  storesRequired: "Choose at least one store",
  storeNotFound: "Store not found",
  roleNotFound: "Role not found",
  inviteSubject: (organization: string) => `You are invited to order for ${organization}`,
  noUsers: "No colleagues yet",
} as const;

export const portalUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: userStatusSchema,
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  stores: z.array(z.object({ id: z.number().int(), name: z.string() })),
  _revision: z.number().int().positive(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;
export const portalUsersSchema = z.object({
  users: z.array(portalUserSchema),
  /** The customer roles a colleague may be given, by name. */
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The organization's active stores a colleague may be linked to. */
  stores: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** `POST /api/portal/users`: invites a colleague. */
export const inviteColleagueInputSchema = z.object({
  email: z
    .email()
    .max(254)
    .transform((email) => email.toLowerCase()),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  /** An active customer role; Buyer when absent. */
  roleId: entityIdSchema.optional(),
  storeIds: z.array(entityIdSchema).min(1, portalUserMessages.storesRequired).max(500),
});
export type InviteColleagueInput = z.infer<typeof inviteColleagueInputSchema>;

/** `POST /api/portal/users/{id}/deactivate` and `/reactivate`. */
export const portalUserStatusInputSchema = z.object({ revision: z.number().int().positive() });
