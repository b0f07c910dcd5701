import { eq } from "drizzle-orm";
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
import { recordAuditEvent } from "../../lib/audit.ts";
import { ConflictError, InvalidError, isUniqueViolation, NotFoundError } from "../../lib/errors.ts";
import { pageWindow, paginated } from "../../lib/pagination.ts";
import { updateWithRevision } from "../../lib/revisions.ts";
import { findLatestLineListId, findLineListById } from "../line-lists/repository.ts";
import {
  findBrandProduct,
  findCrocsBrandId,
  findPlacements,
  findSizes,
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
  const { rows, total } = await pageBrandProducts(db, brandId, {
    search: query.search || undefined,
    ...pageWindow(query),
  });
  const sizes = await findSizes(
    db,
    rows.map((row) => row.id),
  );
  return paginated(
    rows.map((row) => toCrocsItem(row, sizes.get(row.id) ?? [])),
    { ...query, total },
  );
}

async function guardModelCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "products_brand_model_code_unique"))
      throw new ConflictError(itemMessages.alreadyExists);
    throw error;
  }
}

export async function createCrocsItem(
  db: Database,
  input: CrocsItemInput,
  actorUserId: number,
): Promise<CrocsItem> {
  checkSizes(input);
  return guardModelCode(() =>
    db.transaction(async (tx) => {
      const brandId = await crocsBrandId(tx);
      const [row] = await tx
        .insert(products)
        .values({ brandId, ...productValues(input) })
        .returning();
      await replaceSizes(tx, row!.id, input.items);
      await recordAuditEvent(tx, {
        actorUserId,
        entityType: "product",
        entityId: row!.id,
        action: "create",
        afterRevision: row!.revision,
        data: { modelCode: row!.modelCode },
      });
      return withSizes(tx, row!);
    }),
  );
}

export async function updateCrocsItem(
  db: Database,
  id: number,
  input: CrocsItemInput,
  expectedRevision: number | undefined,
  actorUserId: number,
): Promise<CrocsItem> {
  checkSizes(input);
  return guardModelCode(() =>
    db.transaction(async (tx) => {
      const brandId = await crocsBrandId(tx);
      if (!(await findBrandProduct(tx, brandId, id))) throw new NotFoundError(itemMessages.notFound);
      const { row, beforeRevision, afterRevision } = await updateWithRevision(tx, products, {
        id,
        expectedRevision,
        values: productValues(input),
        notFoundMessage: itemMessages.notFound,
      });
      await replaceSizes(tx, id, input.items);
      await recordAuditEvent(tx, {
        actorUserId,
        entityType: "product",
        entityId: id,
        action: "update",
        beforeRevision,
        afterRevision,
        data: { modelCode: row.modelCode },
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
    const brandId = await crocsBrandId(tx);
    const product = await findBrandProduct(tx, brandId, id);
    if (!product) throw new NotFoundError(itemMessages.notFound);
    if (await productInLineLists(tx, id)) throw new ConflictError(itemMessages.inUse);
    await tx.delete(products).where(eq(products.id, id));
    await recordAuditEvent(tx, {
      actorUserId,
      entityType: "product",
      entityId: id,
      action: "delete",
      beforeRevision: product.revision,
      data: { modelCode: product.modelCode },
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
