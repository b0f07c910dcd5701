import { crocsBrandNamePart } from "@cm/contracts/brands";
import {
  catalogTabLabels,
  segmentationFileHeaders,
  segmentationLimits,
  segmentationMessages,
  type CatalogCounts,
  type CatalogItem,
  type CreateCatalogsResult,
  type ItemPlacementChange,
  type LineListCatalogsInput,
  type PlaceItemsToInput,
  type PlacementResult,
  type PopulatedCatalogs,
  type RemoveItemsInput,
} from "@cm/contracts/catalog-segmentation";
import {
  catalogMessages,
  catalogTypeValues,
  itemPlacementValues,
  unsortedCatalogType,
  type CatalogType,
  type ItemPlacement,
  type PublishCatalogInput,
} from "@cm/contracts/catalogs";
import { historySummaries } from "@cm/contracts/history";
import { noImageText, type LineListRowError } from "@cm/contracts/line-list-format";
import type { LineList } from "@cm/contracts/line-lists";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import {
  changedFields,
  recordCreated,
  recordEntityHistory,
  updateEntity,
  type HistoryEntity,
} from "../../lib/entity-write.ts";
import { InvalidError, NotFoundError } from "../../lib/errors.ts";
import {
  findLatestLineListId,
  findLineListById,
  findLineListRow,
  lockSavedLineList,
} from "../line-lists/repository.ts";
import { lineListHistory, lineListLabel, toLineList } from "../line-lists/service.ts";
import {
  bumpAndFindPlacementState,
  type ChangedPerType,
  countPlacements,
  deletePlacements,
  deletePlacementsOtherThan,
  ensureCatalogs,
  findCatalogRevisions,
  findItemIdsByModelCode,
  findSegmentationItems,
  insertPlacements,
  type Placement,
} from "./repository.ts";
import { readSegmentationFile, type SegmentationFileKind } from "./segmentation-file.ts";

/**
 * Publishes a line list's catalogs: the line list with the given id, or else the current
 * (newest) line list of the Crocs brand. Publishing is one-way, and publishing a published line
 * list again changes nothing.
 */
export async function publishCatalog(
  db: Database,
  input: PublishCatalogInput,
  actorUserId: number | null,
): Promise<{ lineList: LineList; changed: boolean }> {
  const lineListId = input.lineListId ?? (await findLatestLineListId(db, crocsBrandNamePart));
  if (lineListId === undefined) throw new NotFoundError(catalogMessages.noLineListFound);

  return db.transaction(async (tx) => {
    // Locked, so two publishers of the same line list record one publication between them.
    const current = await lockSavedLineList(tx, lineListId);
    if (!current) throw new NotFoundError(catalogMessages.noLineListFound);
    if (!current.published) {
      await updateEntity(tx, lineListHistory, {
        id: lineListId,
        expectedRevision: undefined,
        actorUserId,
        action: "publish",
        apply: () => ({ published: true, publishedAt: sql`now()` }),
      });
    }
    return { lineList: toLineList((await findLineListById(tx, lineListId))!), changed: !current.published };
  });
}

/* ---------------------------------------------------------------------------------------------
 * Segmentation (issue 6): sorting a line list's items into its catalogs. An item is unsorted when
 * it is in no catalog and may be in several. Every write locks the line list for its transaction,
 * so concurrent writes on one line list apply one after the other, and each is a handful of
 * set-based statements whatever its size.
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

function sortedTypes(types: Set<CatalogType> | undefined): CatalogType[] {
  return types ? catalogTypeValues.filter((type) => types.has(type)) : [];
}

/** The placeholder (null) when the product has no picture; "No Image" is stored as none. */
function imageUrl(first: string | null): string | null {
  const url = first?.trim();
  return url && url.toLowerCase() !== noImageText.toLowerCase() ? url : null;
}

/**
 * The segmentation's revision: the sum of its catalogs' revisions, so it grows with every change
 * to any of them. What a placement write answers as `nextExpectedStreamVersion`.
 */
