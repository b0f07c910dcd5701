import { catalogTypeValues, type CatalogType } from "@cm/contracts/catalogs";
import type { LineListType } from "@cm/contracts/line-lists";
import { portalVisitGapMinutes } from "@cm/contracts/portal-catalogs";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { brandDiscountSql, unitWhsSql } from "../orders/price.ts";
import { sizePlaceJoin, sizeScaleOrder } from "../size-scales/repository.ts";
import { catalogVisibleSql } from "./visibility.ts";

/** Catalog types in their order (athletic, boutique, crocs), for `order by`. */
const catalogTypeOrder = (type: SQL) =>
  sql`array_position(array[${sql.join(
    catalogTypeValues.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[], ${type})`;

/**
 * When the line list `ll` reached the stores: its publication, or its scheduled time when it is
 * visible by schedule before the publication scheduler has run.
 */
const publishedAtSql = sql`case when ll.published then coalesce(ll.published_at, ll.updated_at) else ll.publish_at end`;

/**
 * The time "New" compares with for this user and store: the visit before the current one. A visit
 * is a run of home openings less than `portalVisitGapMinutes` apart (`recordVisit`); while the
 * latest recorded opening is that recent it belongs to the current visit, and the one before it
 * (`previous_seen_at`) is the last visit; otherwise the current visit is not recorded yet and the
 * last visit is `seen_at`. So the answer does not depend on whether the home reads before or after
 * recording its opening. Null on a first visit.
 */
function lastVisitSql(userId: number, storeId: number): SQL {
  return sql`(
    select case when pv.seen_at > now() - make_interval(mins => ${portalVisitGapMinutes})
      then pv.previous_seen_at else pv.seen_at end
    from portal_visits pv where pv.user_id = ${userId} and pv.store_id = ${storeId}
  )`;
}

export interface PortalLineListRow {
  id: number;
  name: string;
  brandId: number;
  brandName: string;
  type: LineListType;
  deadline: string | null;
  dateOfAvailability: string | null;
  publishedAt: Date | string;
  isNew: boolean;
  catalogs: { type: CatalogType; itemsCount: number }[];
}

/**
 * The line lists with at least one catalog visible to the store that holds a style, newest
 * publication first, each with those catalogs in catalog type order. `userId` decides "New"
 * (none for staff viewing as the store); `lineListId` reads that one line list only.
 */
export async function findVisibleLineLists(
  db: DbExecutor,
  storeId: number,
  options: { userId: number | null; lineListId?: number },
): Promise<PortalLineListRow[]> {
  const isNew =
    options.userId === null
      ? sql`false`
      : sql`coalesce(${publishedAtSql} > ${lastVisitSql(options.userId, storeId)}, false)`;
  return rowsOf<PortalLineListRow>(
    await db.execute(sql`
      select ll.id, ll.name, b.id as "brandId", b.name as "brandName", ll.type,
        ll.deadline::text as deadline, ll.date_of_availability::text as "dateOfAvailability",
        ${publishedAtSql} as "publishedAt", ${isNew} as "isNew",
        json_agg(json_build_object('type', c.type, 'itemsCount', cic.items)
          order by ${catalogTypeOrder(sql`c.type`)}) as catalogs
      from line_lists ll
      join brands b on b.id = ll.brand_id
      join catalogs c on c.line_list_id = ll.id
      join catalog_item_counts cic on cic.catalog_id = c.id and cic.items > 0
      where ll.brand_id in (select sbs.brand_id from store_brand_segmentations sbs where sbs.store_id = ${storeId})
        ${options.lineListId === undefined ? sql`` : sql`and ll.id = ${options.lineListId}`}
        and ${catalogVisibleSql(storeId)}
      group by ll.id, b.id
      order by "publishedAt" desc, ll.id desc
    `),
  );
}

/** Records an opening of the store's home by the user (see `lastVisitSql`). */
export async function recordVisit(
  db: DbExecutor,
  userId: number,
  storeId: number,
): Promise<{ seenAt: Date | string; previousSeenAt: Date | string | null }> {
  const [row] = rowsOf<{ seenAt: Date | string; previousSeenAt: Date | string | null }>(
    await db.execute(sql`
      insert into portal_visits as pv (user_id, store_id, previous_seen_at, seen_at)
      values (${userId}, ${storeId}, null, now())
      on conflict (user_id, store_id) do update set
        previous_seen_at = case when pv.seen_at > now() - make_interval(mins => ${portalVisitGapMinutes})
          then pv.previous_seen_at else pv.seen_at end,
        seen_at = now()
      returning seen_at as "seenAt", previous_seen_at as "previousSeenAt"
    `),
  );
  return row!;
}

export interface PortalStylesFilter {
  catalogType?: CatalogType;
  q?: string;
  gender?: string;
  color?: string;
  page: number;
  pageSize: number;
}

