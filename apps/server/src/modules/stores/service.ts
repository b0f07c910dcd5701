import type { Address, AddressOutput } from "@cm/contracts/addresses";
import type { FieldErrors } from "@cm/contracts/envelope";
import {
  deriveStoreType,
  storeLogoPlaceholderUrl,
  storeMessages,
  type BrandSegmentation,
  type Store,
  type StoreStatus,
} from "@cm/contracts/stores";
import type { Database, Tx } from "../../db/client.ts";
import { stores } from "../../db/schema.ts";
import { toRevisioned } from "../../lib/envelope.ts";
import {
  defineHistoryEntity,
  recordCreated,
  updateEntity,
  type EntityDescription,
} from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError, withConstraintMessages } from "../../lib/errors.ts";
import { findExistingBrandIds } from "../brands/repository.ts";
import { findOrganizationById } from "../organizations/repository.ts";
import {
  deleteStoreAddresses,
  deleteStoreSegmentations,
  findStoreRow,
  findUserOrganizations,
  insertStoreAddresses,
  insertStoreRows,
  insertStoreSegmentations,
  insertStoreUsers,
  listStoreRows,
  loadStoreParts,
  type StoreAddressRow,
  type StoreParts,
  type StoreRow,
} from "./repository.ts";

const oneBillingOrShippingConstraint = "store_addresses_one_billing_or_shipping";

function toAddress(row: StoreAddressRow): AddressOutput {
  return {
    type: row.type,
    line1: row.line1,
    ...(row.line2 !== null && { line2: row.line2 }),
    city: row.city,
    state: row.state,
    ...(row.postalCode !== null && { postalCode: row.postalCode }),
    country: row.country,
    ...(row.latitude !== null && { latitude: row.latitude }),
    ...(row.longitude !== null && { longitude: row.longitude }),
  };
}

export function toStore(row: StoreRow, parts: StoreParts | undefined): Store {
  const { storeType, ...rest } = toRevisioned(row);
  return {
    ...rest,
    addresses: (parts?.addresses ?? []).map(toAddress),
    brandFocusType: {
      storeType,
      brandSegmentation: (parts?.segmentations ?? []).map(({ brandId, segmentation }) => ({
        brandId,
        segmentation,
      })),
    },
    userIds: parts?.userIds ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withParts(db: Database | Tx, rows: StoreRow[]): Promise<Store[]> {
  const parts = await loadStoreParts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toStore(row, parts.get(row.id)));
}

function describeStore(store: Store): EntityDescription {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, _revision, ...fields } = store;
  return { label: store.name, fields };
}

/** What the history names and compares of a store: its fields and parts as the API shows them. */
export const storeHistory = defineHistoryEntity({
  type: "store",
  table: stores,
  notFoundMessage: storeMessages.notFound,
  describe: async (tx, row) => describeStore((await withParts(tx, [row]))[0]!),
  describeAll: async (tx, rows) => (await withParts(tx, [...rows])).map(describeStore),
});

/** A store to create, checked by the contract's schema; `path` names it in field errors ("stores.1"). */
export interface StoreDraft {
  path?: string;
  name: string;
  description?: string;
  addresses: Address[];
  mainContactUserId?: number | null;
  userIds?: number[];
  brandSegmentation: BrandSegmentation[];
  logoUrl?: string;
}

function fieldPath(prefix: string | undefined, field: string): string {
  return prefix ? `${prefix}.${field}` : field;
}

/** Field errors for brand focus entries whose brand does not exist. */
export async function unknownBrandErrors(
  tx: Tx,
  entries: readonly { path?: string; brandSegmentation: readonly BrandSegmentation[] }[],
  field = "brandFocusType.brandSegmentation",
): Promise<FieldErrors> {
  const existing = await findExistingBrandIds(
    tx,
    entries.flatMap((entry) => entry.brandSegmentation.map((segment) => segment.brandId)),
  );
  const errors: FieldErrors = {};
  for (const entry of entries) {
    entry.brandSegmentation.forEach((segment, index) => {
      if (!existing.has(segment.brandId)) {
        errors[fieldPath(entry.path, `${field}.${index}.brandId`)] = [storeMessages.brandNotFound];
      }
    });
  }
  return errors;
}

