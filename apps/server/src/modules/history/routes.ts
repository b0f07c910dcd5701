import { errorEnvelopeSchema } from "@cm/contracts/envelope";
import { historyListEnvelopeSchema, historyQuerySchema } from "@cm/contracts/history";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listHistory } from "./service.ts";

/** `GET /api/history`: who changed what and when, for a History panel or the Activity page. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/history",
    {
      config: { permission: "history.view" },
      schema: {
        summary: "History of changes",
        description:
          "Every recorded write, newest first: who (null for the system), when, which entity (type, id and its name at the time), the action and each changed field before and after. Filters: `entityType` (with `entityId` for one entity's history), `userId` (the person who made the changes), and `from`/`to`, calendar dates in the server's time zone, both included.",
        tags: ["history"],
        querystring: historyQuerySchema,
        response: { 200: historyListEnvelopeSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => listHistory(app.database.db, request.query, app.config.TZ),
  );
};
