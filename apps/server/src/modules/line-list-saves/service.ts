import { historySummaries } from "@cm/contracts/history";
import type { CatalogType } from "@cm/contracts/catalogs";
import {
  undoMessages,
  type LineListSave,
  type LineListSaveDetail,
  type UndoSaveData,
} from "@cm/contracts/line-list-saves";
import { lineListMessages } from "@cm/contracts/line-lists";
import { genericMessages } from "@cm/contracts/messages";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { ensureCatalogs } from "../catalogs/repository.ts";
import { findLineListById, lockLineList } from "../line-lists/repository.ts";
import { lineListHistory } from "../line-lists/service.ts";
import { recordSizesInScale } from "../size-scales/service.ts";
import { startChangeSet } from "./change-set.ts";
import {
  bumpCatalogs,
  bumpProducts,
  findLineListCatalogs,
  findOrderedProducts,
  findOtherPublishedCatalogs,
  findSave,
  findSaves,
  findSaveStyles,
  removeStyles,
  restoreStyles,
  writeOffers,
  writeSharedFields,
  writeSizes,
  type SaveRow,
} from "./repository.ts";
import {
  changedFieldsOf,
  isOfferField,
  isSharedField,
  sameValue,
  sharedFields,
  shownValue,
  type ComparedField,
  type SavedStyle,
  type StyleSnapshot,
} from "./snapshot.ts";

/**
 * A line list's saves as change sets, and undoing one (issue 33, docs/line-list-saves.md, "Saves
 * and undo"). An undo plans from the line list as it is now: each field the save changed goes
 * back where it still holds the save's value, a style the save added leaves the line list when
 * nothing holds it there, a style it removed comes back; the rest is skipped and named.
 */

function toSave(row: SaveRow): LineListSave {
  return {
    id: row.id,
    kind: row.kind,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
    fileName: row.fileName,
    counts: row.counts,
    undoes: row.undoes,
    undoneBy: row.undoneBy,
  };
}

async function requireLineList(db: DbExecutor, lineListId: number) {
  const lineList = await findLineListById(db, lineListId);
  if (!lineList) throw new NotFoundError(lineListMessages.lineListNotFound);
  return lineList;
}

/** A line list's saves, newest first. */
export async function listSaves(db: Database, lineListId: number): Promise<LineListSave[]> {
  await requireLineList(db, lineListId);
  return (await findSaves(db, lineListId)).map(toSave);
}

/** The order a save's styles are listed in: the line list's, then by model code. */
function byPosition<T extends { modelCode: string; position: number }>(a: T, b: T): number {
  return a.position - b.position || (a.modelCode < b.modelCode ? -1 : a.modelCode > b.modelCode ? 1 : 0);
}

/** One save with each style it touched and, for a changed one, each field before and after. */
export async function getSave(db: Database, lineListId: number, saveId: number): Promise<LineListSaveDetail> {
  await requireLineList(db, lineListId);
  const save = await findSave(db, lineListId, saveId);
  if (!save) throw new NotFoundError(undoMessages.notFound);
  const rows = await findSaveStyles(db, saveId);
  const styles = rows
    .map((row) => {
      const before = row.before ?? {};
      const after = row.after ?? {};
      const fields =
        row.change === "changed"
          ? changedFieldsOf(before, after).map((field) => ({
              field,
              before: shownValue(row.before, field),
              after: shownValue(row.after, field),
            }))
          : [];
      return {
        modelCode: row.modelCode,
        change: row.change,
        fields,
        position: row.after?.position ?? row.before?.position ?? Number.MAX_SAFE_INTEGER,
      };
    })
    .sort(byPosition)
    .map(({ position: _position, ...style }) => style);
  return { save: toSave(save), styles };
}

type Revert = UndoSaveData["revert"][number];
type Skip = UndoSaveData["skip"][number];

/** What an undo does, worked out before anything changes. */
interface UndoPlan {
  revert: Revert[];
  skip: Skip[];
  publishedCatalogs: UndoSaveData["publishedCatalogs"];
  /** Styles whose fields go back: the style now, and the value each field takes. */
  fieldReverts: { current: StyleSnapshot; fields: Map<ComparedField, unknown>; wrote: SavedStyle }[];
  /** Styles leaving the line list, as they are now. */
  removals: StyleSnapshot[];
  /** Styles coming back, as the save found them. */
  restores: StyleSnapshot[];
}