/** Field errors for users (main contact, store users) who are unknown or belong to another organization. */
async function memberErrors(
  tx: Tx,
  organizationId: number,
  people: readonly { field: string; userId: number | null | undefined }[],
): Promise<FieldErrors> {
  const ids = people.flatMap(({ userId }) => (userId == null ? [] : [userId]));
  const organizationOf = await findUserOrganizations(tx, ids);
  const errors: FieldErrors = {};
  for (const { field, userId } of people) {
    if (userId == null) continue;
    const userOrganization = organizationOf.get(userId);
    if (userOrganization === undefined) errors[field] = [storeMessages.userNotFound];
    else if (userOrganization !== organizationId) errors[field] = [storeMessages.userNotMember];
  }
  return errors;
}

function refuseIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new InvalidError(storeMessages.invalidInput, errors);
}

/**
 * Inserts stores of one organization with their addresses, brand focus and users: one statement
 * per table whatever the number of stores, and one history entry per store. The caller has
 * checked the organization, the brands and the users.
 */
export async function insertStores(
  tx: Tx,
  organizationId: number,
  drafts: readonly StoreDraft[],
  actorUserId: number | null,
  details?: Record<string, unknown>,
): Promise<Store[]> {
  const rows = await insertStoreRows(
    tx,
    drafts.map((draft) => ({
      organizationId,
      name: draft.name,
      description: draft.description ?? null,
      mainContactUserId: draft.mainContactUserId ?? null,
      storeType: deriveStoreType(draft.brandSegmentation.length),
      logoUrl: draft.logoUrl ?? storeLogoPlaceholderUrl,
      status: "active" as const,
    })),
  );
  // PostgreSQL returns the rows of a multi-row INSERT in the order of its VALUES.
  const withDrafts = rows.map((row, index) => ({ row, draft: drafts[index]! }));
  await insertStoreAddresses(
    tx,
    withDrafts.map(({ row, draft }) => ({ storeId: row.id, addresses: draft.addresses })),
  );
  await insertStoreSegmentations(
    tx,
    withDrafts.map(({ row, draft }) => ({ storeId: row.id, brandSegmentation: draft.brandSegmentation })),
  );
  await insertStoreUsers(
    tx,
    withDrafts.map(({ row, draft }) => ({
      storeId: row.id,
      userIds: [
        ...(draft.userIds ?? []),
        ...(draft.mainContactUserId == null ? [] : [draft.mainContactUserId]),
      ],
    })),
  );
  await recordCreated(tx, storeHistory, rows, { actorUserId, details });
  return withParts(tx, rows);
}

export interface StoreWrite {
  store: Store;
  revision: number;
}

export interface NewStore extends Omit<StoreDraft, "path"> {
  organizationId: number;
}

export interface StoreBasicInfoChanges {
  newName?: string;
  newDescription?: string | null;
  newMainContactUserId?: number | null;
}

/**
 * Stores of customer organizations. Each write checks the revision the client saw and records
 * the change in the history in the same transaction; a store and its parts change together or
 * not at all.
 */
export class StoresService {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async list(options: { organizationId?: number; limit?: number }): Promise<Store[]> {
    return withParts(this.#db, await listStoreRows(this.#db, options));
  }

  async get(id: number): Promise<Store> {
    const row = await findStoreRow(this.#db, id);
    if (!row) throw new NotFoundError(storeMessages.notFound);
    const [store] = await withParts(this.#db, [row]);
    return store!;
  }

  async create(input: NewStore, actorUserId: number): Promise<StoreWrite> {
    const store = await this.#db.transaction(async (tx) => {
      const organization = await findOrganizationById(tx, input.organizationId);
      if (!organization) {
        throw new InvalidError(storeMessages.invalidInput, {
          organizationId: [storeMessages.organizationNotFound],
        });
      }
      if (organization.type !== "external") {
        throw new InvalidError(storeMessages.invalidInput, {
          organizationId: [storeMessages.organizationNotCustomer],
        });
      }
      refuseIfAny({
        ...(await unknownBrandErrors(tx, [{ brandSegmentation: input.brandSegmentation }])),
        ...(await memberErrors(tx, organization.id, [
          { field: "mainContactUserId", userId: input.mainContactUserId },
          ...(input.userIds ?? []).map((userId, index) => ({ field: `userIds.${index}`, userId })),
        ])),
      });
      const [created] = await insertStores(tx, organization.id, [input], actorUserId);
      return created!;
    });
    return { store, revision: store._revision };
  }

