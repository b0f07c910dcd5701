import { z } from "zod";
import { itemPlacementValues } from "./catalogs.ts";
import {
  entityIdSchema,
  expectedRevisionSchema,
  maxEntityId,
  paginationQuerySchema,
  revisionedSchema,
} from "./envelope.ts";
import { previewItemSchema, previewStyleSchema } from "./line-list-format.ts";
import { lineListSchema } from "./line-lists.ts";
import { uploadActionSchema } from "./uploads.ts";

/**
 * SPEC.md sections 2 ("Line list preview screen"), 3 ("Preview data row", "Preview model"), 4
 * ("Preview") and 7 ("Items"), DESIGN.md section 6: the preview of an uploaded line list, its
 * save (confirm) and discard, and the Crocs items API.
 */

export const previewApiPaths = {
  /** GET: the preview's summary (model, counts per status, dropped styles). */
  summary: (lineListId: number) => `/api/crocs/preview/${lineListId}`,
  /** GET: a page of styles with their sizes and diff status; query `previewStylesQuerySchema`. */
  styles: (lineListId: number) => `/api/crocs/preview/${lineListId}/styles`,
  /** POST: applies the staged rows (save). Applied once even if sent twice. */
  confirm: (lineListId: number) => `/api/crocs/preview/${lineListId}/confirm`,
  /** POST a `previewNewStyleInputSchema`: a style added by hand to the upload waiting. */
  addStyle: (lineListId: number) => `/api/crocs/preview/${lineListId}/styles`,
  /** DELETE: discards the staged rows, and the line list when it is still a preview. */
  discard: (lineListId: number) => `/api/crocs/discard-uploaded-data/${lineListId}`,
} as const;

export const itemsApiPaths = {
  /** GET, paginated, query `crocsItemsQuerySchema`. */
  list: "/api/crocs/items",
  /** POST a `crocsItemInputSchema`. */
  create: "/api/crocs",
  /** PUT (a `crocsItemUpdateSchema`) and DELETE. */
  item: (itemId: number) => `/api/crocs/${itemId}`,
  /** GET, query `populatedParentItemsQuerySchema`. */
  populatedParentItems: "/api/crocs/pre-book/populated-parent-items",
} as const;

/** How a staged style compares with the brand's product of the same model code. */
export const previewStatusValues = ["new", "changed", "old"] as const;
export const previewStatusSchema = z.enum(previewStatusValues);
export type PreviewStatus = z.infer<typeof previewStatusSchema>;

/** The view filter: all styles, or those of one status (DESIGN.md section 8: it really filters). */
export const previewViewValues = ["all", "new", "old", "changed"] as const;
export const previewViewSchema = z.enum(previewViewValues);
export type PreviewView = z.infer<typeof previewViewSchema>;

export const previewViewLabels: Record<PreviewView, string> = {
  all: "Show All items",
  new: "Show only new items",
  old: "Show only old items",
  changed: "Show only changed items",
};

/** The fields a changed style can differ in (attributes flattened; `sizes` for any size or SKU). */
export const previewFieldValues = [
  "franchise",
  "silhouette",
  "color",
  "gender",
  "msrp",
  "expected_shipped_date",
  "image_urls",
  "comfort_level",
  "height_range",
  "wear_occasion",
  "target_fit",
  "wholesale_price",
  "extra_attributes",
  "sizes",
] as const;
export const previewFieldSchema = z.enum(previewFieldValues);
export type PreviewField = z.infer<typeof previewFieldSchema>;

/** Preview tables load larger pages than the 10-row lists: the screen is virtualized. */
export const previewDefaultPageSize = 100;
export const previewMaxPageSize = 1000;

/** `GET /api/crocs/preview/{lineListId}/styles`. Search is a case-insensitive substring. */
export const previewStylesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(previewMaxPageSize).default(previewDefaultPageSize),
  /** Over model_code, franchise, silhouette, color, gender and msrp (as "49.99"). */
  search: z.string().trim().max(200).optional(),
  view: previewViewSchema.default("all"),
});
export type PreviewStylesQuery = Partial<z.output<typeof previewStylesQuerySchema>>;

/** A size of a staged style: new (SKU unknown to the product), changed (known SKU, other size) or old. */
export const previewSizeSchema = previewItemSchema.extend({
  status: previewStatusSchema,
  /**
   * "changed" only: the SKU the product has for this size when the file gives the size another
   * SKU ("196265123456" → "0196265123456"), or the size the product has for this SKU. Sizes are
   * matched by their size first, then by SKU (issue 33).
   */
  previousSku: z.string().optional(),
  previousSize: z.string().optional(),
});
export type PreviewSize = z.infer<typeof previewSizeSchema>;

