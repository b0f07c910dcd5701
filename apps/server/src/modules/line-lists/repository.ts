import { and, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { CatalogType } from "@cm/contracts/catalogs";
import type { Segmentation } from "@cm/contracts/stores";
import type { LineListStatusFilter, LineListType } from "@cm/contracts/line-lists";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import {
  brands,
  catalogItemCounts,
  catalogs,
  lineListItemCounts,
  lineListItems,
  lineLists,
} from "../../db/schema.ts";

export interface LineListFilters {
  lineListId?: number;
  brandId?: number;
  status: LineListStatusFilter;
  type?: LineListType;
}

/**
 * A line list's items, and those in no catalog (all of them less those placed somewhere), both
 * kept by the database (`line_list_item_counts`, counts.ts) so no read counts a line list's items.
 */
const itemsCount = sql<number>`coalesce(${lineListItemCounts.items}, 0)`.mapWith(Number);
const unsortedItemsCount =
  sql<number>`coalesce(${lineListItemCounts.items} - ${lineListItemCounts.placedItems}, 0)`.mapWith(Number);

/** A line list as the API shows it: its columns, its brand's name and how many styles it offers. */
const lineListColumns = {
  id: lineLists.id,
  name: lineLists.name,
  description: lineLists.description,
  type: lineLists.type,
  brandId: lineLists.brandId,
  brandName: brands.name,
  stage: lineLists.stage,
  season: lineLists.season,
  year: lineLists.year,
  sentOn: lineLists.sentOn,
  dateSent: lineLists.dateSent,
  deadline: lineLists.deadline,
  dateOfAvailability: lineLists.dateOfAvailability,
  published: lineLists.published,
  publishAt: lineLists.publishAt,
  sortingCompleted: lineLists.sortingCompleted,
  itemsCount,
  revision: lineLists.revision,
  createdAt: lineLists.createdAt,
  updatedAt: lineLists.updatedAt,
};

/** Only saved line lists are listed: a preview is an upload still under review. */
function savedLineListsWhere(filters: LineListFilters): SQL | undefined {
  const conditions: SQL[] = [eq(lineLists.stage, "saved")];
  if (filters.lineListId !== undefined) conditions.push(eq(lineLists.id, filters.lineListId));
  if (filters.brandId !== undefined) conditions.push(eq(lineLists.brandId, filters.brandId));
  if (filters.type !== undefined) conditions.push(eq(lineLists.type, filters.type));
  if (filters.status === "published") conditions.push(eq(lineLists.published, true));
  if (filters.status === "unpublished") conditions.push(eq(lineLists.published, false));
  return and(...conditions);
}

const newestFirst = [desc(lineLists.createdAt), desc(lineLists.id)];

export async function findLineLists(db: DbExecutor, filters: LineListFilters) {
  return db
    .select(lineListColumns)
    .from(lineLists)
    .innerJoin(brands, eq(brands.id, lineLists.brandId))
    .leftJoin(lineListItemCounts, eq(lineListItemCounts.lineListId, lineLists.id))
    .where(savedLineListsWhere(filters))
    .orderBy(...newestFirst);
}

export async function pageLineLists(
  db: DbExecutor,
  filters: LineListFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: (LineListRow & { unsortedItemsCount: number })[]; total: number }> {
  const where = savedLineListsWhere(filters);
  const [rows, total] = await Promise.all([
    db
      .select({ ...lineListColumns, unsortedItemsCount })
      .from(lineLists)
      .innerJoin(brands, eq(brands.id, lineLists.brandId))
      .leftJoin(lineListItemCounts, eq(lineListItemCounts.lineListId, lineLists.id))
      .where(where)
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset),
    db.$count(lineLists, where),
  ]);
  return { rows, total };
}

/** The catalogs of these line lists with the number of items in each, as the database keeps it. */
export async function findCatalogSummaries(
  db: DbExecutor,
  lineListIds: readonly number[],
): Promise<{ lineListId: number; type: CatalogType; itemsCount: number; audience: Segmentation[] }[]> {
  if (lineListIds.length === 0) return [];
  return db
    .select({
      lineListId: catalogs.lineListId,
      type: catalogs.type,
      itemsCount: sql<number>`coalesce(${catalogItemCounts.items}, 0)`.mapWith(Number),
      audience: catalogs.audience,
    })
    .from(catalogs)
    .leftJoin(catalogItemCounts, eq(catalogItemCounts.catalogId, catalogs.id))
    .where(inArray(catalogs.lineListId, [...lineListIds]));
}

export type LineListRow = Awaited<ReturnType<typeof findLineLists>>[number];

