import { crocsBrandNamePart } from "@cm/contracts/brands";
import {
  catalogTabLabels,
  segmentationMessages,
  type CatalogItem,
  type CreateCatalogsResult,
  type LineListCatalogsInput,
  type PopulatedCatalogs,
} from "@cm/contracts/catalog-segmentation";
import {
  catalogMessages,
  catalogTypeValues,
  itemPlacementValues,
  unsortedCatalogType,
  type CatalogType,
  type ItemPlacement,
} from "@cm/contracts/catalogs";
import { historySummaries } from "@cm/contracts/history";
import { noImageText } from "@cm/contracts/line-list-format";
import type { LineList } from "@cm/contracts/line-lists";
import { genericMessages } from "@cm/contracts/messages";
import type { Database, Tx } from "../../db/client.ts";
import { recordCreated, updateEntity, type HistoryEntity } from "../../lib/entity-write.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { findLatestLineListId, findLineListById, lockSavedLineList } from "../line-lists/repository.ts";
import { lineListHistory, lineListLabel, toLineList } from "../line-lists/service.ts";
import { countPlacements, ensureCatalogs, findSegmentationItems } from "./repository.ts";

/**
 * Locks the saved line list a catalogs write changes, for the rest of its transaction, and checks
 * the revision the client based the write on (undefined: it did not say). 404 with the write's
 * message when there is none, 409 when it changed since; either way nothing is written.
 * "no key update" suits writes that leave the line list's own fields alone (its catalogs' items).
 */
export async function lockLineListAt(
  tx: Tx,
  lineListId: number,
  expectedRevision: number | undefined,
  options: { notFoundMessage: string; strength?: "update" | "no key update" },
): Promise<{ id: number; published: boolean; sortingCompleted: boolean; revision: number }> {
  const lineList = await lockSavedLineList(tx, lineListId, options.strength);
  if (!lineList) throw new NotFoundError(options.notFoundMessage);
  if (expectedRevision !== undefined && lineList.revision !== expectedRevision) {
    throw new ConflictError(genericMessages.staleRevision);
  }
  return lineList;
}

// Publishing (now, scheduled, to an audience) is in publication.service.ts.
export { publishCatalog } from "./publication.service.ts";

/* ---------------------------------------------------------------------------------------------
 * Segmentation: sorting a line list's items into its catalogs. An item is unsorted when it is in
 * no catalog and may be in several. The writes that place items are in placements.service.ts.
 * ------------------------------------------------------------------------------------------- */

