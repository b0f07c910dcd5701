import {
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import {
  inviteColleagueInputSchema,
  portalUserMessages,
  portalUserSchema,
  portalUsersSchema,
  portalUserStatusInputSchema,
} from "@cm/contracts/portal-users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, written } from "../../lib/envelope.ts";
import { portalOrderFormRoutes } from "./order-form.routes.ts";
import { inviteColleague, listColleagues, setColleagueStatus } from "./users.service.ts";

const tags = ["portal"];
const manageUsers = { permission: "portal.users.manage" } as const;

const statusErrors = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/**
 * Colleagues (issue 34, docs/portal.md): a customer user with `portal.users.manage` lists, invites,
 * deactivates and reactivates the customer users of their own organization, never another's (404).
 * Also registers the portal's order form routes.
 */
export const portalUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/api/portal/users",
    {
      config: manageUsers,
      schema: {
        summary: "The organization's users, with the roles and stores a colleague may get",
        description:
          "The customer users of the caller's organization by name, each with their role and the organization's stores they are linked to; the active customer roles; the organization's active stores.",
        tags,
        response: { 200: envelopeSchema(portalUsersSchema), 403: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await listColleagues(db, request.portal!), portalUserMessages.users),
  );

  app.post(
    "/api/portal/users",
    {
      config: manageUsers,
      schema: {
        summary: "Invite a colleague",
        description: [
          "Creates a customer user of the caller's organization (never another), holding `roleId`,",
          `an active customer role (Buyer when absent; 404 "${portalUserMessages.roleNotFound}" otherwise),`,
          `linked to \`storeIds\`, active stores of the organization (404 "${portalUserMessages.storeNotFound}" otherwise),`,
          `and mails them a sign-in link. 409 "${portalUserMessages.emailTaken}" for an address in use in any letter case.`,
        ].join(" "),
        tags,
        body: inviteColleagueInputSchema,
        response: {
          201: writeEnvelopeSchema(portalUserSchema),
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, revision } = await inviteColleague(
        {
          db,
          sendMail: (message) => app.mailer.sendLater(message),
          signInUrl: `${app.auth.settings.origin}/`,
        },
        request.user!,
        request.portal!,
        request.body,
      );
      return reply
        .code(201)
        .send(written(user, { revision, created: true, message: portalUserMessages.invited }));
    },
  );

  for (const [action, status, message] of [
    ["deactivate", "inactive", portalUserMessages.deactivated],
    ["reactivate", "active", portalUserMessages.reactivated],
  ] as const) {
    app.post(
      `/api/portal/users/:id/${action}`,
      {
        config: manageUsers,
        schema: {
          summary: action === "deactivate" ? "Deactivate a colleague" : "Reactivate a colleague",
          description: [
            `Sets the user's status to ${status} (recorded in their history).`,
            action === "deactivate" ? "They are locked out at their next request." : "",
            `Only a user of the caller's organization (404 "${portalUserMessages.notFound}" otherwise),`,
            `never the caller (400 "${portalUserMessages.notYourself}"); 409 for a stale \`revision\`.`,
          ].join(" "),
          tags,
          params: idParamsSchema,
          body: portalUserStatusInputSchema,
          response: { 200: writeEnvelopeSchema(portalUserSchema), ...statusErrors },
        },
      },
      async (request) => {
        const { user, revision } = await setColleagueStatus(
          db,
          request.user!,
          request.portal!,
          request.params.id,
          status,
          request.body.revision,
        );
        return written(user, { revision, message });
      },
    );
  }

  await app.register(portalOrderFormRoutes);
};
