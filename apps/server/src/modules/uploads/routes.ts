import {
  envelopeSchema,
  errorEnvelopeSchema,
  paginatedEnvelopeSchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import {
  confirmPreviewDataSchema,
  discardPreviewDataSchema,
  previewMessages,
  previewNewStyleDataSchema,
  previewNewStyleInputSchema,
  previewStyleRowSchema,
  previewStylesQuerySchema,
  previewSummarySchema,
} from "@cm/contracts/line-list-preview";
import {
  previewChoicesDataSchema,
  previewChoicesInputSchema,
  reviewMessages,
} from "@cm/contracts/line-list-review";
import { lineListIdParamsSchema } from "@cm/contracts/line-lists";
import { presignUploadDataSchema, presignUploadInputSchema } from "@cm/contracts/uploads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, written } from "../../lib/envelope.ts";
import { requirePermission } from "../auth/permissions.ts";
import { addStagedStyle } from "./add-style.service.ts";
import { applyPreviewChoices } from "./choices.service.ts";
import { presignUpload } from "./presign.service.ts";
import { getPreviewStyles, getPreviewSummary } from "./preview.service.ts";
import { confirmPreview, discardPreview } from "./save-or-discard.service.ts";

const notFound = { 404: errorEnvelopeSchema };

/** Uploads (step 1 of the protocol) and the preview of an uploaded line list: read, save, discard. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/uploads/get-presigned-upload-url",
    {
      // A line list is the catalog team's upload, a filled order form the order writer's.
      config: { permission: ["catalogs.manage", "orders.manage"] },
      schema: {
        summary: "Get a presigned upload URL",
        description:
          'Checks the brand (any active brand), the file\'s extension (.xlsx, .xls or .csv) and content type, and its size (UPLOAD_MAX_BYTES, 25 MB by default), then answers a URL to PUT exactly that file to, once, within 5 minutes, under a key the server chose. Stores nothing. With `purpose: "order-form"` no metadata and no brand are checked: the file is a filled order form (.xlsx or .xls) for POST /api/orders/order-form/preview. A line list needs catalogs.manage, an order form orders.manage (403).',
        tags: ["uploads"],
        body: presignUploadInputSchema,
        response: { 200: envelopeSchema(presignUploadDataSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      // An order form needs orders.manage; a line list or an Open Stock file catalogs.manage.
      requirePermission(
        request.user!,
        request.body.purpose === "order-form" ? "orders.manage" : "catalogs.manage",
      );
      return ok(
        await presignUpload(app.database.db, app.objectStore, request.body, {
          maxFileBytes: app.config.UPLOAD_MAX_BYTES,
        }),
      );
    },
  );

  app.get(
    "/api/crocs/preview/:lineListId",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "Preview of an uploaded line list",
        description:
          "The preview model (type, brand, dates), the upload's file, season and year, the number of styles per status against the brand's products (new, changed, old) and, for an update, the line list's styles the new file dropped (each with the review's `remove`); the review's totals (`choices`) and `reach`, the other line lists of the brand whose styles' shared fields a save would change (prices and dates never reach one). Offer fields (MSRP, wholesale price, ship date) compare with this line list's own items. A saved line list with no upload waiting answers mode `saved`: its own styles, all old. 404 for an unknown line list.",
        tags: ["preview"],
        params: lineListIdParamsSchema,
        response: { 200: envelopeSchema(previewSummarySchema), ...notFound },
      },
    },
    async (request) => ok(await getPreviewSummary(app.database.db, request.params.lineListId)),
  );

  app.get(
    "/api/crocs/preview/:lineListId/styles",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "Styles of a preview",
        description:
          "A page of the upload's styles in workbook order, each with its sizes, its status (new, changed, old), the fields that changed, the style as it stands (`previous`), the fields it keeps (`kept`) and whether a new style is left out (`leftOut`); sizes match by size first, so a SKU whose format changed is that size's changed SKU. `view` filters by status; `search` matches model_code, franchise, silhouette, color, gender and msrp (case-insensitive substring). For a saved line list with no upload waiting: its products in the line list's order, all old.",
        tags: ["preview"],
        params: lineListIdParamsSchema,
        querystring: previewStylesQuerySchema,
        response: { 200: paginatedEnvelopeSchema(previewStyleRowSchema), ...notFound },
      },
    },
    async (request) => getPreviewStyles(app.database.db, request.params.lineListId, request.query),
  );

  app.post(
    "/api/crocs/preview/:lineListId/styles",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Add a style to a preview",
        description:
          "Adds a style typed by hand to the upload waiting, after the file's styles: its values as a workbook's cells, one size and SKU each. It is checked by the workbook's own rules (400 with the field errors, in the upload's messages); a model code or SKU already in the file is refused with 409. 404 when no upload waits on the line list.",
        tags: ["preview"],
        params: lineListIdParamsSchema,
        body: previewNewStyleInputSchema,
        response: {
          201: envelopeSchema(previewNewStyleDataSchema),
          400: errorEnvelopeSchema,
          ...notFound,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await addStagedStyle(app.database.db, request.params.lineListId, request.body);
      return reply.code(201).send(ok(data, previewMessages.itemAdded(data.modelCode)));
    },
  );

  app.patch(
    "/api/crocs/preview/:lineListId/choices",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Choose what a save takes from a preview",
        description:
          "The review of the upload waiting (docs/line-list-saves.md): per style, fields kept as they were (`keep`) or taken again (`take`), the whole style kept or taken (`keepStyle`), a new style left out (`leaveOut`, new styles only, else 400); a field kept or taken over the whole upload (`column`, one statement); every new style left out or taken (`newStyles`); styles of the line list missing from the file removed on save or kept (`dropped`: 400 for a model code that is not one, 409 naming those an order or a catalog of the published line list uses); `takeAll` resets every choice. The choices are kept with the staged upload until it is saved or discarded. Answers the totals. 404 when no upload waits on the line list.",
        tags: ["preview"],
        params: lineListIdParamsSchema,
        body: previewChoicesInputSchema,
        response: {
          200: envelopeSchema(previewChoicesDataSchema),
          400: errorEnvelopeSchema,
          ...notFound,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      ok(
        await applyPreviewChoices(app.database.db, request.params.lineListId, request.body),
        reviewMessages.choicesSaved,
      ),
  );

  app.post(
    "/api/crocs/preview/:lineListId/confirm",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Save a preview",
        description:
          "In one transaction, exactly what the review took (PATCH .../choices): creates the new products not left out, updates the changed ones with the fields they take (kept fields untouched), attaches them to the line list with the file's prices and date as this line list's own offer (no other line list's prices change), removes the dropped styles chosen for removal (409 naming them, nothing saved, when an order or a catalog of the published line list uses one; the others stay), makes the line list saved with its three catalogs. Answers the totals applied. Sent again, applies nothing (alreadyConfirmed).",
        tags: ["preview"],
        params: lineListIdParamsSchema,
        response: {
          200: writeEnvelopeSchema(confirmPreviewDataSchema),
          ...notFound,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { data, revision } = await confirmPreview(
        app.database.db,
        request.params.lineListId,
        request.user!.id,
      );
      return written(data, { revision, message: previewMessages.saved });
    },
  );

  app.delete(
    "/api/crocs/discard-uploaded-data/:lineListId",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Discard uploaded data",
        description:
          "Removes the line list's waiting upload (its staged styles and stored file) and the line list itself when it is only a preview. A saved line list is never deleted: with no update waiting on it, 409.",
        tags: ["preview"],
        params: lineListIdParamsSchema,
        response: { 200: envelopeSchema(discardPreviewDataSchema), ...notFound, 409: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(
        await discardPreview(app.database.db, app.objectStore, request.params.lineListId, request.user!.id),
        previewMessages.discarded,
      ),
  );
};
