import { addressOutputSchema } from "@cm/contracts/addresses";
import {
  customerMessages,
  type Customer,
  type CustomerPerson,
  type CustomerRegistration,
  type CustomerRegistrationResult,
} from "@cm/contracts/customers";
import type { FieldErrors } from "@cm/contracts/envelope";
import { userMessages } from "@cm/contracts/users";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Tx } from "../../db/client.ts";
import { changedFields, recordCreated, recordEntityHistory } from "../../lib/entity-write.ts";
import { DomainError, InvalidError, withConstraintMessages } from "../../lib/errors.ts";
import { insertOrganization } from "../organizations/repository.ts";
import { organizationHistory, toOrganization } from "../organizations/service.ts";
import { findActiveCustomerRoleIds, findDefaultCustomerRole } from "../roles/repository.ts";
import { insertStores, unknownBrandErrors, type StoreDraft } from "../stores/service.ts";
import { userHistory } from "../users/history.ts";
import { insertUser, type UserRow } from "../users/repository.ts";
import {
  countUsersByOrganization,
  findMainContacts,
  findTakenEmails,
  findUsersByIds,
  listCustomerOrganizations,
  listStoreSummaries,
  moveUsersToOrganization,
  removeUsersFromStores,
  setOrganizationMainContact,
} from "./repository.ts";

/** Another request took one of the addresses between our check and our insert. */
const emailRace = { users_email_unique: customerMessages.emailTaken };

type PersonInput = CustomerRegistration["organizationMainContact"];

/** The main contact (path "organizationMainContact") or a user ("users.2"), as the request named them. */
interface Person {
  path: string;
  input: PersonInput;
}

/** A person once known: the user they are or will be. */
interface ResolvedPerson extends CustomerPerson {
  path: string;
}

function add(errors: FieldErrors, path: string, message: string): void {
  (errors[path] ??= []).push(message);
}

/**
 * New customers: an organization with its main contact, stores and users, registered whole or
 * not at all.
 */
export class CustomersService {
  readonly #db: Database;
  readonly #log: FastifyBaseLogger | undefined;

