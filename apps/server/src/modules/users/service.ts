import {
  userMessages,
  type User,
  type UserStatus,
  type UserType,
  type UserWithMemberships,
} from "@cm/contracts/users";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Tx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { recordAuditEvent } from "../../lib/audit.ts";
import { toRevisioned } from "../../lib/envelope.ts";
import {
  ConflictError,
  DomainError,
  InvalidError,
  isUniqueViolation,
  NotFoundError,
} from "../../lib/errors.ts";
import { updateWithRevision } from "../../lib/revisions.ts";
import { findAdminRole, findRoleById } from "../roles/repository.ts";
import {
  findInternalOrganization,
  findOrganizationForMembership,
  findUserByEmail,
  findUserById,
  findUserWithOrganizationById,
  insertUser,
  listUsers,
  listUsersWithOrganization,
  type UserRow,
  type UserWithOrganizationRow,
} from "./repository.ts";

const emailConstraint = "users_email_unique";

export function toUser(row: UserRow): User {
  const user = toRevisioned(row);
  return {
    ...user,
    status: user.status === "active" ? "active" : "inactive",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toUserWithMemberships(row: UserWithOrganizationRow): UserWithMemberships {
  const { organization, ...user } = row;
  return { ...toUser(user), organizationMemberships: [{ organization }] };
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  type: UserType;
  organizationId: number;
  roleId: number;
  status: UserStatus;
}

export interface UserChanges {
  id: number;
  firstName: string;
  lastName: string;
  status?: UserStatus;
}

export interface UserWrite {
  user: User;
  revision: number;
}

/**
 * People. Whatever a request says, staff get the Admin role and the internal organization, and
 * customers stay out of the internal organization; e-mail addresses are unique in any case.
 */
export class UsersService {
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;

  constructor(db: Database, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  async list(options: { limit?: number }): Promise<User[]> {
    return (await listUsers(this.#db, options)).map(toUser);
  }

  async get(id: number): Promise<User> {
    const row = await findUserById(this.#db, id);
    if (!row) throw new NotFoundError(userMessages.notFound);
    return toUser(row);
  }

  async listWithMemberships(options: { limit?: number }): Promise<UserWithMemberships[]> {
    return (await listUsersWithOrganization(this.#db, options)).map(toUserWithMemberships);
  }

  async getWithMemberships(id: number): Promise<UserWithMemberships> {
    const row = await findUserWithOrganizationById(this.#db, id);
    if (!row) throw new NotFoundError(userMessages.notFound);
    return toUserWithMemberships(row);
  }

  /** The organization and role the new user really gets. */
  async #membership(tx: Tx, input: NewUser): Promise<{ organizationId: number; roleId: number }> {
    if (input.type === "internal") {
      const [organization, role] = await Promise.all([findInternalOrganization(tx), findAdminRole(tx)]);
      // The seed creates both; without them the database is not in a state we can work with.
      if (!organization || !role) throw new Error("the internal organization or the Admin role is missing");
      return { organizationId: organization.id, roleId: role.id };
    }
    const organization = await findOrganizationForMembership(tx, input.organizationId);
    if (!organization) throw new NotFoundError(userMessages.organizationNotFound);
    if (organization.type === "internal") {
      throw new InvalidError(userMessages.externalInInternalOrganization, {
        organizationId: [userMessages.externalInInternalOrganization],
      });
    }
    const role = await findRoleById(tx, input.roleId);
    if (!role) throw new NotFoundError(userMessages.roleNotFound);
    return { organizationId: organization.id, roleId: role.id };
  }

  async create(input: NewUser, actorUserId: number): Promise<UserWrite> {
    try {
      const row = await this.#db.transaction(async (tx) => {
        if (await findUserByEmail(tx, input.email)) throw new ConflictError(userMessages.emailTaken);
        const membership = await this.#membership(tx, input);
        const created = await insertUser(tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          type: input.type,
          status: input.status,
          ...membership,
        });
        const overridden =
          membership.organizationId !== input.organizationId || membership.roleId !== input.roleId;
        await recordAuditEvent(tx, {
          actorUserId,
          entityType: "user",
          entityId: created.id,
          action: "create",
          afterRevision: created.revision,
          data: {
            email: created.email,
            type: created.type,
            status: created.status,
            ...membership,
            // Staff get the Admin role and the internal organization whatever was asked for.
            ...(overridden && { requested: { organizationId: input.organizationId, roleId: input.roleId } }),
          },
        });
        return created;
      });
      this.#log.info({ userId: row.id, type: row.type }, "user created");
      return { user: toUser(row), revision: row.revision };
    } catch (error) {
      // Another request created the same address between our check and our insert.
      if (!(error instanceof DomainError) && isUniqueViolation(error, emailConstraint)) {
        throw new ConflictError(userMessages.emailTaken);
      }
      throw error;
    }
  }

  async update(
    changes: UserChanges,
    expectedRevision: number | undefined,
    actorUserId: number,
  ): Promise<UserWrite> {
    if (changes.id === actorUserId && changes.status !== undefined && changes.status !== "active") {
      throw new ConflictError(userMessages.cannotDeactivateSelf);
    }
    const row = await this.#db.transaction(async (tx) => {
      const update = await updateWithRevision(tx, users, {
        id: changes.id,
        expectedRevision,
        values: { firstName: changes.firstName, lastName: changes.lastName, status: changes.status },
        notFoundMessage: userMessages.notFound,
      });
      await recordAuditEvent(tx, {
        actorUserId,
        entityType: "user",
        entityId: changes.id,
        action: "update",
        beforeRevision: update.beforeRevision,
        afterRevision: update.afterRevision,
        data: {
          firstName: update.row.firstName,
          lastName: update.row.lastName,
          ...(changes.status !== undefined && { status: update.row.status }),
        },
      });
      return update.row;
    });
    return { user: toUser(row), revision: row.revision };
  }
}
