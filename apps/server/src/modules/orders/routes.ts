import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** `/api/orders`: list, create, read, replace lines, change status. */
export const orderRoutes: FastifyPluginAsyncZod = async () => {};
