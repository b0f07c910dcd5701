import { z } from "zod";
import { nameSchema } from "./names.ts";
import { expectedRevisionSchema, revisionedSchema } from "./envelope.ts";
import { permissionSchema, rolePermissionsSchema } from "./permissions.ts";
import { portalPermissionSchema, rolePortalPermissionsSchema } from "./portal.ts";

/**
 * Roles (SPEC.md sections 3, 5 and 8, "Role"): listed, created from the People screen and
 * updated. Names are unique per type, whatever their letter case.
 */

export const roleTypeValues = ["internal", "external"] as const;
export const roleTypeSchema = z.enum(roleTypeValues);
export type RoleType = z.infer<typeof roleTypeSchema>;

export const roleStatusValues = ["active", "inactive"] as const;
export const roleStatusSchema = z.enum(roleStatusValues);
export type RoleStatus = z.infer<typeof roleStatusSchema>;

/** How the screens name the role types: the same words as the user types (Staff, Customer). */
export const roleTypeLabels: Record<RoleType, string> = { internal: "Staff", external: "Customer" };

/** The role every internal user holds (SPEC.md section 6); the seed creates it as an internal role. */
export const adminRoleName = "Admin";

export const roleNameMaxLength = 100;
export const roleDescriptionMaxLength = 500;

export const roleMessages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${roleNameMaxLength} characters`,
  descriptionTooLong: `Description must be at most ${roleDescriptionMaxLength} characters`,
  typeInvalid: "Type must be internal or external",
  statusInvalid: "Status must be active or inactive",
  // SPEC.md section 8, Roles.
  createInvalid: "Failed to create Role: the input is not valid",
  createServerError: "Failed to create Role: something went wrong at our side.",
  createFailed: "Failed to create Role: something went wrong.",
  updateInvalid: "Failed to update Role: the input is not valid",
  notFound: "Role not found",
  nameTaken: (name: string, type: RoleType) =>
    `A ${roleTypeLabels[type].toLowerCase()} role named "${name}" already exists`,
  adminLocked: `The ${adminRoleName} role cannot be renamed, moved to another type or deactivated`,
  /** 400 on `type`: staff hold staff roles and customers' users customer roles (issue 34). */
  typeLockedInUse: "A role that users hold cannot move to the other type: give them another role first",
  created: "Role created successfully",
  updated: "Role updated successfully",
  /** The toast when a role could not be created and the server said nothing usable. */
  unknownError: "Unknown error",
} as const;

const roleNameSchema = nameSchema(
  { required: roleMessages.nameRequired, tooLong: roleMessages.nameTooLong },
  roleNameMaxLength,
);

/** Optional; a blank description is stored as none. */
const roleDescriptionSchema = z
  .string()
  .trim()
  .max(roleDescriptionMaxLength, roleMessages.descriptionTooLong)
  .nullish();

/** `POST /api/roles` and the Create Role dialog. */
export const createRoleInputSchema = z.object({
  name: roleNameSchema,
  description: roleDescriptionSchema,
  type: z.enum(roleTypeValues, roleMessages.typeInvalid).default("internal"),
  status: z.enum(roleStatusValues, roleMessages.statusInvalid).default("active"),
  /** What holders of the role may do in the back office; none by default. External roles hold none. */
  permissions: rolePermissionsSchema.default([]),
  /** What holders of the role may do in the customer portal; none by default. Internal roles hold none. */
  portalPermissions: rolePortalPermissionsSchema.default([]),
});
export type CreateRoleInput = z.input<typeof createRoleInputSchema>;
export type CreateRoleData = z.output<typeof createRoleInputSchema>;

/** `PUT /api/roles/{id}`: the fields to change; absent ones stay as they are. */
export const updateRoleInputSchema = expectedRevisionSchema.extend({
  name: roleNameSchema.optional(),
  description: roleDescriptionSchema,
  type: z.enum(roleTypeValues, roleMessages.typeInvalid).optional(),
  status: z.enum(roleStatusValues, roleMessages.statusInvalid).optional(),
  permissions: rolePermissionsSchema.optional(),
  portalPermissions: rolePortalPermissionsSchema.optional(),
});
export type UpdateRoleInput = z.input<typeof updateRoleInputSchema>;

export const roleSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    type: roleTypeSchema,
    status: roleStatusSchema,
    permissions: z.array(permissionSchema),
    /** The portal permissions of a customer (external) role; always sent, none for staff roles. */
    portalPermissions: z.array(portalPermissionSchema).optional(),
    /** How many users hold the role. */
    userCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .extend(revisionedSchema.shape);
export type Role = z.infer<typeof roleSchema>;
