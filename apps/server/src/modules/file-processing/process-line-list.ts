import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { brandMessages } from "@cm/contracts/brands";
import { lineListLimits, type LineListRowError } from "@cm/contracts/line-list-format";
import type { LineListType } from "@cm/contracts/line-lists";
import { uploadMessages, type processLineListInputSchema } from "@cm/contracts/uploads";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { DomainError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import { findLineListById } from "../line-lists/repository.ts";
import { isUploadKey, type ObjectStore } from "../storage/object-store.ts";
import { fileKeyProcessed } from "../uploads/repository.ts";
import { findBrandByName, findBrandNameById } from "../brands/repository.ts";
import { AlreadyProcessedError, stageUpload } from "../uploads/staging.service.ts";
import { parseLineListFile, type ParseLineListFileOptions } from "./parse-line-list-file.ts";
import { getParser } from "./parser-registry.ts";

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

const withoutExtension = (fileName: string) => path.basename(fileName.trim()).replace(/\.(xlsx|xls)$/i, "");

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
 * The file-processing function (SPEC.md section 7, Uploads, step 3): reads the stored workbook,
 * parses it with the brand's parser on a worker thread, and stages its styles in one transaction
 * under a new line list in preview (`new`) or the line list to update (`update`).
 *
 * A refused upload stores nothing: a workbook with errors, or a request refused for its brand
 * (no parser), line list or dates, deletes the stored file too, so the database and the storage
 * folder are as they were before the upload. Only a file already processed is left alone.
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
    if (error instanceof DomainError && error.status < 500 && !(error instanceof AlreadyProcessedError))
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
  // The brand named decides the parser: "No parser found for brand {name}" before anything else.
  getParser(input.brand);
  const brand = input.brandId
    ? await findBrandNameById(db, input.brandId)
    : await findBrandByName(db, input.brand);
  if (!brand) throw new NotFoundError(brandMessages.notFound);
  const parser = getParser(brand.name);

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
      { brandName: brand.name, fileName: path.basename(input.key), path: copy.path },
      { ...deps.parseOptions, log: deps.log },
    );
  } finally {
    await copy.release();
  }
  deps.log.info(
    { key: input.key, parser: parser.id, ok: parsed.ok, ms: Math.round(performance.now() - started) },
    "line list parsed",
  );

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
    },
    actorUserId,
  );
  if (replacedFileKey) await store.delete(replacedFileKey);
  return { ok: true, lineListId };
}
