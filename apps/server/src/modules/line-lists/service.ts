import { eq } from "drizzle-orm";
import { brandMessages } from "@cm/contracts/brands";
import { catalogTypeValues, type CatalogType } from "@cm/contracts/catalogs";
import type { PaginatedEnvelope, PaginationQuery } from "@cm/contracts/envelope";
import { genericMessages } from "@cm/contracts/messages";
import {
  defaultLineListType,
  lineListMessages,
  type LineList,
  type LineListStage,
  type LineListType,
  type LineListWithCatalogs,
} from "@cm/contracts/line-lists";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { brands, lineLists } from "../../db/schema.ts";
import { defineHistoryEntity, recordCreated, updateEntity } from "../../lib/entity-write.ts";
import { InvalidError, NotFoundError } from "../../lib/errors.ts";
import { pageWindow, paginated } from "../../lib/pagination.ts";
import { ensureCatalogs, insertCatalogItems } from "../catalogs/repository.ts";
import { upsertProducts, type ProductInput } from "../products/repository.ts";
import { recordSizesInScale } from "../size-scales/service.ts";
import {
  findCatalogSummaries,
  findLineListById,
  findLineLists,
  insertLineList,
  insertLineListItems,
  pageLineLists,
  type LineListFilters,
  type LineListRow,
} from "./repository.ts";

export function toLineList(row: LineListRow): LineList {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    brandId: row.brandId,
    brandName: row.brandName,
    stage: row.stage,
    season: row.season,
    year: row.year,
    sentOn: row.sentOn,
    dateSent: row.dateSent,
    deadline: row.deadline,
    dateOfAvailability: row.dateOfAvailability,
    published: row.published ? 1 : 0,
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    sortingCompleted: row.sortingCompleted ? 1 : 0,
    itemsCount: row.itemsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    _revision: row.revision,
  };
}

/** "Crocs Spring 2027 Pre-Book": the brand's name first, unless the line list's name starts with it. */
export function lineListLabel(row: { brandName: string; name: string }): string {
  return row.name.toLowerCase().startsWith(row.brandName.toLowerCase())
    ? row.name
    : `${row.brandName} ${row.name}`;
}

/**
 * What the history names and compares of a line list: its fields as the API shows them. Its
 * catalogs' items are not fields: a write that places them records a `move` with the counts.
 */
export const lineListHistory = defineHistoryEntity({
  type: "line-list",
  table: lineLists,
  notFoundMessage: lineListMessages.lineListNotFound,
  describe: async (tx, row) => {
    const found = await findLineListById(tx, row.id);
    if (!found) throw new Error(`line list ${row.id} vanished within its own transaction`);
    const lineList = toLineList(found);
    return {
      label: lineListLabel(lineList),
      fields: {
        name: lineList.name,
        description: lineList.description,
        type: lineList.type,
        stage: lineList.stage,
        season: lineList.season,
        year: lineList.year,
        sentOn: lineList.sentOn,
        dateSent: lineList.dateSent,
        deadline: lineList.deadline,
        dateOfAvailability: lineList.dateOfAvailability,
        published: lineList.published,
        publishAt: lineList.publishAt,
        sortingCompleted: lineList.sortingCompleted,
        itemsCount: lineList.itemsCount,
      },
    };
  },
});

/** Saved line lists matching the filters, newest first. */
export async function listLineLists(db: DbExecutor, filters: LineListFilters): Promise<LineList[]> {
  return (await findLineLists(db, filters)).map(toLineList);
}

/** A page of saved line lists, each with its catalogs' item counts, newest first. */
export async function listLineListsWithCatalogs(
  db: DbExecutor,
  query: LineListFilters & PaginationQuery,
): Promise<PaginatedEnvelope<LineListWithCatalogs>> {
  const { rows, total } = await pageLineLists(db, query, pageWindow(query));
  const summaries = await findCatalogSummaries(
    db,
    rows.map((row) => row.id),
  );
  const order = (type: CatalogType) => catalogTypeValues.indexOf(type);
  const items = rows.map((row) => ({
    ...toLineList(row),
    catalogs: summaries
      .filter((summary) => summary.lineListId === row.id)
      .sort((a, b) => order(a.type) - order(b.type))
      .map(({ type, itemsCount, audience }) => ({ type, itemsCount, audience })),
    unsortedItemsCount: row.unsortedItemsCount,
  }));
  return paginated(items, { ...query, total });
}

export interface CreateLineListInput {
  brandId: number;
  name: string;
  description?: string | null;
  type?: LineListType;
  /** `preview` for an upload under review (its rows are staged elsewhere), `saved` once accepted. */
  stage: LineListStage;
  season?: string | null;
  year?: number | null;
  sentOn?: string | null;
  dateSent?: string | null;
  deadline?: string | null;
  dateOfAvailability?: string | null;
  /**
   * The styles the line list offers, in order: created or updated among the brand's products
   * (by model code) and attached to the line list. Saved line lists only: nothing touches
   * products before a preview is saved.
   */
  products?: readonly ProductInput[];
  /** Creates the line list's catalogs and places these model codes (of `products`) in them. */
  catalogs?: Partial<Record<CatalogType, readonly string[]>>;
  sortingCompleted?: boolean;
  published?: boolean;
}

