import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import {
  cartChangedEnvelopeSchema,
  cartSchema,
  placedOrdersSchema,
  portalCartQuerySchema,
  portalOrderMessages,
  putCartInputSchema,
  submitCartInputSchema,
} from "@cm/contracts/portal-orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { getCart, putCart, submitCart, type PortalWriteContext } from "./cart.service.ts";
import { sendOrderConfirmations } from "./order-mails.ts";

const tags = ["portal"];
const failures = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: cartChangedEnvelopeSchema,
};

/**
 * The portal cart (docs/portal.md "The cart and orders"): a draft order per store kept on the
 * server as the buyer types, written at a revision so two devices never lose each other's lines.
 */
export const portalCartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const context = (request: {
    user: { id: number } | null;
    portal: PortalWriteContext["portal"] | null;
  }) => ({
    userId: request.user!.id,
    portal: request.portal!,
    timeZone: app.config.TZ,
  });

  app.get(
    "/api/portal/cart",
    {
      config: { permission: "portal.orders.manage" },
      schema: {
        summary: "The store's cart",
        description: [
          "The cart of a store the user is linked to (another store: 404), its lines in the order they",
          "were typed, each priced for the store now as an order would be, with `problem` saying why it",
          "could not be submitted now (null when it can). Revision 0 and no lines while the store has no cart.",
        ].join(" "),
        tags,
        querystring: portalCartQuerySchema,
        response: { 200: envelopeSchema(cartSchema), ...failures },
      },
    },
    async (request) =>
      ok(await getCart(db, context(request), request.query.storeId), portalOrderMessages.cart),
  );

  app.put(
    "/api/portal/cart",
    {
      config: { permission: "portal.orders.manage" },
      schema: {
        summary: "Replace the store's cart lines",
        description: [
          "Replaces the lines at `revision` (0 for the first write). When the cart moved since, 409 with",
          `"${portalOrderMessages.cartChanged}" and the current cart in \`data.cart\`. Lines naming a line`,
          "list or SKU not in a catalog published for the store, and repeated lines (same line list and SKU),",
          'are refused 400 naming each (`lines.<index>.sku`: "<sku>: <reason>"), and nothing is stored.',
        ].join(" "),
        tags,
        body: putCartInputSchema,
        response: { 200: envelopeSchema(cartSchema), ...failures },
      },
    },
    async (request) => ok(await putCart(db, context(request), request.body), portalOrderMessages.cartSaved),
  );

  app.post(
    "/api/portal/cart/submit",
    {
      config: { permission: "portal.orders.manage" },
      schema: {
        summary: "Submit the store's cart",
        description: [
          "At the cart's revision (409 with the current cart otherwise), places one Pending order per order",
          "type, under the staff orders' rules (prices frozen, pre-book deadline, at most 2,000 lines each),",
          "marked as placed through the portal by the user, in one transaction, and empties the cart. When",
          "any line is refused, 400 names every refused line by its index in the cart and nothing is stored;",
          `an empty cart is refused 400 "${portalOrderMessages.cartEmpty}". A confirmation mail of each order`,
          "goes to the user and the store's main contact.",
        ].join(" "),
        tags,
        body: submitCartInputSchema,
        response: { 201: envelopeSchema(placedOrdersSchema), ...failures },
      },
    },
    async (request, reply) => {
      const orders = await submitCart(db, context(request), request.body);
      await sendOrderConfirmations(db, app.mailer, orders, request.log);
      reply.code(201);
      return ok({ orders }, portalOrderMessages.submitted(orders.length));
    },
  );
};
