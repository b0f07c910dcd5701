import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { brandMessages } from "@cm/contracts/brands";
import {
  lineListFormatMessages,
  lineListLimits,
  type LineListRowError,
} from "@cm/contracts/line-list-format";
import { mappingMessages } from "@cm/contracts/line-list-mapping";
import {
  inspectSampleRows,
  type InspectUploadData,
  type InspectUploadInput,
} from "@cm/contracts/line-list-mapping-api";
import { uploadMessages } from "@cm/contracts/uploads";
import type { Database } from "../../db/client.ts";
import { InvalidError, NotFoundError } from "../../lib/errors.ts";
import { findBrandNameById } from "../brands/repository.ts";
import {
  inspectLineListFile,
  prepareParseWorker,
  type ParseLineListFileOptions,
} from "../file-processing/parse-line-list-file.ts";
import { isUploadKey, type ObjectStore } from "../storage/object-store.ts";
import { fileKeyProcessed } from "../uploads/repository.ts";
import { AlreadyProcessedError } from "../uploads/staging.service.ts";
import { findBrandMapping } from "./repository.ts";

export interface InspectUploadDeps {
  db: Database;
  store: ObjectStore;
  log: FastifyBaseLogger;
  parseOptions?: ParseLineListFileOptions;
}

export type InspectUploadOutcome =
  { ok: true; data: InspectUploadData } | { ok: false; errors: LineListRowError[]; errorCount: number };

/**
 * POST /api/uploads/inspect: what the "Map columns" step needs of a stored upload, read on the
 * parse worker with a parse's limits and timeout. Reads nothing into the database and stores
 * nothing: the file stays for the processing step, unless it is refused (not a line list file, a
 * limit broken), when it is deleted as a refused processing deletes it.
 */
export async function inspectUpload(
  deps: InspectUploadDeps,
  input: InspectUploadInput,
): Promise<InspectUploadOutcome> {
  const { db, store } = deps;
  if (!isUploadKey(input.key)) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  if (await fileKeyProcessed(db, input.key)) throw new AlreadyProcessedError();
  const brand = await findBrandNameById(db, input.brandId);
  if (!brand) throw new NotFoundError(brandMessages.notFound);
  const saved = await findBrandMapping(db, brand.id);

  const copy = await store.openLocalCopy(input.key);
  if (!copy) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  let result;
  const started = performance.now();
  try {
    result = await inspectLineListFile(
      {
        fileName: path.basename(input.key),
        displayName: path.basename(input.fileName.trim()),
        path: copy.path,
        sampleRows: inspectSampleRows,
        ...(input.sheet !== undefined ? { sheet: input.sheet } : {}),
        ...(input.headerRow !== undefined ? { headerRow: input.headerRow } : {}),
        saved: saved
          ? { mapping: saved.mapping, headers: saved.headers, fingerprint: saved.fingerprint }
          : null,
      },
      { ...deps.parseOptions, log: deps.log },
    );
  } finally {
    await copy.release();
  }
  deps.log.info(
    { key: input.key, ok: result.ok, ms: Math.round(performance.now() - started) },
    "line list inspected",
  );

  // Questions the person answers by choosing again; the file stays.
  if (!result.ok && result.sheetNotFound !== undefined)
    throw new InvalidError(mappingMessages.sheetNotFound(result.sheetNotFound), {
      sheet: [mappingMessages.sheetNotFound(result.sheetNotFound)],
    });
  if (result.ok && result.data.headers.length === 0) {
    // A header row the person chose that is empty: they choose another, the file stays.
    if (input.headerRow !== undefined) {
      const message = mappingMessages.headerRowEmpty(input.headerRow);
      throw new InvalidError(message, { headerRow: [message] });
    }
    result = {
      ok: false as const,
      errors: [{ row: null, column: null, message: lineListFormatMessages.emptySheet }],
      errorCount: 1,
    };
  }
  if (!result.ok) {
    await store.delete(input.key);
    return {
      ok: false,
      errors: result.errors.slice(0, lineListLimits.errorsShown),
      errorCount: result.errorCount,
    };
  }
  // The processing step follows (at once when the headers match): its worker starts loading now.
  prepareParseWorker();
  return { ok: true, data: { ...result.data, savedMapping: saved?.mapping ?? null } };
}
