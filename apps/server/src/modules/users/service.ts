import type { SessionUser } from "@cm/contracts/auth";
import type { Permission } from "@cm/contracts/permissions";
import {
  userMessages,
  userTypeValues,
  type User,
  type UserStatus,
  type UserType,
  type UserWithMemberships,
} from "@cm/contracts/users";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Tx } from "../../db/client.ts";
import { toRevisioned } from "../../lib/envelope.ts";
import { recordCreated, updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError, withConstraintMessages } from "../../lib/errors.ts";
import { requirePermission } from "../auth/permissions.ts";
import { keepingAPeopleManager } from "../roles/people-managers.ts";
import { findRoleById } from "../roles/repository.ts";
import { userHistory } from "./history.ts";
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

/** Another request created the same address between our check and our insert. */
const emailRace = { users_email_unique: userMessages.emailTaken };

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
  roleId?: number;
}

/** Staff are people's business, customers' users customers'. */
const viewPermission: Record<UserType, Permission> = { internal: "people.view", external: "customers.view" };
const managePermission: Record<UserType, Permission> = {
  internal: "people.manage",
  external: "customers.manage",
};

/** Who reads or writes users: the signed-in user's id and permissions. */
export type Actor = Pick<SessionUser, "id" | "permissions">;

/** The user types `actor` may see. */
function visibleTypes(actor: Actor): UserType[] {
  return userTypeValues.filter((type) => actor.permissions.includes(viewPermission[type]));
}

/** Reading oneself needs nothing more than being signed in. */
function requireVisible(actor: Actor, user: Pick<UserRow, "id" | "type">): void {
  if (user.id !== actor.id) requirePermission(actor, viewPermission[user.type]);
}

export interface UserWrite {
  user: User;
  revision: number;
}

/**
 * People. Whatever a request says, staff join the internal organization and hold an active staff
 * role, and customers stay out of the internal organization; e-mail addresses are unique in any
 * case. Staff need people.*, customers' users customers.* (the routes let either in), and no
 * write leaves nobody holding people.manage.
 */
export class UsersService {
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;

