import type { PreviewStyle } from "@cm/contracts/line-list-format";
import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import type { LineListType } from "@cm/contracts/line-lists";
import { uploadMessages, type UploadAction } from "@cm/contracts/uploads";
import type { Database, Tx } from "../../db/client.ts";
import { ConflictError, InvalidError, NotFoundError, withConstraintMessages } from "../../lib/errors.ts";
import { lockLineList } from "../line-lists/repository.ts";
import { saveMappingInTransaction } from "../line-list-mappings/service.ts";
import { createLineListInTransaction } from "../line-lists/service.ts";
import {
  deleteUpload,
  fileKeyProcessed,
  findPendingUpload,
  insertStagedStyles,
  insertUpload,
} from "./repository.ts";

/**
 * Step 3 of an upload, once the file is parsed: its styles staged under an upload record, with
 * the line list they preview. Nothing touches products until the preview is saved.
 */

/** 409: the stored file already made an upload; it belongs to that upload and must stay. */
export class AlreadyProcessedError extends ConflictError {
  constructor() {
    super(uploadMessages.uploadAlreadyProcessed);
  }
}

export interface StageUploadInput {
  brandId: number;
  action: UploadAction;
  /** update: the line list the file re-uploads into. */
  lineListId?: number;
  /** new: the line list to create, in preview. */
  lineList?: {
    name: string;
    description: string | null;
    type: LineListType;
    sentOn: string | null;
    dateSent: string | null;
    deadline: string | null;
    dateOfAvailability: string | null;
  };
  fileKey: string;
  fileName: string;
  trackingId: string | null;
  season: string;
  year: number;
  rowCount: number;
  styles: readonly PreviewStyle[];
  /** The mapping the person confirmed for this file: saved for the brand with the upload. */
  mapping?: { brand: { id: number; name: string }; mapping: LineListMapping; headers: readonly string[] };
}

/**
 * In one transaction: the line list in preview (new) or the locked line list to update, the
 * upload's record and its staged styles, and the brand's mapping when the person confirmed one. An update replaces an upload of the same line list that
 * was still waiting (the caller deletes its file). Returns the line list's id.
 */
export async function stageUpload(
  db: Database,
  input: StageUploadInput,
  actorUserId: number | null,
): Promise<{ lineListId: number; replacedFileKey: string | null }> {
  // The same file processed twice at once: the loser changes nothing.
  return withConstraintMessages(
    { line_list_uploads_file_key_unique: () => new AlreadyProcessedError() },
    () => db.transaction((tx) => stageInTransaction(tx, input, actorUserId)),
  );
}

async function stageInTransaction(
  tx: Tx,
  input: StageUploadInput,
  actorUserId: number | null,
): Promise<{ lineListId: number; replacedFileKey: string | null }> {
  if (await fileKeyProcessed(tx, input.fileKey)) throw new AlreadyProcessedError();
  let lineListId: number;
  let replacedFileKey: string | null = null;
  if (input.action === "update") {
    const target = input.lineListId === undefined ? undefined : await lockLineList(tx, input.lineListId);
    if (!target || target.stage !== "saved") throw new NotFoundError(uploadMessages.lineListToUpdateNotFound);
    if (target.brandId !== input.brandId) throw new InvalidError(uploadMessages.brandMismatch);
    lineListId = target.id;
    const waiting = await findPendingUpload(tx, lineListId, { lock: true });
    if (waiting) {
      await deleteUpload(tx, waiting.id);
      replacedFileKey = waiting.fileKey;
    }
  } else {
    const lineList = input.lineList!;
    lineListId = (
      await createLineListInTransaction(
        tx,
        { brandId: input.brandId, stage: "preview", season: input.season, year: input.year, ...lineList },
        actorUserId,
      )
    ).id;
  }

  const upload = await insertUpload(tx, {
    lineListId,
    action: input.action,
    fileKey: input.fileKey,
    fileName: input.fileName,
    season: input.season,
    year: input.year,
    rowCount: input.rowCount,
    stylesCount: input.styles.length,
    trackingId: input.trackingId,
    createdBy: actorUserId,
  });
  await insertStagedStyles(tx, upload.id, input.styles);
  if (input.mapping) await saveMappingInTransaction(tx, input.mapping.brand, input.mapping, actorUserId);
  return { lineListId, replacedFileKey };
}
