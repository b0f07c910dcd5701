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
  deactivateOwnAccountInputSchema,
  updateUserInputSchema,
  userMessages,
  userSchema,
  userWithMembershipsSchema,
} from "@cm/contracts/users";
import { permissionMessages, sharedReadPermissions } from "@cm/contracts/permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { UsersService } from "./service.ts";

const tags = ["users"];

const creationRules = [
  "First and last name at least 3 characters; a valid e-mail address unused in any letter case (409 otherwise).",
  `Internal users join the internal organization whatever the request says and need an active staff role (400 "${userMessages.staffRoleRequired}"), and people.manage;`,
  "external users need an existing customer organization (400 for the internal one, 404 for an unknown one) and role, and customers.manage.",
].join(" ");

/** Staff need people.*, customers' users customers.*: either lets the request in, the service asks for the one. */
const readUsers = { permission: sharedReadPermissions.users } as const;
const writeUsers = { permission: ["people.manage", "customers.manage"] } as const;

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
      config: readUsers,
      schema: {
        summary: "List users",
        description:
          "Every user the caller may see (staff with people.view, customers' users with customers.view), by first then last name. `limit` caps the number returned.",
        tags,
        querystring: listLimitQuerySchema,
        response: { 200: envelopeSchema(z.array(userSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.list({ limit: request.query.limit }, request.user!)),
  );

  app.get(
    "/api/users/with-memberships",
    {
      config: readUsers,
      schema: {
        summary: "List users with their organization memberships",
        description:
          "Each user the caller may see with `organizationMemberships`: one entry, the organization the user belongs to.",
        tags,
        querystring: listLimitQuerySchema,
        response: { 200: envelopeSchema(z.array(userWithMembershipsSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.listWithMemberships({ limit: request.query.limit }, request.user!)),
  );

  app.get(
    "/api/users/with-memberships/:id",
    {
      config: readUsers,
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
    async (request) => ok(await service.getWithMemberships(request.params.id, request.user!)),
  );

  app.get(
    "/api/users/:id",
    {
      config: readUsers,
      schema: {
        summary: "One user",
        description: `404 "${userMessages.notFound}" for an unknown id.`,
        tags,
        params: idParamsSchema,
        response: { 200: envelopeSchema(userSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.get(request.params.id, request.user!)),
  );

  app.post(
    "/api/users",
    {
      config: writeUsers,
      schema: {
        summary: "Create a user",
        description: `${creationRules} \`status\` defaults to active; an inactive user cannot sign in.`,
        tags,
        body: createUserInputSchema,
        response: { 201: writeEnvelopeSchema(userSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { user, revision } = await service.create(request.body, request.user!);
      return reply.code(201).send(written(user, { revision, created: true, message: userMessages.created }));
    },
  );

  app.post(
    "/api/users/create-with-organization-membership",
    {
      config: writeUsers,
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
        request.user!,
      );
      return reply.code(201).send(written(user, { revision, created: true, message: userMessages.created }));
    },
  );

  app.put(
    "/api/users",
    {
      // The account page renames its own user; the service asks more of any other change.
      config: { permission: "signed-in" },
      schema: {
        summary: "Update a user's name (and status or role)",
        description: [
          `Names may not be blank. Send the revision the change is based on (\`expectedRevision\` or \`If-Match\`):`,
          `a stale one gets 409 and changes nothing. 404 "${userMessages.notFound}" for an unknown id.`,
          `A user cannot deactivate their own account (409). Anyone signed in may rename themselves; any other change`,
          `needs people.manage for staff, customers.manage for customers' users (403). \`roleId\` gives another role, for staff an`,
          `active staff role. A change leaving no active user holding people.manage gets 409 "${permissionMessages.lastPeopleManager}".`,
        ].join(" "),
        tags,
        body: updateUserInputSchema,
        response: { 200: writeEnvelopeSchema(userSchema), ...writeErrors },
      },
    },
    async (request) => {
      const expectedRevision = readExpectedRevision(request);
      const { expectedRevision: _ignored, ...changes } = request.body;
      const { user, revision } = await service.update(changes, expectedRevision, request.user!);
      return written(user, { revision, message: userMessages.updated });
    },
  );

  app.post(
    "/api/users/me/deactivate",
    {
      // Anyone signed in leaves only their own account.
      config: { permission: "signed-in" },
      schema: {
        summary: "Deactivate one's own account (Delete Account)",
        description: [
          "The signed-in staff member deactivates their own account: they can no longer sign in, and their token is",
          "refused from the next request on; a person with people.manage may reactivate them. `confirm: true` is required",
          `(400 with "${userMessages.deleteAccountConfirmRequired}" on \`confirm\` otherwise), so no stray request deactivates anyone.`,
          "Honours If-Match or `expectedRevision` (409 when stale). The last active user holding people.manage gets",
          `409 "${userMessages.lastPeopleManagerSelf}".`,
        ].join(" "),
        tags,
        body: deactivateOwnAccountInputSchema,
        response: { 200: writeEnvelopeSchema(userSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { user, revision } = await service.deactivateSelf(readExpectedRevision(request), request.user!);
      return written(user, { revision, message: userMessages.accountDeleted });
    },
  );
};
