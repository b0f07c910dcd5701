import { brandMessages, crocsBrandNamePart } from "@cm/contracts/brands";
import { catalogTypeValues } from "@cm/contracts/catalogs";
import type { Envelope, PaginatedEnvelope, Pagination, PaginationQuery } from "@cm/contracts/envelope";
import {
  itemMessages,
  type CrocsItem,
  type CrocsItemInput,
  type PopulatedParentItem,
  type PopulatedParentItemsData,
} from "@cm/contracts/line-list-preview";
import { lineListMessages } from "@cm/contracts/line-lists";
import { genericMessages } from "@cm/contracts/messages";
import type { Database, DbExecutor } from "../../db/client.ts";
import { products } from "../../db/schema.ts";
import { defineHistoryEntity, deleteEntity, recordCreated, updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError, withConstraintMessages } from "../../lib/errors.ts";
import { pageWindow, paginated } from "../../lib/pagination.ts";
import { findLatestLineListId, findLineListById } from "../line-lists/repository.ts";
import { recordSizesInScale } from "../size-scales/service.ts";
import {
  findBrandProduct,
  findCrocsBrandId,
  findPlacements,
  findSizes,
  insertProduct,
  pageBrandProducts,
  pageLineListProducts,
  productInLineLists,
  replaceSizes,
  type ProductRow,
} from "./repository.ts";

/** The Crocs brand's products (SPEC.md section 7, Items). */

async function crocsBrandId(db: DbExecutor): Promise<number> {
  const id = await findCrocsBrandId(db, crocsBrandNamePart);
  if (id === undefined) throw new NotFoundError(brandMessages.notFound);
  return id;
}

export function toCrocsItem(row: ProductRow, sizes: { size: string; sku: string }[]): CrocsItem {
  return {
    id: row.id,
    brandId: row.brandId,
    model_code: row.modelCode,
    franchise: row.franchise,
    silhouette: row.silhouette,
    color: row.color,
    gender: row.gender,
    msrp: row.msrp === null ? null : Number(row.msrp),
    expected_shipped_date: row.expectedShipDate,
    image_urls: row.imageUrls,
    attributes: {
      comfort_level: row.comfortLevel,
      height_range: row.heightRange,
      wear_occasion: row.wearOccasion,
      target_fit: row.targetFit,
    },
    items: sizes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    _revision: row.revision,
  };
}

/**
 * What the history names and compares of an item: its fields as the API shows them, attributes
 * one by one, and its sizes.
 */
export const itemHistory = defineHistoryEntity({
  type: "item",
  table: products,
  notFoundMessage: itemMessages.notFound,
  describe: async (tx, row) => {
    const item = await withSizes(tx, row);
    const { attributes, items } = item;
    return {
      label: item.model_code,
      fields: {
        model_code: item.model_code,
        franchise: item.franchise,
        silhouette: item.silhouette,
        color: item.color,
        gender: item.gender,
        msrp: item.msrp,
        expected_shipped_date: item.expected_shipped_date,
        image_urls: item.image_urls,
        ...Object.fromEntries(
          Object.entries(attributes).map(([name, value]) => [`attributes.${name}`, value]),
        ),
        items,
      },
    };
  },
});

function productValues(input: CrocsItemInput) {
  return {
    modelCode: input.model_code,
    franchise: input.franchise,
    silhouette: input.silhouette,
    color: input.color,
    gender: input.gender,
    msrp: input.msrp === null ? null : input.msrp.toFixed(2),
    expectedShipDate: input.expected_shipped_date,
    imageUrls: input.image_urls,
    comfortLevel: input.attributes.comfort_level,
    heightRange: input.attributes.height_range,
    wearOccasion: input.attributes.wear_occasion,
    targetFit: input.attributes.target_fit,
  };
}

function checkSizes(input: CrocsItemInput): void {
  const skus = new Set<string>();
  for (const item of input.items) {
    if (!item.sku.trim() || !item.size.trim()) {
      throw new InvalidError(genericMessages.wrongInput, { items: ["Every size needs a size and a SKU"] });
    }
    if (skus.has(item.sku))
      throw new InvalidError(genericMessages.wrongInput, { items: [`SKU ${item.sku} twice`] });
    skus.add(item.sku);
  }
}

async function withSizes(db: DbExecutor, row: ProductRow): Promise<CrocsItem> {
  return toCrocsItem(row, (await findSizes(db, [row.id])).get(row.id) ?? []);
}

