import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { CatalogCounts } from "@cm/contracts/catalog-segmentation";
import { catalogTypeValues, type CatalogType } from "@cm/contracts/catalogs";
import { type DbExecutor, rowsOf } from "../../db/client.ts";
import { catalogItems, catalogs } from "../../db/schema.ts";

/**
 * Creates the catalogs of a line list that do not exist yet, one per type. Returns the id of
 * every catalog of the line list and which types it created now.
 */
export async function ensureCatalogs(
  tx: DbExecutor,
  lineListId: number,
): Promise<{ ids: Map<CatalogType, number>; created: CatalogType[] }> {
  const inserted = await tx
    .insert(catalogs)
    .values(catalogTypeValues.map((type) => ({ lineListId, type })))
    .onConflictDoNothing({ target: [catalogs.lineListId, catalogs.type] })
    .returning({ type: catalogs.type });
  const rows = await tx
    .select({ id: catalogs.id, type: catalogs.type })
    .from(catalogs)
    .where(eq(catalogs.lineListId, lineListId));
  return {
    ids: new Map(rows.map((row) => [row.type, row.id])),
    created: inserted.map((row) => row.type),
  };
}

const placementBatchSize = 10_000;

/** Puts items of a line list into its catalogs; an item already there stays as it is. */
export async function insertCatalogItems(
  tx: DbExecutor,
  placements: readonly { catalogId: number; lineListId: number; lineListItemId: number }[],
): Promise<void> {
  for (let start = 0; start < placements.length; start += placementBatchSize) {
    await tx
      .insert(catalogItems)
      .values(placements.slice(start, start + placementBatchSize))
      .onConflictDoNothing();
  }
}

/* ---------------------------------------------------------------------------------------------
 * Segmentation (issue 6). Every statement below is set-based: a request naming 10,000 items is
 * the same handful of statements as one naming a single item. Lists travel as one JSON parameter
 * (PostgreSQL takes at most 65,535 parameters per statement).
 * ------------------------------------------------------------------------------------------- */

/** The line list items of these model codes (codes not in the line list are simply absent). */
export async function findItemIdsByModelCode(
  db: DbExecutor,
  lineListId: number,
  modelCodes: readonly string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (modelCodes.length === 0) return ids;
  const rows = rowsOf<{ id: number; model_code: string }>(
    await db.execute(sql`
      select li.id, p.model_code
      from line_list_items li join products p on p.id = li.product_id
      where li.line_list_id = ${lineListId}
        and p.model_code in (select jsonb_array_elements_text(${JSON.stringify(modelCodes)}::jsonb))`),
  );
  for (const row of rows) ids.set(row.model_code, Number(row.id));
  return ids;
}

/** An item of the line list (its `line_list_items` id) and a catalog type. */
export interface Placement {
  itemId: number;
  type: CatalogType;
}

/** How many placements each catalog gained or lost. */
export type ChangedPerType = Partial<Record<CatalogType, number>>;

/** Runs a write that returns the catalog type of each placement it changed, and counts them per type. */
async function changedPerType(tx: DbExecutor, write: SQL): Promise<ChangedPerType> {
  const counts: ChangedPerType = {};
  for (const row of rowsOf<{ type: CatalogType }>(await tx.execute(write))) {
    counts[row.type] = (counts[row.type] ?? 0) + 1;
  }
  return counts;
}

