import { sessionUserSchema } from "@cm/contracts/auth";
import { envelopeSchema } from "@cm/contracts/envelope";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";

/** `GET /api/me`: the signed-in user, as the API guard found them. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me",
    {
      // Staff and customers alike: the web app reads `type` to choose the landing page (/home or /portal).
      config: { permission: "account" },
      schema: {
        summary: "The signed-in user",
        tags: ["auth"],
        response: { 200: envelopeSchema(sessionUserSchema) },
      },
    },
    async (request) => ok(request.user!),
  );
};
