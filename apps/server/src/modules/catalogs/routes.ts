import { catalogMessages, publishCatalogInputSchema } from "@cm/contracts/catalogs";
import { errorEnvelopeSchema, writeEnvelopeSchema } from "@cm/contracts/envelope";
import { lineListSchema } from "@cm/contracts/line-lists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { written } from "../../lib/envelope.ts";
import { publishCatalog } from "./service.ts";

/** The Crocs catalogs of a line list. Segmentation (issue 6) adds its routes here. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/crocs/catalogs/publish",
    {
      schema: {
        summary: "Publish a line list's catalogs",
        description:
          "Sets the line list's published flag to 1, for good. Without lineListId, publishes the current (newest) line list of the Crocs brand. Publishing again changes nothing.",
        tags: ["catalogs"],
        body: publishCatalogInputSchema,
        response: { 200: writeEnvelopeSchema(lineListSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { lineList } = await publishCatalog(app.database.db, request.body, request.user!.id);
      return written(lineList, { revision: lineList._revision, message: catalogMessages.published });
    },
  );
};
