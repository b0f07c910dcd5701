import { readFile } from "node:fs/promises";
import { lineListTypeSchema } from "@cm/contracts/line-lists";
import {
  orderFormFileName,
  orderFormLimits,
  orderFormMessages,
  type OrderFormError,
  type OrderFormLine,
  type OrderFormLineLists,
  type OrderFormPreview,
  type OrderFormPreviewInput,
} from "@cm/contracts/order-forms";
import { orderLimits, orderTypeOfLineListType } from "@cm/contracts/orders";
import { uploadMessages } from "@cm/contracts/uploads";
import type { DbExecutor } from "../../db/client.ts";
import { ConflictError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import { priceOrderLines } from "../orders/order-lines.ts";
import { findOrderLineLists, findOrderStore, type OrderLineListRow } from "../orders/repository.ts";
import { isUploadKey, type ObjectStore } from "../storage/object-store.ts";
import { fileKeyProcessed } from "../uploads/repository.ts";
import { AlreadyProcessedError } from "../uploads/staging.service.ts";
import { readOrderForm, type ReadOrderForm } from "./form-reader.ts";
import { writeOrderForm } from "./form-writer.ts";
import { findFormStyles, findPublishedLineLists, findStoresByNames } from "./repository.ts";

/**
 * `GET /api/orders/order-form/line-lists`: the line lists Download Forms offers, those that can
 * still be ordered from; pre-books past their deadline are only counted, so the dialog can say
 * why they are missing.
 */
export async function listFormLineLists(db: DbExecutor, timeZone: string): Promise<OrderFormLineLists> {
  const rows = await findPublishedLineLists(db, timeZone);
  return {
    lineLists: rows
      .filter((row) => !row.pastDeadline)
      .map(({ pastDeadline: _pastDeadline, type, ...lineList }) => ({
        ...lineList,
        type: lineListTypeSchema.parse(type),
      })),
    pastDeadline: rows.filter((row) => row.pastDeadline).length,
  };
}

/** A line list a form can be made of: saved and published, else 404 or 409. */
async function findFormLineList(db: DbExecutor, lineListId: number): Promise<OrderLineListRow> {
  const [lineList] = await findOrderLineLists(db, [lineListId]);
  if (!lineList || lineList.stage !== "saved") throw new NotFoundError(orderFormMessages.lineListNotFound);
  if (!lineList.published) throw new ConflictError(orderFormMessages.lineListNotPublished);
  return lineList;
}

/** `GET /api/line-lists/{id}/order-form`: the form's file name and bytes. */
export async function getOrderForm(
  db: DbExecutor,
  lineListId: number,
  storeId?: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  const lineList = await findFormLineList(db, lineListId);
  // A form is for a store that can order (400 on `storeId` otherwise, as for an order).
  const store = storeId === undefined ? undefined : await findOrderStore(db, storeId);
  const named = store && { customerName: store.organizationName, storeName: store.name };
  const styles = (await findFormStyles(db, lineListId)).filter((style) => style.sizes.length > 0);
  return {
    fileName: orderFormFileName(lineList.brandName, lineList.name),
    bytes: await writeOrderForm(lineList, styles, named),
  };
}

/** The one active store the form's names match, if any (`findStoresByNames`). */
async function namedStore(db: DbExecutor, form: ReadOrderForm): Promise<OrderFormPreview["named"]> {
  const { customerName, storeName } = form;
  let match: OrderFormPreview["named"]["match"] = null;
  if (customerName !== null || storeName !== null) {
    const stores = await findStoresByNames(db, { customerName, storeName });
    if (stores.length === 1) match = stores[0]!;
  }
  return { customerName, storeName, match };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (total: number) => `${Math.trunc(total / 100)}.${String(total % 100).padStart(2, "0")}`;

/** Refused cells first for the whole form, then by row and column. */
function byPlace(a: OrderFormError, b: OrderFormError): number {
  return (
    (a.row ?? 0) - (b.row ?? 0) ||
    (a.column ?? "").length - (b.column ?? "").length ||
    (a.column ?? "").localeCompare(b.column ?? "")
  );
}

/** The form's quantities priced for the store, as `POST /api/orders` would price them. */
export async function priceOrderForm(
  db: DbExecutor,
  form: ReadOrderForm,
  storeId: number,
  timeZone: string,
): Promise<Omit<OrderFormPreview, "named">> {
  const [lineList] = await findOrderLineLists(db, [form.lineListId]);
  if (!lineList || lineList.stage !== "saved") throw new InvalidError(orderFormMessages.lineListGone);
  const type = lineListTypeSchema.parse(lineList.type);
  const orderType = orderTypeOfLineListType[type];

  const errors = [...form.errors];
  const tooMany = form.quantities.length > orderLimits.linesMax;
  if (tooMany) {
    errors.push({
      row: null,
      column: null,
      size: null,
      modelCode: null,
      value: null,
      reason: orderFormMessages.tooManyLines,
    });
  }
  // Still asked with no lines when there are too many: the store is checked all the same.
  const asked = tooMany ? [] : form.quantities;
  const priced = await priceOrderLines(db, {
    storeId,
    orderType,
    timeZone,
    lines: asked.map(({ sku, quantity }) => ({ lineListId: lineList.id, sku, quantity })),
  });
  for (const refused of priced.refused) {
    const cell = asked[refused.index]!;
    errors.push({
      row: cell.row,
      column: cell.column,
      size: cell.size,
      modelCode: cell.modelCode,
      value: String(cell.quantity),
      reason: refused.reason,
    });
  }
  const lines: OrderFormLine[] = priced.lines.map((line) => {
    const cell = asked[line.index]!;
    return {
      row: cell.row,
      column: cell.column,
      lineListId: line.lineListId,
      productId: line.productId,
      brandId: line.brandId,
      brandName: line.brandName,
      modelCode: line.modelCode,
      styleName: line.styleName,
      color: line.color,
      imageUrl: line.imageUrl,
      sku: line.sku,
      size: line.size,
      quantity: line.quantity,
      msrp: line.msrp,
      unitWhs: line.unitWhs,
      lineTotal: line.lineTotal,
    };
  });
  errors.sort(byPlace);
  return {
    lineList: {
      id: lineList.id,
      name: lineList.name,
      brandId: lineList.brandId,
      brandName: lineList.brandName,
      type,
      orderType,
      deadline: lineList.deadline,
      dateOfAvailability: lineList.dateOfAvailability,
    },
    store: {
      id: priced.store.id,
      name: priced.store.name,
      organizationId: priced.store.organizationId,
      organizationName: priced.store.organizationName,
    },
    lines,
    totals: {
      lines: lines.length,
      units: lines.reduce((sum, line) => sum + line.quantity, 0),
      totalWhs: fromCents(lines.reduce((sum, line) => sum + cents(line.lineTotal), 0)),
    },
    errors: errors.slice(0, orderFormLimits.errorsShown),
    errorCount: errors.length,
  };
}

export interface OrderFormPreviewDeps {
  db: DbExecutor;
  store: ObjectStore;
  timeZone: string;
}

/**
 * `POST /api/orders/order-form/preview`: reads the form the upload path stored under `fileKey`,
 * prices it for the store chosen, or else for the one the form names, and answers the preview
 * with what the form names. Nothing is kept: the stored file is deleted
 * whatever the outcome, and the order is written later, by `POST /api/orders`.
 */
export async function previewOrderForm(
  deps: OrderFormPreviewDeps,
  input: OrderFormPreviewInput,
): Promise<OrderFormPreview> {
  const { db, store } = deps;
  if (!isUploadKey(input.fileKey)) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  // A line list upload's file belongs to that upload: neither read nor deleted here.
  if (await fileKeyProcessed(db, input.fileKey)) throw new AlreadyProcessedError();
  try {
    const copy = await store.openLocalCopy(input.fileKey);
    if (!copy) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
    let form: ReadOrderForm;
    try {
      // Read on the request's thread: the parse worker runs line list parsers only. A form has
      // one row per style, and the reader's guard and limits bound what any other file can cost.
      form = await readOrderForm(await readFile(copy.path), input.fileKey);
    } finally {
      await copy.release();
    }
    const named = await namedStore(db, form);
    const storeId = input.storeId ?? named.match?.storeId;
    if (storeId === undefined) {
      throw new InvalidError(orderFormMessages.storeNotNamed, { storeId: [orderFormMessages.storeNotNamed] });
    }
    return { ...(await priceOrderForm(db, form, storeId, deps.timeZone)), named };
  } finally {
    await store.delete(input.fileKey);
  }
}
