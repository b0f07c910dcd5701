import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import {
  portalCatalogMessages,
  portalCatalogsSchema,
  portalLineListParamsSchema,
  portalSeenInputSchema,
  portalSeenSchema,
  portalStoreQuerySchema,
  portalStylesQuerySchema,
  portalStylesSchema,
  portalVisitGapMinutes,
} from "@cm/contracts/portal-catalogs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { listPortalCatalogs, listPortalStyles, recordPortalVisit } from "./catalogs.service.ts";
import { portalViewRoutes } from "./view-as.routes.ts";
import { findPortalStore } from "./visibility.ts";

const tags = ["portal"];
const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const storeRule = `\`storeId\` is one of the user's active stores; any other answers 404 "${portalCatalogMessages.storeNotFound}".`;
const visibilityRule =
  "A catalog is visible when its line list is published (or its scheduled time has passed), the store and its organization are active, the store's brand focus includes the line list's brand and the store's segmentation for that brand is in the catalog's audience.";

/**
 * What a store sees (docs/portal.md "What a store sees"): its published line lists and their
 * styles at the organization's prices. Also registers staff's "View as store" reads.
 */
export const portalCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/api/portal/catalogs",
    {
      config: { permission: "portal.catalogs.view" },
      schema: {
        summary: "The line lists published for a store",
        description: [
          storeRule,
          visibilityRule,
          "Lists the line lists with at least one visible catalog holding a style, newest publication first, each with those catalogs in catalog type order and how many styles each holds.",
          `\`isNew\`: published after the user's previous visit of this store's home (a visit is a run of openings less than ${portalVisitGapMinutes} minutes apart, recorded with POST /api/portal/catalogs/seen); false on a first visit.`,
        ].join(" "),
        tags,
        querystring: portalStoreQuerySchema,
        response: { 200: envelopeSchema(portalCatalogsSchema), ...errors },
      },
    },
    async (request) => {
      const store = await findPortalStore(db, request.user!.id, request.portal!, request.query.storeId);
      return ok(await listPortalCatalogs(db, store, request.user!.id), portalCatalogMessages.catalogs);
    },
  );

  app.post(
    "/api/portal/catalogs/seen",
    {
      config: { permission: "portal.catalogs.view" },
      schema: {
        summary: "Record an opening of a store's portal home",
        description: [
          storeRule,
          `Openings less than ${portalVisitGapMinutes} minutes apart are one visit: a later one starts a new visit, and what was published after the visit before it is "New" (isNew on GET /api/portal/catalogs).`,
          "Answers the current visit's latest opening and the previous visit's (null before a second visit).",
        ].join(" "),
        tags,
        body: portalSeenInputSchema,
        response: { 200: envelopeSchema(portalSeenSchema), ...errors },
      },
    },
    async (request) => {
      const store = await findPortalStore(db, request.user!.id, request.portal!, request.body.storeId);
      return ok(await recordPortalVisit(db, request.user!.id, store), portalCatalogMessages.seen);
    },
  );

  app.get(
    "/api/portal/line-lists/:id/styles",
    {
      config: { permission: "portal.catalogs.view" },
      schema: {
        summary: "A page of the styles a store sees in a line list",
        description: [
          storeRule,
          visibilityRule,
          `Only styles placed in a catalog visible to the store, in the line list's order; \`catalogType\` narrows to one visible catalog. A line list or catalog type the store does not see answers 404 "${portalCatalogMessages.lineListNotFound}".`,
          "`q` searches model code, name and colour (case-insensitive); `gender` and `color` match exactly (case-insensitive). `facets` hold the genders and colours of every style the store sees in the line list.",
          "`msrp` and `unitWhs` are the line list's offer: unit WHS = its wholesale price, or MSRP × the brand's factor, less the organization's discount for the brand, rounded half-up to the cent. Sizes come in the brand's size scale order; `available` is the Open Stock quantity on own-stock line lists, else null.",
        ].join(" "),
        tags,
        params: portalLineListParamsSchema,
        querystring: portalStylesQuerySchema,
        response: { 200: envelopeSchema(portalStylesSchema), ...errors },
      },
    },
    async (request) => {
      const { storeId, ...query } = request.query;
      const store = await findPortalStore(db, request.user!.id, request.portal!, storeId);
      return ok(
        await listPortalStyles(db, store, request.params.id, query, request.user!.id),
        portalCatalogMessages.styles,
      );
    },
  );

  await app.register(portalViewRoutes);
};
