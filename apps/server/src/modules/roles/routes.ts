import {
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  listLimitQuerySchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import { permissionMessages, sharedReadPermissions } from "@cm/contracts/permissions";
import { createRoleInputSchema, roleMessages, roleSchema, updateRoleInputSchema } from "@cm/contracts/roles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { moduleErrorHandler } from "../../lib/module-errors.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { RolesService } from "./service.ts";

const tags = ["roles"];

/** `GET/POST /api/roles`, `GET/PUT /api/roles/{id}`. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new RolesService(app.database.db, app.log.child({ module: "roles" }));

  app.get(
    "/api/roles",
    {
      // The customer forms pick a customer role, and the people lists name each user's role.
      config: { permission: sharedReadPermissions.users },
      schema: {
        summary: "List roles",
        description:
          "Staff roles first, then customer roles, each by name, each with its permissions and the number of users holding it. `limit` caps the number returned.",
        tags,
        querystring: listLimitQuerySchema,
        response: { 200: envelopeSchema(z.array(roleSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.list({ limit: request.query.limit })),
  );

  app.get(
    "/api/roles/:id",
    {
      config: { permission: "people.view" },
      schema: {
        summary: "One role",
        description: `404 "${roleMessages.notFound}" for an unknown id.`,
        tags,
        params: idParamsSchema,
        response: { 200: envelopeSchema(roleSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    "/api/roles",
    {
      // The spec gives role writes their own message for bad input, not the app's "Wrong Input".
      errorHandler: moduleErrorHandler({ invalidInput: roleMessages.createInvalid }),
      config: { permission: "people.manage" },
      schema: {
        summary: "Create a role",
        description: [
          "Type defaults to internal and status to active. Names are unique per type in any letter case.",
          `\`permissions\` (none by default) are names of the staff catalogue, \`portalPermissions\` (none by default) of the portal's:`,
          `a customer (external) role holds portal permissions only (400 "${permissionMessages.externalRolePermissions}"),`,
          `a staff role staff permissions only (400 "${permissionMessages.internalRolePortalPermissions}").`,
          `400 "${roleMessages.createInvalid}" with the field errors; 409 for a name the type already has;`,
          `500 "${roleMessages.createServerError}".`,
        ].join(" "),
        tags,
        body: createRoleInputSchema,
        response: {
          201: writeEnvelopeSchema(roleSchema),
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          500: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { role, revision } = await service.create(request.body, request.user!.id);
      return reply.code(201).send(written(role, { revision, created: true, message: roleMessages.created }));
    },
  );

  app.put(
    "/api/roles/:id",
    {
      errorHandler: moduleErrorHandler({ invalidInput: roleMessages.updateInvalid }),
      config: { permission: "people.manage" },
      schema: {
        summary: "Update a role",
        description: [
          "Changes the fields sent. Send the revision the change is based on (`expectedRevision` or `If-Match`):",
          "a stale one gets 409 and changes nothing. The Admin role keeps its name, type and active status,",
          `and every permission (409 "${permissionMessages.adminPermissionsLocked}"). A customer role holds portal permissions only, a staff role staff permissions only (400);`,
          `a role users hold cannot change its type (400 "${roleMessages.typeLockedInUse}").`,
          `A change that would leave no active user holding people.manage gets 409 "${permissionMessages.lastPeopleManager}".`,
        ].join(" "),
        tags,
        params: idParamsSchema,
        body: updateRoleInputSchema,
        response: {
          200: writeEnvelopeSchema(roleSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const expectedRevision = readExpectedRevision(request);
      const { role, revision } = await service.update(
        request.params.id,
        request.body,
        expectedRevision,
        request.user!.id,
      );
      return written(role, { revision, message: roleMessages.updated });
    },
  );
};
