import { envelopeSchema, errorEnvelopeSchema, writeEnvelopeSchema } from "@cm/contracts/envelope";
import {
  lineListSaveDetailSchema,
  lineListSaveParamsSchema,
  lineListSavesDataSchema,
  undoMessages,
  undoSaveDataSchema,
  undoSaveInputSchema,
  undoSaveQuerySchema,
} from "@cm/contracts/line-list-saves";
import { lineListIdParamsSchema } from "@cm/contracts/line-lists";
import { genericMessages } from "@cm/contracts/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { getSave, listSaves, undoSave } from "./service.ts";

/**
 * A line list's saves as change sets and their undo (issue 33, docs/line-list-saves.md):
 * `GET /api/line-lists/{lineListId}/saves`, `GET .../saves/{saveId}`, `POST .../saves/{saveId}/undo`.
 */
export const lineListSavesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/line-lists/:lineListId/saves",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "A line list's saves",
        description:
          "Every save of the line list (an upload saved new or as an update, and each undo), newest first: when, who (the person's name), the file, how many styles it added, changed and removed, the save an undo undid and the undo that undid a save. An unknown line list is 404.",
        tags: ["line-lists"],
        params: lineListIdParamsSchema,
        response: {
          200: envelopeSchema(lineListSavesDataSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok({ saves: await listSaves(app.database.db, request.params.lineListId) }),
  );

  app.get(
    "/api/line-lists/:lineListId/saves/:saveId",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "One save of a line list",
        description: `The save and each style it touched, in the line list's order: added, removed, or changed with each changed field before and after (fields named as the preview names them; prices as numbers, sizes as "size SKU", extra attributes as "name: value"). A save not of this line list is 404 "${undoMessages.notFound}".`,
        tags: ["line-lists"],
        params: lineListSaveParamsSchema,
        response: {
          200: envelopeSchema(lineListSaveDetailSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await getSave(app.database.db, request.params.lineListId, request.params.saveId)),
  );

  app.post(
    "/api/line-lists/:lineListId/saves/:saveId/undo",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Undo a save of a line list",
        description: `With \`dryRun=true\`, changes nothing and says what the undo would do: \`revert\` lists each field going back to its value before the save (where it still holds the save's value), each style the save added that leaves the line list and each style it removed that comes back (with its offer, sizes and SKUs, and catalog placements); \`skip\` names what stays as it is and why (a field changed again since; an added style an order line of the line list uses or a catalog of the published line list shows); \`publishedCatalogs\` lists the published catalogs whose items would change (of this line list, or of other published line lists showing a product whose shared fields go back). Without \`dryRun\`, applies it in one transaction holding the line list's lock, as a change set of its own (kind "undo", which can be undone in turn), with one history entry and a new revision for the line list. 409: "${undoMessages.alreadyUndone}" (two people undoing at once: one wins), "${undoMessages.publishedNeedsConfirm}" (send \`confirmPublished: true\`), "${undoMessages.nothingToUndo}", or a stale revision (optional \`expectedRevision\`/If-Match).`,
        tags: ["line-lists"],
        params: lineListSaveParamsSchema,
        querystring: undoSaveQuerySchema,
        body: undoSaveInputSchema,
        response: {
          200: writeEnvelopeSchema(undoSaveDataSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { data, revision } = await undoSave(
        app.database.db,
        request.params.lineListId,
        request.params.saveId,
        {
          dryRun: request.query.dryRun,
          confirmPublished: request.body?.confirmPublished,
          expectedRevision: readExpectedRevision(request),
        },
        request.user!.id,
      );
      return written(data, { revision, message: data.applied ? undoMessages.undone : genericMessages.ok });
    },
  );
};