  /**
   * One change to one store: `apply` checks and writes on the locked store (at the expected
   * revision), then the revision is bumped and the change recorded, all in one transaction.
   */
  async #update(
    id: number,
    expectedRevision: number | undefined,
    actorUserId: number,
    change: {
      action?: "status";
      apply: (tx: Tx, current: StoreRow) => Promise<Partial<typeof stores.$inferInsert>>;
    },
  ): Promise<StoreWrite> {
    // The database's own guard of "one billing and one shipping address" (the checks above hold it).
    const addressGuard = {
      [oneBillingOrShippingConstraint]: () => new InvalidError(storeMessages.invalidInput),
    };
    const store = await withConstraintMessages(addressGuard, () =>
      this.#db.transaction(async (tx) => {
        const { row } = await updateEntity(tx, storeHistory, {
          id,
          expectedRevision,
          actorUserId,
          action: change.action,
          apply: (current) => change.apply(tx, current),
        });
        const [written] = await withParts(tx, [row]);
        return written!;
      }),
    );
    return { store, revision: store._revision };
  }

  updateBasicInfo(
    id: number,
    changes: StoreBasicInfoChanges,
    expectedRevision: number | undefined,
    actorUserId: number,
  ) {
    return this.#update(id, expectedRevision, actorUserId, {
      apply: async (tx, current) => {
        refuseIfAny(
          await memberErrors(tx, current.organizationId, [
            { field: "newMainContactUserId", userId: changes.newMainContactUserId },
          ]),
        );
        if (changes.newMainContactUserId != null) {
          await insertStoreUsers(tx, [{ storeId: id, userIds: [changes.newMainContactUserId] }]);
        }
        return {
          ...(changes.newName !== undefined && { name: changes.newName }),
          ...(changes.newDescription !== undefined && {
            description: changes.newDescription?.trim() || null,
          }),
          ...(changes.newMainContactUserId !== undefined && {
            mainContactUserId: changes.newMainContactUserId,
          }),
        };
      },
    });
  }

  addAddress(id: number, address: Address, expectedRevision: number | undefined, actorUserId: number) {
    return this.#update(id, expectedRevision, actorUserId, {
      apply: async (tx) => {
        const [parts] = (await loadStoreParts(tx, [id])).values();
        const addresses = parts?.addresses ?? [];
        if (address.type === "billing" || address.type === "shipping") {
          if (addresses.some((existing) => existing.type === address.type)) {
            const message =
              address.type === "billing" ? storeMessages.oneBillingAddress : storeMessages.oneShippingAddress;
            throw new InvalidError(storeMessages.invalidInput, { "address.type": [message] });
          }
        }
        const firstPosition = addresses.reduce((next, existing) => Math.max(next, existing.position + 1), 0);
        await insertStoreAddresses(tx, [{ storeId: id, addresses: [address], firstPosition }]);
        return {};
      },
    });
  }

  replaceAddresses(
    id: number,
    addresses: Address[],
    expectedRevision: number | undefined,
    actorUserId: number,
  ) {
    return this.#update(id, expectedRevision, actorUserId, {
      apply: async (tx) => {
        await deleteStoreAddresses(tx, id);
        await insertStoreAddresses(tx, [{ storeId: id, addresses }]);
        return {};
      },
    });
  }

  updateStatus(
    id: number,
    newStatus: StoreStatus,
    expectedRevision: number | undefined,
    actorUserId: number,
  ) {
    return this.#update(id, expectedRevision, actorUserId, {
      action: "status",
      apply: async (_tx, current) => {
        if (current.status === newStatus) throw new ConflictError(storeMessages.statusUnchanged);
        return { status: newStatus };
      },
    });
  }

  updateBrandFocusType(
    id: number,
    brandSegmentation: BrandSegmentation[],
    expectedRevision: number | undefined,
    actorUserId: number,
  ) {
    const storeType = deriveStoreType(brandSegmentation.length);
    return this.#update(id, expectedRevision, actorUserId, {
      apply: async (tx) => {
        refuseIfAny(
          await unknownBrandErrors(tx, [{ brandSegmentation }], "newBrandFocusType.brandSegmentation"),
        );
        await deleteStoreSegmentations(tx, id);
        await insertStoreSegmentations(tx, [{ storeId: id, brandSegmentation }]);
        return { storeType };
      },
    });
  }
}
