import { findExistingBrandIds } from "../brands/repository.ts";
import { addressOutputSchema, type OrganizationAddress } from "@cm/contracts/addresses";
import type { FieldErrors } from "@cm/contracts/envelope";
import {
  organizationDiscountSchema,
  organizationMessages,
  type Organization,
  type OrganizationDiscount,
  type OrganizationStatus,
  type OrganizationType,
} from "@cm/contracts/organizations";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.ts";
import { organizations } from "../../db/schema.ts";
import { toRevisioned } from "../../lib/envelope.ts";
import { defineHistoryEntity, recordCreated, updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import {
  findOrganizationById,
  findUserMembership,
  insertOrganization,
  listOrganizations,
  type OrganizationRow,
} from "./repository.ts";

const discountsSchema = z.array(organizationDiscountSchema);

/** The row as the API shows it; stored JSON that no longer reads as an address shows as none. */
export function toOrganization(row: OrganizationRow): Organization {
  const { address, discounts, ...rest } = toRevisioned(row);
  const parsedAddress = addressOutputSchema.safeParse(address);
  const parsedDiscounts = discountsSchema.safeParse(discounts);
  return {
    ...rest,
    address: parsedAddress.success ? parsedAddress.data : null,
    discounts: parsedDiscounts.success ? parsedDiscounts.data : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the history names and compares of an organization: its fields as the API shows them. */
export const organizationHistory = defineHistoryEntity({
  type: "organization",
  table: organizations,
  notFoundMessage: organizationMessages.notFound,
  describe: (_tx, row) => {
    const organization = toOrganization(row);
    return {
      label: organization.name,
      fields: {
        name: organization.name,
        type: organization.type,
        status: organization.status,
        address: organization.address,
        mainContactUserId: organization.mainContactUserId,
        discounts: organization.discounts,
      },
    };
  },
});

export interface OrganizationWrite {
  organization: Organization;
  revision: number;
}

export interface NewOrganization {
  name: string;
  type: "external";
  address?: OrganizationAddress;
  status: OrganizationStatus;
  discounts: OrganizationDiscount[];
}

/** 400 with the discounts whose brand does not exist, named by their place in the list. */
export async function checkDiscountBrands(
  tx: Tx,
  discounts: readonly OrganizationDiscount[],
  path = "discounts",
) {
  const existing = await findExistingBrandIds(
    tx,
    discounts.map((discount) => discount.brandId),
  );
  const fieldErrors: FieldErrors = {};
  discounts.forEach((discount, index) => {
    if (!existing.has(discount.brandId))
      fieldErrors[`${path}.${index}.brandId`] = [organizationMessages.brandNotFound];
  });
  if (Object.keys(fieldErrors).length > 0)
    throw new InvalidError(organizationMessages.brandNotFound, fieldErrors);
}

/**
 * Organizations: the customers and the distributor itself. Each write checks the revision the
 * client saw and records the change in the history in the same transaction.
 */
export class OrganizationsService {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async list(options: { limit?: number; type?: OrganizationType }): Promise<Organization[]> {
    return (await listOrganizations(this.#db, options)).map(toOrganization);
  }

  async get(id: number): Promise<Organization> {
    const row = await findOrganizationById(this.#db, id);
    if (!row) throw new NotFoundError(organizationMessages.notFound);
    return toOrganization(row);
  }

  async create(input: NewOrganization, actorUserId: number): Promise<OrganizationWrite> {
    const row = await this.#db.transaction(async (tx) => {
      await checkDiscountBrands(tx, input.discounts);
      const created = await insertOrganization(tx, {
        name: input.name,
        type: input.type,
        status: input.status,
        address: input.address ?? null,
        discounts: input.discounts,
      });
      await recordCreated(tx, organizationHistory, [created], { actorUserId });
      return created;
    });
    return { organization: toOrganization(row), revision: row.revision };
  }

  /**
   * One change to one organization: checks what `check` needs on the locked row, updates it at
   * the expected revision and records the change, all in one transaction.
   */
  async #update(
    id: number,
    expectedRevision: number | undefined,
    actorUserId: number,
    change: {
      action?: "status";
      values: Partial<typeof organizations.$inferInsert>;
      check?: (tx: Tx, current: OrganizationRow) => Promise<void> | void;
    },
  ): Promise<OrganizationWrite> {
    const { row } = await this.#db.transaction((tx) =>
      updateEntity(tx, organizationHistory, {
        id,
        expectedRevision,
        actorUserId,
        action: change.action,
        apply: async (current) => {
          await change.check?.(tx, current);
          return change.values;
        },
      }),
    );
    return { organization: toOrganization(row), revision: row.revision };
  }

  updateStatus(
    id: number,
    status: OrganizationStatus,
    expectedRevision: number | undefined,
    actorUserId: number,
  ) {
    return this.#update(id, expectedRevision, actorUserId, {
      action: "status",
      values: { status },
      check: (_tx, current) => {
        if (current.status === status) throw new ConflictError(organizationMessages.statusUnchanged);
        if (current.type === "internal" && status !== "active") {
          throw new ConflictError(organizationMessages.internalNotDeactivatable);
        }
      },
    });
  }

  updateAddress(
    id: number,
    address: OrganizationAddress,
    expectedRevision: number | undefined,
    actorUserId: number,
  ) {
    return this.#update(id, expectedRevision, actorUserId, {
      values: { address },
    });
  }

  updateName(id: number, name: string, expectedRevision: number | undefined, actorUserId: number) {
    return this.#update(id, expectedRevision, actorUserId, {
      values: { name },
    });
  }

  updateDiscounts(
    id: number,
    discounts: OrganizationDiscount[],
    expectedRevision: number | undefined,
    actorUserId: number,
  ) {
    return this.#update(id, expectedRevision, actorUserId, {
      values: { discounts },
      check: (tx) => checkDiscountBrands(tx, discounts),
    });
  }

  changeMainContact(id: number, userId: number, expectedRevision: number | undefined, actorUserId: number) {
    return this.#update(id, expectedRevision, actorUserId, {
      values: { mainContactUserId: userId },
      check: async (tx, current) => {
        const user = await findUserMembership(tx, userId);
        if (!user) {
          throw new InvalidError(organizationMessages.userNotFound, {
            mainContactUserId: [organizationMessages.userNotFound],
          });
        }
        if (user.organizationId !== current.id) {
          throw new InvalidError(organizationMessages.mainContactNotMember, {
            mainContactUserId: [organizationMessages.mainContactNotMember],
          });
        }
      },
    });
  }
}
