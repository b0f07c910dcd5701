import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import { portalMeSchema, portalMessages } from "@cm/contracts/portal";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { portalCartRoutes } from "./cart.routes.ts";
import { portalCatalogRoutes } from "./catalogs.routes.ts";
import { portalOrderRoutes } from "./orders.routes.ts";
import { portalMe } from "./service.ts";
import { portalUserRoutes } from "./users.routes.ts";

const tags = ["portal"];

/**
 * The customer portal's API (docs/portal.md). Every route declares `permission: "portal"` or a
 * portal permission: the API guard lets only signed-in customer users in (staff get 403).
 */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/portal/me",
    {
      config: { permission: "portal" },
      schema: {
        summary: "The signed-in customer user, their organization, stores and portal permissions",
        description: [
          'For customer users only (a staff token gets 403 "' + portalMessages.customersOnly + '").',
          "`stores` are the active stores of the user's organization the user is linked to, by name;",
          "`permissions` the portal permissions of the user's external role, with what they include.",
        ].join(" "),
        tags,
        response: { 200: envelopeSchema(portalMeSchema), 403: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await portalMe(app.database.db, request.user!, request.portal!), portalMessages.me),
  );

  await app.register(portalCatalogRoutes);
  await app.register(portalCartRoutes);
  await app.register(portalOrderRoutes);
  await app.register(portalUserRoutes);
};