/** A style as the product stands today, to show what a changed style changes. */
export const existingStyleSchema = previewStyleSchema.omit({ items: true }).extend({
  items: z.array(previewItemSchema),
});
export type ExistingStyle = z.infer<typeof existingStyleSchema>;

/**
 * One row of the preview table: the style from the file, its sizes and how it compares. In `saved`
 * mode, the line list's product: status "old", nothing changed or removed.
 */
export const previewStyleRowSchema = previewStyleSchema.omit({ items: true }).extend({
  /** The staged style's id; in `saved` mode the line list item's. */
  id: z.number().int(),
  /** Order in the workbook, from 0. */
  position: z.number().int(),
  status: previewStatusSchema,
  /** Empty unless `status` is "changed". */
  changedFields: z.array(previewFieldSchema),
  /** The product as it stands, when changed; null otherwise. */
  previous: existingStyleSchema.nullable(),
  items: z.array(previewSizeSchema),
  /** Sizes the product has that the file no longer lists (saving removes them from the product). */
  removedItems: z.array(previewItemSchema),
  /**
   * The review's choices (issue 33, line-list-review.ts): the changed fields this style keeps as
   * they were (saving leaves them alone), in `changedFields`' order; empty when every change is taken.
   */
  kept: z.array(previewFieldSchema),
  /** A new style left out of the save (neither created nor added to the line list). */
  leftOut: z.boolean(),
});
export type PreviewStyleRow = z.infer<typeof previewStyleRowSchema>;

export const previewCountsSchema = z.object({
  all: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  old: z.number().int(),
});
export type PreviewCounts = z.infer<typeof previewCountsSchema>;

/** A style the updated line list offers that the new file no longer contains. Never deleted silently. */
export const droppedStyleSchema = z.object({
  model_code: z.string(),
  franchise: z.string().nullable(),
  silhouette: z.string().nullable(),
  color: z.string().nullable(),
  gender: z.string().nullable(),
  msrp: z.number().nullable(),
  /** The review's choice: saving removes it from the line list (true) or keeps it (false, the default). */
  remove: z.boolean(),
  /**
   * Why it cannot be removed, null when it can: an order line of this line list uses it
   * ("ordered"), or a catalog of this published line list shows it ("published").
   */
  removeBlockedBy: z.enum(["ordered", "published"]).nullable(),
});
export type DroppedStyle = z.infer<typeof droppedStyleSchema>;

/* The review of an upload (issue 33): its totals and reach, re-exported by line-list-review.ts. */

/** What Save will do, with the choices made so far. */
export const previewChoiceTotalsSchema = z.object({
  /** Changed fields whose new value is taken / kept as they were, over every changed style. */
  changesTaken: z.number().int(),
  changesKept: z.number().int(),
  /** Changed styles kept whole as they were. */
  stylesKept: z.number().int(),
  newStylesTaken: z.number().int(),
  newStylesLeftOut: z.number().int(),
  /** Styles missing from the file that Save removes from the line list / keeps. */
  droppedRemoved: z.number().int(),
  droppedKept: z.number().int(),
  /** Columns kept whole ("Keep every old MSRP"): every changed style keeps that field. */
  keptColumns: z.array(previewFieldSchema),
});
export type PreviewChoiceTotals = z.infer<typeof previewChoiceTotalsSchema>;

/**
 * Another line list of the brand that saving would change: it offers styles whose shared fields
 * (names, colour, pictures, attributes, sizes and SKUs) the upload changes. Prices and dates are
 * each line list's own and never reach another line list.
 */
export const previewReachSchema = z.object({
  lineListId: z.number().int(),
  name: z.string(),
  published: z.boolean(),
  /** How many of its styles change, and which fields. */
  styles: z.number().int(),
  fields: z.array(previewFieldSchema),
});
export type PreviewReach = z.infer<typeof previewReachSchema>;

/**
 * What the preview screen shows: an upload waiting to be saved (`upload`: a new line list in
 * preview, or an update of a saved one), or a saved line list with nothing waiting (`saved`: its
 * own styles, read only; opened by Edit on the brand's line lists).
 */
export const previewModeValues = ["upload", "saved"] as const;
export const previewModeSchema = z.enum(previewModeValues);
export type PreviewMode = z.infer<typeof previewModeSchema>;