/** A line list of any stage, with its brand name and items count. */
export async function findLineListById(db: DbExecutor, id: number): Promise<LineListRow | undefined> {
  const [row] = await db
    .select(lineListColumns)
    .from(lineLists)
    .innerJoin(brands, eq(brands.id, lineLists.brandId))
    .leftJoin(lineListItemCounts, eq(lineListItemCounts.lineListId, lineLists.id))
    .where(eq(lineLists.id, id));
  return row;
}

/** The line list's own row, as the table holds it. */
export type LineListTableRow = typeof lineLists.$inferSelect;

/**
 * A new revision for a line list whose catalogs' items changed, which are not fields of its own:
 * a client that read it before must read it again before its next write.
 */
export async function bumpLineListRevision(tx: DbExecutor, id: number): Promise<LineListTableRow> {
  const [row] = await tx
    .update(lineLists)
    .set({ revision: sql`${lineLists.revision} + 1`, updatedAt: sql`now()` })
    .where(eq(lineLists.id, id))
    .returning();
  return row!;
}

/**
 * The current line list: the newest saved one of the brands whose name contains `brandNamePart`
 * (the Crocs brand for `/api/crocs/...`).
 */
export async function findLatestLineListId(
  db: DbExecutor,
  brandNamePart: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: lineLists.id })
    .from(lineLists)
    .innerJoin(brands, eq(brands.id, lineLists.brandId))
    .where(and(eq(lineLists.stage, "saved"), ilike(brands.name, `%${brandNamePart}%`)))
    .orderBy(...newestFirst)
    .limit(1);
  return row?.id;
}

/**
 * Locks a saved line list for the rest of the transaction; undefined when there is none.
 * "no key update" suits writes that leave the row itself alone (its catalogs' items): they
 * queue behind each other without blocking inserts that reference the line list.
 */
export async function lockSavedLineList(
  tx: DbExecutor,
  id: number,
  strength: "update" | "no key update" = "update",
): Promise<{ id: number; published: boolean; sortingCompleted: boolean; revision: number } | undefined> {
  const [row] = await tx
    .select({
      id: lineLists.id,
      published: lineLists.published,
      sortingCompleted: lineLists.sortingCompleted,
      revision: lineLists.revision,
    })
    .from(lineLists)
    .where(and(eq(lineLists.id, id), eq(lineLists.stage, "saved")))
    .for(strength);
  return row;
}

/** Locks a line list of any stage; undefined when there is none. */
export async function lockLineList(
  tx: DbExecutor,
  id: number,
): Promise<{ id: number; brandId: number; stage: "preview" | "saved"; revision: number } | undefined> {
  const [row] = await tx
    .select({
      id: lineLists.id,
      brandId: lineLists.brandId,
      stage: lineLists.stage,
      revision: lineLists.revision,
    })
    .from(lineLists)
    .where(eq(lineLists.id, id))
    .for("update");
  return row;
}

export type NewLineList = typeof lineLists.$inferInsert;

export async function insertLineList(tx: DbExecutor, values: NewLineList): Promise<LineListTableRow> {
  const [row] = await tx.insert(lineLists).values(values).returning();
  return row!;
}

const itemBatchSize = 5000;

/** A line list's offer of a product: its prices and date (issue 33), null when not given. */
export interface LineListOffer {
  productId: number;
  /** Dollars, e.g. 59.99 or "59.99". */
  msrp?: number | string | null;
  wholesalePrice?: number | string | null;
  /** "YYYY-MM-DD". */
  expectedShipDate?: string | null;
}

const decimal = (value: number | string | null | undefined) => (value == null ? null : String(value));

/**
 * Attaches products to a line list in order, each with the line list's own offer of it; returns
 * the item id of every product id.
 */
export async function insertLineListItems(
  tx: DbExecutor,
  lineListId: number,
  offers: readonly LineListOffer[],
): Promise<Map<number, number>> {
  const itemIds = new Map<number, number>();
  for (let start = 0; start < offers.length; start += itemBatchSize) {
    const rows = await tx
      .insert(lineListItems)
      .values(
        offers.slice(start, start + itemBatchSize).map((offer, index) => ({
          lineListId,
          productId: offer.productId,
          position: start + index,
          msrp: decimal(offer.msrp),
          wholesalePrice: decimal(offer.wholesalePrice),
          expectedShipDate: offer.expectedShipDate ?? null,
        })),
      )
      .returning({ id: lineListItems.id, productId: lineListItems.productId });
    for (const row of rows) itemIds.set(row.productId, row.id);
  }
  return itemIds;
}

