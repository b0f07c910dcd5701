import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { brandMessages } from "@cm/contracts/brands";
import { lineListLimits, type LineListRowError } from "@cm/contracts/line-list-format";
import { mappingMessages, type LineListMapping } from "@cm/contracts/line-list-mapping";
import type { LineListType } from "@cm/contracts/line-lists";
import { uploadMessages, type processLineListInputSchema } from "@cm/contracts/uploads";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { DomainError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import { findLineListById } from "../line-lists/repository.ts";
import { isUploadKey, type ObjectStore } from "../storage/object-store.ts";
import { fileKeyProcessed } from "../uploads/repository.ts";
import { findBrandByName, findBrandNameById } from "../brands/repository.ts";
import { findBrandMapping } from "../line-list-mappings/repository.ts";
import { AlreadyProcessedError, stageUpload } from "../uploads/staging.service.ts";
import { parseLineListFile, type ParseLineListFileOptions } from "./parse-line-list-file.ts";

export type ProcessLineListRequest = z.output<typeof processLineListInputSchema>;

export type ProcessLineListOutcome =
  { ok: true; lineListId: number } | { ok: false; errors: LineListRowError[]; errorCount: number };

export interface ProcessLineListDeps {
  db: Database;
  store: ObjectStore;
  log: FastifyBaseLogger;
  /** Parser options (tests shorten limits). */
  parseOptions?: ParseLineListFileOptions;
}

const withoutExtension = (fileName: string) =>
  path.basename(fileName.trim()).replace(/\.(xlsx|xls|csv)$/i, "");

/**
 * 400: the file needs the "Map columns" step first (the brand has no mapping, the file's headers
 * are not its saved mapping's, or the mapping sent cannot read it). Not a refusal of the file:
 * it stays stored, so the dialog can inspect it and process the same key with a mapping.
 */
export class MappingNeededError extends InvalidError {
  /** `data.mapping` (every reason) tells a client it is a question for "Map columns". */
  constructor(message: string, reasons: string[] = [message]) {
    super(message, { mapping: reasons });
  }
}

/** "SPRING" as the dialog sends it (SPEC.md section 7) → "Spring"; other spellings kept as written. */
function seasonAsWritten(season: string): string {
  const trimmed = season.trim();
  return trimmed === trimmed.toUpperCase()
    ? trimmed.toLowerCase().replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase())
    : trimmed;
}

/** The dates a new line list of this type carries, or the message saying which are missing. */
function lineListDates(type: LineListType, attributes: ProcessLineListRequest["linelist_attributes"]) {
  const sentOn = attributes.sentOn ?? null;
  if (type === "pre-book") {
    const dateSent = attributes.dateSent ?? sentOn;
    const deadline = attributes.deadline ?? null;
    if (!dateSent || !deadline) throw new InvalidError(uploadMessages.datesRequired["pre-book"]);
    return { sentOn, dateSent, deadline, dateOfAvailability: null };
  }
  if (type === "future-stock") {
    const dateOfAvailability = attributes.dateOfAvailability ?? attributes.deadline ?? null;
    if (!dateOfAvailability) throw new InvalidError(uploadMessages.datesRequired["future-stock"]);
    return { sentOn, dateSent: null, deadline: null, dateOfAvailability };
  }
  return { sentOn, dateSent: null, deadline: null, dateOfAvailability: null };
}

/**
 * The file-processing function (SPEC.md section 7, Uploads, step 3): reads the stored file with the
 * brand's column mapping (or the one the person confirmed, then saved for the brand) on a worker
 * thread, and stages its styles in one transaction under a new line list in preview (`new`) or
 * the line list to update (`update`).
 *
 * A refused upload stores nothing: a file with errors, or a request refused for its brand, line
 * list or dates, deletes the stored file too, so the database and the storage folder are as they
 * were before the upload. Only a file already processed is left alone, and one that needs the
 * mapping step first (MappingNeededError), which the same key is processed after.
 */
export async function processLineList(
  deps: ProcessLineListDeps,
  input: ProcessLineListRequest,
  actorUserId: number | null,
): Promise<ProcessLineListOutcome> {
  const { db, store } = deps;
  if (!isUploadKey(input.key)) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  // Another upload's file: never deleted here.
  if (await fileKeyProcessed(db, input.key)) throw new AlreadyProcessedError();
  try {
    return await processStoredFile(deps, input, actorUserId);
  } catch (error) {
    // A refused request ends this upload: the dialog starts over with a new URL, so the file goes.
    // A failure on our side (the database unavailable, 503) keeps it, so the same key can be
    // processed again once the database is back.
    if (
      error instanceof DomainError &&
      error.status < 500 &&
      !(error instanceof AlreadyProcessedError) &&
      !(error instanceof MappingNeededError)
    )
      await store.delete(input.key);
    throw error;
  }
}