/** `GET /api/crocs/preview/{lineListId}`: SPEC.md's "Preview model" plus what the screen shows. */
export const previewSummarySchema = z.object({
  /** Preview model: id, type, brand, dateSent, dateReceived, futureDateOfAvailability. */
  id: z.number().int(),
  type: lineListSchema.shape.type,
  brand: z.string(),
  brandId: z.number().int(),
  dateSent: z.string().nullable(),
  /** The deadline for orders. */
  dateReceived: z.string().nullable(),
  futureDateOfAvailability: z.string().nullable(),
  /** The line list itself: stage "preview" for a new upload, "saved" for an update of one or in `saved` mode. */
  lineList: lineListSchema,
  mode: previewModeSchema,
  /** The waiting upload's action; null in `saved` mode. */
  action: uploadActionSchema.nullable(),
  /** The waiting upload's file; in `saved` mode the file last saved into the line list, null when none. */
  fileName: z.string().nullable(),
  /** From the upload's first sheet; in `saved` mode the line list's own (null when unset). */
  season: z.string().nullable(),
  year: z.number().int().nullable(),
  /** SKU rows read from the file; in `saved` mode the line list's sizes. */
  rowCount: z.number().int(),
  /**
   * Styles per status over the whole upload (search and view do not change them). In `saved` mode
   * every style is the product itself: all "old".
   */
  counts: previewCountsSchema,
  /** update only (else count 0): the line list's styles missing from the new file; saving keeps them. */
  dropped: z.object({ count: z.number().int(), styles: z.array(droppedStyleSchema) }),
  /** When the upload was processed; in `saved` mode the last saved upload's, null when none. */
  uploadedAt: z.string().nullable(),
  /** The review's totals with the choices made so far (all zero in `saved` mode). */
  choices: previewChoiceTotalsSchema,
  /** Other line lists of the brand whose styles a save would change (shared fields only). */
  reach: z.array(previewReachSchema),
});
export type PreviewSummary = z.infer<typeof previewSummarySchema>;

/** `POST .../confirm` (write envelope): the saved line list and what saving did. */
export const confirmPreviewDataSchema = z.object({
  lineList: lineListSchema,
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** update: styles the line list keeps although the new file dropped them. */
  droppedKept: z.number().int(),
  /** True when this upload had already been saved: nothing was applied again. */
  alreadyConfirmed: z.boolean(),
  /** The review's totals the save applied (all zero when alreadyConfirmed). */
  choices: previewChoiceTotalsSchema,
  /** update: styles of the line list missing from the file that the save removed from it. */
  droppedRemoved: z.number().int(),
});
export type ConfirmPreviewData = z.infer<typeof confirmPreviewDataSchema>;

/** `DELETE /api/crocs/discard-uploaded-data/{lineListId}`. */
export const discardPreviewDataSchema = z.object({
  lineListId: z.number().int(),
  /** Staged styles removed (0 when nothing was waiting). */
  discardedStyles: z.number().int(),
  /** True when the line list was only a preview and is gone now. */
  lineListDeleted: z.boolean(),
});
export type DiscardPreviewData = z.infer<typeof discardPreviewDataSchema>;

/**
 * `POST /api/crocs/preview/{lineListId}/styles`: a style added by hand to the upload waiting, its
 * values written as the workbook's cells would be, one size and SKU each in `sizes`. The server
 * checks it with the workbook's own rules (the parser's), so the messages are those of an upload.
 */
const previewCell = (maxLength: number) => z.string().max(maxLength).optional();
export const previewNewStyleInputSchema = z.object({
  modelCode: z.string().max(100),
  franchise: previewCell(200),
  silhouette: previewCell(200),
  color: previewCell(200),
  gender: previewCell(200),
  /** As a cell holds it: 49.99 or $49.99. */
  msrp: previewCell(50),
  /** YYYY-MM-DD. */
  expectedShipDate: previewCell(50),
  /** Web addresses separated by commas or line breaks, or "No Image". */
  imageUrls: previewCell(5000),
  comfortLevel: previewCell(200),
  heightRange: previewCell(200),
  wearOccasion: previewCell(200),
  targetFit: previewCell(200),
  sizes: z
    .array(z.object({ size: z.string().max(100), sku: z.string().max(100) }))
    .min(1, "Add at least one size with its SKU")
    .max(200, "A style has at most 200 sizes"),
});
export type PreviewNewStyleInput = z.input<typeof previewNewStyleInputSchema>;

/** Its answer: the style's model code and its place among the upload's styles (the last). */
export const previewNewStyleDataSchema = z.object({
  lineListId: z.number().int(),
  modelCode: z.string(),
  position: z.number().int(),
});
export type PreviewNewStyleData = z.infer<typeof previewNewStyleDataSchema>;

