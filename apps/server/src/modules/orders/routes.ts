import { envelopeSchema, errorEnvelopeSchema, writeEnvelopeSchema } from "@cm/contracts/envelope";
import {
  createOrderInputSchema,
  orderListDataSchema,
  orderListQuerySchema,
  orderLimits,
  orderMessages,
  orderOfferQuerySchema,
  orderOfferSchema,
  orderParamsSchema,
  orderSchema,
  undoOrderStatusInputSchema,
  updateOrderLinesInputSchema,
  updateOrderStatusInputSchema,
} from "@cm/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, written } from "../../lib/envelope.ts";
import { countedPastOffset } from "../../lib/pagination.ts";
import { sendOrderStatusMails } from "../portal/order-mails.ts";
import {
  changeOrderStatus,
  createOrder,
  getOrder,
  getOrderOffer,
  listOrders,
  replaceOrderLines,
  undoOrderStatus,
} from "./service.ts";

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * `/api/orders`: list, create, read, replace lines, change status and undo that change; and what
 * a store can order.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const timeZone = app.config.TZ;
  const context = (userId: number) => ({ actorUserId: userId, timeZone });

  app.get(
    "/api/orders",
    {
      config: { permission: "orders.view" },
      schema: {
        summary: "Orders",
        description: `Orders matching every filter given, a page at a time, with the total count. \`from\` and \`to\` are calendar dates in the server's time zone, both included; \`q\` matches the order number or the customer's or store's name. The total counts at most ${countedPastOffset} orders past the page's first row: past that, \`total\` is that cap (the page's offset plus ${countedPastOffset}) and \`totalIsLowerBound\` is true.`,
        tags: ["orders"],
        querystring: orderListQuerySchema,
        response: { 200: envelopeSchema(orderListDataSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await listOrders(db, request.query, timeZone)),
  );

  app.get(
    "/api/orders/offer",
    {
      config: { permission: "orders.view" },
      schema: {
        summary: "What a store can order",
        description:
          "The styles of these published line lists that sit in at least one of their catalogs, with their sizes and the unit WHS the store's organization pays.",
        tags: ["orders"],
        querystring: orderOfferQuerySchema,
        response: { 200: envelopeSchema(orderOfferSchema), ...errors },
      },
    },
    async (request) => ok(await getOrderOffer(db, request.query.storeId, request.query.lineListId)),
  );

  app.post(
    "/api/orders",
    {
      config: { permission: "orders.manage" },
      schema: {
        summary: "Create an order",
        description:
          'Writes a pending order for an active store of an active customer. Every line must be a SKU of a published line list of the order\'s type whose style is in one of its catalogs; otherwise 400 names every refused line (`lines.<index>.sku`: "<sku>: <reason>") and nothing is stored.',
        tags: ["orders"],
        body: createOrderInputSchema,
        response: { 201: writeEnvelopeSchema(orderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const order = await createOrder(db, request.body, context(request.user!.id));
      reply.code(201);
      return written(order, { revision: order._revision, created: true, message: orderMessages.created });
    },
  );

  app.get(
    "/api/orders/:id",
    {
      config: { permission: "orders.view" },
      schema: {
        summary: "An order",
        description:
          "The order with its lines, its status history, its revision and the statuses it may move to.",
        tags: ["orders"],
        params: orderParamsSchema,
        response: { 200: envelopeSchema(orderSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await getOrder(db, request.params.id)),
  );

  app.put(
    "/api/orders/:id/lines",
    {
      config: { permission: "orders.manage" },
      schema: {
        summary: "Replace an order's lines",
        description:
          "Only while the order is Pending (else 409). Lines are priced anew; a stale revision gets 409 and changes nothing.",
        tags: ["orders"],
        params: orderParamsSchema,
        body: updateOrderLinesInputSchema,
        response: { 200: writeEnvelopeSchema(orderSchema), ...errors },
      },
    },
    async (request) => {
      const order = await replaceOrderLines(db, request.params.id, request.body, context(request.user!.id));
      return written(order, { revision: order._revision, message: orderMessages.linesUpdated });
    },
  );

  app.put(
    "/api/orders/:id/status",
    {
      config: { permission: "orders.manage" },
      schema: {
        summary: "Change an order's status",
        description:
          "Pending → Processing → Shipped → Delivered → Completed; Pending or Processing → Cancelled. Any other change gets 409 naming the allowed next statuses; a stale revision gets 409. The customer user who placed the order and the store's main contact are mailed the new status.",
        tags: ["orders"],
        params: orderParamsSchema,
        body: updateOrderStatusInputSchema,
        response: { 200: writeEnvelopeSchema(orderSchema), ...errors },
      },
    },
    async (request) => {
      const order = await changeOrderStatus(db, request.params.id, request.body, context(request.user!.id));
      // The customer hears of the change once it is committed (docs/portal.md "E-mails").
      await sendOrderStatusMails(db, app.mailer, order, request.log);
      return written(order, { revision: order._revision, message: orderMessages.statusUpdated });
    },
  );

  app.post(
    "/api/orders/:id/status/undo",
    {
      config: { permission: "orders.manage" },
      schema: {
        summary: "Undo an order's last status move",
        description: `Moves the order back to the status it left, if the last status move was the caller's own, nothing was written to the order since (\`revision\` is the one that move answered, and still the order's) and it was made at most ${orderLimits.statusUndoSeconds} seconds ago; otherwise 409 says which. Recorded in the history as a status change summarised "Status: Shipped → Processing (undone)"; mailed like a status change.`,
        tags: ["orders"],
        params: orderParamsSchema,
        body: undoOrderStatusInputSchema,
        response: { 200: writeEnvelopeSchema(orderSchema), ...errors },
      },
    },
    async (request) => {
      const order = await undoOrderStatus(db, request.params.id, request.body, context(request.user!.id));
      await sendOrderStatusMails(db, app.mailer, order, request.log);
      return written(order, {
        revision: order._revision,
        message: orderMessages.statusUndone(order.status),
      });
    },
  );
};
