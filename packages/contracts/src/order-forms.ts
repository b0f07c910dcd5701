import { z } from "zod";
import { entityIdSchema } from "./envelope.ts";
import { calendarDateSchema, lineListMessages, lineListTypeSchema } from "./line-lists.ts";
import { moneySchema, orderLimits, orderMessages, orderTypeSchema } from "./orders.ts";
import { workbookContentTypes } from "./uploads.ts";

/**
 * Order forms: a published line list as an XLSX sheet of styles by sizes that a
 * customer fills with quantities, and the preview of a filled one before it becomes an order.
 *
 *   GET  /api/orders/order-form/line-lists  -> the line lists that can still be ordered from
 *   GET  /api/line-lists/{id}/order-form    -> the .xlsx
 *   POST /api/uploads/get-presigned-upload-url with `purpose: "order-form"`, then PUT the file
 *   POST /api/orders/order-form/preview     -> lines, totals and every cell refused; nothing stored
 */

export const orderFormContentType = workbookContentTypes.xlsx;

/**
 * How a form is laid out and recognised. The hidden sheet ties each quantity cell to its SKU, so
 * an import reads the cells it names and never guesses from visible text; the marker and the
 * version say the file is one of ours, and which layout it has.
 */
export const orderFormLayout = {
  sheetName: "Order form",
  refsSheetName: "_refs",
  marker: "catalog-manager-order-form",
  version: 1,
  /** Written in the cells of sizes a style is not offered in. */
  noSizeMarker: "—",
} as const;

export const orderFormLimits = {
  /** The most refused cells a preview lists; `errorCount` says how many there are in all. */
  errorsShown: 500,
} as const;