async function planUndo(
  tx: DbExecutor,
  lineListId: number,
  save: SaveRow,
  current: ReadonlyMap<string, StyleSnapshot>,
): Promise<UndoPlan> {
  const rows = await findSaveStyles(tx, save.id);
  const positionOf = (modelCode: string, saved: SavedStyle | null) =>
    current.get(modelCode)?.position ?? saved?.position ?? Number.MAX_SAFE_INTEGER;
  rows.sort((a, b) =>
    byPosition(
      { modelCode: a.modelCode, position: positionOf(a.modelCode, a.before ?? a.after) },
      { modelCode: b.modelCode, position: positionOf(b.modelCode, b.before ?? b.after) },
    ),
  );

  const added = rows.filter((row) => row.change === "added" && current.has(row.modelCode));
  const ordered = await findOrderedProducts(
    tx,
    lineListId,
    added.map((row) => current.get(row.modelCode)!.product_id),
  );
  const lineList = await findLineListCatalogs(tx, lineListId);

  const plan: UndoPlan = {
    revert: [],
    skip: [],
    publishedCatalogs: [],
    fieldReverts: [],
    removals: [],
    restores: [],
  };
  const skip = (modelCode: string, field: string | null, reason: string) =>
    plan.skip.push({ modelCode, field, reason });

  for (const row of rows) {
    const now = current.get(row.modelCode);
    if (row.change === "changed") {
      const before = row.before!;
      const after = row.after!;
      const fields = changedFieldsOf(before, after);
      if (!now) {
        // Gone from the line list since: nothing of it to put back.
        skip(row.modelCode, null, undoMessages.changedSince);
        continue;
      }
      const reverted = new Map<ComparedField, unknown>();
      for (const field of fields) {
        if (sameValue(now[field], after[field])) {
          reverted.set(field, before[field]);
          plan.revert.push({
            modelCode: row.modelCode,
            action: "restore-field",
            field,
            before: shownValue(before, field),
            current: shownValue(now, field),
          });
        } else if (!sameValue(now[field], before[field])) {
          skip(row.modelCode, field, undoMessages.changedSince);
        }
      }
      if (reverted.size > 0) plan.fieldReverts.push({ current: now, fields: reverted, wrote: after });
    } else if (row.change === "added") {
      if (!now) continue; // Already gone.
      if (ordered.has(now.product_id)) skip(row.modelCode, null, undoMessages.orderedStyle);
      else if (lineList.published && now.catalogs.length > 0)
        skip(row.modelCode, null, undoMessages.publishedStyle);
      else if (changedFieldsOf(row.after!, now).length > 0)
        skip(row.modelCode, null, undoMessages.changedSince);
      else {
        plan.removals.push(now);
        plan.revert.push({ modelCode: row.modelCode, action: "remove-style", field: null });
      }
    } else {
      const before = row.before as StyleSnapshot;
      if (now) {
        // Back in the line list since: as it was, nothing to do; otherwise it keeps what it has.
        if (changedFieldsOf(before, now).length > 0) skip(row.modelCode, null, undoMessages.changedSince);
        continue;
      }
      plan.restores.push(before);
      plan.revert.push({ modelCode: row.modelCode, action: "restore-style", field: null });
    }
  }

  plan.publishedCatalogs = await publishedCatalogsOf(tx, lineListId, lineList, plan);
  return plan;
}

/**
 * The published catalogs an undo changes: of this line list when it is published, those that
 * get a style back or show a style whose fields go back; of other published line lists, those
 * showing a product whose shared fields or sizes go back.
 */
async function publishedCatalogsOf(
  tx: DbExecutor,
  lineListId: number,
  lineList: Awaited<ReturnType<typeof findLineListCatalogs>>,
  plan: UndoPlan,
): Promise<UndoSaveData["publishedCatalogs"]> {
  const result: UndoSaveData["publishedCatalogs"] = [];
  if (lineList.published) {
    const styles = new Map<CatalogType, Set<string>>();
    const count = (type: CatalogType, modelCode: string) => {
      let set = styles.get(type);
      if (!set) styles.set(type, (set = new Set()));
      set.add(modelCode);
    };
    for (const style of plan.restores) for (const type of style.catalogs) count(type, style.model_code);
    for (const { current } of plan.fieldReverts)
      for (const type of current.catalogs) count(type, current.model_code);
    for (const [type, codes] of [...styles].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const catalogId = lineList.catalogs.get(type);
      if (catalogId !== undefined) {
        result.push({ catalogId, type, styles: codes.size, lineListId, lineListName: lineList.name });
      }
    }
  }
  const sharedReverts = plan.fieldReverts
    .filter(({ fields }) => [...fields.keys()].some((field) => !isOfferField(field)))
    .map(({ current }) => current.product_id);
  for (const row of await findOtherPublishedCatalogs(tx, lineListId, sharedReverts)) result.push(row);
  return result;
}

/** The fields of a style with those going back replaced: what its rows are written with. */
function revertedStyle(current: StyleSnapshot, fields: Map<ComparedField, unknown>): StyleSnapshot {
  const style: Record<string, unknown> = { ...current };
  for (const [field, value] of fields) style[field] = value;
  return style as unknown as StyleSnapshot;
}

