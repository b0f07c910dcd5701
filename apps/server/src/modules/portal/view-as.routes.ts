import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import {
  portalCatalogMessages,
  portalStylesSchema,
  portalViewCatalogsSchema,
  portalViewParamsSchema,
  portalViewStylesParamsSchema,
  portalViewStylesQuerySchema,
} from "@cm/contracts/portal-catalogs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { listPortalCatalogs, listPortalStyles } from "./catalogs.service.ts";
import { findViewedStore } from "./visibility.ts";

const tags = ["portal"];
const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const sameAnswer = `Exactly what the store's buyers get from the portal's read, with nothing marked new (read-only). A store that is not a customer's answers 404 "${portalCatalogMessages.storeNotFound}".`;

/**
 * Staff's "View as store" (docs/portal.md "What a store sees"): the portal's catalog reads for a
 * customer's store, through the same service functions, so staff see what its buyers see.
 */
export const portalViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/api/stores/:storeId/portal-view/catalogs",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "View as store: the line lists published for the store",
        description: `GET /api/portal/catalogs as the store sees it, with \`store\` naming it. ${sameAnswer}`,
        tags,
        params: portalViewParamsSchema,
        response: { 200: envelopeSchema(portalViewCatalogsSchema), ...errors },
      },
    },
    async (request) => {
      const store = await findViewedStore(db, request.params.storeId);
      const catalogs = await listPortalCatalogs(db, store, null);
      return ok({ ...catalogs, store: { id: store.id, name: store.name } }, portalCatalogMessages.catalogs);
    },
  );

  app.get(
    "/api/stores/:storeId/portal-view/line-lists/:lineListId/styles",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "View as store: a page of the styles the store sees in a line list",
        description: `GET /api/portal/line-lists/{id}/styles as the store sees it, at its organization's prices. ${sameAnswer}`,
        tags,
        params: portalViewStylesParamsSchema,
        querystring: portalViewStylesQuerySchema,
        response: { 200: envelopeSchema(portalStylesSchema), ...errors },
      },
    },
    async (request) => {
      const store = await findViewedStore(db, request.params.storeId);
      return ok(
        await listPortalStyles(db, store, request.params.lineListId, request.query, null),
        portalCatalogMessages.styles,
      );
    },
  );
};
