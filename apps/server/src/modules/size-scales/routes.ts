import { errorEnvelopeSchema, envelopeSchema, writeEnvelopeSchema } from "@cm/contracts/envelope";
import { brandParamsSchema } from "@cm/contracts/brands";
import {
  sizeScaleListSchema,
  sizeScaleMessages,
  sizeScaleParamsSchema,
  sizeScaleSchema,
  sizeScaleUpdateSchema,
} from "@cm/contracts/size-scales-api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import { listSizeScales, updateSizeScale } from "./service.ts";

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** `/api/brands/{brandId}/size-scales`: a brand's size scales, read and edited. */
export const sizeScaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/api/brands/:brandId/size-scales",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "A brand's size scales",
        description:
          "The brand's size scales, each with its steps in order (a step's labels per size system), its widths in order, and the labels its products use with the step and width each sits at; `unplaced` lists labels no scale places yet. Every screen shows sizes in this order.",
        tags: ["brands"],
        params: brandParamsSchema,
        response: {
          200: envelopeSchema(sizeScaleListSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await listSizeScales(db, request.params.brandId)),
  );

  app.put(
    "/api/brands/:brandId/size-scales/:scaleId",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Edit a size scale",
        description:
          "Replaces the scale's name, steps (in their new order, each with its labels) and widths (in order; \"\" marks where sizes without a width go). Each label must read as a size of its system, without a width, and name no other step's size. A step or width the brand's products use cannot be left out (400). Send the revision the change is based on as If-Match or expectedRevision: a stale one gets 409 and changes nothing. Records a history entry of the brand.",
        tags: ["brands"],
        params: sizeScaleParamsSchema,
        body: sizeScaleUpdateSchema,
        response: { 200: writeEnvelopeSchema(sizeScaleSchema), ...errors },
      },
    },
    async (request) => {
      const scale = await updateSizeScale(
        db,
        request.params,
        request.body,
        readExpectedRevision(request),
        request.user!.id,
      );
      return written(scale, { revision: scale._revision, message: sizeScaleMessages.saved });
    },
  );
};
