import {
  envelopeSchema,
  errorEnvelopeSchema,
  paginatedEnvelopeSchema,
  paginationSchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import {
  crocsItemInputSchema,
  crocsItemSchema,
  crocsItemsQuerySchema,
  crocsItemUpdateSchema,
  itemIdParamsSchema,
  itemMessages,
  populatedParentItemsDataSchema,
  populatedParentItemsQuerySchema,
} from "@cm/contracts/line-list-preview";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { countedPastOffset } from "../../lib/pagination.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import {
  createCrocsItem,
  deleteCrocsItem,
  listCrocsItems,
  listPopulatedParentItems,
  updateCrocsItem,
} from "./service.ts";

const failures = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** SPEC.md section 7, Items: the Crocs brand's products, and a line list's items with their placements. */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/crocs/items",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "Crocs items",
        description: `A page of the Crocs brand's products (styles with their sizes) by model code; \`search\` matches model_code, franchise, silhouette, color, gender and msrp. The total counts at most ${countedPastOffset} products past the page's first row: past that, \`total\` is that cap (the page's offset plus ${countedPastOffset}) and \`pagination.totalIsLowerBound\` is true (later pages can still be requested).`,
        tags: ["items"],
        querystring: crocsItemsQuerySchema,
        response: {
          200: paginatedEnvelopeSchema(crocsItemSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => listCrocsItems(app.database.db, request.query),
  );

  app.get(
    "/api/crocs/pre-book/populated-parent-items",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "A line list's items with their catalogs",
        description:
          "A page of the line list's styles (parents) with their sizes (children) and the catalog types each is placed in (empty: unsorted), in the line list's order. Without lineListId, the current Crocs line list.",
        tags: ["items"],
        querystring: populatedParentItemsQuerySchema,
        response: {
          200: envelopeSchema(populatedParentItemsDataSchema).extend({ pagination: paginationSchema }),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => listPopulatedParentItems(app.database.db, request.query),
  );

  app.post(
    "/api/crocs",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Create a Crocs item",
        tags: ["items"],
        body: crocsItemInputSchema,
        response: { 201: writeEnvelopeSchema(crocsItemSchema), ...failures },
      },
    },
    async (request, reply) => {
      const item = await createCrocsItem(app.database.db, request.body, request.user!.id);
      return reply
        .code(201)
        .send(written(item, { revision: item._revision, created: true, message: itemMessages.created }));
    },
  );

  app.put(
    "/api/crocs/:itemId",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Update a Crocs item",
        description:
          "Replaces the item's fields and sizes. A stale revision (If-Match or expectedRevision) gets 409.",
        tags: ["items"],
        params: itemIdParamsSchema,
        body: crocsItemUpdateSchema,
        response: { 200: writeEnvelopeSchema(crocsItemSchema), ...failures },
      },
    },
    async (request) => {
      const { expectedRevision: _ignored, ...input } = request.body;
      const item = await updateCrocsItem(
        app.database.db,
        request.params.itemId,
        input,
        readExpectedRevision(request),
        request.user!.id,
      );
      return written(item, { revision: item._revision, message: itemMessages.updated });
    },
  );

  app.delete(
    "/api/crocs/:itemId",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Delete a Crocs item",
        description: "Only an item no line list offers can be deleted (409 otherwise).",
        tags: ["items"],
        params: itemIdParamsSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })), ...failures },
      },
    },
    async (request) =>
      ok(
        await deleteCrocsItem(app.database.db, request.params.itemId, request.user!.id),
        itemMessages.deleted,
      ),
  );
};