function checkCreateInput(input: CreateLineListInput): void {
  const problems: string[] = [];
  const products = input.products ?? [];
  if (!input.name.trim()) problems.push("name: a line list needs a name");
  if (input.stage === "preview") {
    if (products.length > 0 || input.catalogs || input.published || input.sortingCompleted) {
      problems.push("stage: a preview has no products, catalogs, sorting or publication yet");
    }
  }
  const modelCodes = new Set<string>();
  const skus = new Set<string>();
  for (const product of products) {
    if (!product.modelCode.trim()) problems.push("products: a product without a model code");
    if (modelCodes.has(product.modelCode)) problems.push(`products: model code ${product.modelCode} twice`);
    modelCodes.add(product.modelCode);
    for (const size of product.sizes) {
      if (!size.sku.trim() || !size.size.trim())
        problems.push(`products: ${product.modelCode} has a size without SKU`);
      if (skus.has(size.sku)) problems.push(`products: SKU ${size.sku} twice`);
      skus.add(size.sku);
    }
  }
  for (const [type, codes] of Object.entries(input.catalogs ?? {})) {
    for (const code of codes ?? []) {
      if (!modelCodes.has(code))
        problems.push(`catalogs.${type}: ${code} is not one of the line list's products`);
    }
  }
  if (problems.length > 0) {
    throw new InvalidError(genericMessages.wrongInput, { lineList: problems.slice(0, 20) });
  }
}

/**
 * Creates a line list of a brand, in the caller's transaction: the line list, its products
 * (created or updated by model code) attached as its items, and, when asked, its catalogs with
 * the items placed in them. A saved one is recorded as one `create` in the history (its products
 * and catalogs are part of it). What an upload's staging and the demo seed use.
 */
export async function createLineListInTransaction(
  tx: Tx,
  input: CreateLineListInput,
  actorUserId: number | null,
): Promise<LineList> {
  checkCreateInput(input);
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
  if (!brand) throw new NotFoundError(brandMessages.notFound);

  const lineList = await insertLineList(tx, {
    brandId: input.brandId,
    name: input.name.trim(),
    description: input.description?.trim() || null,
    type: input.type ?? defaultLineListType,
    stage: input.stage,
    season: input.season ?? null,
    year: input.year ?? null,
    sentOn: input.sentOn ?? null,
    dateSent: input.dateSent ?? null,
    deadline: input.deadline ?? null,
    dateOfAvailability: input.dateOfAvailability ?? null,
    sortingCompleted: input.sortingCompleted ?? false,
    published: input.published ?? false,
    publishedAt: input.published ? new Date() : null,
  });
  const products = input.products ?? [];
  if (products.length > 0) {
    const upserted = await upsertProducts(tx, input.brandId, products);
    await recordSizesInScale(tx, input.brandId);
    // The line list's own offer of each style (issue 33): the prices and date it was given.
    const itemIds = await insertLineListItems(
      tx,
      lineList.id,
      products.map((product) => ({
        productId: upserted.ids.get(product.modelCode)!,
        msrp: product.msrp,
        wholesalePrice: product.wholesalePrice,
        expectedShipDate: product.expectedShipDate,
      })),
    );

    if (input.catalogs) {
      const catalogs = await ensureCatalogs(tx, lineList.id);
      const placements = Object.entries(input.catalogs).flatMap(([type, codes]) =>
        (codes ?? []).map((code) => ({
          catalogId: catalogs.ids.get(type as CatalogType)!,
          lineListId: lineList.id,
          lineListItemId: itemIds.get(upserted.ids.get(code)!)!,
        })),
      );
      await insertCatalogItems(tx, placements);
    }
  }

  // A preview is an upload under review: its save records the line list (an `upload`).
  if (input.stage === "saved") await recordCreated(tx, lineListHistory, [lineList], { actorUserId });
  return toLineList((await findLineListById(tx, lineList.id))!);
}

/** `createLineListInTransaction` in a transaction of its own: all of it is created, or nothing. */
export function createLineList(
  db: Database,
  input: CreateLineListInput,
  actorUserId: number | null,
): Promise<LineList> {
  return db.transaction((tx) => createLineListInTransaction(tx, input, actorUserId));
}

/**
 * A new name for a line list (in preview or saved), at the revision the person saw: a stale one
 * gets 409 and changes nothing; the history records the name's change.
 */
export async function renameLineList(
  db: Database,
  lineListId: number,
  name: string,
  expectedRevision: number | undefined,
  actorUserId: number,
): Promise<LineList> {
  return db.transaction(async (tx) => {
    const { row } = await updateEntity(tx, lineListHistory, {
      id: lineListId,
      expectedRevision,
      actorUserId,
      apply: () => ({ name, updatedAt: new Date() }),
    });
    return toLineList((await findLineListById(tx, row.id))!);
  });
}
