import { envelopeSchema, errorEnvelopeSchema, paginatedEnvelopeSchema } from "@cm/contracts/envelope";
import {
  lineListMessages,
  lineListsDataSchema,
  lineListsQuerySchema,
  lineListsWithCatalogsQuerySchema,
  lineListWithCatalogsSchema,
} from "@cm/contracts/line-lists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { moduleErrorHandler } from "../../lib/module-errors.ts";
import { listLineLists, listLineListsWithCatalogs } from "./service.ts";

/** `GET /api/line-lists` and `GET /api/line-lists/with-catalogs-info`: saved line lists, newest first. */
export const lineListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/line-lists",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "Line lists",
        description:
          "Saved line lists, newest first, filtered by id, brand, publication status (all, published, unpublished) and type.",
        tags: ["line-lists"],
        querystring: lineListsQuerySchema,
        response: { 200: envelopeSchema(lineListsDataSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok({ lineLists: await listLineLists(app.database.db, request.query) }),
  );

  app.get(
    "/api/line-lists/with-catalogs-info",
    {
      config: { permission: "catalogs.view" },
      // Bad parameters get the spec's own message rather than the generic "Wrong Input".
      errorHandler: moduleErrorHandler({ invalidInput: lineListMessages.wrongCatalogsInfoParameters }),
      schema: {
        summary: "Line lists with their catalogs",
        description:
          "A page of saved line lists, newest first, each with its brand, dates, flags, items count and the item count of each of its catalogs.",
        tags: ["line-lists"],
        querystring: lineListsWithCatalogsQuerySchema,
        response: { 200: paginatedEnvelopeSchema(lineListWithCatalogsSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => listLineListsWithCatalogs(app.database.db, request.query),
  );
};
