import type { LineListSaveKind } from "@cm/contracts/line-list-saves";
import type { Tx } from "../../db/client.ts";

/**
 * A line list save as one change set (issue 33, docs/line-list-saves.md). A writer of a line
 * list's styles (the upload's save, an undo) starts one in its transaction before it writes and
 * finishes it after: the change set keeps, for each style, its fields before and after and
 * whether the write added or removed it, which is what the saves list shows and what undo reverses.
 *
 *   const changeSet = await startChangeSet(tx, lineListId);
 *   ... write ...
 *   await changeSet.finish({ kind: "update", uploadId, fileName, actorUserId });
 *
 * FIRST VERSION: a stub with the final signature, so the save path can call it while the change
 * sets are built (helper "saves-server" replaces the bodies).
 */
export interface ChangeSetFinish {
  kind: LineListSaveKind;
  /** The upload saved; null for an undo. */
  uploadId: number | null;
  fileName: string | null;
  actorUserId: number | null;
  /** For an undo: the save it undoes. */
  undoes?: number | null;
}

export interface ChangeSet {
  finish(input: ChangeSetFinish): Promise<{ saveId: number | null }>;
}

export async function startChangeSet(_tx: Tx, _lineListId: number): Promise<ChangeSet> {
  return { finish: async () => ({ saveId: null }) };
}
