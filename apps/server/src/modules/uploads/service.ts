import { isCrocsBrand } from "@cm/contracts/brands";
import type { PreviewStyle } from "@cm/contracts/line-list-format";
import {
  previewFieldValues,
  previewMessages,
  type ConfirmPreviewData,
  type DiscardPreviewData,
  type ExistingStyle,
  type PreviewField,
  type PreviewStatus,
  type PreviewStyleRow,
  type PreviewStylesQuery,
  type PreviewSummary,
} from "@cm/contracts/line-list-preview";
import type { LineListType } from "@cm/contracts/line-lists";
import type { PaginatedEnvelope } from "@cm/contracts/envelope";
import {
  uploadLimits,
  uploadMessages,
  workbookContentTypes,
  workbookExtension,
  type PresignUploadData,
  type PresignUploadInput,
  type UploadAction,
} from "@cm/contracts/uploads";
import type { Database, DbExecutor, Tx } from "../../db/client.ts";
import { historySummaries } from "@cm/contracts/history";
import { updateEntity } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError, withConstraintMessages } from "../../lib/errors.ts";
import { paginated } from "../../lib/pagination.ts";
import { findBrandNameById } from "../brands/repository.ts";
import { ensureCatalogs } from "../catalogs/repository.ts";
import { findLineListById } from "../line-lists/repository.ts";
import { createLineListInTransaction, lineListHistory, toLineList } from "../line-lists/service.ts";
import { prepareParseWorker } from "../file-processing/parse-line-list-file.ts";
import { findSizes, pageLineListProducts, type ProductRow } from "../items/repository.ts";
import { toCrocsItem } from "../items/service.ts";
import { newUploadKey, type ObjectStore } from "../storage/object-store.ts";
import {
  attachUploadToLineList,
  countByStatus,
  deleteLineList,
  deleteUpload,
  fileKeyProcessed,
  findDroppedStyles,
  findLatestConfirmedUpload,
  findPendingUpload,
  insertStagedStyles,
  insertUpload,
  lockLineList,
  markUploadConfirmed,
  pageDiff,
  replaceSizesFromUpload,
  upsertProductsFromUpload,
  countLineListSkus,
  type DiffRow,
  type UploadRow,
} from "./repository.ts";

/* ---------------------------------------------------------------------------------------------
 * Step 1: the presigned upload URL.
 * ------------------------------------------------------------------------------------------- */

const mediaType = (contentType: string) => contentType.split(";", 1)[0]!.trim().toLowerCase();

/**
 * Checks an upload before any byte is sent (brand with a parser, workbook extension and its
 * content type, size) and answers a URL for one PUT of exactly that file to a key chosen here.
 * Stores nothing: an abandoned upload leaves no trace. An order form (`purpose: "order-form"`)
 * names no brand: its file names its line list, which the order form preview checks.
 */
export async function presignUpload(
  db: DbExecutor,
  store: ObjectStore,
  input: PresignUploadInput,
  options: { maxFileBytes: number },
): Promise<PresignUploadData> {
  if (input.purpose !== "order-form") {
    const brand = input.metadata ? await findBrandNameById(db, input.metadata.brandId) : undefined;
    if (!brand || !isCrocsBrand(brand.name)) throw new InvalidError(uploadMessages.nonRecognizedBrand);
  }

  const extension = workbookExtension(input.fileKey);
  if (!extension)
    throw new InvalidError(uploadMessages.wrongFileType, { fileKey: [uploadMessages.wrongFileType] });
  const expectedType = workbookContentTypes[extension];
  if (mediaType(input.contentType) !== expectedType) {
    const message = uploadMessages.contentTypeMismatch(extension, expectedType);
    throw new InvalidError(message, { contentType: [message] });
  }
  if (input.fileSize === 0)
    throw new InvalidError(uploadMessages.emptyFile, { fileSize: [uploadMessages.emptyFile] });
  if (input.fileSize > options.maxFileBytes) {
    const message = uploadMessages.fileTooLarge(options.maxFileBytes);
    throw new InvalidError(message, { fileSize: [message] });
  }

  const fileKey = newUploadKey(extension);
  const presigned = await store.presignPut({
    key: fileKey,
    contentType: expectedType,
    contentLength: input.fileSize,
    contentDisposition: input.contentDisposition,
    expiresInSeconds: uploadLimits.presignedUrlTtlSeconds,
  });
  // The file-processing request follows the upload: its parse worker starts loading meanwhile.
  if (input.purpose !== "order-form") prepareParseWorker();
  return {
    presignedUrl: presigned.url,
    fileKey,
    // The metadata travels in the processing request and is kept with the upload's record.
    metadataKey: fileKey.replace(/\.(xlsx|xls)$/, ".metadata.json"),
    method: "PUT",
    headers: presigned.headers,
    expiresAt: presigned.expiresAt.toISOString(),
    maxFileBytes: options.maxFileBytes,
  };
}