export async function listCrocsItems(
  db: DbExecutor,
  query: PaginationQuery & { search?: string },
): Promise<PaginatedEnvelope<CrocsItem>> {
  const brandId = await crocsBrandId(db);
  const { rows, total, totalIsLowerBound } = await pageBrandProducts(db, brandId, {
    search: query.search || undefined,
    ...pageWindow(query),
  });
  const sizes = await findSizes(
    db,
    rows.map((row) => row.id),
  );
  return paginated(
    rows.map((row) => toCrocsItem(row, sizes.get(row.id) ?? [])),
    { ...query, total, totalIsLowerBound },
  );
}

/** The unique index is what finds a model code the brand has already. */
const modelCodeRace = { products_brand_model_code_unique: itemMessages.alreadyExists };

export async function createCrocsItem(
  db: Database,
  input: CrocsItemInput,
  actorUserId: number,
): Promise<CrocsItem> {
  checkSizes(input);
  return withConstraintMessages(modelCodeRace, () =>
    db.transaction(async (tx) => {
      const brandId = await crocsBrandId(tx);
      const row = await insertProduct(tx, { brandId, ...productValues(input) });
      await replaceSizes(tx, row.id, input.items);
      await recordSizesInScale(tx, brandId);
      await recordCreated(tx, itemHistory, [row], { actorUserId });
      return withSizes(tx, row);
    }),
  );
}

/** 404 unless the product is one of the Crocs brand's (the Items screen's). */
async function checkCrocsItem(tx: DbExecutor, id: number): Promise<void> {
  const brandId = await crocsBrandId(tx);
  if (!(await findBrandProduct(tx, brandId, id))) throw new NotFoundError(itemMessages.notFound);
}

export async function updateCrocsItem(
  db: Database,
  id: number,
  input: CrocsItemInput,
  expectedRevision: number | undefined,
  actorUserId: number,
): Promise<CrocsItem> {
  checkSizes(input);
  return withConstraintMessages(modelCodeRace, () =>
    db.transaction(async (tx) => {
      await checkCrocsItem(tx, id);
      const { row } = await updateEntity(tx, itemHistory, {
        id,
        expectedRevision,
        actorUserId,
        apply: async () => {
          await replaceSizes(tx, id, input.items);
          await recordSizesInScale(tx, await crocsBrandId(tx));
          return productValues(input);
        },
      });
      return withSizes(tx, row);
    }),
  );
}

export async function deleteCrocsItem(
  db: Database,
  id: number,
  actorUserId: number,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await checkCrocsItem(tx, id);
    await deleteEntity(tx, itemHistory, {
      id,
      expectedRevision: undefined,
      actorUserId,
      check: async () => {
        if (await productInLineLists(tx, id)) throw new ConflictError(itemMessages.inUse);
      },
    });
    return { id };
  });
}

/**
 * A line list's items (styles with their sizes) and the catalogs each is placed in, in the line
 * list's order: `GET /api/crocs/pre-book/populated-parent-items`. Without a line list id, the
 * current (newest saved) Crocs line list.
 */
export async function listPopulatedParentItems(
  db: DbExecutor,
  query: PaginationQuery & { lineListId?: number; search?: string },
): Promise<Envelope<PopulatedParentItemsData> & { pagination: Pagination }> {
  const lineListId = query.lineListId ?? (await findLatestLineListId(db, crocsBrandNamePart));
  if (lineListId === undefined || !(await findLineListById(db, lineListId))) {
    throw new NotFoundError(lineListMessages.lineListNotFound);
  }
  const { rows, total } = await pageLineListProducts(db, lineListId, {
    search: query.search || undefined,
    ...pageWindow(query),
  });
  const [sizes, placements] = await Promise.all([
    findSizes(
      db,
      rows.map((row) => row.product.id),
    ),
    findPlacements(
      db,
      rows.map((row) => row.lineListItemId),
    ),
  ]);
  const order = (type: string) => catalogTypeValues.indexOf(type as never);
  const items: PopulatedParentItem[] = rows.map((row) => ({
    ...toCrocsItem(row.product, sizes.get(row.product.id) ?? []),
    lineListItemId: row.lineListItemId,
    position: row.position,
    catalogTypes: (placements.get(row.lineListItemId) ?? []).sort((a, b) => order(a) - order(b)),
  }));
  const { pagination } = paginated(items, { ...query, total });
  return { success: true, message: genericMessages.ok, data: { lineListId, items }, pagination };
}
