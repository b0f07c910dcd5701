import type { LineListType } from "@cm/contracts/line-lists";
import {
  contentTypeForFileName,
  type PresignUploadInput,
  type ProcessLineListInput,
  uploadLimits,
  uploadMessages,
} from "@cm/contracts/uploads";
import { format } from "date-fns";
import { lineListNameSchema } from "@cm/contracts/line-lists";
import { isUnset, lineListNameFromFileName, type UploadDraft } from "@/features/uploads/utils/upload-draft";

/**
 * The two request bodies of an upload (SPEC.md section 7, Uploads), built from a complete draft.
 * Missing pieces throw the spec's messages (section 8), as a last guard behind the disabled
 * Upload button.
 */

export interface ReadyDraft {
  brandId: number;
  brandName: string;
  lineListType: LineListType;
  action: "new" | "update";
  lineListId: number | undefined;
  file: File;
  draft: UploadDraft;
}

export function readyDraft(draft: UploadDraft): ReadyDraft {
  if (isUnset(draft.brandId) && isUnset(draft.lineListType))
    throw new Error(uploadMessages.neitherBrandNorType);
  if (isUnset(draft.brandId) || isUnset(draft.brandName)) throw new Error(uploadMessages.brandNotSet);
  if (isUnset(draft.lineListType)) throw new Error(uploadMessages.lineListTypeNotSet);
  if (isUnset(draft.file)) throw new Error(uploadMessages.fileNotSet);
  const action = draft.typeChoice === "update" ? "update" : "new";
  if (action === "update" && isUnset(draft.lineListId))
    throw new Error(uploadMessages.lineListToUpdateRequired);
  return {
    brandId: draft.brandId,
    brandName: draft.brandName,
    lineListType: draft.lineListType,
    action,
    lineListId: draft.lineListId ?? undefined,
    file: draft.file,
    draft,
  };
}

/** A picked day as the calendar date the server stores ("2027-03-01"), or null. */
export function calendarDate(value: Date | null | undefined): string | null {
  return value ? format(value, "yyyy-MM-dd") : null;
}

/**
 * `attachment; filename="..."` with an ASCII fallback and the exact name as RFC 5987 `filename*`:
 * header values must be Latin-1, and file names often are not.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

interface Dates {
  dateSent: string | null;
  deadline: string | null;
  dateOfAvailability: string | null;
}

/** A new line list's name as the person left it (checked by the names' rules), else the file's. */
function nameOf(ready: ReadyDraft): string {
  const parsed = lineListNameSchema.safeParse(ready.draft.name ?? "");
  return parsed.success ? parsed.data : lineListNameFromFileName(ready.file.name);
}

function datesOf(ready: ReadyDraft): Dates {
  const { draft, lineListType } = ready;
  return {
    dateSent: lineListType === "pre-book" ? calendarDate(draft.dateSent) : null,
    deadline: lineListType === "pre-book" ? calendarDate(draft.dateReceived) : null,
    dateOfAvailability: lineListType === "future-stock" ? calendarDate(draft.dateOfAvailability) : null,
  };
}

export function presignInput(ready: ReadyDraft, trackingId: string): PresignUploadInput {
  const { file, draft } = ready;
  const contentType = contentTypeForFileName(file.name);
  if (!contentType) throw new Error(uploadMessages.wrongFileType);
  const dates = datesOf(ready);
  return {
    fileKey: file.name,
    fileType: file.type,
    fileSize: file.size,
    contentType,
    contentDisposition: contentDisposition(file.name),
    responseContentType: contentType,
    metadata: {
      brandId: ready.brandId,
      lineListType: ready.action === "update" ? "update" : ready.lineListType,
      lineListName: nameOf(ready),
      lineListDescription: lineListNameFromFileName(file.name),
      sentOn: dates.dateSent,
      receivedOn: dates.deadline,
      trackingId,
      season: draft.season ?? null,
      year: draft.year ?? null,
      dateSent: dates.dateSent,
      deadlineForOrders: dates.deadline,
      dateOfAvailability: dates.dateOfAvailability,
      lineListId: ready.lineListId ?? null,
    },
  };
}

export function processInput(ready: ReadyDraft, fileKey: string, trackingId: string): ProcessLineListInput {
  const { file, draft } = ready;
  const dates = datesOf(ready);
  return {
    brand: ready.brandName,
    brandId: ready.brandId,
    type: ready.lineListType,
    fileName: file.name,
    filename: file.name,
    linelist_attributes: {
      sentOn: dates.dateSent,
      deadline: dates.deadline,
      year: draft.year ?? null,
      season: draft.season ? draft.season.toUpperCase() : null,
      dateSent: dates.dateSent,
      dateOfAvailability: dates.dateOfAvailability,
    },
    key: fileKey,
    ...(ready.action === "new" && { name: nameOf(ready) }),
    description: lineListNameFromFileName(file.name),
    trackingId,
    action: ready.action,
    linelist_id: ready.action === "update" ? (ready.lineListId ?? null) : null,
    // Every error, for the downloadable report; the toast shows the first few.
    errorLimit: uploadLimits.maxErrorLimit,
  };
}
