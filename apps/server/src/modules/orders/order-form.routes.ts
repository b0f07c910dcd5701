import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** A line list's XLSX order form, and the preview of a filled one. */
export const orderFormRoutes: FastifyPluginAsyncZod = async () => {};
