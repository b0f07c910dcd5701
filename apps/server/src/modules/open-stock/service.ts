import {
  openStockLimits,
  openStockMessages,
  type OpenStockApplyData,
  type OpenStockApplyInput,
  type OpenStockPreviewData,
  type OpenStockPreviewInput,
} from "@cm/contracts/open-stock";
import { uploadMessages } from "@cm/contracts/uploads";
import type { Database, DbExecutor } from "../../db/client.ts";
import { recordHistory } from "../../lib/history.ts";
import { InvalidError, NotFoundError } from "../../lib/errors.ts";
import type { WorkbookLimits } from "../file-processing/workbook-reader.ts";
import { isUploadKey, type ObjectStore } from "../storage/object-store.ts";
import { fileKeyProcessed } from "../uploads/repository.ts";
import { AlreadyProcessedError } from "../uploads/staging.service.ts";
import { openStockFileKind, type OpenStockFileRead } from "./read-open-stock-file.ts";
import { readOpenStockInWorker, type ReadInWorkerOptions } from "./read-in-worker.ts";
import { findSavedLayouts, resolveSkus, saveLayout, setAvailableQuantities } from "./repository.ts";

export interface OpenStockDeps {
  db: Database;
  store: ObjectStore;
  /** Smaller limits and a shorter timeout, for tests. */
  limits?: WorkbookLimits;
  worker?: ReadInWorkerOptions;
}

type FileInput = OpenStockPreviewInput | OpenStockApplyInput;

/**
 * Reads the stored file in the Open Stock worker. A refused file is deleted and answered 400 with
 * the reader's message; a file that reads stays stored for the next preview or the apply.
 */
async function readStoredFile(deps: OpenStockDeps, input: FileInput): Promise<OpenStockFileRead> {
  const { db, store } = deps;
  if (!isUploadKey(input.key) || !openStockFileKind(input.key)) {
    throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  }
  // A line list upload's file belongs to that upload: neither read nor deleted here.
  if (await fileKeyProcessed(db, input.key)) throw new AlreadyProcessedError();
  const copy = await store.openLocalCopy(input.key);
  if (!copy) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  let result;
  try {
    result = await readOpenStockInWorker(
      {
        path: copy.path,
        key: input.key,
        fileName: input.fileName,
        ...(input.sheet !== undefined && { sheet: input.sheet }),
        ...(input.headerRow !== undefined && { headerRow: input.headerRow }),
        ...(input.columns && { columns: input.columns }),
        savedLayouts: await findSavedLayouts(db),
        ...(deps.limits && { limits: deps.limits }),
      },
      deps.worker,
    );
  } finally {
    await copy.release();
  }
  if (!result.ok) {
    // Nothing is kept of a refused file.
    await store.delete(input.key);
    throw new InvalidError(result.message, { file: [result.message] });
  }
  return result;
}

/** The file's quantities by the product's SKU (two spellings of one barcode add up). */
function knownQuantities(
  read: OpenStockFileRead,
  resolved: ReadonlyMap<string, string>,
): Map<string, number> {
  const quantities = new Map<string, number>();
  read.skus.forEach((sku, index) => {
    const productSku = resolved.get(sku);
    if (productSku !== undefined) {
      quantities.set(productSku, (quantities.get(productSku) ?? 0) + read.quantities[index]!);
    }
  });
  return quantities;
}

async function countsOf(db: DbExecutor, read: OpenStockFileRead) {
  const resolved = await resolveSkus(db, read.skus);
  const unknownSkus = read.skus.filter((sku) => !resolved.has(sku));
  return {
    resolved,
    unknownSkus,
    counts: {
      updated: knownQuantities(read, resolved).size,
      unknown: unknownSkus.length,
      duplicates: read.duplicates,
      rowErrors: read.rowErrorCount,
    },
  };
}

/** `POST /api/open-stock/preview`: what applying the file would do, and the columns it would use. */
export async function previewOpenStock(
  deps: OpenStockDeps,
  input: OpenStockPreviewInput,
): Promise<OpenStockPreviewData> {
  const read = await readStoredFile(deps, input);
  const ready = read.problems.length === 0;
  const counted = ready ? await countsOf(deps.db, read) : null;
  return {
    kind: read.kind,
    sheets: read.sheets,
    sheet: read.sheet,
    headerRow: read.headerRow,
    headers: read.headers,
    samples: read.samples,
    rowCount: read.rowCount,
    columns: read.columns,
    source: read.source,
    problems: read.problems,
    counts: counted?.counts ?? null,
    unknownSkus: counted?.unknownSkus.slice(0, openStockLimits.unknownSkusShown) ?? [],
    rowErrors: read.rowErrors,
  };
}

/**
 * `POST /api/open-stock/apply`: in one transaction, sets the available quantity of every product
 * size whose SKU the file names, saves the columns for the file's layout and records one history
 * entry per brand whose SKUs it set; then deletes the stored file.
 */
export async function applyOpenStock(
  deps: OpenStockDeps,
  input: OpenStockApplyInput,
  actorUserId: number | null,
): Promise<OpenStockApplyData> {
  const read = await readStoredFile(deps, input);
  if (read.problems.length > 0) {
    throw new InvalidError(read.problems[0], { columns: read.problems });
  }
  const { resolved, counts } = await countsOf(deps.db, read);
  const quantities = knownQuantities(read, resolved);
  if (quantities.size === 0) {
    throw new InvalidError(openStockMessages.nothingToApply, { file: [openStockMessages.nothingToApply] });
  }
  await deps.db.transaction(async (tx) => {
    const brands = await setAvailableQuantities(tx, quantities);
    await saveLayout(tx, {
      fingerprint: read.fingerprint,
      sheet: read.sheet,
      headerRow: read.headerRow,
      skuColumn: read.columns.sku!,
      quantityColumn: read.columns.quantity!,
      headers: read.headers,
      userId: actorUserId,
    });
    // Stock has no page of its own: each brand's history says what the upload set of its SKUs.
    await recordHistory(
      tx,
      brands.map((brand) => ({
        actorUserId,
        entityType: "brand",
        entityId: brand.brandId,
        entityLabel: brand.brandName,
        action: "upload",
        changes: [],
        summary: openStockMessages.historySummary(brand.skus, input.fileName),
        details: { openStock: { fileName: input.fileName, ...counts } },
      })),
    );
  });
  await deps.store.delete(input.key);
  return counts;
}
