import type { z } from "zod";
import {
  brandMessages,
  type Brand,
  type brandInputSchema,
  type brandUpdateSchema,
} from "@cm/contracts/brands";
import type { Database, DbExecutor } from "../../db/client.ts";
import { brands } from "../../db/schema.ts";
import { defineHistoryEntity, deleteEntity, recordCreated, updateEntity } from "../../lib/entity-write.ts";
import {
  anyForeignKey,
  ConflictError,
  withConstraintMessages,
  type ConstraintMessages,
} from "../../lib/errors.ts";
import { countBrandLineLists } from "../line-lists/repository.ts";
import { brandHasProducts } from "../products/repository.ts";
import { brandNameTaken, findBrands, insertBrand, type BrandRow } from "./repository.ts";

export type BrandInput = z.output<typeof brandInputSchema>;
/** Without a wholesale factor the brand keeps its own. */
export type BrandUpdateInput = Omit<z.output<typeof brandUpdateSchema>, "expectedRevision">;

/** pg returns numeric as a string ("0.50"); the API speaks numbers. */
function toWholesaleFactor(value: string): number {
  return Number(value);
}

/** Two decimals, as the column holds them. */
function toWholesaleFactorColumn(value: number): string {
  return value.toFixed(2);
}

export function toBrand(row: BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    status: row.status,
    wholesaleFactor: toWholesaleFactor(row.wholesaleFactor),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    _revision: row.revision,
  };
}

/** What the history names and compares of a brand: its fields as the API shows them. */
export const brandHistory = defineHistoryEntity({
  type: "brand",
  table: brands,
  notFoundMessage: brandMessages.notFound,
  describe: (_tx, row) => {
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, _revision, ...fields } = toBrand(row);
    return { label: row.name, fields };
  },
});

/** A name another request took between our check and our write is still "already exists". */
const nameRace: ConstraintMessages = { brands_name_unique: brandMessages.alreadyExists };

export async function listBrands(db: DbExecutor, orderDir: "asc" | "desc"): Promise<Brand[]> {
  return (await findBrands(db, orderDir)).map(toBrand);
}

export async function createBrand(db: Database, input: BrandInput, actorUserId: number): Promise<Brand> {
  if (await brandNameTaken(db, input.name)) throw new ConflictError(brandMessages.alreadyExists);
  return withConstraintMessages(nameRace, () =>
    db.transaction(async (tx) => {
      const row = await insertBrand(tx, {
        name: input.name,
        description: input.description ?? null,
        categoryId: input.categoryId,
        status: "active",
        wholesaleFactor: toWholesaleFactorColumn(input.wholesaleFactor),
      });
      await recordCreated(tx, brandHistory, [row], { actorUserId });
      return toBrand(row);
    }),
  );
}

export async function updateBrand(
  db: Database,
  brandId: number,
  input: BrandUpdateInput,
  expectedRevision: number | undefined,
  actorUserId: number,
): Promise<Brand> {
  return withConstraintMessages(nameRace, () =>
    db.transaction(async (tx) => {
      const { row } = await updateEntity(tx, brandHistory, {
        id: brandId,
        expectedRevision,
        actorUserId,
        apply: async () => {
          if (await brandNameTaken(tx, input.name, brandId)) {
            throw new ConflictError(brandMessages.alreadyExists);
          }
          return {
            name: input.name,
            description: input.description ?? null,
            categoryId: input.categoryId,
            ...(input.wholesaleFactor !== undefined && {
              wholesaleFactor: toWholesaleFactorColumn(input.wholesaleFactor),
            }),
          };
        },
      });
      return toBrand(row);
    }),
  );
}

/**
 * Deletes a brand that has no line lists (and so no products). A brand with line lists keeps
 * them: the delete is refused and nothing changes. The lock keeps a line list from being added
 * to it meanwhile.
 */
export async function deleteBrand(
  db: Database,
  brandId: number,
  expectedRevision: number | undefined,
  actorUserId: number,
): Promise<Brand> {
  // Something else still points at the brand (an order, a table added later): refused the same way.
  return withConstraintMessages({ [anyForeignKey]: brandMessages.hasLineLists }, () =>
    db.transaction(async (tx) => {
      const row = await deleteEntity(tx, brandHistory, {
        id: brandId,
        expectedRevision,
        actorUserId,
        check: async () => {
          if ((await countBrandLineLists(tx, brandId)) > 0 || (await brandHasProducts(tx, brandId))) {
            throw new ConflictError(brandMessages.hasLineLists);
          }
        },
      });
      return toBrand(row);
    }),
  );
}
