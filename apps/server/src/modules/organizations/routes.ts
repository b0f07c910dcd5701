import {
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import {
  changeOrganizationMainContactInputSchema,
  createOrganizationInputSchema,
  organizationListQuerySchema,
  organizationMessages,
  organizationSchema,
  updateOrganizationAddressInputSchema,
  updateOrganizationDiscountsInputSchema,
  updateOrganizationNameInputSchema,
  updateOrganizationStatusInputSchema,
} from "@cm/contracts/organizations";
import { sharedReadPermissions } from "@cm/contracts/permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { OrganizationsService, type OrganizationWrite } from "./service.ts";

const tags = ["organizations"];

const writeResponses = {
  200: writeEnvelopeSchema(organizationSchema),
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const revisionNote =
  "Send the revision the change is based on as `If-Match` or `expectedRevision`: a stale one gets 409 and changes nothing.";

const answer = ({ organization, revision }: OrganizationWrite) => written(organization, { revision });

/** The user-management service's organizations: `/api/organizations…`. */
export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new OrganizationsService(app.database.db);

  app.get(
    "/api/organizations",
    {
      config: { permission: sharedReadPermissions.customers },
      schema: {
        summary: "List organizations",
        description:
          "The internal organization first, then customers by name. `type` narrows the list; `limit` caps it.",
        tags,
        querystring: organizationListQuerySchema,
        response: { 200: envelopeSchema(z.array(organizationSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const list = await service.list(request.query);
      return ok(list, list.length === 0 ? organizationMessages.listEmpty : undefined);
    },
  );

  app.get(
    "/api/organizations/:id",
    {
      config: { permission: "customers.view" },
      schema: {
        summary: "One organization",
        description: `404 "${organizationMessages.notFound}" for an unknown id.`,
        tags,
        params: idParamsSchema,
        response: {
          200: envelopeSchema(organizationSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    "/api/organizations",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Create a customer organization",
        description:
          "Only external organizations: the internal one is the distributor, created by the seed. Discounts are percentages (0 to 100) per existing brand, one per brand.",
        tags,
        body: createOrganizationInputSchema,
        response: { 201: writeEnvelopeSchema(organizationSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { organization, revision } = await service.create(request.body, request.user!.id);
      return reply
        .code(201)
        .send(written(organization, { revision, created: true, message: organizationMessages.created }));
    },
  );

  app.put(
    "/api/organizations/:id/status",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Activate or deactivate an organization",
        description: `Body \`{status}\`. 409 "${organizationMessages.statusUnchanged}" when it already has that status. ${revisionNote}`,
        tags,
        params: idParamsSchema,
        body: updateOrganizationStatusInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.updateStatus(
          request.params.id,
          request.body.status,
          readExpectedRevision(request),
          request.user!.id,
        ),
      ),
  );

  app.put(
    "/api/organizations/:id/address",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Replace an organization's address",
        description: `Body \`{address}\`: line1, city, state and country required, postal code at most 5 digits. ${revisionNote}`,
        tags,
        params: idParamsSchema,
        body: updateOrganizationAddressInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.updateAddress(
          request.params.id,
          request.body.address,
          readExpectedRevision(request),
          request.user!.id,
        ),
      ),
  );

  app.put(
    "/api/organizations/name",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Rename an organization",
        description: `Body \`{organizationId, name}\`. ${revisionNote}`,
        tags,
        body: updateOrganizationNameInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.updateName(
          request.body.organizationId,
          request.body.name,
          readExpectedRevision(request),
          request.user!.id,
        ),
      ),
  );

  app.put(
    "/api/organizations/update-discounts",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Replace an organization's discounts",
        description: `Body \`{organizationId, discounts: [{brandId, percentage}]}\`: a percentage from 0 to 100 per existing brand, each brand at most once; the list replaces the previous one. ${revisionNote}`,
        tags,
        body: updateOrganizationDiscountsInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.updateDiscounts(
          request.body.organizationId,
          request.body.discounts,
          readExpectedRevision(request),
          request.user!.id,
        ),
      ),
  );

  app.put(
    "/api/organizations/change-main-contact-user",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Change an organization's main contact",
        description: `Body \`{organizationId, mainContactUserId}\`: the user must belong to the organization (400 otherwise). ${revisionNote}`,
        tags,
        body: changeOrganizationMainContactInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.changeMainContact(
          request.body.organizationId,
          request.body.mainContactUserId,
          readExpectedRevision(request),
          request.user!.id,
        ),
      ),
  );
};
