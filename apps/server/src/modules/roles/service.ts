import {
  adminRoleName,
  roleMessages,
  type CreateRoleData,
  type Role,
  type UpdateRoleInput,
} from "@cm/contracts/roles";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { roles } from "../../db/schema.ts";
import { recordAuditEvent } from "../../lib/audit.ts";
import { toRevisioned } from "../../lib/envelope.ts";
import { ConflictError, DomainError, isUniqueViolation, NotFoundError } from "../../lib/errors.ts";
import { updateWithRevision } from "../../lib/revisions.ts";
import { findRoleById, findRoleByName, insertRole, listRoles, type RoleRow } from "./repository.ts";

const nameConstraint = "roles_type_name_unique";

export function toRole(row: RoleRow): Role {
  const role = toRevisioned(row);
  return {
    ...role,
    type: role.type,
    status: role.status === "inactive" ? "inactive" : "active",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function isAdminRole(row: RoleRow): boolean {
  return row.type === "internal" && row.name.toLowerCase() === adminRoleName.toLowerCase();
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

/** Roles: unique names per type, the Admin role kept as staff creation relies on it. */
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
    const row = await findRoleById(this.#db, id);
    if (!row) throw new NotFoundError(roleMessages.notFound);
    return toRole(row);
  }

  /**
   * Failures the spec does not name become its "Failed to create Role: something went wrong at
   * our side." (500), logged with their cause.
   */
  async create(input: CreateRoleData, actorUserId: number): Promise<RoleWrite> {
    try {
      const row = await this.#db.transaction(async (tx) => {
        if (await findRoleByName(tx, input.name, input.type)) {
          throw new ConflictError(roleMessages.nameTaken(input.name, input.type));
        }
        const created = await insertRole(tx, {
          name: input.name,
          description: description(input.description) ?? null,
          type: input.type,
          status: input.status,
        });
        await recordAuditEvent(tx, {
          actorUserId,
          entityType: "role",
          entityId: created.id,
          action: "create",
          afterRevision: created.revision,
          data: { name: created.name, type: created.type, status: created.status },
        });
        return created;
      });
      return { role: toRole(row), revision: row.revision };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // Lost a race with another request creating the same name.
      if (isUniqueViolation(error, nameConstraint))
        throw new ConflictError(roleMessages.nameTaken(input.name, input.type));
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
    let next: { name: string; type: RoleRow["type"]; status: string } | undefined;
    try {
      const row = await this.#db.transaction(async (tx) => {
        const current = await findRoleById(tx, id);
        if (!current) throw new NotFoundError(roleMessages.notFound);
        next = {
          name: input.name ?? current.name,
          type: input.type ?? current.type,
          status: input.status ?? current.status,
        };
        if (
          isAdminRole(current) &&
          (next.name.toLowerCase() !== current.name.toLowerCase() ||
            next.type !== current.type ||
            next.status !== "active")
        ) {
          throw new ConflictError(roleMessages.adminLocked);
        }
        if (await findRoleByName(tx, next.name, next.type, id)) {
          throw new ConflictError(roleMessages.nameTaken(next.name, next.type));
        }
        const update = await updateWithRevision(tx, roles, {
          id,
          expectedRevision,
          values: { ...next, description: description(input.description) },
          notFoundMessage: roleMessages.notFound,
        });
        await recordAuditEvent(tx, {
          actorUserId,
          entityType: "role",
          entityId: id,
          action: "update",
          beforeRevision: update.beforeRevision,
          afterRevision: update.afterRevision,
          data: {
            before: {
              name: current.name,
              type: current.type,
              status: current.status,
              description: current.description,
            },
            after: {
              name: update.row.name,
              type: update.row.type,
              status: update.row.status,
              description: update.row.description,
            },
          },
        });
        return update.row;
      });
      return { role: toRole(row), revision: row.revision };
    } catch (error) {
      if (next && isUniqueViolation(error, nameConstraint)) {
        throw new ConflictError(roleMessages.nameTaken(next.name, next.type));
      }
      throw error;
    }
  }
}
