import { z } from "zod";
import { entityIdSchema, maxEntityId } from "./envelope.ts";
import { orderFormErrorSchema, orderFormMessages } from "./order-forms.ts";
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
  // On screen.
  title: "Users",
  description: "The people of your organization who may use the portal, and the stores they order for.",
  invite: "Invite colleague",
  inviteDescription:
    "They get an e-mail with a link to sign in with their e-mail address; they see the stores you choose.",
  inviting: "Sending...",
  sendInvitation: "Send invitation",
  inviteFailed: "The invitation could not be sent",
  statusFailed: "The user's status could not be changed",
  loadFailed: "The users could not be loaded",
  notAllowed: "Your role does not let you manage your organization's users.",
  defaultRole: "Buyer, unless you choose another role",
  you: "You",
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
export type PortalUsers = z.infer<typeof portalUsersSchema>;

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

// ---- The portal's order form (issue 34: "the XLSX order form can be downloaded and a filled one
// imported into the cart, through the existing form path") ----

const storeIdQuery = z.coerce.number().int().min(1).max(maxEntityId);

/** `GET /api/portal/line-lists/{id}/order-form?storeId=` and `POST /api/portal/order-form/preview?storeId=`. */
export const portalOrderFormQuerySchema = z.object({ storeId: storeIdQuery });

export const portalOrderFormMessages = {
  preview: "Order form read",
  /** The form's note on its WHS column: the portal's form is priced at the organization's discount. */
  whsNote: "WHS at your account's prices, after its discount",
  importButton: "Import order form",
  downloadButton: "Download order form",
  importFailed: orderFormMessages.previewFailed,
  downloadFailed: orderFormMessages.downloadFailed,
  notAnOrderForm: orderFormMessages.notAnOrderForm,
  fileType: "An order form must be an .xlsx workbook",
  fileTooLarge: "This file is too large to be an order form",
  refusedTitle: (count: number) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? "cell was" : "cells were"} not imported`,
} as const;

/** A quantity of the form the store may order: what goes into the cart. */
export const portalOrderFormLineSchema = z.object({
  lineListId: z.number().int(),
  sku: z.string(),
  quantity: z.number().int(),
});
export type PortalOrderFormLine = z.infer<typeof portalOrderFormLineSchema>;

/** The filled form read for the store: its orderable lines and every refused cell with why. */
export const portalOrderFormPreviewSchema = z.object({
  lineListId: z.number().int(),
  lines: z.array(portalOrderFormLineSchema),
  refused: z.array(orderFormErrorSchema),
  /** All refused cells; `refused` lists the first ones. */
  refusedCount: z.number().int(),
});
export type PortalOrderFormPreview = z.infer<typeof portalOrderFormPreviewSchema>;
