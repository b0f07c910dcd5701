import { crocsBrandNamePart } from "@cm/contracts/brands";
import { catalogMessages, type PublishCatalogInput } from "@cm/contracts/catalogs";
import type { LineList } from "@cm/contracts/line-lists";
import type { Database } from "../../db/client.ts";
import { recordAuditEvent } from "../../lib/audit.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { findLatestLineListId, findLineListById, lockSavedLineList, markPublished } from "../line-lists/repository.ts";
import { toLineList } from "../line-lists/service.ts";

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
    let changed = false;
    if (!current.published) {
      const { revision } = await markPublished(tx, lineListId);
      await recordAuditEvent(tx, {
        actorUserId,
        entityType: "line_list",
        entityId: lineListId,
        action: "publish",
        beforeRevision: current.revision,
        afterRevision: revision,
      });
      changed = true;
    }
    return { lineList: toLineList((await findLineListById(tx, lineListId))!), changed };
  });
}
