import {
  catalogTabLabels,
  segmentationFileHeaders,
  segmentationLimits,
  segmentationMessages,
  type CatalogCounts,
  type ItemPlacementChange,
  type PlaceItemsToInput,
  type PlacementResult,
  type RemoveItemsInput,
} from "@cm/contracts/catalog-segmentation";
import {
  catalogTypeValues,
  itemPlacementValues,
  unsortedCatalogType,
  type CatalogType,
  type ItemPlacement,
} from "@cm/contracts/catalogs";
import { historySummaries } from "@cm/contracts/history";
import type { LineListRowError } from "@cm/contracts/line-list-format";
import type { Database, Tx } from "../../db/client.ts";
import { changedFields, recordEntityHistory } from "../../lib/entity-write.ts";
import { DomainError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import { bumpLineListRevision, findLineListById } from "../line-lists/repository.ts";
import { lineListHistory } from "../line-lists/service.ts";
import {
  bumpAndFindPlacementState,
  type ChangedPerType,
  countPlacements,
  deletePlacements,
  deletePlacementsOtherThan,
  ensureCatalogs,
  findItemCatalogTypes,
  findItemIdsByModelCode,
  insertPlacements,
  type Placement,
} from "./repository.ts";
import { readSegmentationFile, type SegmentationFileKind } from "./segmentation-file.ts";
import { lockLineListAt, sortedTypes, type SegmentationWrite } from "./service.ts";

/**
 * The writes that place a line list's items in its catalogs: add, copy, move and remove, and the
 * pre-segmentation file. Each locks the line list for its transaction, so concurrent writes on
 * one line list apply one after the other, and each is a handful of set-based statements
 * whatever its size.
 */

/** The counts of a line list's places as the history compares them (`counts.athletic`, …). */
function countFields(counts: CatalogCounts): Record<string, number> {
  return Object.fromEntries(itemPlacementValues.map((type) => [`counts.${type}`, counts[type]]));
}

export type PlacementOperation = "add" | "copy" | "move" | "remove";

const failureMessages: Record<PlacementOperation, string> = {
  add: segmentationMessages.addFailed,
  copy: segmentationMessages.copyFailed,
  move: segmentationMessages.moveFailed,
  remove: segmentationMessages.removeFailed,
};

/** How many model codes a refusal names; the rest are only counted. */
const refusedCodesShown = 20;

/** A placement request reduced to what it does: the items it takes out of and puts into catalogs. */
export interface PlacementChanges {
  operation: PlacementOperation;
  lineListId: number;
  /** Every model code the request names, in its order (repeats allowed). */
  modelCodes: string[];
  removals: { modelCode: string; type: CatalogType }[];
  additions: { modelCode: string; type: CatalogType }[];
  /** A move's origins, where each item must still be (unsorted: in no catalog). */
  origins: { modelCode: string; origin: ItemPlacement }[];
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
    origins:
      operation === "move"
        ? changes.map(({ modelCode, originCatalogType }) => ({ modelCode, origin: originCatalogType }))
        : [],
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
    origins: [],
    message: segmentationMessages.itemsRemoved,
    summary: historySummaries.itemsRemoved(new Set(input.modelCodes).size, targetsLabel([input.catalogType])),
  };
}

/**
 * A move whose items are not all in their origins was planned on catalogs that have changed
 * since: carried out, it would put an item in its target while leaving it where someone else
 * placed it. Refused whole (409, naming the first items), like a stale revision.
 */
async function checkOrigins(
  tx: Tx,
  lineListId: number,
  origins: PlacementChanges["origins"],
  itemIds: Map<string, number>,
): Promise<void> {
  if (origins.length === 0) return;
  const placed = await findItemCatalogTypes(
    tx,
    lineListId,
    origins.map(({ modelCode }) => itemIds.get(modelCode)!),
  );
  const left = origins.filter(({ modelCode, origin }) => {
    const types = placed.get(itemIds.get(modelCode)!);
    return origin === unsortedCatalogType ? types !== undefined : !types?.has(origin);
  });
  if (left.length === 0) return;
  throw new DomainError(409, segmentationMessages.itemsLeftOrigin, {
    modelCodes: left
      .slice(0, refusedCodesShown)
      .map(({ modelCode, origin }) => segmentationMessages.itemLeftOrigin(modelCode, origin)),
  });
}

