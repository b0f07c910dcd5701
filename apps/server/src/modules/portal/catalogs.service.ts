import { orderTypeOfLineListType } from "@cm/contracts/orders";
import {
  portalCatalogMessages,
  type PortalCatalogs,
  type PortalLineList,
  type PortalSeen,
  type PortalStyles,
  type PortalStylesQuery,
} from "@cm/contracts/portal-catalogs";
import type { DbExecutor } from "../../db/client.ts";
import { NotFoundError } from "../../lib/errors.ts";
import {
  findVisibleLineLists,
  findVisibleStyles,
  recordVisit,
  type PortalLineListRow,
} from "./catalogs.repository.ts";
import type { PortalStore } from "./visibility.ts";

/**
 * What a store sees in the portal (docs/portal.md "What a store sees"). The same reads serve its
 * buyers (`viewerUserId`: "New" is theirs) and staff's "View as store" (`null`: nothing is new).
 */

const iso = (value: Date | string) => new Date(value).toISOString();

function toPortalLineList(row: PortalLineListRow): PortalLineList {
  return { ...row, publishedAt: iso(row.publishedAt) };
}

/** The line lists the store sees, newest publication first. */
export async function listPortalCatalogs(
  db: DbExecutor,
  store: PortalStore,
  viewerUserId: number | null,
): Promise<PortalCatalogs> {
  const rows = await findVisibleLineLists(db, store.id, { userId: viewerUserId });
  return { lineLists: rows.map(toPortalLineList) };
}

/**
 * A page of the styles of a line list the store sees, priced for its organization. A line list,
 * or a catalog type, the store does not see answers 404 "Line list not found".
 */
export async function listPortalStyles(
  db: DbExecutor,
  store: PortalStore,
  lineListId: number,
  query: Omit<PortalStylesQuery, "storeId">,
  viewerUserId: number | null,
): Promise<PortalStyles> {
  const [lineList] = await findVisibleLineLists(db, store.id, { userId: viewerUserId, lineListId });
  if (!lineList || (query.catalogType && !lineList.catalogs.some((c) => c.type === query.catalogType)))
    throw new NotFoundError(portalCatalogMessages.lineListNotFound);
  const found = await findVisibleStyles(db, {
    storeId: store.id,
    organizationId: store.organizationId,
    lineListId,
    // Only the distributor's own stock has a quantity a buyer can rely on; the brand fills the rest.
    fromOwnStock: orderTypeOfLineListType[lineList.type] === "open-stock",
    filter: query,
  });
  return {
    lineList: toPortalLineList(lineList),
    styles: found.styles,
    total: found.total,
    facets: { genders: found.genders, colors: found.colors },
  };
}

/** The user opened the store's portal home now. */
export async function recordPortalVisit(
  db: DbExecutor,
  userId: number,
  store: PortalStore,
): Promise<PortalSeen> {
  const visit = await recordVisit(db, userId, store.id);
  return {
    seenAt: iso(visit.seenAt),
    previousSeenAt: visit.previousSeenAt === null ? null : iso(visit.previousSeenAt),
  };
}
