import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Placeholder: filled by issue 34's portal work (docs/portal.md). */
export const portalUserRoutes: FastifyPluginAsyncZod = async () => {};
