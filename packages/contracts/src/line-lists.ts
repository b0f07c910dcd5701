import { z } from "zod";
import { catalogTypeSchema } from "./catalogs.ts";
import { expectedRevisionSchema, maxEntityId, paginationQuerySchema, revisionedSchema } from "./envelope.ts";
import { nameSchema } from "./names.ts";
import { segmentationValues } from "./segmentation.ts";

/** SPEC.md sections 3, 7 and 8: line lists. */

/** How a line list is sold (DESIGN.md glossary). `update` is an upload action, not a stored type. */
export const lineListTypeValues = ["pre-book", "brand-ats", "future-stock", "own-stock"] as const;
export const lineListTypeSchema = z.enum(lineListTypeValues);
export type LineListType = z.infer<typeof lineListTypeSchema>;
/** The type of a line list that names none. */
export const defaultLineListType: LineListType = "own-stock";

export const lineListTypeLabels: Record<LineListType, string> = {
  "pre-book": "Pre-Book",
  "brand-ats": "Brand ATS",
  "future-stock": "Future Stock",
  "own-stock": "Own Stock",
};

/**
 * An upload creates a line list in `preview` (its rows staged, nothing applied yet); saving the
 * preview makes it `saved`. Only saved line lists are listed.
 */
export const lineListStageValues = ["preview", "saved"] as const;
export const lineListStageSchema = z.enum(lineListStageValues);
export type LineListStage = z.infer<typeof lineListStageSchema>;

/** The `status` filter of the line list queries: by publication. */
export const lineListStatusFilterValues = ["all", "published", "unpublished"] as const;
export const lineListStatusFilterSchema = z.enum(lineListStatusFilterValues);
export type LineListStatusFilter = z.infer<typeof lineListStatusFilterSchema>;

/** A line list's name: set in the upload dialog (prefilled from the file name), renamed later. */
export const lineListNameMaxLength = 255;

export const lineListMessages = {
  noLineListsFound: "No line lists found",
  lineListNotFound: "Line list not found",
  wrongCatalogsInfoParameters: "Wrong parameters provided for linelists with catalog info",
  nameRequired: "Line list name is required",
  nameTooLong: `Line list name must be at most ${lineListNameMaxLength} characters`,
  renamed: "Line list renamed",
  renameFailed: "Failed to rename line list",
} as const;

export const lineListNameSchema = nameSchema(
  { required: lineListMessages.nameRequired, tooLong: lineListMessages.nameTooLong },
  lineListNameMaxLength,
);

/** `PATCH /api/line-lists/{lineListId}`: a new name, at the revision the person saw. */
export const lineListRenameSchema = z
  .object({ name: lineListNameSchema })
  .extend(expectedRevisionSchema.shape);
export type LineListRename = z.input<typeof lineListRenameSchema>;

/** The `{lineListId}` of a line list's routes (line lists, previews, catalogs). */
export const lineListIdParamsSchema = z.object({
  lineListId: z.coerce.number().int().min(1).max(maxEntityId),
});

/** A calendar date, "YYYY-MM-DD": no time, no timezone. */
export const calendarDateSchema = z.iso.date();

/** The spec's flags are 0 or 1. */
const flagSchema = z.union([z.literal(0), z.literal(1)]);

export const lineListSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    type: lineListTypeSchema,
    brandId: z.number().int(),
    brandName: z.string(),
    stage: lineListStageSchema,
    season: z.string().nullable(),
    year: z.number().int().nullable(),
    /** When the brand sent the line list. */
    sentOn: calendarDateSchema.nullable(),
    /** Pre-book: the date the offer was sent to customers. */
    dateSent: calendarDateSchema.nullable(),
    /** Pre-book: the deadline for orders. */
    deadline: calendarDateSchema.nullable(),
    /** Future stock: the date the goods are available. */
    dateOfAvailability: calendarDateSchema.nullable(),
    published: flagSchema,
    /** A scheduled publication (issue 34): when the line list publishes; null when none is scheduled. */
    publishAt: z.iso.datetime({ offset: true }).nullable(),
    sortingCompleted: flagSchema,
    /** Styles the line list offers. */
    itemsCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(revisionedSchema.shape);
export type LineList = z.infer<typeof lineListSchema>;

export const catalogSummarySchema = z.object({
  type: catalogTypeSchema,
  itemsCount: z.number().int(),
  /** The segmentations whose stores see the catalog once published (catalogs.ts, `catalogAudienceSchema`). */
  audience: z.array(z.enum(segmentationValues)),
});
export type CatalogSummary = z.infer<typeof catalogSummarySchema>;

export const lineListWithCatalogsSchema = lineListSchema.extend({
  /** The line list's catalogs that exist (none until they are created), in the order of their types. */
  catalogs: z.array(catalogSummarySchema),
  /** Styles in no catalog. */
  unsortedItemsCount: z.number().int(),
});
export type LineListWithCatalogs = z.infer<typeof lineListWithCatalogsSchema>;

const idQuery = z.coerce.number().int().min(1).max(maxEntityId);

/** `GET /api/line-lists`. */
export const lineListsQuerySchema = z.object({
  lineListId: idQuery.optional(),
  brandId: idQuery.optional(),
  status: lineListStatusFilterSchema.default("all"),
  type: lineListTypeSchema.optional(),
});
/** What a client sends: every field optional. */
export type LineListsQuery = Partial<z.output<typeof lineListsQuerySchema>>;

export const lineListsDataSchema = z.object({ lineLists: z.array(lineListSchema) });
export type LineListsData = z.infer<typeof lineListsDataSchema>;

/** `GET /api/line-lists/with-catalogs-info`, newest first. */
export const lineListsWithCatalogsQuerySchema = paginationQuerySchema.extend({
  brandId: idQuery.optional(),
  status: lineListStatusFilterSchema.default("all"),
  type: lineListTypeSchema.optional(),
});
export type LineListsWithCatalogsQuery = Partial<z.output<typeof lineListsWithCatalogsQuerySchema>>;
