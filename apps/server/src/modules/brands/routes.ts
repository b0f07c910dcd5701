import {
  brandInputSchema,
  brandListQuerySchema,
  brandMessages,
  brandParamsSchema,
  brandSchema,
  brandUpdateSchema,
} from "@cm/contracts/brands";
import { envelopeSchema, errorEnvelopeSchema, writeEnvelopeSchema } from "@cm/contracts/envelope";
import { sharedReadPermissions } from "@cm/contracts/permissions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { createBrand, deleteBrand, listBrands, updateBrand } from "./service.ts";

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** `/api/brands`: list, create, update and delete brands. */
export const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/api/brands",
    {
      config: { permission: sharedReadPermissions.brands },
      schema: {
        summary: "Brands",
        description: "Every brand, ordered by name (case-insensitive).",
        tags: ["brands"],
        querystring: brandListQuerySchema,
        response: { 200: envelopeSchema(z.array(brandSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await listBrands(db, request.query.orderDir)),
  );

  app.post(
    "/api/brands",
    {
      config: { permission: "brands.manage" },
      schema: {
        summary: "Create a brand",
        description:
          "Names are unique whatever their letter case (409 \"Brand already exists\"). The wholesale factor (0.01 to 1, two decimals at most) prices the brand's order lines: unit WHS = MSRP × factor × (1 − the customer's discount for the brand); 0.5 when not sent.",
        tags: ["brands"],
        body: brandInputSchema,
        response: { 201: writeEnvelopeSchema(brandSchema), ...errors },
      },
    },
    async (request, reply) => {
      const brand = await createBrand(db, request.body, request.user!.id);
      reply.code(201);
      return written(brand, { revision: brand._revision, created: true, message: brandMessages.created });
    },
  );

  app.put(
    "/api/brands/:brandId",
    {
      config: { permission: "brands.manage" },
      schema: {
        summary: "Update a brand",
        description:
          "Replaces the brand's name, description and wholesale factor (kept as it is when not sent). Order lines already written keep their prices. Send the revision the change is based on as If-Match or expectedRevision: a stale one gets 409 and changes nothing.",
        tags: ["brands"],
        params: brandParamsSchema,
        body: brandUpdateSchema,
        response: { 200: writeEnvelopeSchema(brandSchema), ...errors },
      },
    },
    async (request) => {
      const expectedRevision = readExpectedRevision(request);
      const brand = await updateBrand(
        db,
        request.params.brandId,
        request.body,
        expectedRevision,
        request.user!.id,
      );
      return written(brand, { revision: brand._revision, message: brandMessages.updated });
    },
  );

  app.delete(
    "/api/brands/:brandId",
    {
      config: { permission: "brands.manage" },
      schema: {
        summary: "Delete a brand",
        description:
          "Deletes a brand without line lists; a brand with line lists is refused with 409 and nothing is deleted. Honours If-Match.",
        tags: ["brands"],
        params: brandParamsSchema,
        response: { 200: writeEnvelopeSchema(brandSchema), ...errors },
      },
    },
    async (request) => {
      const expectedRevision = readExpectedRevision(request);
      const brand = await deleteBrand(db, request.params.brandId, expectedRevision, request.user!.id);
      return written(brand, { revision: brand._revision, message: brandMessages.deleted });
    },
  );
};