  /** `log` is left out by scripts (the demo seed), which report on their own. */
  constructor(db: Database, log?: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  async list(options: { limit?: number } = {}): Promise<Customer[]> {
    const organizations = await listCustomerOrganizations(this.#db, options.limit);
    const ids = organizations.map((organization) => organization.id);
    const [stores, userCounts] = await Promise.all([
      listStoreSummaries(this.#db, ids),
      countUsersByOrganization(this.#db, ids),
    ]);
    return organizations.map((row) => {
      const address = addressOutputSchema.safeParse(row.address);
      return {
        id: row.id,
        name: row.name,
        status: row.status,
        address: address.success ? address.data : null,
        mainContactUserId: row.mainContactUserId,
        stores: stores
          .filter((store) => store.organizationId === row.id)
          .map(({ organizationId: _organizationId, ...store }) => store),
        userCount: userCounts.get(row.id) ?? 0,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        _revision: row.revision,
      };
    });
  }

  /**
   * Checks everything first and reports every wrong field at once (400, or 409 when only e-mail
   * addresses are taken), then writes. Both happen in one transaction, so a failure at any point
   * leaves nothing behind.
   */
  async register(
    input: CustomerRegistration,
    actorUserId: number | null,
  ): Promise<CustomerRegistrationResult> {
    const result = await withConstraintMessages(emailRace, () =>
      this.#db.transaction((tx) => this.#register(tx, input, actorUserId)),
    );
    this.#log?.info(
      {
        organizationId: result.organization.id,
        stores: result.stores.length,
        users: result.users.length + 1,
      },
      "customer registered",
    );
    return result;
  }

  async #register(
    tx: Tx,
    input: CustomerRegistration,
    actorUserId: number | null,
  ): Promise<CustomerRegistrationResult> {
    const people: Person[] = [
      { path: "organizationMainContact", input: input.organizationMainContact },
      ...input.users.map((user, index) => ({ path: `users.${index}`, input: user })),
    ];
    const invalid: FieldErrors = {};
    const conflicts: FieldErrors = {};

    // A customer user holds a customer role only: Buyer unless another active one is chosen
    // (docs/portal.md); never a staff role such as Admin.
    const defaultRole = await findDefaultCustomerRole(tx);
    if (!defaultRole) throw new Error("the Buyer role is missing");
    const requestedRoles = people.flatMap(({ input: person }) =>
      person.roleId === undefined ? [] : [person.roleId],
    );
    const customerRoles = await findActiveCustomerRoleIds(tx, requestedRoles);
    for (const { path, input: person } of people) {
      if (person.roleId !== undefined && !customerRoles.has(person.roleId)) {
        add(invalid, `${path}.roleId`, userMessages.customerRoleRequired);
      }
    }

    // Existing users chosen in the form move to the new organization.
    const chosen = people.filter(({ input: person }) => person.id !== undefined);
    const chosenIds = chosen.map(({ input: person }) => person.id!);
    const existingUsers = new Map((await findUsersByIds(tx, chosenIds)).map((user) => [user.id, user]));
    const mainContactsElsewhere = await findMainContacts(tx, chosenIds);
    const seenIds = new Set<number>();
    for (const { path, input: person } of chosen) {
      const user = existingUsers.get(person.id!);
      if (!user) add(invalid, `${path}.id`, customerMessages.existingUserNotFound);
      else if (user.type !== "external") add(invalid, `${path}.id`, customerMessages.existingUserNotCustomer);
      else if (mainContactsElsewhere.has(user.id))
        add(conflicts, `${path}.id`, customerMessages.existingUserIsMainContact);
      else if (seenIds.has(user.id)) add(invalid, `${path}.id`, customerMessages.emailRepeated);
      seenIds.add(person.id!);
    }

    const created = people.filter(({ input: person }) => person.id === undefined);
    const taken = await findTakenEmails(
      tx,
      created.map(({ input: person }) => person.email),
    );
    for (const { path, input: person } of created) {
      if (taken.has(person.email.toLowerCase())) add(conflicts, `${path}.email`, customerMessages.emailTaken);
    }

    const storeDrafts = input.stores.map((store, index) => ({
      path: `stores.${index}`,
      brandSegmentation: store.brandFocusType.brandSegmentation,
    }));
    Object.assign(invalid, await unknownBrandErrors(tx, storeDrafts));

    if (Object.keys(invalid).length > 0) {
      throw new InvalidError(customerMessages.invalidInput, { ...invalid, ...conflicts });
    }
    if (Object.keys(conflicts).length > 0) {
      const message = Object.values(conflicts).flat()[0] ?? customerMessages.emailTaken;
      throw new DomainError(409, message, conflicts);
    }

    // Everything checks out: write. Each entity created or moved gets its entry in the history.
    const context = { actorUserId, details: { source: "customer-registration" } };
    const organizationRow = await insertOrganization(tx, {
      name: input.organization.name,
      type: "external",
      status: "active",
      address: input.organization.address,
    });

    const resolved: ResolvedPerson[] = [];
    const createdUsers: UserRow[] = [];
    for (const { path, input: person } of people) {
      if (person.id !== undefined) {
        const user = existingUsers.get(person.id)!;
        resolved.push({ path, ...user, created: false });
        continue;
      }
      const row = await insertUser(tx, {
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        type: "external",
        status: "active",
        organizationId: organizationRow.id,
        roleId: person.roleId ?? defaultRole.id,
      });
      resolved.push({ path, ...row, created: true });
      createdUsers.push(row);
    }
    await recordCreated(tx, userHistory, createdUsers, context);

    const movedIds = resolved.filter((person) => !person.created).map((person) => person.id);
    await removeUsersFromStores(tx, movedIds);
    const moved = await moveUsersToOrganization(tx, movedIds, organizationRow.id);
    await recordEntityHistory(
      tx,
      userHistory,
      moved.map((row) => {
        const before = existingUsers.get(row.id)!;
        return {
          row,
          action: "update" as const,
          changes: changedFields(
            { organizationId: before.organizationId },
            { organizationId: row.organizationId },
          ),
          details: context.details,
          beforeRevision: before.revision,
          afterRevision: row.revision,
        };
      }),
      context,
    );

    const [mainContact, ...users] = resolved as [ResolvedPerson, ...ResolvedPerson[]];
    // Part of creating the organization, so its revision stays the first one.
    const organization = await setOrganizationMainContact(tx, organizationRow.id, mainContact.id);
    await recordCreated(tx, organizationHistory, [organization], context);

    // A store's contact is named by the e-mail of the main contact or of a user, as sent.
    const byEmail = new Map(
      people.map(({ input: person }, index) => [person.email.toLowerCase(), resolved[index]!.id] as const),
    );
    const drafts: StoreDraft[] = input.stores.map((store, index) => ({
      path: `stores.${index}`,
      name: store.name,
      description: store.description,
      addresses: store.addresses,
      mainContactUserId: store.mainContactUserEmail
        ? (byEmail.get(store.mainContactUserEmail.toLowerCase()) ?? mainContact.id)
        : mainContact.id,
      brandSegmentation: store.brandFocusType.brandSegmentation,
      logoUrl: store.logoUrl,
    }));
    const stores = await insertStores(tx, organization.id, drafts, actorUserId, context.details);

    const toPerson = ({ path: _path, ...person }: ResolvedPerson): CustomerPerson => ({
      id: person.id,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      roleId: person.roleId,
      created: person.created,
    });
    return {
      organization: toOrganization(organization),
      mainContactUser: toPerson(mainContact),
      users: users.map(toPerson),
      stores,
    };
  }
}