/**
 * Applies a placement request in one transaction: all of it, or nothing when the line list is
 * unknown (404), changed since the revision the client sent (409), any model code is not one of
 * its items (400, naming the first codes) or a moved item is no longer in its origin (409).
 * Sending it again without a revision gives the same state; a request that changed something
 * gives the line list and the catalogs whose items changed a new revision, and is recorded once,
 * as a `move` of the line list.
 */
export async function applyPlacementChanges(
  db: Database,
  changes: PlacementChanges,
  expectedRevision: number | undefined,
  actorUserId: number | null,
): Promise<SegmentationWrite<PlacementResult>> {
  const { lineListId } = changes;
  const namedCodes = [...new Set(changes.modelCodes)];
  return db.transaction(async (tx) => {
    const lineList = await lockLineListAt(tx, lineListId, expectedRevision, {
      notFoundMessage: segmentationMessages.catalogOrLineListNotFound,
      strength: "no key update",
    });
    const itemIds = await findItemIdsByModelCode(tx, lineListId, namedCodes);
    const unknown = namedCodes.filter((code) => !itemIds.has(code));
    if (unknown.length > 0) {
      throw new InvalidError(failureMessages[changes.operation], {
        modelCodes: unknown
          .slice(0, refusedCodesShown)
          .map(segmentationMessages.segmentationUnknownModelCode),
      });
    }
    await checkOrigins(tx, lineListId, changes.origins, itemIds);

    const catalogs = await ensureCatalogs(tx, lineListId);
    const countsBefore = await countPlacements(tx, lineListId);
    const toPlacements = (list: PlacementChanges["additions"]): Placement[] =>
      list.map(({ modelCode, type }) => ({ itemId: itemIds.get(modelCode)!, type }));
    const removed = await deletePlacements(tx, lineListId, toPlacements(changes.removals));
    const added = await insertPlacements(tx, lineListId, toPlacements(changes.additions));
    return finishPlacementWrite(tx, {
      lineList,
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
 * How every placement write ends, once its removals and additions are made: when any catalog's
 * items changed, a new revision for it and for the line list, and one `move` entry on the line
 * list (with the counts that changed; catalogs created on the way are part of it); then the
 * answer with the named items, the counts and the line list's revision.
 */
async function finishPlacementWrite(
  tx: Tx,
  write: {
    lineList: { id: number; revision: number };
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
  const { actorUserId, catalogs, namedCodes, itemIds } = write;
  const lineListId = write.lineList.id;
  let revision = write.lineList.revision;
  const { removed, added } = write.changed;
  const changedTypes = catalogTypeValues.filter((type) => (removed[type] ?? 0) + (added[type] ?? 0) > 0);
  // Read before the history entry, which changes none of it.
  const state = await bumpAndFindPlacementState(tx, lineListId, changedTypes, [...itemIds.values()]);
  const { counts } = state;
  if (changedTypes.length > 0) {
    const lineList = await bumpLineListRevision(tx, lineListId);
    revision = lineList.revision;
    await recordEntityHistory(
      tx,
      lineListHistory,
      [
        {
          row: lineList,
          action: "move",
          changes: changedFields(countFields(write.countsBefore), countFields(counts)),
          summary: write.summary,
          details: { items: namedCodes.length, ...write.details, added, removed },
          beforeRevision: write.lineList.revision,
          afterRevision: revision,
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
    revision,
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
  expectedRevision: number | undefined,
  actorUserId: number | null,
): Promise<PreSegmentationOutcome> {
  const lineList = await findLineListById(db, lineListId);
  if (!lineList || lineList.stage !== "saved")
    throw new NotFoundError(segmentationMessages.catalogOrLineListNotFound);

  const read = await readSegmentationFile(file.bytes, file.kind);
  if (!read.ok) return refusal(read.errors);

  return db.transaction(async (tx) => {
    const locked = await lockLineListAt(tx, lineListId, expectedRevision, {
      notFoundMessage: segmentationMessages.catalogOrLineListNotFound,
      strength: "no key update",
    });
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
        lineList: locked,
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