/** The line list and its four places, each with its items in the line list's order. */
export async function getPopulatedCatalogs(db: Database, lineListId: number): Promise<PopulatedCatalogs> {
  // One snapshot, so the line list, its items and their placements agree with each other.
  return db.transaction(
    async (tx) => {
      const row = await findLineListById(tx, lineListId);
      if (!row || row.stage !== "saved") throw new NotFoundError(catalogMessages.noLineListFound);
      const items = await findSegmentationItems(tx, lineListId);

      const places = new Map<ItemPlacement, CatalogItem[]>(itemPlacementValues.map((type) => [type, []]));
      for (const [position, item] of items.entries()) {
        const types = sortedTypes(new Set(item.types));
        const catalogItem: CatalogItem = {
          id: item.model_code,
          model_code: item.model_code,
          silhouette: item.silhouette,
          color: item.color,
          sizes: item.sizes,
          image_url: imageUrl(item.first_image_url),
          position,
          catalogTypes: types,
        };
        if (types.length === 0) places.get(unsortedCatalogType)!.push(catalogItem);
        for (const type of types) places.get(type)!.push(catalogItem);
      }
      return {
        lineList: toLineList(row),
        catalogs: itemPlacementValues.map((type) => ({ type, lineListId, items: places.get(type)! })),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The current line list's catalogs: those of the newest saved line list of the Crocs brand. */
export async function getLatestCatalogs(db: Database): Promise<PopulatedCatalogs> {
  const lineListId = await findLatestLineListId(db, crocsBrandNamePart);
  if (lineListId === undefined) throw new NotFoundError(segmentationMessages.noCurrentCatalogs);
  return getPopulatedCatalogs(db, lineListId);
}

export function sortedTypes(types: Set<CatalogType> | undefined): CatalogType[] {
  return types ? catalogTypeValues.filter((type) => types.has(type)) : [];
}

/** The placeholder (null) when the product has no picture; "No Image" is stored as none. */
function imageUrl(first: string | null): string | null {
  const url = first?.trim();
  return url && url.toLowerCase() !== noImageText.toLowerCase() ? url : null;
}

interface CatalogRef {
  id: number;
  lineListId: number;
  type: CatalogType;
  revision?: number;
}

/** "Athletic Catalog of Crocs Spring 2027 Pre-Book". Only created on their own: items move in line lists. */
export const catalogHistory: HistoryEntity<CatalogRef> = {
  type: "catalog",
  describe: async (tx, catalog) => {
    const lineList = await findLineListById(tx, catalog.lineListId);
    const of = lineList ? ` of ${lineListLabel(lineList)}` : "";
    return {
      label: `${catalogTabLabels[catalog.type]}${of}`,
      fields: { type: catalog.type, lineListId: catalog.lineListId },
    };
  },
};

export interface SegmentationWrite<TResult> {
  result: TResult;
  /**
   * The line list's revision after the write, what the next one sends: a write that changed its
   * catalogs' items gives it a new one.
   */
  revision: number;
  /** Whether the request created catalogs (the line list had none of some type). */
  createdCatalogs: boolean;
}

/** `POST /api/crocs/catalogs/create`: the line list's three catalogs, created when missing. */
export async function createCatalogs(
  db: Database,
  input: LineListCatalogsInput,
  expectedRevision: number | undefined,
  actorUserId: number | null,
): Promise<SegmentationWrite<CreateCatalogsResult>> {
  const { lineListId } = input;
  return db.transaction(async (tx) => {
    const lineList = await lockLineListAt(tx, lineListId, expectedRevision, {
      notFoundMessage: segmentationMessages.catalogOrLineListNotFound,
      strength: "no key update",
    });
    const { ids, created } = await ensureCatalogs(tx, lineListId);
    await recordCreated(
      tx,
      catalogHistory,
      created.map((type) => ({ id: ids.get(type)!, lineListId, type, revision: 1 })),
      { actorUserId },
    );
    const ordered = catalogTypeValues.filter((type) => created.includes(type));
    return {
      result: { lineListId, created: ordered, counts: await countPlacements(tx, lineListId) },
      // Empty catalogs place no item: the line list's revision stays.
      revision: lineList.revision,
      createdCatalogs: created.length > 0,
    };
  });
}

/**
 * `POST /api/crocs/catalogs/save`: the Save Catalogs button. Makes sure the catalogs exist and
 * marks the line list's sorting completed (a revision and a history entry the first time only).
 */
export async function saveCatalogs(
  db: Database,
  input: LineListCatalogsInput,
  expectedRevision: number | undefined,
  actorUserId: number | null,
): Promise<{ lineList: LineList; changed: boolean }> {
  const { lineListId } = input;
  return db.transaction(async (tx) => {
    const locked = await lockLineListAt(tx, lineListId, expectedRevision, {
      notFoundMessage: catalogMessages.noLineListFound,
    });
    await ensureCatalogs(tx, lineListId);
    const changed = !locked.sortingCompleted;
    if (changed) {
      await updateEntity(tx, lineListHistory, {
        id: lineListId,
        expectedRevision: undefined,
        actorUserId,
        summary: historySummaries.catalogsSaved,
        apply: () => ({ sortingCompleted: true }),
      });
    }
    return { lineList: toLineList((await findLineListById(tx, lineListId))!), changed };
  });
}