export const previewMessages = {
  title: (brand: string, typeLabel: string) => `${brand} ${typeLabel} Line List`,
  searchPlaceholder: "Search by name, style or keyword",
  newItemsNotice: (count: number) => `${count} new items will be created when this line list is saved.`,
  addNewItem: "Add new item",
  saveQuestion: "Do you want to save this line list?",
  saveDescription: "This action will create the line list in the system. Is this correct?",
  savedTitle: "Line List Saved",
  goToLineLists: "Go to Line Lists",
  createCatalogs: "Create Catalogs",
  saved: "Preview saved successfully",
  savedDescription: "You can now see your line list in the brand table",
  saveFailed: "Error saving preview",
  cancelFailed: "Error canceling preview",
  discarded: "Uploaded data discarded",
  addNewItemDescription:
    "A style the file does not have, checked by the same rules as the file's rows. It is saved with the line list.",
  itemAdded: (modelCode: string) => `${modelCode} added to the preview`,
  addItemFailed: "Failed to add the item",
  itemHasErrors: "The item has errors; see the fields marked",
  modelCodeInFile: (modelCode: string) => `Model Code ${modelCode} is already in this file`,
  skuInFile: (sku: string, modelCode: string) =>
    `SKU ${sku} is already in this file (Model Code ${modelCode})`,
  savedBadge: "Saved line list",
  openCatalogs: "Open catalogs",
  droppedNotice: (count: number) =>
    `${count} styles of this line list are not in the new file; saving keeps them in the line list.`,
  // Server answers.
  lineListNotFound: "Line list not found",
  noPreview: "No preview found for this line list",
  nothingToDiscard: "This line list is saved and has no upload waiting: there is nothing to discard",
} as const;

/* ---------------------------------------------------------------------------------------------
 * Items: the Crocs brand's products (SPEC.md section 7, Items).
 * ------------------------------------------------------------------------------------------- */

export const itemMessages = {
  notFound: "Item not found",
  alreadyExists: "An item with this model code already exists",
  inUse: "This item is offered by a line list and cannot be deleted",
  noItems: "No items found.",
  created: "Item created successfully",
  updated: "Item updated successfully",
  deleted: "Item deleted successfully",
} as const;

/** Write body of `POST /api/crocs` and `PUT /api/crocs/{itemId}`: a style with its sizes. */
export const crocsItemInputSchema = previewStyleSchema.extend({
  model_code: z.string().trim().min(1).max(100),
});
export type CrocsItemInput = z.infer<typeof crocsItemInputSchema>;
export const crocsItemUpdateSchema = crocsItemInputSchema.extend(expectedRevisionSchema.shape);
export type CrocsItemUpdate = z.infer<typeof crocsItemUpdateSchema>;

export const itemIdParamsSchema = z.object({ itemId: z.coerce.number().int().min(1).max(maxEntityId) });

/** A product of the Crocs brand. */
export const crocsItemSchema = previewStyleSchema
  .extend({
    id: entityIdSchema,
    brandId: z.number().int(),
    items: z.array(previewItemSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(revisionedSchema.shape);
export type CrocsItem = z.infer<typeof crocsItemSchema>;

/** `GET /api/crocs/items`: search over model_code, franchise, silhouette, color, gender and msrp. */
export const crocsItemsQuerySchema = paginationQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
});
export type CrocsItemsQuery = Partial<z.output<typeof crocsItemsQuerySchema>>;

/** An item of a line list with the catalogs it is placed in (empty: unsorted). */
export const populatedParentItemSchema = crocsItemSchema.extend({
  lineListItemId: z.number().int(),
  position: z.number().int(),
  catalogTypes: z.array(z.enum(itemPlacementValues)),
});
export type PopulatedParentItem = z.infer<typeof populatedParentItemSchema>;

/** `GET /api/crocs/pre-book/populated-parent-items`: without lineListId, the current line list. */
export const populatedParentItemsQuerySchema = paginationQuerySchema.extend({
  lineListId: z.coerce.number().int().min(1).max(maxEntityId).optional(),
  search: z.string().trim().max(200).optional(),
});
export type PopulatedParentItemsQuery = Partial<z.output<typeof populatedParentItemsQuerySchema>>;

/** Its answer: `data.items` and `pagination` (SPEC.md section 7). */
export const populatedParentItemsDataSchema = z.object({
  lineListId: z.number().int(),
  items: z.array(populatedParentItemSchema),
});
export type PopulatedParentItemsData = z.infer<typeof populatedParentItemsDataSchema>;