export const orderFormMessages = {
  // The form itself.
  whsNote: "WHS before your account's discount",
  noSizeNote: `${orderFormLayout.noSizeMarker} marks a size the style is not offered in`,
  fillNote: "Enter quantities (whole numbers) in the size columns; leave the other cells as they are.",
  // Download.
  lineListNotFound: lineListMessages.lineListNotFound,
  lineListNotPublished: "Only a published line list has an order form: publish its catalogs first",
  downloaded: "Order form downloaded",
  /** Gives up the store chosen for a form, which is then for any customer. */
  forAnyCustomer: "For any customer instead",
  forStoreNote:
    "The form then names the customer and store, and importing it proposes them. Without one, the customer writes them in.",
  downloadFailed: "The order form could not be downloaded",
  // Import: the file as a whole.
  notAnOrderForm: "This file is not an order form of Catalog Manager",
  unsupportedVersion:
    "This order form was made by another version of Catalog Manager: download the form again and enter the quantities there",
  layoutChanged:
    "Rows or size columns of this order form were moved, added or removed: download the form again and enter the quantities there",
  lineListGone: "The line list of this order form no longer exists",
  previewFailed: "The order form could not be imported",
  // Import: a cell. Reasons of refused lines come from orderMessages.
  quantityRange: orderMessages.quantityRange,
  sizeNotOffered: (size: string) => `This style is not offered in size ${size}`,
  tooManyLines: orderMessages.tooManyLines,
  // Import: who the form is for.
  storeNotNamed:
    "The form does not name a customer and store we know: choose them to see its lines and prices",
  namedProposal: (customer: string, store: string) =>
    `The form names ${customer} · ${store}: chosen for you. Change them if the order is for another store.`,
  namedDiffers: (named: string) => `The form names ${named}, not the store chosen.`,
  useNamed: "Use it",
  // The dialog.
  noQuantities: "The form has no quantities: enter them in the size columns and import it again",
  fixErrors:
    "Correct these cells in the file and import it again: the order can be saved once every cell can be ordered",
  cellsRefused: (count: number) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? "cell cannot" : "cells cannot"} be ordered`,
  moreErrors: (shown: number, total: number) =>
    `The first ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} errors are listed`,
  noPublishedLineLists: "No published line lists",
  pastDeadlineNotOffered: (count: number) =>
    count === 1
      ? "1 pre-book is not offered: its deadline for orders has passed."
      : `${count.toLocaleString("en-US")} pre-books are not offered: their deadline for orders has passed.`,
} as const;

// ---- Import ----

/**
 * `POST /api/orders/order-form/preview`: the form stored by the upload path (`fileKey` as the
 * presign answered it), priced for this store, or for the store the form names when none is
 * given. The stored file is deleted once read.
 */
export const orderFormPreviewInputSchema = z.object({
  fileKey: z.string().trim().min(1).max(500),
  /** The store chosen; absent, the store the form names (`named`), else 400 on `storeId`. */
  storeId: entityIdSchema.optional(),
});
export type OrderFormPreviewInput = z.infer<typeof orderFormPreviewInputSchema>;

/** A quantity the form asks for, priced for the store as `POST /api/orders` would price it. */
export const orderFormLineSchema = z.object({
  /** Where it was written: the sheet's row number and column letter. */
  row: z.number().int(),
  column: z.string(),
  lineListId: z.number().int(),
  productId: z.number().int(),
  brandId: z.number().int(),
  brandName: z.string(),
  modelCode: z.string(),
  styleName: z.string().nullable(),
  color: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sku: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  msrp: moneySchema,
  unitWhs: moneySchema,
  lineTotal: moneySchema,
});
export type OrderFormLine = z.infer<typeof orderFormLineSchema>;

/** A cell that cannot become a line. Row and column are null for what concerns the whole form. */
export const orderFormErrorSchema = z.object({
  row: z.number().int().nullable(),
  /** The column's letter, e.g. "F". */
  column: z.string().nullable(),
  /** The size of that column, and the style of that row, when the cell is in the size columns. */
  size: z.string().nullable(),
  modelCode: z.string().nullable(),
  /** The cell as written. */
  value: z.string().nullable(),
  reason: z.string(),
});
export type OrderFormError = z.infer<typeof orderFormErrorSchema>;

export const orderFormPreviewSchema = z.object({
  lineList: z.object({
    id: z.number().int(),
    name: z.string(),
    brandId: z.number().int(),
    brandName: z.string(),
    type: lineListTypeSchema,
    orderType: orderTypeSchema,
    deadline: calendarDateSchema.nullable(),
    dateOfAvailability: calendarDateSchema.nullable(),
  }),
  store: z.object({
    id: z.number().int(),
    name: z.string(),
    organizationId: z.number().int(),
    organizationName: z.string(),
  }),
  /**
   * The customer and store the form's header names, as written, and the one active store of an
   * active customer those names match (names compared trimmed and ignoring case; a customer named
   * alone matches when it has one active store), or null.
   */
  named: z.object({
    customerName: z.string().nullable(),
    storeName: z.string().nullable(),
    match: z.object({ organizationId: z.number().int(), storeId: z.number().int() }).nullable(),
  }),
  /** In the form's order: by row, then by size. */
  lines: z.array(orderFormLineSchema),
  totals: z.object({ lines: z.number().int(), units: z.number().int(), totalWhs: moneySchema }),
  /** The first `orderFormLimits.errorsShown`, by row then column. */
  errors: z.array(orderFormErrorSchema),
  errorCount: z.number().int(),
});
export type OrderFormPreview = z.infer<typeof orderFormPreviewSchema>;

/** Whether the preview can be saved as an order as it is. */
export function orderFormPreviewSavable(preview: OrderFormPreview): boolean {
  return preview.errorCount === 0 && preview.lines.length > 0 && preview.lines.length <= orderLimits.linesMax;
}

// ---- Download ----

/** `GET /api/line-lists/{id}/order-form?storeId=`: a form for a store names its customer and store. */
export const orderFormDownloadQuerySchema = z.object({
  storeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type OrderFormDownloadQuery = z.infer<typeof orderFormDownloadQuerySchema>;

/** A line list Download Forms offers: what its form's name and the picker show. */
export const orderFormLineListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  type: lineListTypeSchema,
  deadline: calendarDateSchema.nullable(),
  dateOfAvailability: calendarDateSchema.nullable(),
});
export type OrderFormLineList = z.infer<typeof orderFormLineListSchema>;

/**
 * `GET /api/orders/order-form/line-lists`: the published line lists that can still be ordered
 * from, by brand then name. A pre-book past its deadline for orders (the server's calendar, as
 * orders are checked) is left out, since every quantity of its form would be refused, and counted.
 */
export const orderFormLineListsSchema = z.object({
  lineLists: z.array(orderFormLineListSchema),
  /** Published pre-books left out because their deadline for orders has passed. */
  pastDeadline: z.number().int(),
});
export type OrderFormLineLists = z.infer<typeof orderFormLineListsSchema>;

/**
 * `<brand> <line list name> order form.xlsx`, as the download names it; the brand once when the
 * line list's name already starts with it ("Crocs Core Own Stock order form.xlsx").
 */
export function orderFormFileName(brandName: string, lineListName: string): string {
  const named = lineListName.toLowerCase().startsWith(brandName.toLowerCase());
  return `${named ? lineListName : `${brandName} ${lineListName}`} order form.xlsx`;
}
