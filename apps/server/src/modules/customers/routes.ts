import {
  customerMessages,
  customerRegistrationInputSchema,
  customerRegistrationResultSchema,
  customerSchema,
} from "@cm/contracts/customers";
import {
  envelopeSchema,
  errorEnvelopeSchema,
  listLimitQuerySchema,
  writeEnvelopeSchema,
} from "@cm/contracts/envelope";
import { storeMessages } from "@cm/contracts/stores";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { useModuleMessages } from "../../lib/module-errors.ts";
import { CustomersService } from "./service.ts";

const tags = ["customers"];

/**
 * The user-management service's customers: registering a new customer in one go, and the list
 * of customers. The list lives under /api like every other call, so the sign-in guard covers it.
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registration creates stores, so it answers bad input and failures as the stores do.
  useModuleMessages(app, {
    invalidInput: customerMessages.invalidInput,
    serverError: storeMessages.serverError,
  });
  const service = new CustomersService(app.database.db, app.log.child({ module: "customers" }));

  app.post(
    "/api/register-new-customer/register-new-customer",
    {
      config: { permission: "customers.manage" },
      schema: {
        summary: "Register a new customer",
        description: [
          "Creates the organization (external), its main contact, its stores with their addresses and brand focus, and its users, in one transaction.",
          "A person with `id` is an existing customer user who moves to the new organization; without it a user is created (role: `roleId`, an active customer role, else Buyer).",
          "A store's `mainContactUserEmail` names the main contact or one of the users (the main contact when absent).",
          `Any wrong part refuses the whole request and creates nothing: 400 "${customerMessages.invalidInput}" with every wrong field (e.g. \`stores.1.brandFocusType.brandSegmentation\`), or 409 when only e-mail addresses are already taken.`,
        ].join(" "),
        tags,
        body: customerRegistrationInputSchema,
        response: {
          201: writeEnvelopeSchema(customerRegistrationResultSchema),
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.register(request.body, request.user!.id);
      return reply.code(201).send(
        written(result, {
          revision: result.organization._revision,
          created: true,
          message: customerMessages.created,
        }),
      );
    },
  );

  app.get(
    "/api/customers",
    {
      config: { permission: "customers.view" },
      schema: {
        summary: "List customers",
        description:
          "Every customer organization (type external) by name, with its stores and its number of users. `limit` caps the list.",
        tags,
        querystring: listLimitQuerySchema,
        response: { 200: envelopeSchema(z.array(customerSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.list({ limit: request.query.limit })),
  );
};
