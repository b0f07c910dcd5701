import { envelopeSchema, errorEnvelopeSchema, idParamsSchema } from "@cm/contracts/envelope";
import { workbookContentTypes } from "@cm/contracts/line-list-workbook";
import { orderFormContentType } from "@cm/contracts/order-forms";
import {
  portalOrderFormMessages,
  portalOrderFormPreviewSchema,
  portalOrderFormQuerySchema,
} from "@cm/contracts/portal-users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendAttachment } from "../../lib/content-disposition.ts";
import { ok } from "../../lib/envelope.ts";
import { DomainError } from "../../lib/errors.ts";
import { useModuleMessages } from "../../lib/module-errors.ts";
import { getPortalOrderForm, previewPortalOrderForm } from "./order-form.service.ts";

const tags = ["portal"];

/** The workbook's bytes; described to OpenAPI as a binary string. */
const orderFormFileSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: "string", format: "binary", description: "The order form workbook" });

/** What a filled form may be sent as: the workbook types, or bytes a browser did not type. */
const uploadTypes = [workbookContentTypes.xlsx, workbookContentTypes.xls, "application/octet-stream"];

/**
 * The portal's order form (issue 34): the XLSX of a line list the store sees, at its prices, and a
 * filled one read into cart lines. In a scope of its own: only the preview parses workbook bodies,
 * and Fastify's refusals of the body are said in the file's terms.
 */
export const portalOrderFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: "buffer", bodyLimit: app.config.UPLOAD_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  useModuleMessages(app, {
    bodyTooLarge: portalOrderFormMessages.fileTooLarge,
    unsupportedMediaType: portalOrderFormMessages.fileType,
  });

  app.get(
    "/api/portal/line-lists/:id/order-form",
    {
      config: { permission: "portal.catalogs.view" },
      schema: {
        summary: "A line list's order form for a store",
        description:
          "The .xlsx order form of a line list visible to the store (one of the caller's stores): its styles in the catalogs the store sees, at the organization's WHS, the header naming the customer and store. 404 for a store or line list the caller may not see.",
        tags,
        params: idParamsSchema,
        querystring: portalOrderFormQuerySchema,
        response: {
          200: {
            description: "The order form, as an attachment named `<brand> <line list> order form.xlsx`",
            content: { [orderFormContentType]: { schema: orderFormFileSchema } },
          },
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await getPortalOrderForm(
        db,
        request.user!.id,
        request.portal!,
        request.params.id,
        request.query.storeId,
      );
      return sendAttachment(reply, { fileName, bytes, contentType: orderFormContentType });
    },
  );

  app.post(
    "/api/portal/order-form/preview",
    {
      config: { permission: "portal.orders.manage" },
      schema: {
        summary: "Read a filled order form into cart lines",
        description: `The body is the filled form itself, sent as \`${workbookContentTypes.xlsx}\` (at most UPLOAD_MAX_BYTES; larger is 413, another content type 415). Answers the lines {lineListId, sku, quantity} the store may order (its line list visible to the store, the order rules met) and every refused cell with its row, column and reason; nothing is stored, the client puts the lines in the cart. 404 for a store of another organization or a line list the store does not see; 400 "${portalOrderFormMessages.notAnOrderForm}" for any other file.`,
        tags,
        querystring: portalOrderFormQuerySchema,
        response: {
          200: envelopeSchema(portalOrderFormPreviewSchema),
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
      if (request.body !== undefined && !uploadTypes.includes(type ?? "")) {
        throw new DomainError(415, portalOrderFormMessages.fileType);
      }
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const preview = await previewPortalOrderForm(
        db,
        app.config.TZ,
        request.user!.id,
        request.portal!,
        request.query.storeId,
        bytes,
      );
      return ok(preview, portalOrderFormMessages.preview);
    },
  );
};
