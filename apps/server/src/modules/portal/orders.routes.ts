import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import {
  cartChangedEnvelopeSchema,
  placedOrdersSchema,
  placePortalOrderInputSchema,
  portalCancelInputSchema,
  portalOrderMessages,
  portalOrderParamsSchema,
  portalOrderSchema,
  portalOrdersQuerySchema,
  portalOrdersSchema,
  reorderInputSchema,
  reorderResultSchema,
} from "@cm/contracts/portal-orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import type { PortalWriteContext } from "./cart.service.ts";
import { sendOrderConfirmations } from "./order-mails.ts";
import {
  cancelPortalOrder,
  getPortalOrder,
  listPortalOrders,
  placePortalOrder,
  reorderPortalOrder,
} from "./orders.service.ts";

const tags = ["portal"];
const failures = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/**
 * The organization's orders in the portal (docs/portal.md "The cart and orders"): placing directly,
 * the list, an order, cancelling while Pending and reordering into the cart. Another organization's
 * ids, and stores the user is not linked to (without `portal.users.manage`), answer 404.
 */
export const portalOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const context = (request: {
    user: { id: number } | null;
    portal: PortalWriteContext["portal"] | null;
  }): PortalWriteContext => ({ userId: request.user!.id, portal: request.portal!, timeZone: app.config.TZ });

  app.post(
    "/api/portal/orders",
    {
      config: { permission: "portal.orders.manage" },
      schema: {
        summary: "Place orders directly",
        description: [
          "Places the lines for a store the user is linked to as one Pending order per order type, under the",
          "rules of a submitted cart: every line must be in a catalog published for the store and pass the",
          "staff orders' rules; otherwise 400 names every refused line (`lines.<index>.sku`) and nothing is",
          "stored. A confirmation mail of each order goes to the user and the store's main contact.",
        ].join(" "),
        tags,
        body: placePortalOrderInputSchema,
        response: { 201: envelopeSchema(placedOrdersSchema), ...failures },
      },
    },
    async (request, reply) => {
      const orders = await placePortalOrder(db, context(request), request.body);
      await sendOrderConfirmations(db, app.mailer, orders, request.log);
      reply.code(201);
      return ok({ orders }, portalOrderMessages.submitted(orders.length));
    },
  );

  app.get(
    "/api/portal/orders",
    {
      config: { permission: "portal.catalogs.view" },
      schema: {
        summary: "The organization's orders",
        description: [
          "Orders of the organization's stores for users with `portal.users.manage`, of the user's linked",
          "stores otherwise, newest first, a page at a time; `storeId` narrows to one of those stores",
          `(another: 404 "${portalOrderMessages.storeNotFound}"), \`status\` to a status.`,
        ].join(" "),
        tags,
        querystring: portalOrdersQuerySchema,
        response: { 200: envelopeSchema(portalOrdersSchema), ...failures },
      },
    },
    async (request) =>
      ok(
        await listPortalOrders(db, request.user!.id, request.portal!, request.query),
        portalOrderMessages.orders,
      ),
  );

  app.get(
    "/api/portal/orders/:id",
    {
      config: { permission: "portal.catalogs.view" },
      schema: {
        summary: "An order of the organization",
        description: `The order with its lines, totals and status history; 404 "${portalOrderMessages.notFound}" for an order the user may not see.`,
        tags,
        params: portalOrderParamsSchema,
        response: { 200: envelopeSchema(portalOrderSchema), ...failures },
      },
    },
    async (request) =>
      ok(
        await getPortalOrder(db, request.user!.id, request.portal!, request.params.id),
        portalOrderMessages.order,
      ),
  );

  app.post(
    "/api/portal/orders/:id/cancel",
    {
      config: { permission: "portal.orders.manage" },
      schema: {
        summary: "Cancel a Pending order",
        description: `At the order's revision (409 when it moved), and only while Pending (409 "${portalOrderMessages.cancelOnlyPending}"); recorded in the order's history and status changes with the user as the one who cancelled.`,
        tags,
        params: portalOrderParamsSchema,
        body: portalCancelInputSchema,
        response: { 200: envelopeSchema(portalOrderSchema), ...failures },
      },
    },
    async (request) =>
      ok(
        await cancelPortalOrder(db, context(request), request.params.id, request.body.revision),
        portalOrderMessages.cancelled,
      ),
  );

  app.post(
    "/api/portal/orders/:id/reorder",
    {
      config: { permission: "portal.orders.manage" },
      schema: {
        summary: "Copy an order's lines into its store's cart",
        description: [
          "At the cart's `revision` (409 with the current cart in `data.cart` when it moved), adds the order's",
          "lines (line list, SKU, quantity) to the cart of the order's store, adding quantities to lines",
          "already there (at most 9,999 each). Lines no longer orderable are left out and named in `skipped`",
          "with why.",
        ].join(" "),
        tags,
        params: portalOrderParamsSchema,
        body: reorderInputSchema,
        response: { 200: envelopeSchema(reorderResultSchema), ...failures, 409: cartChangedEnvelopeSchema },
      },
    },
    async (request) => {
      const result = await reorderPortalOrder(db, context(request), request.params.id, request.body.revision);
      const message = [
        portalOrderMessages.reordered(result.added),
        ...(result.skipped.length > 0 ? [portalOrderMessages.reorderSkipped(result.skipped.length)] : []),
      ].join(". ");
      return ok(result, message);
    },
  );
};