/** The offer's columns of a line list item, as a staged style's `kept_fields` name them. */
const offerColumns = [
  ["msrp", "msrp"],
  ["wholesale_price", "wholesale_price"],
  ["expected_shipped_date", "expected_ship_date"],
] as const;

/**
 * Attaches the product of every style an upload staged (left-out ones aside) to the line list, in
 * the upload's order (a product it already offers takes its new place), with the file's prices
 * and date as this line list's offer: a field the style keeps stays the item's (or, for a style
 * the line list did not offer yet, takes the product's latest). No other line list's items change.
 */
export async function attachUploadToLineList(
  tx: DbExecutor,
  uploadId: number,
  brandId: number,
  lineListId: number,
): Promise<void> {
  const kept = (field: string) => `'${field}' = any(s.kept_fields)`;
  const updated = sql.raw(
    offerColumns
      .map(([field, column]) => `${column} = case when ${kept(field)} then li.${column} else s.${column} end`)
      .join(", "),
  );
  const inserted = sql.raw(
    offerColumns
      .map(([field, column]) => `case when ${kept(field)} then p.${column} else s.${column} end`)
      .join(", "),
  );
  await tx.execute(sql`
    update line_list_items li set position = s.position, ${updated}
    from staged_styles s join products p on p.brand_id = ${brandId} and p.model_code = s.model_code
    where s.upload_id = ${uploadId} and not s.left_out and li.line_list_id = ${lineListId} and li.product_id = p.id`);
  await tx.execute(sql`
    insert into line_list_items (line_list_id, product_id, position, msrp, wholesale_price, expected_ship_date)
    select ${lineListId}, p.id, s.position, ${inserted}
    from staged_styles s join products p on p.brand_id = ${brandId} and p.model_code = s.model_code
    where s.upload_id = ${uploadId} and not s.left_out
      and not exists (select 1 from line_list_items li where li.line_list_id = ${lineListId} and li.product_id = p.id)
    order by s.position
    on conflict (line_list_id, product_id) do nothing`);
}

/**
 * Of these model codes, the line list's items that cannot leave it: one an order line of this
 * line list uses ("ordered"), or one a catalog of the line list shows once it is published
 * ("published"). In the line list's order.
 */
export async function findItemsThatMustStay(
  db: DbExecutor,
  lineListId: number,
  modelCodes: readonly string[],
): Promise<{ modelCode: string; blockedBy: "ordered" | "published" }[]> {
  if (modelCodes.length === 0) return [];
  return rowsOf<{ modelCode: string; blockedBy: "ordered" | "published" }>(
    await db.execute(sql`
      select p.model_code as "modelCode",
        case when exists (select 1 from order_lines ol where ol.line_list_id = li.line_list_id and ol.product_id = li.product_id)
          then 'ordered' else 'published' end as "blockedBy"
      from line_list_items li
      join line_lists ll on ll.id = li.line_list_id
      join products p on p.id = li.product_id
      where li.line_list_id = ${lineListId}
        and p.model_code in (select jsonb_array_elements_text(${JSON.stringify(modelCodes)}::jsonb))
        and (exists (select 1 from order_lines ol where ol.line_list_id = li.line_list_id and ol.product_id = li.product_id)
          or (ll.published and exists (select 1 from catalog_items ci where ci.line_list_item_id = li.id)))
      order by li.position, li.id`),
  );
}

/** Removes the items of these model codes from the line list (their catalog placements with them). */
export async function removeLineListItems(
  tx: DbExecutor,
  lineListId: number,
  modelCodes: readonly string[],
): Promise<number> {
  if (modelCodes.length === 0) return 0;
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      delete from line_list_items li using products p
      where li.line_list_id = ${lineListId} and p.id = li.product_id
        and p.model_code in (select jsonb_array_elements_text(${JSON.stringify(modelCodes)}::jsonb))
      returning li.id`),
  );
  return rows.length;
}

/** The sizes (SKU rows) of a line list's products. */
export async function countLineListSkus(db: DbExecutor, lineListId: number): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      select count(*)::int as count
      from line_list_items li join product_sizes z on z.product_id = li.product_id
      where li.line_list_id = ${lineListId}`),
  );
  return Number(row?.count ?? 0);
}

export async function deleteLineList(tx: DbExecutor, lineListId: number): Promise<void> {
  await tx.delete(lineLists).where(eq(lineLists.id, lineListId));
}

export async function countBrandLineLists(db: DbExecutor, brandId: number): Promise<number> {
  return db.$count(lineLists, eq(lineLists.brandId, brandId));
}
