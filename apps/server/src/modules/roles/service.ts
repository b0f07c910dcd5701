import { permissionMessages, permissionValues, type Permission } from "@cm/contracts/permissions";
import { isPortalPermission, type PortalPermission } from "@cm/contracts/portal";
import {
  adminRoleName,
  roleMessages,
  type CreateRoleData,
  type Role,
  type RoleType,
  type UpdateRoleInput,
} from "@cm/contracts/roles";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { toRevisioned } from "../../lib/envelope.ts";
import { recordCreated, updateEntity } from "../../lib/entity-write.ts";
import {
  ConflictError,
  DomainError,
  InvalidError,
  NotFoundError,
  withConstraintMessages,
} from "../../lib/errors.ts";
import { isPermission } from "../auth/permissions.ts";
import { roleHistory } from "./history.ts";
import { keepingAPeopleManager } from "./people-managers.ts";
import {
  countRoleUsers,
  findRoleByName,
  findRoleWithCountById,
  insertRole,
  listRoles,
  type RoleRow,
  type RoleWithCountRow,
} from "./repository.ts";

const nameConstraint = "roles_type_name_unique";

export function toRole(row: RoleWithCountRow): Role {
  const role = toRevisioned(row);
  return {
    ...role,
    type: role.type,
    status: role.status === "inactive" ? "inactive" : "active",
    permissions: row.permissions.filter(isPermission),
    portalPermissions: row.permissions.filter(isPortalPermission),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function isAdminRole(row: Pick<RoleRow, "name" | "type">): boolean {
  return row.type === "internal" && row.name.toLowerCase() === adminRoleName.toLowerCase();
}

const holdsEveryPermission = (permissions: readonly string[]) =>
  permissionValues.every((permission) => permissions.includes(permission));

/**
 * Customers' users never use the back office and staff never the portal: a customer (external)
 * role holds portal permissions only, a staff (internal) role staff permissions only (docs/portal.md).
 */
function refusePermissionsOfOtherType(
  type: RoleType,
  permissions: readonly Permission[],
  portalPermissions: readonly PortalPermission[],
): void {
  if (type === "external" && permissions.length > 0) {
    throw new InvalidError(permissionMessages.externalRolePermissions, {
      permissions: [permissionMessages.externalRolePermissions],
    });
  }
  if (type === "internal" && portalPermissions.length > 0) {
    throw new InvalidError(permissionMessages.internalRolePortalPermissions, {
      portalPermissions: [permissionMessages.internalRolePortalPermissions],
    });
  }
}

/** A blank description is no description. */
function description(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value === "" ? null : value;
}

export interface RoleWrite {
  role: Role;
  revision: number;
}

/**
 * Roles: unique names per type; the Admin role kept whole (name, type, active, every
 * permission); customer roles hold no permissions; and no write leaves nobody to manage people.
 */
export class RolesService {
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;

  constructor(db: Database, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  async list(options: { limit?: number }): Promise<Role[]> {
    return (await listRoles(this.#db, options)).map(toRole);
  }

  async get(id: number): Promise<Role> {
    const row = await findRoleWithCountById(this.#db, id);
    if (!row) throw new NotFoundError(roleMessages.notFound);
    return toRole(row);
  }

  /**
   * Failures the spec does not name become its "Failed to create Role: something went wrong at
   * our side." (500), logged with their cause.
   */
  async create(input: CreateRoleData, actorUserId: number): Promise<RoleWrite> {
    refusePermissionsOfOtherType(input.type, input.permissions, input.portalPermissions);
    // Lost a race with another request creating the same name.
    const nameRace = { [nameConstraint]: () => roleMessages.nameTaken(input.name, input.type) };
    try {
      const row = await withConstraintMessages(nameRace, () =>
        this.#db.transaction(async (tx) => {
          if (await findRoleByName(tx, input.name, input.type)) {
            throw new ConflictError(roleMessages.nameTaken(input.name, input.type));
          }
          const created = await insertRole(tx, {
            name: input.name,
            description: description(input.description) ?? null,
            type: input.type,
            status: input.status,
            permissions: [...input.permissions, ...input.portalPermissions],
          });
          await recordCreated(tx, roleHistory, [created], { actorUserId });
          return created;
        }),
      );
      return { role: toRole({ ...row, userCount: 0 }), revision: row.revision };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      this.#log.error({ err: error }, "role creation failed");
      throw new DomainError(500, roleMessages.createServerError);
    }
  }

  async update(
    id: number,
    input: UpdateRoleInput,
    expectedRevision: number | undefined,
    actorUserId: number,
  ): Promise<RoleWrite> {
    let next: { name: string; type: RoleRow["type"]; status: string; permissions: Permission[] } | undefined;
    // Lost a race with another request giving a role of the type the same name (`next` is set by then).
    const nameRace = { [nameConstraint]: () => roleMessages.nameTaken(next!.name, next!.type) };
    const row = await withConstraintMessages(nameRace, () =>
      this.#db.transaction(async (tx) => {
        // Found out by `apply`, which runs before the row's update.
        let takesAway = false;
        const { row: updated } = await updateEntity(tx, roleHistory, {
          id,
          expectedRevision,
          actorUserId,
          apply: async (current) => {
            const currentPermissions = current.permissions.filter(isPermission);
            const currentPortalPermissions = current.permissions.filter(isPortalPermission);
            const nextPortalPermissions = input.portalPermissions ?? currentPortalPermissions;
            const nextValues = {
              name: input.name ?? current.name,
              type: input.type ?? current.type,
              status: input.status ?? current.status,
              permissions: input.permissions ?? currentPermissions,
            };
            next = nextValues;
            if (isAdminRole(current)) {
              if (
                nextValues.name.toLowerCase() !== current.name.toLowerCase() ||
                nextValues.type !== current.type ||
                nextValues.status !== "active"
              ) {
                throw new ConflictError(roleMessages.adminLocked);
              }
              if (!holdsEveryPermission(nextValues.permissions)) {
                throw new ConflictError(permissionMessages.adminPermissionsLocked);
              }
            }
            refusePermissionsOfOtherType(nextValues.type, nextValues.permissions, nextPortalPermissions);
            // Its holders would hold a role of the other type: staff a customer role, or the reverse.
            if (nextValues.type !== current.type && (await countRoleUsers(tx, id)) > 0) {
              throw new InvalidError(roleMessages.typeLockedInUse, { type: [roleMessages.typeLockedInUse] });
            }
            if (await findRoleByName(tx, nextValues.name, nextValues.type, id)) {
              throw new ConflictError(roleMessages.nameTaken(nextValues.name, nextValues.type));
            }
            // Its holders may lose people.manage: the role is deactivated or loses permissions.
            takesAway =
              nextValues.status !== "active" ||
              currentPermissions.some((permission) => !nextValues.permissions.includes(permission));
            return {
              ...nextValues,
              permissions: [...nextValues.permissions, ...nextPortalPermissions],
              description: description(input.description),
            };
          },
          around: (write) => (takesAway ? keepingAPeopleManager(tx, write) : write()),
        });
        return { ...updated, userCount: await countRoleUsers(tx, id) };
      }),
    );
    return { role: toRole(row), revision: row.revision };
  }
}
