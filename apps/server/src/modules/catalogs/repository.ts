import { eq, type SQL, sql } from "drizzle-orm";
import type { CatalogCounts } from "@cm/contracts/catalog-segmentation";
import { catalogTypeValues, type CatalogType } from "@cm/contracts/catalogs";
import { type DbExecutor, rowsOf } from "../../db/client.ts";
import { catalogItems, catalogs } from "../../db/schema.ts";
import { sizePlaceJoin, sizeScaleOrder } from "../size-scales/repository.ts";

/**
 * Creates the catalogs of a line list that do not exist yet, one per type. Returns the id of
 * every catalog of the line list and which types it created now.
 */
export async function ensureCatalogs(
  tx: DbExecutor,
  lineListId: number,
): Promise<{ ids: Map<CatalogType, number>; created: CatalogType[] }> {
  const existing = await findCatalogIds(tx, lineListId);
  // Nearly always all three exist (every placement write comes here): one statement then.
  if (existing.size === catalogTypeValues.length) return { ids: existing, created: [] };
  const inserted = await tx
    .insert(catalogs)
    .values(catalogTypeValues.map((type) => ({ lineListId, type })))
    .onConflictDoNothing({ target: [catalogs.lineListId, catalogs.type] })
    .returning({ type: catalogs.type });
  return { ids: await findCatalogIds(tx, lineListId), created: inserted.map((row) => row.type) };
}