function segmentationRevision(revisions: Map<CatalogType, number>): number {
  let sum = 0;
  for (const revision of revisions.values()) sum += revision;
  return sum;
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

/** The counts of a line list's places as the history compares them (`counts.athletic`, …). */
function countFields(counts: CatalogCounts): Record<string, number> {
  return Object.fromEntries(itemPlacementValues.map((type) => [`counts.${type}`, counts[type]]));
}

export interface SegmentationWrite<TResult> {
  result: TResult;
  /** See `segmentationRevision`. */
  revision: number;
  /** Whether the request created catalogs (the line list had none of some type). */
  createdCatalogs: boolean;
}

/** `POST /api/crocs/catalogs/create`: the line list's three catalogs, created when missing. */
export async function createCatalogs(
  db: Database,
  input: LineListCatalogsInput,
  actorUserId: number | null,
): Promise<SegmentationWrite<CreateCatalogsResult>> {
  const { lineListId } = input;
  return db.transaction(async (tx) => {
    if (!(await lockSavedLineList(tx, lineListId, "no key update"))) {
      throw new NotFoundError(segmentationMessages.catalogOrLineListNotFound);
    }
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
      revision: segmentationRevision(await findCatalogRevisions(tx, lineListId)),
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
  actorUserId: number | null,
): Promise<{ lineList: LineList; changed: boolean }> {
  const { lineListId } = input;
  return db.transaction(async (tx) => {
    const locked = await lockSavedLineList(tx, lineListId);
    if (!locked) throw new NotFoundError(catalogMessages.noLineListFound);
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

export type PlacementOperation = "add" | "copy" | "move" | "remove";

const failureMessages: Record<PlacementOperation, string> = {
  add: segmentationMessages.addFailed,
  copy: segmentationMessages.copyFailed,
  move: segmentationMessages.moveFailed,
  remove: segmentationMessages.removeFailed,
};

/** How many unknown model codes a refusal names; the rest are only counted. */
const unknownCodesShown = 20;

/** A placement request reduced to what it does: the items it takes out of and puts into catalogs. */
export interface PlacementChanges {
  operation: PlacementOperation;
  lineListId: number;
  /** Every model code the request names, in its order (repeats allowed). */
  modelCodes: string[];
  removals: { modelCode: string; type: CatalogType }[];
  additions: { modelCode: string; type: CatalogType }[];
  message: string;
  /** The history entry's summary ("12 item(s) moved to Boutique Catalog"). */
  summary: string;
}

/** "Athletic Catalog", or "Athletic Catalog and Crocs Catalog" for a request with several targets. */
function targetsLabel(targets: readonly CatalogType[]): string {
  const labels = catalogTypeValues
    .filter((type) => targets.includes(type))
    .map((type) => catalogTabLabels[type]);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

function checkSelection(
  changes: readonly { originCatalogType: ItemPlacement; targetCatalogType: CatalogType }[],
): void {
  if (changes.length === 0) throw new InvalidError(segmentationMessages.noItemsToMove);
  if (changes.some((change) => change.originCatalogType === change.targetCatalogType)) {
    throw new InvalidError(segmentationMessages.sameCategory);
  }
}

/**
 * Add, copy and move as the spec's per-item requests (`add-items`, `copy-items`, `move-items`)
 * describe them. Add and copy put each item in its target and leave it where it was; move also
 * takes it out of its origin (from unsorted, a move is an add). An item named twice ends up in
 * every target it was sent to: all removals of a request happen before its additions.
 */
export function describePlacementChanges(
  operation: Exclude<PlacementOperation, "remove">,
  lineListId: number,
  changes: readonly ItemPlacementChange[],
): PlacementChanges {
  checkSelection(changes);
  const modelCodes = changes.map((change) => change.modelCode);
  const targets = [...new Set(changes.map((change) => change.targetCatalogType))];
  const label = targetsLabel(targets);
  const count = new Set(modelCodes).size;
  const fromUnsorted = changes.every((change) => change.originCatalogType === unsortedCatalogType);
  const messages = {
    move: () => segmentationMessages.itemsMoved(count, label),
    copy: () => segmentationMessages.itemsCopied(count, label),
    add: () =>
      fromUnsorted
        ? segmentationMessages.itemsAddedFromUnsorted(label)
        : segmentationMessages.itemsAddedToCatalog(...targets),
  };
  const message = messages[operation]();
  const summaries = {
    move: historySummaries.itemsMoved,
    copy: historySummaries.itemsCopied,
    add: historySummaries.itemsAdded,
  };
  return {
    operation,
    lineListId,
    modelCodes,
    removals:
      operation === "move"
        ? changes.flatMap(({ modelCode, originCatalogType }) =>
            originCatalogType === unsortedCatalogType ? [] : [{ modelCode, type: originCatalogType }],
          )
        : [],
    additions: changes.map(({ modelCode, targetCatalogType }) => ({ modelCode, type: targetCatalogType })),
    message,
    summary: summaries[operation](count, label),
  };
}

/** `add-items-to`, `copy-items-to` and a move of many items from one origin to one target. */
export function describePlaceItemsTo(
  operation: Exclude<PlacementOperation, "remove">,
  input: PlaceItemsToInput,
): PlacementChanges {
  const { lineListId, modelCodes, originCatalogType, targetCatalogType } = input;
  return describePlacementChanges(
    operation,
    lineListId,
    modelCodes.map((modelCode) => ({ modelCode, originCatalogType, targetCatalogType })),
  );
}

/** `remove-items`: the items leave that catalog; those in no other catalog are unsorted again. */
export function describeRemoval(input: RemoveItemsInput): PlacementChanges {
  if (input.modelCodes.length === 0) throw new InvalidError(segmentationMessages.noItemsToMove);
  return {
    operation: "remove",
    lineListId: input.lineListId,
    modelCodes: input.modelCodes,
    removals: input.modelCodes.map((modelCode) => ({ modelCode, type: input.catalogType })),
    additions: [],
    message: segmentationMessages.itemsRemoved,
    summary: historySummaries.itemsRemoved(new Set(input.modelCodes).size, targetsLabel([input.catalogType])),
  };
}

/**
 * Applies a placement request in one transaction: all of it, or nothing when the line list is
 * unknown (404) or any model code is not one of its items (400, naming the first codes). Sending
 * it again gives the same state; catalogs whose items changed get a new revision, and a request
 * that changed something is recorded once, as a `move` of the line list.
 */
export async function applyPlacementChanges(
  db: Database,
  changes: PlacementChanges,
  actorUserId: number | null,
): Promise<SegmentationWrite<PlacementResult>> {
  const { lineListId } = changes;
  const namedCodes = [...new Set(changes.modelCodes)];
  return db.transaction(async (tx) => {
    if (!(await lockSavedLineList(tx, lineListId, "no key update"))) {
      throw new NotFoundError(segmentationMessages.catalogOrLineListNotFound);
    }
    const itemIds = await findItemIdsByModelCode(tx, lineListId, namedCodes);
    const unknown = namedCodes.filter((code) => !itemIds.has(code));
    if (unknown.length > 0) {
      throw new InvalidError(failureMessages[changes.operation], {
        modelCodes: unknown
          .slice(0, unknownCodesShown)
          .map(segmentationMessages.segmentationUnknownModelCode),
      });
    }

    const catalogs = await ensureCatalogs(tx, lineListId);
    const countsBefore = await countPlacements(tx, lineListId);
    const toPlacements = (list: PlacementChanges["additions"]): Placement[] =>
      list.map(({ modelCode, type }) => ({ itemId: itemIds.get(modelCode)!, type }));
    const removed = await deletePlacements(tx, lineListId, toPlacements(changes.removals));
    const added = await insertPlacements(tx, lineListId, toPlacements(changes.additions));
    return finishPlacementWrite(tx, {
      lineListId,
      actorUserId,
      catalogs,
      namedCodes,
      itemIds,
      changed: { removed, added },
      countsBefore,
      summary: changes.summary,
      details: { operation: changes.operation, modelCodes: namedCodes.slice(0, 100) },
    });
  });
}

/**
 * How every placement write ends, once its removals and additions are made: a new revision for
 * each catalog whose items changed, one `move` entry on the line list when any did (with the
 * counts that changed; catalogs created on the way are part of it), and the answer with the
 * named items and the counts.
 */
async function finishPlacementWrite(
  tx: Tx,
  write: {
    lineListId: number;
    actorUserId: number | null;
    catalogs: Awaited<ReturnType<typeof ensureCatalogs>>;
    namedCodes: readonly string[];
    itemIds: Map<string, number>;
    changed: { removed: ChangedPerType; added: ChangedPerType };
    countsBefore: CatalogCounts;
    summary: string;
    details: Record<string, unknown>;
  },
): Promise<SegmentationWrite<PlacementResult>> {
  const { lineListId, actorUserId, catalogs, namedCodes, itemIds } = write;
  const { removed, added } = write.changed;
  const changedTypes = catalogTypeValues.filter((type) => (removed[type] ?? 0) + (added[type] ?? 0) > 0);
  // Read before the history entry, which changes none of it.
  const state = await bumpAndFindPlacementState(tx, lineListId, changedTypes, [...itemIds.values()]);
  const { counts } = state;
  if (changedTypes.length > 0) {
    const lineList = await findLineListRow(tx, lineListId);
    await recordEntityHistory(
      tx,
      lineListHistory,
      [
        {
          row: lineList!,
          action: "move",
          changes: changedFields(countFields(write.countsBefore), countFields(counts)),
          summary: write.summary,
          details: { items: namedCodes.length, ...write.details, added, removed },
        },
      ],
      { actorUserId },
    );
  }
  return {
    result: {
      lineListId,
      items: namedCodes.map((modelCode) => ({
        modelCode,
        catalogTypes: sortedTypes(state.placements.get(itemIds.get(modelCode)!)),
      })),
      counts,
    },
    revision: segmentationRevision(state.revisions),
    createdCatalogs: catalogs.created.length > 0,
  };
}

/** Why a pre-segmentation file was refused: its first errors and how many there are. */
export interface PreSegmentationRefusal {
  errors: LineListRowError[];
  errorCount: number;
}

export type PreSegmentationOutcome =
  | ({ ok: true } & SegmentationWrite<PlacementResult> & { message: string })
  | ({ ok: false } & PreSegmentationRefusal);

function refusal(errors: LineListRowError[]): { ok: false } & PreSegmentationRefusal {
  const sorted = [...errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return {
    ok: false,
    errors: sorted.slice(0, segmentationLimits.maxSegmentationErrors),
    errorCount: errors.length,
  };
}

/**
 * `POST /api/crocs/catalogs/pre-segmented`: places the items a file names. Each item named is
 * then in exactly the catalogs its rows list ("unsorted" adds none); items not named stay where
 * they are. A file with any bad row changes nothing and is answered with its errors.
 */
export async function applyPreSegmentation(
  db: Database,
  lineListId: number,
  file: { bytes: Buffer; kind: SegmentationFileKind },
  actorUserId: number | null,
): Promise<PreSegmentationOutcome> {
  const lineList = await findLineListById(db, lineListId);
  if (!lineList || lineList.stage !== "saved")
    throw new NotFoundError(segmentationMessages.catalogOrLineListNotFound);

  const read = await readSegmentationFile(file.bytes, file.kind);
  if (!read.ok) return refusal(read.errors);

  return db.transaction(async (tx) => {
    if (!(await lockSavedLineList(tx, lineListId, "no key update"))) {
      throw new NotFoundError(segmentationMessages.catalogOrLineListNotFound);
    }
    const namedCodes = [...new Set(read.rows.map((row) => row.modelCode))];
    const itemIds = await findItemIdsByModelCode(tx, lineListId, namedCodes);
    const errors = [...read.errors];
    for (const row of read.rows) {
      if (itemIds.has(row.modelCode)) continue;
      errors.push({
        row: row.row,
        column: segmentationFileHeaders.modelCode,
        value: row.modelCode.slice(0, 100),
        message: segmentationMessages.segmentationUnknownModelCode(row.modelCode.slice(0, 100)),
      });
    }
    if (errors.length > 0) return refusal(errors);

    const wanted = new Map<string, Set<CatalogType>>(namedCodes.map((code) => [code, new Set()]));
    for (const row of read.rows) {
      if (row.placement !== unsortedCatalogType) wanted.get(row.modelCode)!.add(row.placement);
    }
    const placements: Placement[] = [...wanted].flatMap(([code, types]) =>
      [...types].map((type) => ({ itemId: itemIds.get(code)!, type })),
    );

    const catalogs = await ensureCatalogs(tx, lineListId);
    const countsBefore = await countPlacements(tx, lineListId);
    const removed = await deletePlacementsOtherThan(tx, lineListId, [...itemIds.values()], placements);
    const added = await insertPlacements(tx, lineListId, placements);
    return {
      ok: true as const,
      ...(await finishPlacementWrite(tx, {
        lineListId,
        actorUserId,
        catalogs,
        namedCodes,
        itemIds,
        changed: { removed, added },
        countsBefore,
        summary: historySummaries.itemsPlacedFromFile(namedCodes.length),
        details: { operation: "pre-segment", rows: read.rows.length },
      })),
      message: segmentationMessages.segmentationApplied(namedCodes.length),
    };
  });
}