/** 409: the stored file already made an upload; it belongs to that upload and must stay. */
export class AlreadyProcessedError extends ConflictError {
  constructor() {
    super(uploadMessages.uploadAlreadyProcessed);
  }
}

/* ---------------------------------------------------------------------------------------------
 * Step 3 (after parsing): staging the styles.
 * ------------------------------------------------------------------------------------------- */

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
}

/**
 * In one transaction: the line list in preview (new) or the locked line list to update, the
 * upload's record and its staged styles. An update replaces an upload of the same line list that
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
  return { lineListId, replacedFileKey };
}

/* ---------------------------------------------------------------------------------------------
 * The preview.
 * ------------------------------------------------------------------------------------------- */

type LineListRow = NonNullable<Awaited<ReturnType<typeof findLineListById>>>;

/**
 * What the preview of a line list shows: its waiting upload, or (a saved line list with nothing
 * waiting) the line list itself. 404 for an unknown line list, or one in preview without upload.
 */
async function findPreviewSource(
  db: DbExecutor,
  lineListId: number,
): Promise<{ lineList: LineListRow; upload: UploadRow | undefined }> {
  const lineList = await findLineListById(db, lineListId);
  if (!lineList) throw new NotFoundError(previewMessages.lineListNotFound);
  const upload = await findPendingUpload(db, lineListId);
  if (!upload && lineList.stage !== "saved") throw new NotFoundError(previewMessages.noPreview);
  return { lineList, upload };
}

const money = (value: string | null) => (value === null ? null : Number(value));

function previewModel(lineList: LineListRow) {
  return {
    id: lineList.id,
    type: lineList.type,
    brand: lineList.brandName,
    brandId: lineList.brandId,
    dateSent: lineList.dateSent,
    dateReceived: lineList.deadline,
    futureDateOfAvailability: lineList.dateOfAvailability,
    lineList: toLineList(lineList),
  };
}

export async function getPreviewSummary(db: DbExecutor, lineListId: number): Promise<PreviewSummary> {
  const { lineList, upload } = await findPreviewSource(db, lineListId);
  if (!upload) return savedLineListSummary(db, lineList);
  const [counts, dropped] = await Promise.all([
    countByStatus(db, upload.id, lineList.brandId),
    upload.action === "update" ? findDroppedStyles(db, lineListId, upload.id) : Promise.resolve([]),
  ]);
  return {
    ...previewModel(lineList),
    mode: "upload",
    action: upload.action,
    fileName: upload.fileName,
    season: upload.season,
    year: upload.year,
    rowCount: upload.rowCount,
    counts: { all: counts.new + counts.changed + counts.old, ...counts },
    dropped: {
      count: dropped.length,
      styles: dropped.map((row) => ({
        model_code: row.model_code,
        franchise: row.franchise,
        silhouette: row.silhouette,
        color: row.color,
        gender: row.gender,
        msrp: money(row.msrp),
      })),
    },
    uploadedAt: upload.createdAt.toISOString(),
  };
}

/** A saved line list with nothing waiting: its own styles, each the product itself ("old"). */
async function savedLineListSummary(db: DbExecutor, lineList: LineListRow): Promise<PreviewSummary> {
  const [skus, lastUpload] = await Promise.all([
    countLineListSkus(db, lineList.id),
    findLatestConfirmedUpload(db, lineList.id),
  ]);
  const styles = Number(lineList.itemsCount);
  return {
    ...previewModel(lineList),
    mode: "saved",
    action: null,
    fileName: lastUpload?.fileName ?? null,
    season: lineList.season,
    year: lineList.year,
    rowCount: skus,
    counts: { all: styles, new: 0, changed: 0, old: styles },
    dropped: { count: 0, styles: [] },
    uploadedAt: lastUpload?.createdAt.toISOString() ?? null,
  };
}

