import { z } from "zod";
import {
  catalogTypeLabels,
  catalogTypeSchema,
  itemPlacementValues,
  type CatalogType,
  type ItemPlacement,
} from "./catalogs.ts";
import { entityIdSchema, expectedRevisionSchema } from "./envelope.ts";
import { lineListRowErrorSchema } from "./line-list-format.ts";
import { lineListIdParamsSchema, lineListSchema } from "./line-lists.ts";

/**
 * SPEC.md sections 2 ("Segmentation screen behaviour"), 3 (Catalog, Catalog item), 4 (Item
 * placement), 7 (Catalogs) and 8 ("Catalog add"): sorting a line list's items into its three
 * catalogs. An item is unsorted when it is in no catalog; it may be in several (copy).
 */

export const itemPlacementSchema = z.enum(itemPlacementValues);

export const segmentationLimits = {
  /** The most items one placement request may name (a select-all on the largest line lists). */
  maxItemsPerRequest: 10_000,
  /** The largest pre-segmentation file. */
  maxSegmentationFileBytes: 5 * 1024 * 1024,
  /** How many row errors a refused pre-segmentation file lists. */
  maxSegmentationErrors: 100,
  // SPEC.md section 9.
  gridColumns: 6,
  compactGridColumns: 11,
  searchDebounceMs: 500,
  dragTabHoverDelayMs: 1000,
  dragGhostMaxStack: 7,
} as const;

export const segmentationMessages = {
  // SPEC.md section 8, "Catalog add" and the catalog messages.
  addFailed: "Failed to add items to catalog, please check if the request was correct",
  catalogOrLineListNotFound: "Catalog or line list not found",
  somethingWentWrong: "Something went wrong on our side, please try again later.",
  removeFailed: "Failed to remove items",
  copyFailed: "Failed to copy items",
  moveFailed: "Failed to move items",
  fetchCurrentFailed: "Failed to fetch current catalog",
  noCurrentCatalogs: "No current catalogs found",
  catalogNotFound: "Catalog not found",
  noSourceOfItems: "Cannot find source of items to add.",
  noCatalogSelected: "No catalog selected",
  noItemsToMove: "No items to move",
  sameCategory: "Cannot move items to the same category",
  publishCatalogsFailed: "Failed to publish catalogs",
  catalogsPublished: "Catalogs published successfully",
  // Success toasts.
  itemsRemoved: "Items removed",
  itemsAddedToCatalog: (...types: CatalogType[]) =>
    `Items added to catalog ${types.map((type) => catalogTypeLabels[type]).join(", ")}`,
  itemsCopied: (count: number, target: string) => `${count} item(s) copied to ${target}`,
  itemsMoved: (count: number, target: string) => `${count} item(s) moved to ${target}`,
  itemsAddedFromUnsorted: (target: string) => `Items added successfully to ${target} from unsorted`,
  itemsMovedTo: (target: string) => `Items moved successfully to ${target}`,
  // Our own, for what the spec leaves unsaid.
  tooManyItems: `At most ${segmentationLimits.maxItemsPerRequest.toLocaleString("en-US")} items can be placed at once`,
  catalogsSaved: "Catalogs saved",
  catalogsReady: "The line list's catalogs are ready",
  catalogsSaveFailed: "Failed to save catalogs",
  segmentationApplied: (count: number) => `${count} item(s) placed from the segmentation file`,
  segmentationRefused: "The segmentation file was refused; nothing was changed",
  segmentationFileType: "Only .csv and .xlsx segmentation files can be uploaded",
  segmentationFileEmpty: "The segmentation file has no rows",
  segmentationFileTooLarge: "The segmentation file is larger than 5 MB",
  segmentationHeadersMissing: 'The first row must name the columns "Model Code" and "Catalog Type"',
  segmentationUnknownModelCode: (modelCode: string) => `Model code ${modelCode} is not in this line list`,
  itemsLeftOrigin:
    "Some items are no longer where they were moved from; nothing was moved. Reload and try again.",
  itemLeftOrigin: (modelCode: string, origin: ItemPlacement) =>
    `Model code ${modelCode} is no longer in ${catalogTabLabels[origin]}`,
  segmentationUnknownType: (type: string) =>
    `Catalog type "${type}" is not one of athletic, boutique, crocs or unsorted`,
} as const;

/** The tab name of each place an item can be (the screen's tabs and the toasts' `{target}`). */
export const catalogTabLabels: Record<ItemPlacement, string> = {
  unsorted: "Unsorted items",
  athletic: "Athletic Catalog",
  boutique: "Boutique Catalog",
  crocs: "Crocs Catalog",
};

const modelCodeSchema = z.string().trim().min(1).max(100);
const lineListIdSchema = entityIdSchema;