async function applyPlan(tx: Tx, lineListId: number, brandId: number, plan: UndoPlan): Promise<void> {
  const shared = plan.fieldReverts.filter(({ fields }) => [...fields.keys()].some(isSharedField));
  const offers = plan.fieldReverts.filter(({ fields }) => [...fields.keys()].some(isOfferField));
  const sizes = plan.fieldReverts.filter(({ fields }) => fields.has("sizes"));

  await writeSharedFields(
    tx,
    shared.map(({ current, fields }) => {
      const style = revertedStyle(current, fields);
      return Object.fromEntries([
        ["product_id", style.product_id],
        ...sharedFields.map((field) => [field, style[field]]),
      ]) as Parameters<typeof writeSharedFields>[1][number];
    }),
  );
  await writeOffers(
    tx,
    lineListId,
    offers.map(({ current, fields, wrote }) => {
      const style = revertedStyle(current, fields);
      return {
        product_id: style.product_id,
        msrp: style.msrp,
        wholesale_price: style.wholesale_price,
        expected_shipped_date: style.expected_shipped_date,
        reverted: Object.fromEntries(
          [...fields.keys()]
            .filter(isOfferField)
            .map((field) => [field, (wrote[field] as string | null) ?? null]),
        ),
      };
    }),
  );
  await writeSizes(
    tx,
    sizes.map(({ current, fields }) => ({
      product_id: current.product_id,
      sizes: fields.get("sizes") as StyleSnapshot["sizes"],
    })),
  );
  await removeStyles(
    tx,
    lineListId,
    plan.removals.map((style) => style.product_id),
  );
  if (plan.restores.length > 0) {
    const catalogs = await ensureCatalogs(tx, lineListId);
    await restoreStyles(tx, lineListId, brandId, plan.restores, catalogs.ids);
  }
  if (sizes.length > 0 || plan.restores.length > 0) await recordSizesInScale(tx, brandId);
  await bumpProducts(tx, [
    ...shared.map(({ current }) => current.product_id),
    ...sizes.map(({ current }) => current.product_id),
  ]);
  const placed = new Set<CatalogType>();
  for (const style of [...plan.removals, ...plan.restores])
    for (const type of style.catalogs) placed.add(type);
  await bumpCatalogs(tx, lineListId, [...placed]);
}

export interface UndoOptions {
  dryRun: boolean;
  confirmPublished?: boolean;
  expectedRevision?: number;
}

/**
 * Undoes a save of the line list, or (dry run) says what undoing it would do. Applied in one
 * transaction holding the line list's lock (the save path takes the same), with a new revision
 * for the line list; recorded as its own change set (kind "undo") and one history entry.
 */
export async function undoSave(
  db: Database,
  lineListId: number,
  saveId: number,
  options: UndoOptions,
  actorUserId: number | null,
): Promise<{ data: UndoSaveData; revision: number }> {
  return db.transaction(async (tx) => {
    const target = await lockLineList(tx, lineListId);
    if (!target) throw new NotFoundError(lineListMessages.lineListNotFound);
    if (options.expectedRevision !== undefined && options.expectedRevision !== target.revision) {
      throw new ConflictError(genericMessages.staleRevision);
    }
    const save = await findSave(tx, lineListId, saveId, { lock: true });
    if (!save) throw new NotFoundError(undoMessages.notFound);
    if (save.undoneBy !== null) throw new ConflictError(undoMessages.alreadyUndone);

    const changeSet = await startChangeSet(tx, lineListId);
    const plan = await planUndo(tx, lineListId, save, changeSet.before!);
    const answer = { revert: plan.revert, skip: plan.skip, publishedCatalogs: plan.publishedCatalogs };
    if (options.dryRun) {
      return { data: { ...answer, applied: false, save: null }, revision: target.revision };
    }
    if (plan.revert.length === 0) throw new ConflictError(undoMessages.nothingToUndo);
    if (plan.publishedCatalogs.length > 0 && !options.confirmPublished) {
      throw new ConflictError(undoMessages.publishedNeedsConfirm);
    }

    let written: SaveRow | undefined;
    const { afterRevision } = await updateEntity(tx, lineListHistory, {
      id: lineListId,
      expectedRevision: undefined,
      actorUserId,
      action: "update",
      apply: async () => {
        await applyPlan(tx, lineListId, target.brandId, plan);
        const { saveId: undoId } = await changeSet.finish({
          kind: "undo",
          uploadId: null,
          fileName: null,
          actorUserId,
          undoes: save.id,
        });
        written = await findSave(tx, lineListId, undoId!);
        return { updatedAt: new Date() };
      },
      summary: () =>
        historySummaries.saveUndone(historySummaries.saveUndoneOf(save.fileName), written!.counts),
      details: () => ({ saveId: written!.id, undoes: save.id, counts: written!.counts }),
    });
    return { data: { ...answer, applied: true, save: toSave(written!) }, revision: afterRevision };
  });
}
