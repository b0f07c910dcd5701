import { z } from "zod";
import { catalogTypeSchema } from "./catalogs.ts";
import { maxEntityId } from "./envelope.ts";
import { calendarDateSchema, lineListTypeSchema } from "./line-lists.ts";
import { moneySchema } from "./money.ts";

/**
 * What a store sees in the customer portal (issue 34, docs/portal.md "What a store sees"):
 * `GET /api/portal/catalogs` and `GET /api/portal/line-lists/{id}/styles`, and the same reads for
 * staff's "View as store" (`GET /api/stores/{storeId}/portal-view/…`).
 *
 * The visibility rule, one SQL condition on the server (`apps/server/src/modules/portal/visibility.ts`):
 * a catalog of a line list is visible to a store when the line list is saved and published (or its
 * scheduled `publish_at` has passed), the store and its organization are active, the store's brand
 * focus includes the line list's brand, and the store's segmentation for that brand is in the
 * catalog's audience. Only items placed in a visible catalog are shown.
 */

const idQuery = z.coerce.number().int().min(1).max(maxEntityId);

export const portalCatalogMessages = {
  catalogs: "Catalogs retrieved successfully",
  styles: "Styles retrieved successfully",
  /** 404 for a store that is not the user's, or a line list the store may not see. */
  storeNotFound: "Store not found",
  lineListNotFound: "Line list not found",
  seen: "Visit recorded",
  noCatalogs: (store: string) => `Nothing has been published for ${store} yet.`,
  noStyles: "No styles match these filters.",
  loadFailed: "The catalogs could not be loaded",
  stylesLoadFailed: "The styles could not be loaded",
  newSinceLastVisit: "New",
  viewAsStoreTitle: (store: string) => `Viewing as ${store}`,
  viewAsStoreNotice: "This is the portal exactly as the store's buyers see it. Nothing can be ordered here.",
  viewAsStore: "View as store",
} as const;

/** `?storeId=`: which of the user's stores the portal shows (required: a user may have several). */
export const portalStoreQuerySchema = z.object({ storeId: idQuery });

/** `GET /api/portal/catalogs?storeId=`. */
export const portalLineListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  type: lineListTypeSchema,
  /** Pre-book: the deadline for orders. */
  deadline: calendarDateSchema.nullable(),
  /** Future stock: when the goods are available. */
  dateOfAvailability: calendarDateSchema.nullable(),
  publishedAt: z.iso.datetime({ offset: true }),
  /** Published after the user's previous visit of this store's portal home (false on a first visit). */
  isNew: z.boolean(),
  /** The catalogs of the line list the store sees, in catalog type order, with how many styles each holds. */
  catalogs: z.array(z.object({ type: catalogTypeSchema, itemsCount: z.number().int() })),
});
export type PortalLineList = z.infer<typeof portalLineListSchema>;
export const portalCatalogsSchema = z.object({ lineLists: z.array(portalLineListSchema) });
export type PortalCatalogs = z.infer<typeof portalCatalogsSchema>;

/** `POST /api/portal/catalogs/seen` `{ storeId }`: the user has seen the store's home now. */
export const portalSeenInputSchema = z.object({ storeId: z.number().int().min(1).max(maxEntityId) });

/**
 * A visit of a store's portal home is a run of openings less than this many minutes apart: "New"
 * marks what was published after the visit before the current one, so it stays on while the buyer
 * moves between the home and the line lists, and goes once they come back later.
 */
export const portalVisitGapMinutes = 30;

/** The answer of `POST /api/portal/catalogs/seen`: the current visit and the one before it. */
export const portalSeenSchema = z.object({
  seenAt: z.iso.datetime({ offset: true }),
  /** What "New" compares with; null before the second visit. */
  previousSeenAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PortalSeen = z.infer<typeof portalSeenSchema>;

export const portalStylesPageSizeMax = 100;
export const portalStylesPageSizeDefault = 48;

/** `GET /api/portal/line-lists/{id}/styles`. */
export const portalLineListParamsSchema = z.object({ id: idQuery });
export const portalStylesQuerySchema = z.object({
  storeId: idQuery,
  /** One of the visible catalogs; absent: every catalog the store sees. */
  catalogType: catalogTypeSchema.optional(),
  /** Model code, name or colour, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  gender: z.string().trim().max(50).optional(),
  color: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(portalStylesPageSizeMax).default(portalStylesPageSizeDefault),
});
export type PortalStylesQuery = z.infer<typeof portalStylesQuerySchema>;

export const portalStyleSchema = z.object({
  modelCode: z.string(),
  name: z.string().nullable(),
  color: z.string().nullable(),
  gender: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The visible catalogs the style is in. */
  catalogTypes: z.array(catalogTypeSchema),
  msrp: moneySchema.nullable(),
  /** The store's own unit price: the line list's wholesale price or MSRP × factor, after the organization's discount. */
  unitWhs: moneySchema.nullable(),
  /** In the brand's size scale order. `available` is the Open Stock quantity (own-stock line lists), else null. */
  sizes: z.array(z.object({ sku: z.string(), size: z.string(), available: z.number().int().nullable() })),
});
export type PortalStyle = z.infer<typeof portalStyleSchema>;

export const portalStylesSchema = z.object({
  lineList: portalLineListSchema,
  styles: z.array(portalStyleSchema),
  total: z.number().int(),
  /** For the filters: the genders and colours of the styles the store sees in this line list. */
  facets: z.object({ genders: z.array(z.string()), colors: z.array(z.string()) }),
});
export type PortalStyles = z.infer<typeof portalStylesSchema>;

/** Staff's "View as store": `/api/stores/{storeId}/portal-view/…` (catalogs.view). */
/** `GET /api/stores/{storeId}/portal-view/catalogs`: the store's home, with the store it is. */
export const portalViewCatalogsSchema = portalCatalogsSchema.extend({
  store: z.object({ id: z.number().int(), name: z.string() }),
});
export type PortalViewCatalogs = z.infer<typeof portalViewCatalogsSchema>;
export const portalViewParamsSchema = z.object({ storeId: idQuery });
export const portalViewStylesParamsSchema = z.object({ storeId: idQuery, lineListId: idQuery });
export const portalViewStylesQuerySchema = portalStylesQuerySchema.omit({ storeId: true });