async function processStoredFile(
  deps: ProcessLineListDeps,
  input: ProcessLineListRequest,
  actorUserId: number | null,
): Promise<ProcessLineListOutcome> {
  const { db, store } = deps;
  const brand = input.brandId
    ? await findBrandNameById(db, input.brandId)
    : await findBrandByName(db, input.brand);
  if (!brand) throw new NotFoundError(brandMessages.notFound);
  // The mapping decides how the file is read: the one sent, else the brand's saved one.
  const saved = input.mapping ? undefined : await findBrandMapping(db, brand.id);
  if (!input.mapping && !saved) throw new MappingNeededError(mappingMessages.mappingRequired(brand.name));
  const mapping: LineListMapping = input.mapping ?? withSeason(saved!.mapping, input.linelist_attributes);

  let newLineList: Parameters<typeof stageUpload>[1]["lineList"];
  if (input.action === "update") {
    const target = await findLineListById(db, input.linelist_id!);
    if (!target || target.stage !== "saved") throw new NotFoundError(uploadMessages.lineListToUpdateNotFound);
    if (target.brandId !== brand.id) throw new InvalidError(uploadMessages.brandMismatch);
  } else {
    if (input.type === "update")
      throw new InvalidError(uploadMessages.typeRequired, { type: [uploadMessages.typeRequired] });
    const fileName = withoutExtension(input.fileName) || input.fileName;
    newLineList = {
      name: input.name ?? fileName,
      description: input.description?.trim() || fileName,
      type: input.type,
      ...lineListDates(input.type, input.linelist_attributes),
    };
  }

  const copy = await store.openLocalCopy(input.key);
  if (!copy) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  let parsed;
  const started = performance.now();
  try {
    parsed = await parseLineListFile(
      {
        mapping,
        fileName: path.basename(input.key),
        displayName: path.basename(input.fileName.trim()),
        path: copy.path,
        // The person's mapping is checked against this file; the saved one must find its headers.
        ...(input.mapping
          ? { checkMapping: true }
          : { expectedFingerprint: saved!.fingerprint, missingSheet: "first" }),
      },
      { ...deps.parseOptions, log: deps.log },
    );
  } finally {
    await copy.release();
  }
  deps.log.info(
    { key: input.key, brandId: brand.id, ok: parsed.ok, ms: Math.round(performance.now() - started) },
    "line list parsed",
  );

  if (!parsed.ok && parsed.headersChanged)
    throw new MappingNeededError(mappingMessages.headersChanged(brand.name));
  if (!parsed.ok && parsed.mappingProblems) {
    const [first = mappingMessages.title, ...rest] = parsed.mappingProblems;
    throw new MappingNeededError(first, [first, ...rest]);
  }
  if (!parsed.ok) {
    await store.delete(input.key);
    const limit = input.errorLimit ?? lineListLimits.errorsShown;
    return { ok: false, errors: parsed.errors.slice(0, limit), errorCount: parsed.errorCount };
  }

  const { lineListId, replacedFileKey } = await stageUpload(
    db,
    {
      brandId: brand.id,
      action: input.action,
      lineListId: input.action === "update" ? input.linelist_id! : undefined,
      lineList: newLineList,
      fileKey: input.key,
      fileName: path.basename(input.fileName.trim()),
      trackingId: input.trackingId ?? null,
      season: parsed.season,
      year: parsed.year,
      rowCount: parsed.rowCount,
      styles: parsed.styles,
      // The mapping the person confirmed is the brand's from now on, saved with the upload.
      ...(input.mapping && parsed.read
        ? { mapping: { brand, mapping: input.mapping, headers: parsed.read.headers } }
        : {}),
    },
    actorUserId,
  );
  if (replacedFileKey) await store.delete(replacedFileKey);
  return { ok: true, lineListId };
}

/**
 * The saved mapping with the season the request names (linelist_attributes season and year) where
 * the mapping carries one of its own: a CSV file or a sheet whose name does not say the season is
 * read as this upload's season, not the one saved with the mapping. A sheet named "Spring 2027"
 * still wins (the engine reads the name first).
 */
function withSeason(
  mapping: LineListMapping,
  attributes: ProcessLineListRequest["linelist_attributes"],
): LineListMapping {
  const season = attributes.season?.trim();
  if (mapping.season === null || !season || !attributes.year) return mapping;
  return { ...mapping, season: { season: seasonAsWritten(season), year: attributes.year } };
}