function existingStyle(row: DiffRow): ExistingStyle {
  return {
    franchise: row.p_franchise,
    silhouette: row.p_silhouette,
    model_code: row.model_code,
    color: row.p_color,
    gender: row.p_gender,
    msrp: money(row.p_msrp),
    expected_shipped_date: row.p_expected_ship_date,
    image_urls: row.p_image_urls ?? [],
    attributes: {
      comfort_level: row.p_comfort_level,
      height_range: row.p_height_range,
      wear_occasion: row.p_wear_occasion,
      target_fit: row.p_target_fit,
    },
    items: row.product_sizes ?? [],
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

function changedFieldsOf(row: DiffRow): PreviewField[] {
  const staged: Record<Exclude<PreviewField, "sizes">, unknown> = {
    franchise: row.franchise,
    silhouette: row.silhouette,
    color: row.color,
    gender: row.gender,
    msrp: money(row.msrp),
    expected_shipped_date: row.expected_ship_date,
    image_urls: row.image_urls,
    comfort_level: row.comfort_level,
    height_range: row.height_range,
    wear_occasion: row.wear_occasion,
    target_fit: row.target_fit,
  };
  const existing: Record<Exclude<PreviewField, "sizes">, unknown> = {
    franchise: row.p_franchise,
    silhouette: row.p_silhouette,
    color: row.p_color,
    gender: row.p_gender,
    msrp: money(row.p_msrp),
    expected_shipped_date: row.p_expected_ship_date,
    image_urls: row.p_image_urls ?? [],
    comfort_level: row.p_comfort_level,
    height_range: row.p_height_range,
    wear_occasion: row.p_wear_occasion,
    target_fit: row.p_target_fit,
  };
  const changed = previewFieldValues.filter((field) => {
    if (field === "sizes") return JSON.stringify(row.sizes) !== JSON.stringify(row.product_sizes ?? []);
    const [a, b] = [staged[field], existing[field]];
    return Array.isArray(a) && Array.isArray(b) ? !sameList(a as string[], b as string[]) : a !== b;
  });
  return changed;
}

function toStyleRow(row: DiffRow): PreviewStyleRow {
  const known = row.product_sizes ?? [];
  const bySku = new Map(known.map((item) => [item.sku, item.size]));
  const stagedSkus = new Set(row.sizes.map((item) => item.sku));
  const sizeStatus = (item: { size: string; sku: string }): PreviewStatus => {
    if (row.product_id === null || !bySku.has(item.sku)) return "new";
    return bySku.get(item.sku) === item.size ? "old" : "changed";
  };
  return {
    id: row.id,
    position: row.position,
    status: row.status,
    franchise: row.franchise,
    silhouette: row.silhouette,
    model_code: row.model_code,
    color: row.color,
    gender: row.gender,
    msrp: money(row.msrp),
    expected_shipped_date: row.expected_ship_date,
    image_urls: row.image_urls,
    attributes: {
      comfort_level: row.comfort_level,
      height_range: row.height_range,
      wear_occasion: row.wear_occasion,
      target_fit: row.target_fit,
    },
    changedFields: row.status === "changed" ? changedFieldsOf(row) : [],
    previous: row.status === "changed" ? existingStyle(row) : null,
    items: row.sizes.map((item) => ({ ...item, status: sizeStatus(item) })),
    removedItems: row.product_id === null ? [] : known.filter((item) => !stagedSkus.has(item.sku)),
  };
}

export async function getPreviewStyles(
  db: DbExecutor,
  lineListId: number,
  query: Required<Pick<PreviewStylesQuery, "page" | "pageSize" | "view">> & { search?: string },
): Promise<PaginatedEnvelope<PreviewStyleRow>> {
  const { lineList, upload } = await findPreviewSource(db, lineListId);
  const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const page = { page: query.page, pageSize: query.pageSize };
  if (!upload) {
    // Saved: every style is the product itself, so only "all" and "old" have any.
    if (query.view === "new" || query.view === "changed") return paginated([], { ...page, total: 0 });
    const { rows, total } = await pageLineListProducts(db, lineListId, {
      search: query.search || undefined,
      ...window,
    });
    const sizes = await findSizes(
      db,
      rows.map((row) => row.product.id),
    );
    return paginated(
      rows.map((row) => savedStyleRow(row, sizes.get(row.product.id) ?? [])),
      { ...page, total },
    );
  }
  const { rows, total } = await pageDiff(db, {
    uploadId: upload.id,
    brandId: lineList.brandId,
    view: query.view,
    search: query.search || undefined,
    ...window,
  });
  return paginated(rows.map(toStyleRow), { ...page, total });
}

/** A saved line list's product as a row of the preview table: nothing to compare, so "old". */
function savedStyleRow(
  row: { product: ProductRow; lineListItemId: number; position: number },
  sizes: { size: string; sku: string }[],
): PreviewStyleRow {
  const item = toCrocsItem(row.product, sizes);
  return {
    id: row.lineListItemId,
    position: row.position,
    status: "old",
    franchise: item.franchise,
    silhouette: item.silhouette,
    model_code: item.model_code,
    color: item.color,
    gender: item.gender,
    msrp: item.msrp,
    expected_shipped_date: item.expected_shipped_date,
    image_urls: item.image_urls,
    attributes: item.attributes,
    changedFields: [],
    previous: null,
    items: item.items.map((size) => ({ ...size, status: "old" as const })),
    removedItems: [],
  };
}

/* ---------------------------------------------------------------------------------------------
 * Save and discard.
 * ------------------------------------------------------------------------------------------- */

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
