import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import {
  orderDashboardQuerySchema,
  orderDashboardSchema,
  orderMonthlyTotalsQuerySchema,
  orderMonthlyTotalsSchema,
} from "@cm/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { getOrderDashboard, getOrderMonthlyTotals } from "./service.ts";

const errors = { 400: errorEnvelopeSchema };

/** `/api/orders/dashboard` and `/api/orders/monthly-totals`. */
export const orderDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const timeZone = app.config.TZ;

  app.get(
    "/api/orders/dashboard",
    {
      config: { permission: "orders.view" },
      schema: {
        summary: "Orders dashboard",
        description:
          "The figures of one calendar month in the server's time zone (TZ), the current month by default, each with the previous month's value and the change in percent (null when the previous month is 0): total WHS, monobrand and multibrand orders, and inactive accounts (active customers, customers for at least 90 days, with no order in the last 90 days). A past month's figures are those at its end, whatever changed since. The current month's run up to now (`toDate`) and are compared with the previous month up to the same day and time (`previousThrough`; its whole month when it has no such day). Also the 10 newest orders placed within the month (newest first), the 5 customers with the most WHS in the month (ties by name) and the 5 styles with the most units in the month (ties by model code). Cancelled orders count nowhere.",
        tags: ["orders"],
        querystring: orderDashboardQuerySchema,
        response: { 200: envelopeSchema(orderDashboardSchema), ...errors },
      },
    },
    async (request) => ok(await getOrderDashboard(db, timeZone, request.query.month)),
  );

  app.get(
    "/api/orders/monthly-totals",
    {
      config: { permission: "orders.view" },
      schema: {
        summary: "Orders per month",
        description:
          "Total WHS and the number of orders of each of the last `months` calendar months in the server's time zone (TZ), ending with the current month, oldest first. Months without orders are included as 0; cancelled orders count nowhere.",
        tags: ["orders"],
        querystring: orderMonthlyTotalsQuerySchema,
        response: { 200: envelopeSchema(orderMonthlyTotalsSchema), ...errors },
      },
    },
    async (request) => ok(await getOrderMonthlyTotals(db, timeZone, request.query.months)),
  );
};
