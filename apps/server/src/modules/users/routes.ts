import {
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  listLimitQuerySchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import {
  createUserInputSchema,
  createUserWithMembershipInputSchema,
  updateUserInputSchema,
  userMessages,
  userSchema,
  userWithMembershipsSchema,
} from "@cm/contracts/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { UsersService } from "./service.ts";

const tags = ["users"];

const creationRules = [
  "First and last name at least 3 characters; a valid e-mail address unused in any letter case (409 otherwise).",
  "Internal users get the Admin role and the internal organization whatever the request says;",
  "external users need an existing customer organization (400 for the internal one, 404 for an unknown one) and role.",
].join(" ");

const writeErrors = {
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The user-management service's users: `/api/users…`. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UsersService(app.database.db, app.log.child({ module: "users" }));

  app.get(
    "/api/users",
    {
      schema: {
        summary: "List users",
        description: "Every user, by first then last name. `limit` caps the number returned.",
        tags,
        querystring: listLimitQuerySchema,
        response: { 200: envelopeSchema(z.array(userSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.list({ limit: request.query.limit })),
  );

  app.get(
    "/api/users/with-memberships",
    {
      schema: {
        summary: "List users with their organization memberships",
        description:
          "Each user with `organizationMemberships`: one entry, the organization the user belongs to.",
        tags,
        querystring: listLimitQuerySchema,
        response: { 200: envelopeSchema(z.array(userWithMembershipsSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.listWithMemberships({ limit: request.query.limit })),
  );

  app.get(
    "/api/users/with-memberships/:id",
    {
      schema: {
        summary: "One user with their organization memberships",
        description: `404 "${userMessages.notFound}" for an unknown id.`,
        tags,
        params: idParamsSchema,
        response: {
          200: envelopeSchema(userWithMembershipsSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await service.getWithMemberships(request.params.id)),
  );

  app.get(
    "/api/users/:id",
    {
      schema: {
        summary: "One user",
        description: `404 "${userMessages.notFound}" for an unknown id.`,
        tags,
        params: idParamsSchema,
        response: { 200: envelopeSchema(userSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    "/api/users",
    {
      schema: {
        summary: "Create a user",
        description: `${creationRules} \`status\` defaults to active; an inactive user cannot sign in.`,
        tags,
        body: createUserInputSchema,
        response: { 201: writeEnvelopeSchema(userSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { user, revision } = await service.create(request.body, request.user!.id);
      return reply.code(201).send(written(user, { revision, created: true, message: userMessages.created }));
    },
  );

  app.post(
    "/api/users/create-with-organization-membership",
    {
      schema: {
        summary: "Create a user in an organization",
        description: `The Create New User and Add New Team Member forms. ${creationRules} The user is active.`,
        tags,
        body: createUserWithMembershipInputSchema,
        response: { 201: writeEnvelopeSchema(userSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { userType, ...input } = request.body;
      const { user, revision } = await service.create(
        { ...input, type: userType, status: "active" },
        request.user!.id,
      );
      return reply.code(201).send(written(user, { revision, created: true, message: userMessages.created }));
    },
  );

  app.put(
    "/api/users",
    {
      schema: {
        summary: "Update a user's name (and status)",
        description: [
          `Names may not be blank. Send the revision the change is based on (\`expectedRevision\` or \`If-Match\`):`,
          `a stale one gets 409 and changes nothing. 404 "${userMessages.notFound}" for an unknown id.`,
          `A user cannot deactivate their own account (409).`,
        ].join(" "),
        tags,
        body: updateUserInputSchema,
        response: { 200: writeEnvelopeSchema(userSchema), ...writeErrors },
      },
    },
    async (request) => {
      const expectedRevision = readExpectedRevision(request);
      const { expectedRevision: _ignored, ...changes } = request.body;
      const { user, revision } = await service.update(changes, expectedRevision, request.user!.id);
      return written(user, { revision, message: userMessages.updated });
    },
  );
};
