import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `/api/orders/dashboard` and `/api/orders/monthly-totals`. */
export const orderDashboardRoutes: FastifyPluginAsyncZod = async () => {};