/** SPEC.md section 3, "Catalog item": an item of the line list as the segmentation screen shows it. */
export const catalogItemSchema = z.object({
  /** The model code: items are named by it throughout segmentation. */
  id: z.string(),
  model_code: z.string(),
  silhouette: z.string().nullable(),
  color: z.string().nullable(),
  /** The sizes in the brand's order. */
  sizes: z.array(z.string()),
  /** The first image URL, or null for the placeholder (none given, or "No Image"). */
  image_url: z.string().nullable(),
  /** The item's place in the line list's order, from 0: the same in every catalog it is in. */
  position: z.number().int().min(0),
  /** The catalogs the item is in, in type order; empty when it is unsorted. */
  catalogTypes: z.array(catalogTypeSchema),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

/** SPEC.md section 3, "Catalog": one place with its items, in the line list's order. */
export const populatedCatalogSchema = z.object({
  type: itemPlacementSchema,
  lineListId: z.number().int(),
  items: z.array(catalogItemSchema),
});
export type PopulatedCatalog = z.infer<typeof populatedCatalogSchema>;

/**
 * `GET /api/crocs/catalogs/populated/{lineListId}` and `GET /api/crocs/catalogs/latest`: the
 * line list and its four places, always in the order unsorted, athletic, boutique, crocs.
 */
export const populatedCatalogsSchema = z.object({
  lineList: lineListSchema,
  catalogs: z.array(populatedCatalogSchema),
});
export type PopulatedCatalogs = z.infer<typeof populatedCatalogsSchema>;

/**
 * The revision of the line list a segmentation write was based on (`_revision` of the populated
 * catalogs' line list, or the last write's `nextExpectedStreamVersion`), else the `If-Match`
 * header: a stale one is refused with 409 and changes nothing.
 */
const segmentationRevisionShape = expectedRevisionSchema.shape;

/** `POST /api/crocs/catalogs/create` and `POST /api/crocs/catalogs/save`. */
export const lineListCatalogsInputSchema = z.object({
  lineListId: lineListIdSchema,
  ...segmentationRevisionShape,
});
export type LineListCatalogsInput = z.infer<typeof lineListCatalogsInputSchema>;

/** One item's placement change in `add-items`, `copy-items` and `move-items` (the spec's shape). */
export const itemPlacementChangeSchema = z.object({
  modelCode: modelCodeSchema,
  originCatalogType: itemPlacementSchema,
  targetCatalogType: catalogTypeSchema,
});
export type ItemPlacementChange = z.infer<typeof itemPlacementChangeSchema>;

const changesSchema = z
  .array(itemPlacementChangeSchema)
  .max(segmentationLimits.maxItemsPerRequest, segmentationMessages.tooManyItems);

/** `POST /api/crocs/catalogs/add-items`: each item joins its target and stays where it was. */
export const addItemsInputSchema = z.object({
  lineListId: lineListIdSchema,
  addItems: changesSchema,
  ...segmentationRevisionShape,
});
export type AddItemsInput = z.infer<typeof addItemsInputSchema>;

/** `POST /api/crocs/catalogs/copy-items`: as add; the copy keeps the item in its origin. */
export const copyItemsInputSchema = z.object({
  lineListId: lineListIdSchema,
  copyItems: changesSchema,
  ...segmentationRevisionShape,
});
export type CopyItemsInput = z.infer<typeof copyItemsInputSchema>;

/** `POST /api/crocs/catalogs/move-items`: each item leaves its origin for its target. */
export const moveItemsInputSchema = z.object({
  lineListId: lineListIdSchema,
  moveItems: changesSchema,
  ...segmentationRevisionShape,
});
export type MoveItemsInput = z.infer<typeof moveItemsInputSchema>;

const modelCodesSchema = z
  .array(modelCodeSchema)
  .max(segmentationLimits.maxItemsPerRequest, segmentationMessages.tooManyItems);

/**
 * `POST /api/crocs/catalogs/add-items-to` and `copy-items-to` (payloads the spec leaves open):
 * many items from one origin into one target.
 */
export const placeItemsToInputSchema = z.object({
  lineListId: lineListIdSchema,
  modelCodes: modelCodesSchema,
  originCatalogType: itemPlacementSchema,
  targetCatalogType: catalogTypeSchema,
  ...segmentationRevisionShape,
});
export type PlaceItemsToInput = z.infer<typeof placeItemsToInputSchema>;

/** `DELETE /api/crocs/catalogs/remove-items` (the spec's shape). */
export const removeItemsInputSchema = z.object({
  lineListId: lineListIdSchema,
  modelCodes: modelCodesSchema,
  catalogType: catalogTypeSchema,
  ...segmentationRevisionShape,
});
export type RemoveItemsInput = z.infer<typeof removeItemsInputSchema>;

/** Items per place after a write, so a screen can show the tab counts without reloading. */
export const catalogCountsSchema = z.object({
  unsorted: z.number().int(),
  athletic: z.number().int(),
  boutique: z.number().int(),
  crocs: z.number().int(),
});
export type CatalogCounts = z.infer<typeof catalogCountsSchema>;

/**
 * What every placement write answers: the items it named with where they are now, and the
 * counts per place. Sending the same request twice gives the same answer.
 */
export const placementResultSchema = z.object({
  lineListId: z.number().int(),
  items: z.array(z.object({ modelCode: z.string(), catalogTypes: z.array(catalogTypeSchema) })),
  counts: catalogCountsSchema,
});
export type PlacementResult = z.infer<typeof placementResultSchema>;

/** `POST /api/crocs/catalogs/create`: the types it created now (none when they all existed). */
export const createCatalogsResultSchema = z.object({
  lineListId: z.number().int(),
  created: z.array(catalogTypeSchema),
  counts: catalogCountsSchema,
});
export type CreateCatalogsResult = z.infer<typeof createCatalogsResultSchema>;

/**
 * `POST /api/crocs/catalogs/pre-segmented?lineListId=…`: the body is the file itself, a CSV
 * (`text/csv`) or an XLSX workbook, whose first sheet has the columns "Model Code" and
 * "Catalog Type" (athletic, boutique, crocs or unsorted; one row per item and catalog). Every
 * item it names is then in exactly the catalogs its rows list ("unsorted" takes it out of all);
 * items it does not name stay where they are. A file with any bad row changes nothing and gets
 * 400 with the first errors.
 */
export const preSegmentedQuerySchema = lineListIdParamsSchema;
export const segmentationFileContentTypes = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
export const segmentationFileHeaders = { modelCode: "Model Code", catalogType: "Catalog Type" } as const;

export const preSegmentedErrorsSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.object({ errors: z.array(lineListRowErrorSchema), errorCount: z.number().int() }),
});
export type PreSegmentedErrors = z.infer<typeof preSegmentedErrorsSchema>;
