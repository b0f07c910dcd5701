import {
  previewMessages,
  type ExistingStyle,
  type PreviewChoiceTotals,
  type PreviewSize,
  type PreviewStyleRow,
  type PreviewStylesQuery,
  type PreviewSummary,
} from "@cm/contracts/line-list-preview";
import type { PaginatedEnvelope } from "@cm/contracts/envelope";
import type { DbExecutor } from "../../db/client.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { paginated } from "../../lib/pagination.ts";
import { findSizes, pageLineListProducts, type ProductRow } from "../items/repository.ts";
import { toCrocsItem } from "../items/service.ts";
import { countLineListSkus, findLineListById } from "../line-lists/repository.ts";
import { toLineList } from "../line-lists/service.ts";
import {
  findDroppedStyles,
  findReach,
  summarizeUpload,
  pageDiff,
  type DiffRow,
} from "./compare.repository.ts";
import { findLatestConfirmedUpload, findPendingUpload, type UploadRow } from "./repository.ts";

/**
 * The preview of a line list: its waiting upload's styles compared with the brand's products
 * (new, changed, old, and for an update the styles its file dropped), or a saved line list's own
 * styles when nothing waits.
 */

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
  // Compared afresh and written down first: the reach is read from that comparison.
  const { counts, choices } = await summarizeUpload(db, upload, lineList.brandId);
  const [dropped, reach] = await Promise.all([
    findDroppedStyles(db, lineListId, upload.id),
    findReach(db, upload, lineList.brandId),
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
        remove: row.remove,
        removeBlockedBy: row.blocked_by,
      })),
    },
    uploadedAt: upload.createdAt.toISOString(),
    choices,
    reach,
  };
}

/** Totals of a preview with nothing to choose (a saved line list with nothing waiting). */
export const noChoices: PreviewChoiceTotals = {
  changesTaken: 0,
  changesKept: 0,
  stylesKept: 0,
  newStylesTaken: 0,
  newStylesLeftOut: 0,
  droppedRemoved: 0,
  droppedKept: 0,
  keptColumns: [],
};

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
    choices: noChoices,
    reach: [],
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
    wholesale_price: money(row.p_wholesale_price),
    extra_attributes: row.p_extra_attributes ?? {},
    items: row.product_sizes ?? [],
  };
}

type Size = { size: string; sku: string };

/**
 * A staged style's sizes against its product's: matched by size first (a size whose SKU changed
 * format, "196265123456" → "0196265123456", is that size with a changed SKU), then by SKU (a SKU
 * moved to another size). A size matching nothing is new; a product's size nothing matched is removed.
 */
export function compareSizes(
  staged: readonly Size[],
  known: readonly Size[] | null,
): { items: PreviewSize[]; removedItems: Size[] } {
  if (known === null) return { items: staged.map((item) => ({ ...item, status: "new" })), removedItems: [] };
  const matched = new Map<number, Size>();
  const used = new Set<Size>();
  const bySize = new Map<string, Size>();
  const bySku = new Map<string, Size>();
  for (const item of known) {
    if (!bySize.has(item.size)) bySize.set(item.size, item);
    if (!bySku.has(item.sku)) bySku.set(item.sku, item);
  }
  const match = (index: number, size: Size) => {
    matched.set(index, size);
    used.add(size);
  };
  staged.forEach((item, index) => {
    const same = bySize.get(item.size);
    if (same && !used.has(same)) match(index, same);
  });
  staged.forEach((item, index) => {
    if (matched.has(index)) return;
    const same = bySku.get(item.sku);
    if (same && !used.has(same)) match(index, same);
  });
  const items = staged.map((item, index): PreviewSize => {
    const was = matched.get(index);
    if (!was) return { ...item, status: "new" };
    if (was.sku === item.sku && was.size === item.size) return { ...item, status: "old" };
    return {
      ...item,
      status: "changed",
      ...(was.sku !== item.sku ? { previousSku: was.sku } : {}),
      ...(was.size !== item.size ? { previousSize: was.size } : {}),
    };
  });
  return { items, removedItems: known.filter((item) => !used.has(item)) };
}

function toStyleRow(row: DiffRow): PreviewStyleRow {
  const { items, removedItems } = compareSizes(
    row.sizes,
    row.product_id === null ? null : (row.product_sizes ?? []),
  );
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
    wholesale_price: money(row.wholesale_price),
    extra_attributes: row.extra_attributes ?? {},
    changedFields: row.status === "changed" ? row.changed : [],
    previous: row.status === "changed" ? existingStyle(row) : null,
    items,
    removedItems,
    kept: row.status === "changed" ? row.kept : [],
    leftOut: row.status === "new" && row.left_out,
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
    upload,
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
    kept: [],
    leftOut: false,
  };
}
