import {
  envelopeSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import { sharedReadPermissions } from "@cm/contracts/permissions";
import {
  addStoreAddressInputSchema,
  createStoreInputSchema,
  replaceStoreAddressesInputSchema,
  storeListQuerySchema,
  storeMessages,
  storeSchema,
  updateStoreBasicInfoInputSchema,
  updateStoreBrandFocusTypeInputSchema,
  updateStoreStatusInputSchema,
} from "@cm/contracts/stores";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { useModuleMessages } from "../../lib/module-errors.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { StoresService, type StoreWrite } from "./service.ts";

const tags = ["stores"];

const writeResponses = {
  200: writeEnvelopeSchema(storeSchema),
  400: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

const writeNote = [
  `Bad input gets 400 "${storeMessages.invalidInput}" with the field errors; an unknown store 404 "${storeMessages.notFound}".`,
  "Send the revision the change is based on as `If-Match` or `expectedRevision`: a stale one gets 409 and changes nothing.",
].join(" ");

const answer = ({ store, revision }: StoreWrite, message?: string) => written(store, { revision, message });

/** The user-management service's business stores: `/api/stores…`. */
export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  // SPEC.md section 8: stores answer bad input and their own failures with their own messages.
  useModuleMessages(app, {
    invalidInput: storeMessages.invalidInput,
    serverError: storeMessages.serverError,
  });
  const service = new StoresService(app.database.db);

  app.get(
    "/api/stores",
    {
      config: { permission: sharedReadPermissions.customers },
      schema: {
        summary: "List stores",
        description: `Stores by name with their addresses, brand focus and users. \`organizationId\` narrows the list to one organization; \`limit\` caps it. An empty list says "${storeMessages.listEmpty}".`,
        tags,
        querystring: storeListQuerySchema,
        response: { 200: envelopeSchema(z.array(storeSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const list = await service.list(request.query);
      return ok(list, list.length === 0 ? storeMessages.listEmpty : undefined);
    },
  );

  app.get(
    "/api/stores/:id",
    {
      config: { permission: "customers.view" },
      schema: {
        summary: "One store",
        description: `404 "${storeMessages.notFound}" for an unknown id.`,
        tags,
        params: idParamsSchema,
        response: { 200: envelopeSchema(storeSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.get(request.params.id)),
  );

  app.post(
    "/api/stores",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Create a store",
        description: [
          "For a customer organization. At least one brand in the brand focus, each an existing brand once, segmentation good, better or best (good by default);",
          "the store type is derived (more than one brand is multi-brand). At most one billing and one shipping address.",
          "The main contact and users must belong to the organization. Without a logo the placeholder is used.",
          `Bad input gets 400 "${storeMessages.invalidInput}" with the field errors.`,
        ].join(" "),
        tags,
        body: createStoreInputSchema,
        response: { 201: writeEnvelopeSchema(storeSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { brandFocusType, ...input } = request.body;
      const { store, revision } = await service.create(
        { ...input, brandSegmentation: brandFocusType.brandSegmentation },
        request.user!.id,
      );
      return reply
        .code(201)
        .send(written(store, { revision, created: true, message: storeMessages.created }));
    },
  );

  app.patch(
    "/api/stores/:id/basic-info",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Change a store's name, description or main contact",
        description: `Body \`{newName?, newDescription?, newMainContactUserId?}\`: only the fields sent change; null clears the description or the main contact, who must belong to the store's organization. ${writeNote}`,
        tags,
        params: idParamsSchema,
        body: updateStoreBasicInfoInputSchema,
        response: writeResponses,
      },
    },
    async (request) => {
      const { expectedRevision: _revision, ...changes } = request.body;
      return answer(
        await service.updateBasicInfo(
          request.params.id,
          changes,
          readExpectedRevision(request),
          request.user!.id,
        ),
        storeMessages.basicInfoUpdated,
      );
    },
  );

  app.post(
    "/api/stores/:id/address",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Add an address to a store",
        description: `Body \`{address}\`. A store has at most one billing and one shipping address: adding a second is refused (400). ${writeNote}`,
        tags,
        params: idParamsSchema,
        body: addStoreAddressInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.addAddress(
          request.params.id,
          request.body.address,
          readExpectedRevision(request),
          request.user!.id,
        ),
        storeMessages.addressesUpdated,
      ),
  );

  app.put(
    "/api/stores/:id/addresses",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Replace a store's addresses",
        description: `Body \`{addresses}\`: the whole list (empty removes them all), at most one billing and one shipping address. ${writeNote}`,
        tags,
        params: idParamsSchema,
        body: replaceStoreAddressesInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.replaceAddresses(
          request.params.id,
          request.body.addresses,
          readExpectedRevision(request),
          request.user!.id,
        ),
        storeMessages.addressesUpdated,
      ),
  );

  app.put(
    "/api/stores/:id/status",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Activate or deactivate a store",
        description: `Body \`{newStatus}\`: active or inactive. 409 "${storeMessages.statusUnchanged}" when the store already has it. ${writeNote}`,
        tags,
        params: idParamsSchema,
        body: updateStoreStatusInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.updateStatus(
          request.params.id,
          request.body.newStatus,
          readExpectedRevision(request),
          request.user!.id,
        ),
        storeMessages.statusUpdated,
      ),
  );

  app.put(
    "/api/stores/:id/brand-focus-type",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Replace a store's brand focus",
        description: `Body \`{newBrandFocusType: {brandSegmentation: [{brandId, segmentation}]}}\`: the same rules as on creation; the store type is derived again. ${writeNote}`,
        tags,
        params: idParamsSchema,
        body: updateStoreBrandFocusTypeInputSchema,
        response: writeResponses,
      },
    },
    async (request) =>
      answer(
        await service.updateBrandFocusType(
          request.params.id,
          request.body.newBrandFocusType.brandSegmentation,
          readExpectedRevision(request),
          request.user!.id,
        ),
        storeMessages.brandFocusUpdated,
      ),
  );
};
