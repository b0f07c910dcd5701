import { historySummaries } from "@cm/contracts/history";
import {
  previewMessages,
  type ConfirmPreviewData,
  type DiscardPreviewData,
} from "@cm/contracts/line-list-preview";
import type { Database } from "../../db/client.ts";
import { updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { ensureCatalogs } from "../catalogs/repository.ts";
import {
  attachUploadToLineList,
  deleteLineList,
  findLineListById,
  lockLineList,
} from "../line-lists/repository.ts";
import { lineListHistory, toLineList } from "../line-lists/service.ts";
import { replaceSizesFromUpload, upsertProductsFromUpload } from "../products/repository.ts";
import { recordSizesInScale } from "../size-scales/service.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import {
  deleteUpload,
  findDroppedStyles,
  findLatestConfirmedUpload,
  findPendingUpload,
  markUploadConfirmed,
} from "./repository.ts";

/** What ends a preview: saving its staged styles into products and the line list, or discarding them. */

/**
 * Saves a preview in one transaction: creates and updates the brand's products from the staged
 * styles (identical ones untouched), attaches them to the line list, makes the line list saved
 * with its three catalogs, and marks the upload confirmed. Styles an update's file dropped stay
 * in the line list. Sent twice, the second call applies nothing and says so.
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
        data: { lineList, created: 0, updated: 0, unchanged: 0, droppedKept: 0, alreadyConfirmed: true },
        revision: lineList._revision,
      };
    }

    const dropped =
      upload.action === "update" ? (await findDroppedStyles(tx, lineListId, upload.id)).length : 0;
    const counts = { created: 0, updated: 0, unchanged: 0 };
    await updateEntity(tx, lineListHistory, {
      id: lineListId,
      expectedRevision: undefined,
      actorUserId,
      action: "upload",
      apply: async () => {
        const written = await upsertProductsFromUpload(tx, upload.id, target.brandId);
        await replaceSizesFromUpload(
          tx,
          upload.id,
          target.brandId,
          written.map((product) => product.id),
        );
        await recordSizesInScale(tx, target.brandId);
        await attachUploadToLineList(tx, upload.id, target.brandId, lineListId);
        counts.created = written.filter((product) => product.inserted).length;
        counts.updated = written.length - counts.created;
        counts.unchanged = upload.stylesCount - written.length;
        await ensureCatalogs(tx, lineListId);
        await markUploadConfirmed(tx, upload.id);
        return { stage: "saved" as const };
      },
      summary: () =>
        historySummaries.uploadSaved(upload.fileName, counts) +
        (dropped > 0 ? historySummaries.droppedKept(dropped) : ""),
      details: () => ({ uploadId: upload.id, action: upload.action, ...counts, droppedKept: dropped }),
    });
    const { created, updated, unchanged } = counts;

    const lineList = toLineList((await findLineListById(tx, lineListId))!);
    return {
      data: { lineList, created, updated, unchanged, droppedKept: dropped, alreadyConfirmed: false },
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