const placementsTable = (placements: readonly Placement[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(placements.map(({ itemId, type }) => ({ item_id: itemId, type })))}::jsonb) as x(item_id int, type text)`;

/** Takes items out of catalogs; returns how many placements each catalog lost. */
export async function deletePlacements(
  tx: DbExecutor,
  lineListId: number,
  placements: readonly Placement[],
): Promise<ChangedPerType> {
  if (placements.length === 0) return {};
  return changedPerType(
    tx,
    sql`
        with gone as (
          delete from catalog_items ci
          using ${placementsTable(placements)}, catalogs c
          where c.line_list_id = ${lineListId} and c.type = x.type
            and ci.catalog_id = c.id and ci.line_list_item_id = x.item_id
          returning ci.catalog_id
        )
        select c.type from gone join catalogs c on c.id = gone.catalog_id`,
  );
}

/** Puts items into catalogs (those already there stay); returns how many each catalog gained. */
export async function insertPlacements(
  tx: DbExecutor,
  lineListId: number,
  placements: readonly Placement[],
): Promise<ChangedPerType> {
  if (placements.length === 0) return {};
  return changedPerType(
    tx,
    sql`
        with added as (
          insert into catalog_items (catalog_id, line_list_id, line_list_item_id)
          select distinct c.id, ${lineListId}::int, x.item_id
          from ${placementsTable(placements)}
          join catalogs c on c.line_list_id = ${lineListId} and c.type = x.type
          on conflict do nothing
          returning catalog_id
        )
        select c.type from added join catalogs c on c.id = added.catalog_id`,
  );
}

/**
 * Makes these items' catalogs exactly the given ones: each item of `itemIds` leaves every catalog
 * not listed for it in `placements`. Returns how many placements each catalog lost.
 */
export async function deletePlacementsOtherThan(
  tx: DbExecutor,
  lineListId: number,
  itemIds: readonly number[],
  placements: readonly Placement[],
): Promise<ChangedPerType> {
  if (itemIds.length === 0) return {};
  return changedPerType(
    tx,
    sql`
        with kept as (
          select c.id as catalog_id, x.item_id
          from ${placementsTable(placements)}
          join catalogs c on c.line_list_id = ${lineListId} and c.type = x.type
        ),
        gone as (
          delete from catalog_items ci
          where ci.line_list_id = ${lineListId}
            and ci.line_list_item_id in (select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::int)
            and not exists (
              select 1 from kept where kept.catalog_id = ci.catalog_id and kept.item_id = ci.line_list_item_id
            )
          returning ci.catalog_id
        )
        select c.type from gone join catalogs c on c.id = gone.catalog_id`,
  );
}

/** Bumps the revision of these catalogs of the line list. */
export async function bumpCatalogRevisions(
  tx: DbExecutor,
  lineListId: number,
  types: readonly CatalogType[],
): Promise<void> {
  if (types.length === 0) return;
  await tx
    .update(catalogs)
    .set({ revision: sql`${catalogs.revision} + 1`, updatedAt: sql`now()` })
    .where(and(eq(catalogs.lineListId, lineListId), inArray(catalogs.type, [...types])));
}

/** The revision of each catalog of the line list. */
export async function findCatalogRevisions(
  db: DbExecutor,
  lineListId: number,
): Promise<Map<CatalogType, number>> {
  const rows = await db
    .select({ type: catalogs.type, revision: catalogs.revision })
    .from(catalogs)
    .where(eq(catalogs.lineListId, lineListId));
  return new Map(rows.map((row) => [row.type, row.revision]));
}

/** How many items each catalog of the line list holds, and how many are in none (unsorted). */
export async function countPlacements(db: DbExecutor, lineListId: number): Promise<CatalogCounts> {
  const [row] = rowsOf<Record<keyof CatalogCounts, number | string>>(
    await db.execute(sql`
      select
        (select count(*) from line_list_items li
          where li.line_list_id = ${lineListId}
            and not exists (select 1 from catalog_items ci where ci.line_list_item_id = li.id)) as unsorted,
        count(*) filter (where c.type = 'athletic') as athletic,
        count(*) filter (where c.type = 'boutique') as boutique,
        count(*) filter (where c.type = 'crocs') as crocs
      from catalog_items ci join catalogs c on c.id = ci.catalog_id
      where ci.line_list_id = ${lineListId}`),
  );
  return {
    unsorted: Number(row?.unsorted ?? 0),
    athletic: Number(row?.athletic ?? 0),
    boutique: Number(row?.boutique ?? 0),
    crocs: Number(row?.crocs ?? 0),
  };
}

/** The catalog types of each item of the line list that is in at least one catalog. */
export async function findPlacementsOfLineList(
  db: DbExecutor,
  lineListId: number,
  itemIds?: readonly number[],
): Promise<Map<number, Set<CatalogType>>> {
  const onlyThese =
    itemIds === undefined
      ? sql``
      : sql`and ci.line_list_item_id in (select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::int)`;
  const rows = rowsOf<{ item_id: number; type: CatalogType }>(
    await db.execute(sql`
      select ci.line_list_item_id as item_id, c.type
      from catalog_items ci join catalogs c on c.id = ci.catalog_id
      where ci.line_list_id = ${lineListId} ${onlyThese}`),
  );
  const placements = new Map<number, Set<CatalogType>>();
  for (const row of rows) {
    const id = Number(row.item_id);
    let types = placements.get(id);
    if (!types) placements.set(id, (types = new Set()));
    types.add(row.type);
  }
  return placements;
}

export interface SegmentationItemRow {
  id: number;
  model_code: string;
  silhouette: string | null;
  color: string | null;
  first_image_url: string | null;
}

/** The line list's items with their product's fields, in the line list's order. */
export async function findSegmentationItems(
  db: DbExecutor,
  lineListId: number,
): Promise<SegmentationItemRow[]> {
  return rowsOf<SegmentationItemRow>(
    await db.execute(sql`
      select li.id, p.model_code, p.silhouette, p.color, p.image_urls[1] as first_image_url
      from line_list_items li join products p on p.id = li.product_id
      where li.line_list_id = ${lineListId}
      order by li.position, li.id`),
  );
}

/** The sizes of every item of the line list, each item's in the brand's order. */
export async function findSegmentationSizes(
  db: DbExecutor,
  lineListId: number,
): Promise<Map<number, string[]>> {
  const rows = rowsOf<{ item_id: number; sizes: string[] }>(
    await db.execute(sql`
      select li.id as item_id, array_agg(ps.size order by ps.position, ps.id) as sizes
      from line_list_items li join product_sizes ps on ps.product_id = li.product_id
      where li.line_list_id = ${lineListId}
      group by li.id`),
  );
  return new Map(rows.map((row) => [Number(row.item_id), row.sizes]));
}