async function findCatalogIds(tx: DbExecutor, lineListId: number): Promise<Map<CatalogType, number>> {
  const rows = await tx
    .select({ id: catalogs.id, type: catalogs.type })
    .from(catalogs)
    .where(eq(catalogs.lineListId, lineListId));
  return new Map(rows.map((row) => [row.type, row.id]));
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
 * Segmentation. Every statement below is set-based: a request naming 10,000 items is
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

/** The catalogs each of these items of the line list is in; an item in none is absent. */
export async function findItemCatalogTypes(
  db: DbExecutor,
  lineListId: number,
  itemIds: readonly number[],
): Promise<Map<number, Set<CatalogType>>> {
  const types = new Map<number, Set<CatalogType>>();
  if (itemIds.length === 0) return types;
  const rows = rowsOf<{ item_id: number; type: CatalogType }>(
    await db.execute(sql`
      select ci.line_list_item_id as item_id, c.type
      from catalog_items ci join catalogs c on c.id = ci.catalog_id
      where ci.line_list_id = ${lineListId}
        and ci.line_list_item_id in (select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::int)`),
  );
  for (const row of rows) {
    const id = Number(row.item_id);
    let set = types.get(id);
    if (!set) types.set(id, (set = new Set()));
    set.add(row.type);
  }
  return types;
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

/** One row: how many items each catalog of the line list holds, and how many are in none (unsorted). */
const countsRow = (lineListId: number) => sql`
  select
    (select count(*) from line_list_items li
      where li.line_list_id = ${lineListId}
        and not exists (select 1 from catalog_items ci where ci.line_list_item_id = li.id)) as unsorted,
    count(*) filter (where c.type = 'athletic') as athletic,
    count(*) filter (where c.type = 'boutique') as boutique,
    count(*) filter (where c.type = 'crocs') as crocs
  from catalog_items ci join catalogs c on c.id = ci.catalog_id
  where ci.line_list_id = ${lineListId}`;

type CountsRow = Record<keyof CatalogCounts, number | string>;

function toCounts(row: CountsRow | undefined): CatalogCounts {
  return {
    unsorted: Number(row?.unsorted ?? 0),
    athletic: Number(row?.athletic ?? 0),
    boutique: Number(row?.boutique ?? 0),
    crocs: Number(row?.crocs ?? 0),
  };
}

/** How many items each catalog of the line list holds, and how many are in none (unsorted). */
export async function countPlacements(db: DbExecutor, lineListId: number): Promise<CatalogCounts> {
  const [row] = rowsOf<CountsRow>(await db.execute(countsRow(lineListId)));
  return toCounts(row);
}

/** What a placement write answers once its changes are made. */
export interface PlacementState {
  counts: CatalogCounts;
  /** The catalog types of each of the items asked for that is in at least one catalog. */
  placements: Map<number, Set<CatalogType>>;
}

/**
 * How every placement write ends: bumps the revision of the catalogs `bumped`, then reads the
 * counts (as `countPlacements`) and the catalogs of the items `itemIds`. One statement rather
 * than three, as each statement has a fixed cost on the embedded database however small.
 */
export async function bumpAndFindPlacementState(
  tx: DbExecutor,
  lineListId: number,
  bumped: readonly CatalogType[],
  itemIds: readonly number[],
): Promise<PlacementState> {
  // A data-modifying WITH runs once and whole, though the query reads nothing of it.
  const [row] = rowsOf<CountsRow & { placements: [number, CatalogType][] | null }>(
    await tx.execute(sql`
      with bumped as (
        update catalogs set revision = revision + 1, updated_at = now()
        where line_list_id = ${lineListId}
          and type in (select jsonb_array_elements_text(${JSON.stringify(bumped)}::jsonb))
      )
      select counts.*,
        (select json_agg(json_build_array(ci.line_list_item_id, c.type))
          from catalog_items ci join catalogs c on c.id = ci.catalog_id
          where ci.line_list_id = ${lineListId}
            and ci.line_list_item_id in (select jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb)::int)
        ) as placements
      from (${countsRow(lineListId)}) counts`),
  );
  const placements = new Map<number, Set<CatalogType>>();
  for (const [itemId, type] of row?.placements ?? []) {
    let types = placements.get(itemId);
    if (!types) placements.set(itemId, (types = new Set()));
    types.add(type);
  }
  return { counts: toCounts(row), placements };
}

export interface SegmentationItemRow {
  id: number;
  model_code: string;
  silhouette: string | null;
  color: string | null;
  first_image_url: string | null;
  /** Its sizes, in its brand's size scale order. */
  sizes: string[];
  /** The catalogs it is in (none when unsorted), in no particular order. */
  types: CatalogType[];
}

/**
 * The line list's items with their product's fields, sizes and catalogs, in the line list's
 * order. One statement answering one JSON value: the embedded database decodes a result row by
 * row in JavaScript, which costs more than the query itself once there are a few hundred items.
 */
export async function findSegmentationItems(
  db: DbExecutor,
  lineListId: number,
): Promise<SegmentationItemRow[]> {
  const [row] = rowsOf<{ items: SegmentationItemRow[] | null }>(
    await db.execute(sql`
      with items as (
        select li.id, li.position, li.product_id, p.brand_id, p.model_code, p.silhouette, p.color,
          p.image_urls[1] as first_image_url
        from line_list_items li join products p on p.id = li.product_id
        where li.line_list_id = ${lineListId}
      ),
      sizes as (
        select i.id, json_agg(ps.size order by ${sizeScaleOrder(sql`ps`)}) as sizes
        from items i join product_sizes ps on ps.product_id = i.product_id
          ${sizePlaceJoin(sql`ps`, sql`i.brand_id`)}
        group by i.id
      ),
      placed as (
        select ci.line_list_item_id as id, json_agg(c.type) as types
        from catalog_items ci join catalogs c on c.id = ci.catalog_id
        where ci.line_list_id = ${lineListId}
        group by ci.line_list_item_id
      )
      select json_agg(
          json_build_object(
            'id', i.id, 'model_code', i.model_code, 'silhouette', i.silhouette, 'color', i.color,
            'first_image_url', i.first_image_url,
            'sizes', coalesce(s.sizes, '[]'::json), 'types', coalesce(pl.types, '[]'::json))
          order by i.position, i.id) as items
      from items i left join sizes s on s.id = i.id left join placed pl on pl.id = i.id`),
  );
  return row?.items ?? [];
}
