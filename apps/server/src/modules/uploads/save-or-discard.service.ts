import { historySummaries } from "@cm/contracts/history";
import {
  previewMessages,
  type ConfirmPreviewData,
  type DiscardPreviewData,
} from "@cm/contracts/line-list-preview";
import { reviewMessages } from "@cm/contracts/line-list-review";
import type { Database } from "../../db/client.ts";
import { updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { ensureCatalogs } from "../catalogs/repository.ts";
import { startChangeSet } from "../line-list-saves/change-set.ts";
import {
  attachUploadToLineList,
  deleteLineList,
  findItemsThatMustStay,
  findLineListById,
  lockLineList,
  removeLineListItems,
} from "../line-lists/repository.ts";
import { lineListHistory, toLineList } from "../line-lists/service.ts";
import {
  insertNewProductsFromUpload,
  replaceSizesFromUpload,
  updateProductsFromUpload,
} from "../products/repository.ts";
import { recordSizesInScale } from "../size-scales/service.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import {
  deleteUpload,
  findLatestConfirmedUpload,
  findPendingUpload,
  markUploadConfirmed,
} from "./repository.ts";
import { findDroppedStyles, summarizeUpload } from "./compare.repository.ts";
import { noChoices } from "./preview.service.ts";

/** What ends a preview: saving its staged styles into products and the line list, or discarding them. */

/**
 * Saves a preview in one transaction, applying exactly what the review took (docs/line-list-saves.md):
 * creates the new products not left out, updates the existing ones with the fields they take
 * (kept ones untouched, identical products untouched), attaches the styles to the line list with
 * the file's prices and date as its own offer (no other line list's items change), removes the
 * dropped styles chosen for removal (refused with 409, nothing saved, when an order or a catalog
 * of the published line list uses one), makes the line list saved with its three catalogs and
 * marks the upload confirmed. The save is one change set. Sent twice, the second call applies
 * nothing and says so.
 */
export async function confirmPreview(
  db: Database,
  lineListId: number,
  actorUserId: number | null,
): Promise<{ data: ConfirmPreviewData; revision: number }> {
  return db.transaction(async (tx) => {
    const target = await lockLineList(tx, lineListId);
    if (!target) throw new NotFoundError(previewMessages.lineListNotFound);
    const upload = await findPendingUpload(tx, lineListId, { lock: true });
    if (!upload) {
      const confirmed = await findLatestConfirmedUpload(tx, lineListId);
      if (!confirmed || target.stage !== "saved") throw new NotFoundError(previewMessages.noPreview);
      const lineList = toLineList((await findLineListById(tx, lineListId))!);
      return {
        data: {
          lineList,
          created: 0,
          updated: 0,
          unchanged: 0,
          droppedKept: 0,
          droppedRemoved: 0,
          alreadyConfirmed: true,
          choices: noChoices,
        },
        revision: lineList._revision,
      };
    }

    const changeSet = await startChangeSet(tx, lineListId);
    const { counts: statuses, choices } = await summarizeUpload(tx, upload, target.brandId);
    const dropped = await findDroppedStyles(tx, lineListId, upload.id);
    const removed = dropped.filter((style) => style.remove).map((style) => style.model_code);
    const mustStay = await findItemsThatMustStay(tx, lineListId, removed);
    if (mustStay.length > 0) throw new ConflictError(reviewMessages.cannotRemove(mustStay));
    const counts = {
      created: choices.newStylesTaken,
      updated: statuses.changed - choices.stylesKept,
      unchanged: statuses.old + choices.stylesKept,
    };
    const droppedKept = dropped.length - removed.length;
    await updateEntity(tx, lineListHistory, {
      id: lineListId,
      expectedRevision: undefined,
      actorUserId,
      action: "upload",
      apply: async () => {
        // Existing products first: the new ones have no sizes yet, and would look changed.
        const updated = await updateProductsFromUpload(tx, upload.id, target.brandId);
        const created = await insertNewProductsFromUpload(tx, upload.id, target.brandId);
        await replaceSizesFromUpload(tx, upload.id, target.brandId, [
          ...created,
          ...updated.filter((product) => product.sizesChanged).map((product) => product.id),
        ]);
        await recordSizesInScale(tx, target.brandId);
        await attachUploadToLineList(tx, upload.id, target.brandId, lineListId);
        await removeLineListItems(tx, lineListId, removed);
        await ensureCatalogs(tx, lineListId);
        await markUploadConfirmed(tx, upload.id);
        return { stage: "saved" as const };
      },
      summary: () =>
        historySummaries.uploadSaved(upload.fileName, counts) +
        (droppedKept > 0 ? historySummaries.droppedKept(droppedKept) : "") +
        (removed.length > 0 || choices.changesKept > 0 || choices.newStylesLeftOut > 0
          ? ` (${reviewMessages.saveTotals(choices)})`
          : ""),
      details: () => ({
        uploadId: upload.id,
        action: upload.action,
        ...counts,
        droppedKept,
        droppedRemoved: removed,
        choices,
      }),
    });
    await changeSet.finish({
      kind: upload.action === "new" ? "new" : "update",
      uploadId: upload.id,
      fileName: upload.fileName,
      actorUserId,
    });

    const lineList = toLineList((await findLineListById(tx, lineListId))!);
    return {
      data: {
        lineList,
        ...counts,
        droppedKept,
        droppedRemoved: removed.length,
        alreadyConfirmed: false,
        choices,
      },
      revision: lineList._revision,
    };
  });
}

/**
 * Discards what an upload staged: its styles and record, and the line list itself when it is
 * still a preview (never a saved one), then the stored file. Nothing saved changes, so the
 * history records nothing (the staging recorded nothing either). A saved line list with nothing
 * waiting is refused (409): there is no upload to discard, and the line list itself never is.
 */
export async function discardPreview(
  db: Database,
  store: ObjectStore,
  lineListId: number,
  _actorUserId: number | null,
): Promise<DiscardPreviewData> {
  const result = await db.transaction(async (tx) => {
    const target = await lockLineList(tx, lineListId);
    if (!target) throw new NotFoundError(previewMessages.lineListNotFound);
    const upload = await findPendingUpload(tx, lineListId, { lock: true });
    // A saved line list is never discarded: only an update waiting on it is.
    if (!upload && target.stage === "saved") throw new ConflictError(previewMessages.nothingToDiscard);
    const discardedStyles = upload?.stylesCount ?? 0;
    if (upload) await deleteUpload(tx, upload.id);
    const lineListDeleted = target.stage === "preview";
    if (lineListDeleted) await deleteLineList(tx, lineListId);
    return { upload, data: { lineListId, discardedStyles, lineListDeleted } };
  });
  if (result.upload) await store.delete(result.upload.fileKey);
  return result.data;
}