export interface PortalStyleRow {
  modelCode: string;
  name: string | null;
  color: string | null;
  gender: string | null;
  imageUrl: string | null;
  catalogTypes: CatalogType[];
  msrp: string | null;
  unitWhs: string | null;
  sizes: { sku: string; size: string; available: number | null }[];
}

export interface PortalStylesRow {
  total: number;
  genders: string[];
  colors: string[];
  styles: PortalStyleRow[];
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * A page of the styles of line list `lineListId` the store sees, in one statement: the items
 * placed in a catalog visible to it (`vc`: the visibility rule, evaluated once per catalog),
 * narrowed by the filter, in the line list's order, with the total and the facets (the genders and
 * colours of every visible style, whatever the filter). Prices are the line list's offer
 * (`line_list_items.msrp` / `wholesale_price`) at the organization's discount, as staff orders
 * price them; a style with neither cannot be priced or ordered and is left out, as on New Order.
 * `available` is the Open Stock quantity of each size when `fromOwnStock`, else null.
 */
export async function findVisibleStyles(
  db: DbExecutor,
  input: {
    storeId: number;
    organizationId: number;
    lineListId: number;
    fromOwnStock: boolean;
    filter: PortalStylesFilter;
  },
): Promise<PortalStylesRow> {
  const { filter } = input;
  const conditions: SQL[] = [];
  if (filter.catalogType)
    conditions.push(sql`exists (select 1 from catalog_items ci join vc on vc.id = ci.catalog_id
      where ci.line_list_item_id = v.id and vc.type = ${filter.catalogType})`);
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(
      sql`(v.model_code ilike ${pattern} or v.silhouette ilike ${pattern} or v.color ilike ${pattern})`,
    );
  }
  // As the facets spell them: whatever the letter case and surrounding blanks.
  if (filter.gender) conditions.push(sql`lower(trim(v.gender)) = lower(${filter.gender})`);
  if (filter.color) conditions.push(sql`lower(trim(v.color)) = lower(${filter.color})`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // One value per spelling that the filter takes as the same.
  const facet = (column: SQL) => sql`coalesce((
    select json_agg(value order by lower(value), value) from (
      select min(trim(${column})) as value from visible v
      where nullif(trim(${column}), '') is not null group by lower(trim(${column}))
    ) f
  ), '[]'::json)`;

  const [row] = rowsOf<PortalStylesRow>(
    await db.execute(sql`
      with vc as materialized (
        select c.id, c.type from catalogs c join line_lists ll on ll.id = c.line_list_id
        where c.line_list_id = ${input.lineListId} and ${catalogVisibleSql(input.storeId)}
      ),
      visible as materialized (
        select li.id, li.product_id, li.position, li.msrp, li.wholesale_price,
          p.model_code, p.silhouette, p.color, p.gender
        from line_list_items li join products p on p.id = li.product_id
        where li.line_list_id = ${input.lineListId}
          and coalesce(li.wholesale_price, li.msrp) is not null
          and exists (select 1 from catalog_items ci join vc on vc.id = ci.catalog_id where ci.line_list_item_id = li.id)
      ),
      matching as materialized (
        select v.id, v.product_id, v.position, v.msrp, v.wholesale_price from visible v ${where}
      ),
      page as (
        select m.* from matching m order by m.position, m.id
        limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}
      )
      select
        (select count(*)::int from matching) as total,
        ${facet(sql`v.gender`)} as genders,
        ${facet(sql`v.color`)} as colors,
        coalesce((
          select json_agg(json_build_object(
            'modelCode', p.model_code,
            'name', p.silhouette,
            'color', p.color,
            'gender', p.gender,
            'imageUrl', p.image_urls[1],
            'catalogTypes', (
              select json_agg(vc.type order by ${catalogTypeOrder(sql`vc.type`)})
              from catalog_items ci join vc on vc.id = ci.catalog_id where ci.line_list_item_id = pg.id
            ),
            'msrp', pg.msrp::text,
            'unitWhs', ${unitWhsSql({
              // The line list's own offer (issue 33), as New Order prices it.
              msrp: sql`pg.msrp`,
              wholesalePrice: sql`pg.wholesale_price`,
              wholesaleFactor: sql`b.wholesale_factor`,
              discountPercent: brandDiscountSql(input.organizationId, sql`b.id`),
            })}::text,
            'sizes', (
              select coalesce(json_agg(json_build_object(
                'sku', ps.sku, 'size', ps.size,
                'available', ${input.fromOwnStock ? sql`ps.available_quantity` : sql`null::int`}
              ) order by ${sizeScaleOrder(sql`ps`)}), '[]'::json)
              from product_sizes ps ${sizePlaceJoin(sql`ps`, sql`p.brand_id`)} where ps.product_id = p.id
            )
          ) order by pg.position, pg.id)
          from page pg join products p on p.id = pg.product_id join brands b on b.id = p.brand_id
        ), '[]'::json) as styles
    `),
  );
  return row!;
}
