import { portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { NotFoundError } from "../../lib/errors.ts";
import type { PortalContext } from "../auth/api-guard.ts";
import { lineListPublishedSql } from "../line-lists/published.ts";

/**
 * Who sees what in the customer portal (issue 34, docs/portal.md "Who sees what"): the one rule
 * every portal read and write uses, so the catalogs, the styles, the cart and placing an order
 * cannot disagree about it.
 *
 * A catalog `c` of a line list `ll` is visible to a store when
 * - the line list is saved and published, or its scheduled publication time has passed (so it is
 *   visible on time even before the publication scheduler has run),
 * - the store and its organization are active,
 * - the store's brand focus includes the line list's brand, and
 * - the store's segmentation for that brand is in the catalog's audience.
 *
 * The SQL names the line list `ll` and the catalog `c`; `storeId` is a number or an SQL expression.
 */
export function catalogVisibleSql(storeId: number | SQL): SQL {
  return sql`(
    ll.stage = 'saved'
    and ${lineListPublishedSql()}
    and exists (
      select 1
      from store_brand_segmentations sbs
      join stores vs on vs.id = sbs.store_id and vs.status = 'active'
      join organizations vo on vo.id = vs.organization_id and vo.status = 'active'
      where sbs.store_id = ${storeId}
        and sbs.brand_id = ll.brand_id
        and sbs.segmentation = any(c.audience)
    )
  )`;
}

/**
 * An item `li` (line_list_items) of line list `ll` is orderable by the store when it is placed in a
 * catalog of `ll` visible to the store.
 */
export function itemVisibleSql(storeId: number | SQL): SQL {
  return sql`exists (
    select 1 from catalog_items ci join catalogs c on c.id = ci.catalog_id
    where ci.line_list_item_id = li.id and ${catalogVisibleSql(storeId)}
  )`;
}

export interface PortalStore {
  id: number;
  name: string;
  organizationId: number;
}

/**
 * The store `storeId` when the signed-in customer may use it: an active store of their organization
 * they are linked to. Anything else (another organization's store, an unlinked or inactive one)
 * answers 404 "Store not found", never whether it exists.
 */
export async function findPortalStore(
  db: DbExecutor,
  userId: number,
  portal: PortalContext,
  storeId: number,
): Promise<PortalStore> {
  const [store] = rowsOf<PortalStore>(
    await db.execute(sql`select s.id, s.name, s.organization_id as "organizationId"
        from stores s join store_users su on su.store_id = s.id and su.user_id = ${userId}
        where s.id = ${storeId} and s.organization_id = ${portal.organizationId} and s.status = 'active'`),
  );
  if (!store) throw new NotFoundError(portalCatalogMessages.storeNotFound);
  return store;
}

/**
 * Staff's "View as store": any store of a customer organization, or 404. An inactive store, or one
 * of an inactive organization, is found but sees nothing, as the rule above says.
 */
export async function findViewedStore(db: DbExecutor, storeId: number): Promise<PortalStore> {
  const [store] = rowsOf<PortalStore>(
    await db.execute(sql`select s.id, s.name, s.organization_id as "organizationId"
        from stores s join organizations o on o.id = s.organization_id
        where s.id = ${storeId} and o.type = 'external'`),
  );
  if (!store) throw new NotFoundError(portalCatalogMessages.storeNotFound);
  return store;
}
