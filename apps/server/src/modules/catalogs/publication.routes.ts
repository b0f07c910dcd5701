import {
  catalogAudienceInputSchema,
  catalogAudienceMessages,
  catalogMessages,
  catalogTypeSchema,
  publishCatalogInputSchema,
} from "@cm/contracts/catalogs";
import { envelopeSchema, errorEnvelopeSchema, writeEnvelopeSchema } from "@cm/contracts/envelope";
import { catalogSummarySchema, lineListIdParamsSchema, lineListSchema } from "@cm/contracts/line-lists";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import {
  cancelScheduledPublication,
  listCatalogs,
  publishCatalog,
  setCatalogAudience,
} from "./publication.service.ts";

const revisionRule =
  "Send the line list's revision the change is based on (`_revision`) as If-Match or expectedRevision: a stale one gets 409 and changes nothing.";

const audienceRule =
  'An audience is the segmentations (good, better, best) whose stores see the catalog once the line list is published: at least one (400 "Choose at least one segmentation"), answered in the order good, better, best; every catalog starts with all three.';

/**
 * Publishing a line list's catalogs (issue 34): now or scheduled, each catalog to its audience.
 * Every route here needs `catalogs.publish`, the audience one included: choosing who sees a
 * catalog is part of publishing it (a published catalog's new audience sees it at once), not of
 * sorting items, which is `catalogs.manage`.
 */
export const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    "/api/crocs/catalogs/publish",
    {
      config: { permission: "catalogs.publish" },
      schema: {
        summary: "Publish a line list's catalogs, now or at a set time",
        description: `Without \`publishAt\`, sets the line list's published flag to 1, for good, and clears any scheduled publication. With \`publishAt\` (a future time with its offset; a past one is 400 "${catalogAudienceMessages.publishAtPast}" on the field publishAt), schedules the publication instead: the line list keeps published 0 and answers \`publishAt\` until the publication scheduler publishes it at that time (scheduling again replaces the time; a published line list, or one whose scheduled time has passed, is 409 "${catalogAudienceMessages.alreadyPublished}"). \`audiences\` sets the audience of the catalogs it names (created when missing); the others keep theirs. ${audienceRule} Without lineListId, the current (newest) line list of the Crocs brand. Publishing again changes nothing but the audiences named. One history entry on the line list with every change (\`published\`, \`publishAt\`, \`audience.<type>\`). ${revisionRule}`,
        tags: ["catalogs"],
        body: publishCatalogInputSchema,
        response: {
          200: writeEnvelopeSchema(lineListSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { lineList, scheduled } = await publishCatalog(
        db,
        request.body,
        readExpectedRevision(request),
        request.user!.id,
      );
      return written(lineList, {
        revision: lineList._revision,
        message: scheduled ? catalogAudienceMessages.scheduledToast : catalogMessages.published,
      });
    },
  );

  app.delete(
    "/api/line-lists/:lineListId/scheduled-publication",
    {
      config: { permission: "catalogs.publish" },
      schema: {
        summary: "Cancel a line list's scheduled publication",
        description: `The line list stays unpublished and no longer has \`publishAt\`; recorded in its history. 404 "${catalogAudienceMessages.noSchedule}" when none is scheduled, 409 "${catalogAudienceMessages.alreadyPublished}" when it is published or its time has passed (customers see it from then on), 404 "${catalogMessages.noLineListFound}" for an unknown line list or a preview. ${revisionRule}`,
        tags: ["catalogs"],
        params: lineListIdParamsSchema,
        response: {
          200: writeEnvelopeSchema(lineListSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const lineList = await cancelScheduledPublication(
        db,
        request.params.lineListId,
        readExpectedRevision(request),
        request.user!.id,
      );
      return written(lineList, {
        revision: lineList._revision,
        message: catalogAudienceMessages.scheduleCancelled,
      });
    },
  );

  app.get(
    "/api/line-lists/:lineListId/catalogs",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "A line list's catalogs with their audiences",
        description: `The line list's catalogs that exist, in the order athletic, boutique, crocs, each with its item count and audience (as the line lists page lists them): what the Manage screen's audience editor shows. 404 "${catalogMessages.noLineListFound}" for an unknown line list or a preview.`,
        tags: ["catalogs"],
        params: lineListIdParamsSchema,
        response: {
          200: envelopeSchema(z.object({ catalogs: z.array(catalogSummarySchema) })),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok({ catalogs: await listCatalogs(db, request.params.lineListId) }),
  );

  app.put(
    "/api/line-lists/:lineListId/catalogs/:type/audience",
    {
      config: { permission: "catalogs.publish" },
      schema: {
        summary: "Change a catalog's audience",
        description: `Sets the audience of the line list's catalog of this type (athletic, boutique or crocs), published or not: a published catalog is seen by its new audience at once. ${audienceRule} The catalog is created when the line list does not have it yet, as the placement writes do. A change gives the line list a new revision and records an entry in its history (field \`audience.<type>\`, before and after); the same audience again changes nothing. Answers the catalog as the line lists page lists it. 404 "${catalogMessages.noLineListFound}" for an unknown line list or a preview. ${revisionRule}`,
        tags: ["catalogs"],
        params: lineListIdParamsSchema.extend({ type: catalogTypeSchema }),
        body: catalogAudienceInputSchema,
        response: {
          200: writeEnvelopeSchema(catalogSummarySchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const outcome = await setCatalogAudience(
        db,
        request.params.lineListId,
        request.params.type,
        request.body.audience,
        readExpectedRevision(request),
        request.user!.id,
      );
      return written(outcome.catalog, {
        revision: outcome.revision,
        message: catalogAudienceMessages.audienceSaved,
      });
    },
  );
};