  constructor(db: Database, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  /** The users `actor` may see: staff with people.view, customers' users with customers.view. */
  async list(options: { limit?: number }, actor: Actor): Promise<User[]> {
    return (await listUsers(this.#db, { ...options, types: visibleTypes(actor) })).map(toUser);
  }

  async get(id: number, actor: Actor): Promise<User> {
    const row = await findUserById(this.#db, id);
    if (!row) throw new NotFoundError(userMessages.notFound);
    requireVisible(actor, row);
    return toUser(row);
  }

  async listWithMemberships(options: { limit?: number }, actor: Actor): Promise<UserWithMemberships[]> {
    const rows = await listUsersWithOrganization(this.#db, { ...options, types: visibleTypes(actor) });
    return rows.map(toUserWithMemberships);
  }

  async getWithMemberships(id: number, actor: Actor): Promise<UserWithMemberships> {
    const row = await findUserWithOrganizationById(this.#db, id);
    if (!row) throw new NotFoundError(userMessages.notFound);
    requireVisible(actor, row);
    return toUserWithMemberships(row);
  }

  /** A staff member's role must be an active staff role (they act with its permissions). */
  async #staffRole(tx: Tx, roleId: number): Promise<number> {
    const role = await findRoleById(tx, roleId);
    if (!role) throw new NotFoundError(userMessages.roleNotFound);
    if (role.type !== "internal" || role.status !== "active") {
      throw new InvalidError(userMessages.staffRoleRequired, { roleId: [userMessages.staffRoleRequired] });
    }
    return role.id;
  }

  /**
   * A customer user's role must be an active customer (external) role: they use the portal with its
   * portal permissions, never the back office (docs/portal.md).
   */
  async #customerRole(tx: Tx, roleId: number): Promise<number> {
    const role = await findRoleById(tx, roleId);
    if (!role) throw new NotFoundError(userMessages.roleNotFound);
    if (role.type !== "external" || role.status !== "active") {
      throw new InvalidError(userMessages.customerRoleRequired, {
        roleId: [userMessages.customerRoleRequired],
      });
    }
    return role.id;
  }

  /** The organization and role the new user really gets. */
  async #membership(tx: Tx, input: NewUser): Promise<{ organizationId: number; roleId: number }> {
    if (input.type === "internal") {
      const organization = await findInternalOrganization(tx);
      // The seed creates it; without it the database is not in a state we can work with.
      if (!organization) throw new Error("the internal organization is missing");
      return { organizationId: organization.id, roleId: await this.#staffRole(tx, input.roleId) };
    }
    const organization = await findOrganizationForMembership(tx, input.organizationId);
    if (!organization) throw new NotFoundError(userMessages.organizationNotFound);
    if (organization.type === "internal") {
      throw new InvalidError(userMessages.externalInInternalOrganization, {
        organizationId: [userMessages.externalInInternalOrganization],
      });
    }
    return { organizationId: organization.id, roleId: await this.#customerRole(tx, input.roleId) };
  }

  async create(input: NewUser, actor: Actor): Promise<UserWrite> {
    requirePermission(actor, managePermission[input.type]);
    const actorUserId = actor.id;
    const row = await withConstraintMessages(emailRace, () =>
      this.#db.transaction(async (tx) => {
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
        await recordCreated(tx, userHistory, [created], {
          actorUserId,
          // Staff join the internal organization whatever was asked for.
          details: overridden
            ? { requested: { organizationId: input.organizationId, roleId: input.roleId } }
            : undefined,
        });
        return created;
      }),
    );
    this.#log.info({ userId: row.id, type: row.type }, "user created");
    return { user: toUser(row), revision: row.revision };
  }

  /**
   * Anyone signed in may rename themselves (the account page); anything else needs the manage
   * permission of the user's type. Deactivating a staff member or giving them another role must
   * leave someone holding people.manage.
   */
  async update(changes: UserChanges, expectedRevision: number | undefined, actor: Actor): Promise<UserWrite> {
    const actorUserId = actor.id;
    if (changes.id === actorUserId && changes.status !== undefined && changes.status !== "active") {
      throw new ConflictError(userMessages.cannotDeactivateSelf);
    }
    const row = await this.#db.transaction(async (tx) => {
      // Both found out by `apply`, which runs before the row's update.
      let onlyStatusChanged = false;
      let mayTakePeopleManageAway = false;
      const { row } = await updateEntity(tx, userHistory, {
        id: changes.id,
        expectedRevision,
        actorUserId,
        action: () => (onlyStatusChanged ? "status" : "update"),
        apply: async (current) => {
          const statusChange = changes.status !== undefined && changes.status !== current.status;
          const roleChange = changes.roleId !== undefined && changes.roleId !== current.roleId;
          if (current.id !== actorUserId || statusChange || roleChange) {
            requirePermission(actor, managePermission[current.type]);
          }
          if (roleChange && current.type === "internal") await this.#staffRole(tx, changes.roleId!);
          if (roleChange && current.type === "external") await this.#customerRole(tx, changes.roleId!);
          onlyStatusChanged =
            statusChange &&
            !roleChange &&
            changes.firstName === current.firstName &&
            changes.lastName === current.lastName;
          mayTakePeopleManageAway =
            current.type === "internal" && (roleChange || changes.status === "inactive");
          return {
            firstName: changes.firstName,
            lastName: changes.lastName,
            status: changes.status,
            roleId: changes.roleId,
          };
        },
        around: (write) => (mayTakePeopleManageAway ? keepingAPeopleManager(tx, write) : write()),
      });
      return row;
    });
    return { user: toUser(row), revision: row.revision };
  }

  /**
   * Delete Account: the signed-in staff member deactivates their own account (a status entry in
   * their history, by themselves). The API guard then refuses their token at its next request.
   * The last active user holding people.manage may not leave (409, said to them as such).
   */
  async deactivateSelf(expectedRevision: number | undefined, actor: Actor): Promise<UserWrite> {
    const row = await this.#db.transaction(async (tx) => {
      const { row } = await updateEntity(tx, userHistory, {
        id: actor.id,
        expectedRevision,
        actorUserId: actor.id,
        action: "status",
        apply: () => ({ status: "inactive" }),
        around: (write) => keepingAPeopleManager(tx, write, userMessages.lastPeopleManagerSelf),
      });
      return row;
    });
    this.#log.info({ userId: row.id }, "user deactivated their own account");
    return { user: toUser(row), revision: row.revision };
  }
}
