import { appConfigSchema } from "@cm/contracts/app-config";
import { envelopeSchema } from "@cm/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";

/** Public runtime settings the SPA needs before anyone signs in (the environment badge). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/config",
    {
      config: { permission: "public" },
      schema: {
        summary: "Public app settings",
        tags: ["system"],
        response: { 200: envelopeSchema(appConfigSchema) },
      },
    },
    async () => ok({ appEnv: app.config.APP_ENV, companyName: app.config.COMPANY_NAME }),
  );
};
