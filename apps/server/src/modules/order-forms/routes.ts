import { envelopeSchema, errorEnvelopeSchema, idParamsSchema } from "@cm/contracts/envelope";
import {
  orderFormContentType,
  orderFormDownloadQuerySchema,
  orderFormLineListsSchema,
  orderFormPreviewInputSchema,
  orderFormPreviewSchema,
} from "@cm/contracts/order-forms";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { sendAttachment } from "../../lib/content-disposition.ts";
import { getOrderForm, listFormLineLists, previewOrderForm } from "./service.ts";

/** The workbook's bytes; described to OpenAPI as a binary string. */
const orderFormFileSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: "string", format: "binary", description: "The order form workbook" });

/** The line lists a form is offered for, a line list's XLSX order form, and the preview of a filled one. */
export const orderFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orders/order-form/line-lists",
    {
      config: { permission: "orders.view" },
      schema: {
        summary: "Line lists with an order form to offer",
        description:
          "The published line lists that can still be ordered from, by brand then name: what Download Forms offers. A pre-book whose deadline for orders has passed in the server's time zone (TZ) is left out, since every quantity of its form would be refused, and counted in `pastDeadline`.",
        tags: ["orders"],
        response: { 200: envelopeSchema(orderFormLineListsSchema) },
      },
    },
    async () => ok(await listFormLineLists(app.database.db, app.config.TZ)),
  );

  app.get(
    "/api/line-lists/:id/order-form",
    {
      config: { permission: "orders.view" },
      schema: {
        summary: "A line list's order form",
        description:
          "The published line list as an .xlsx order form: a header block (brand, line list, type, deadline for orders or date of availability; with `storeId`, the customer and store it is for, which an import proposes), then its styles that sit in a catalog as rows (model code, name, color, MSRP, WHS at the brand's wholesale factor before any customer discount) and its sizes as columns, with empty quantity cells where a style has the size. A hidden sheet ties each quantity cell to its SKU. 404 for an unknown line list, 409 for one not published.",
        tags: ["orders"],
        params: idParamsSchema,
        querystring: orderFormDownloadQuerySchema,
        response: {
          200: {
            description: "The order form, as an attachment named `<brand> <line list> order form.xlsx`",
            content: { [orderFormContentType]: { schema: orderFormFileSchema } },
          },
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await getOrderForm(
        app.database.db,
        request.params.id,
        request.query.storeId,
      );
      return sendAttachment(reply, { fileName, bytes, contentType: orderFormContentType });
    },
  );

  app.post(
    "/api/orders/order-form/preview",
    {
      config: { permission: "orders.manage" },
      schema: {
        summary: "Preview a filled order form",
        description:
          'Reads the order form stored by the upload path (presign with `purpose: "order-form"`, then PUT) and prices its quantities for the store as `POST /api/orders` would (the `storeId` given, else the one active store the Customer and Store of the form match; 400 on `storeId` when neither): `named` says what the form names and the store it matches; the lines in the form\'s order, the totals, and every cell that cannot become a line with its row, column, size, value and reason. Stores nothing: the uploaded file is deleted once read, and the order is written by `POST /api/orders`. 400 "This file is not an order form of Catalog Manager" for any other file, or when the store cannot order.',
        tags: ["orders"],
        body: orderFormPreviewInputSchema,
        response: {
          200: envelopeSchema(orderFormPreviewSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      ok(
        await previewOrderForm(
          { db: app.database.db, store: app.objectStore, timeZone: app.config.TZ },
          request.body,
        ),
      ),
  );
};
