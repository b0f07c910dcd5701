import {
  envelopeSchema,
  errorEnvelopeSchema,
  paginatedEnvelopeSchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import {
  lineListMessages,
  lineListIdParamsSchema,
  lineListRenameSchema,
  lineListSchema,
  lineListsDataSchema,
  lineListsQuerySchema,
  lineListsWithCatalogsQuerySchema,
  lineListWithCatalogsSchema,
} from "@cm/contracts/line-lists";
import { sharedReadPermissions } from "@cm/contracts/permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, written } from "../../lib/envelope.ts";
import { moduleErrorHandler } from "../../lib/module-errors.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { listLineLists, listLineListsWithCatalogs, renameLineList } from "./service.ts";

/**
 * `GET /api/line-lists` and `GET /api/line-lists/with-catalogs-info`: saved line lists, newest
 * first; `PATCH /api/line-lists/{lineListId}`: a line list's new name.
 */
export const lineListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/line-lists",
    {
      config: { permission: sharedReadPermissions.lineLists },
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

  app.patch(
    "/api/line-lists/:lineListId",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Rename a line list",
        description:
          "Gives a line list (in preview or saved) a new name. Send the revision the change is based on as If-Match or expectedRevision: a stale one gets 409 and changes nothing. The history records the change.",
        tags: ["line-lists"],
        params: lineListIdParamsSchema,
        body: lineListRenameSchema,
        response: {
          200: writeEnvelopeSchema(lineListSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const lineList = await renameLineList(
        app.database.db,
        request.params.lineListId,
        request.body.name,
        readExpectedRevision(request),
        request.user!.id,
      );
      return written(lineList, { revision: lineList._revision, message: lineListMessages.renamed });
    },
  );
};
