import {
  addItemsInputSchema,
  copyItemsInputSchema,
  createCatalogsResultSchema,
  lineListCatalogsInputSchema,
  moveItemsInputSchema,
  placeItemsToInputSchema,
  placementResultSchema,
  populatedCatalogsSchema,
  preSegmentedErrorsSchema,
  preSegmentedQuerySchema,
  removeItemsInputSchema,
  segmentationFileContentTypes,
  segmentationLimits,
  segmentationMessages,
  type PreSegmentedErrors,
} from "@cm/contracts/catalog-segmentation";
import { envelopeSchema, errorEnvelopeSchema, writeEnvelopeSchema } from "@cm/contracts/envelope";
import { lineListIdParamsSchema, lineListSchema } from "@cm/contracts/line-lists";
import { genericMessages } from "@cm/contracts/messages";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, written } from "../../lib/envelope.ts";
import { DomainError } from "../../lib/errors.ts";
import { useModuleMessages } from "../../lib/module-errors.ts";
import { readExpectedRevision } from "../../lib/revisions.ts";
import type { SegmentationFileKind } from "./segmentation-file.ts";
import { publicationRoutes } from "./publication.routes.ts";
import { publishSchedulerPlugin } from "./publish-scheduler.ts";
import {
  applyPlacementChanges,
  applyPreSegmentation,
  describePlaceItemsTo,
  describePlacementChanges,
  describeRemoval,
  type PlacementChanges,
} from "./placements.service.ts";
import { createCatalogs, getLatestCatalogs, getPopulatedCatalogs, saveCatalogs } from "./service.ts";

/**
 * A placement request may name `maxItemsPerRequest` items (a select-all on the largest line
 * lists) with model codes of up to 100 characters: well above Fastify's default 1 MB.
 */
const placementBodyLimit = 4 * 1024 * 1024;
const preSegmentedPath = "/api/crocs/catalogs/pre-segmented";

const placementResponses = {
  200: writeEnvelopeSchema(placementResultSchema),
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
};

/** How every write of a line list's catalogs treats the revision it was based on. */
const revisionRule =
  "Send the line list's revision the change is based on (`_revision` of the populated catalogs' line list, or the last write's `nextExpectedStreamVersion`) as If-Match or expectedRevision: a stale one gets 409 and changes nothing.";

const placementRules = `One transaction, all or nothing: an unknown line list is 404 "Catalog or line list not found"; an empty selection is 400 "No items to move"; a model code the line list does not offer is 400 with the operation's failure message and \`data.modelCodes\` naming the first 20 unknown codes, and nothing changes. ${revisionRule} Without a revision, sending the same request twice gives the same state. The answer lists the items named with the catalogs they are in now, and the item count of every place (unsorted, athletic, boutique, crocs); a write that changed something gives the line list a new revision (\`nextExpectedStreamVersion\`) and each catalog whose items changed a new one too. The line list's catalogs are created if missing. Published line lists stay editable.`;

const catalogFailureMessages = {
  invalidInput: genericMessages.wrongInput,
  serverError: segmentationMessages.somethingWentWrong,
};

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

function segmentationFileKind(contentType: string | undefined): SegmentationFileKind | undefined {
  const type = mediaType(contentType);
  if (type === segmentationFileContentTypes.csv) return "csv";
  if (type === segmentationFileContentTypes.xlsx) return "xlsx";
  return undefined;
}

/**
 * `POST /api/crocs/catalogs/pre-segmented`, in a scope of its own: the file arrives as the body
 * itself, so only this route parses those content types, and Fastify's refusals of the body say
 * why in the file's terms. Other failures are answered as in the other catalog calls.
 */
const preSegmentedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.addContentTypeParser(
    [segmentationFileContentTypes.csv, segmentationFileContentTypes.xlsx],
    { parseAs: "buffer", bodyLimit: segmentationLimits.maxSegmentationFileBytes },
    (_request, body, done) => done(null, body),
  );
  useModuleMessages(app, {
    ...catalogFailureMessages,
    bodyTooLarge: segmentationMessages.segmentationFileTooLarge,
    unsupportedMediaType: segmentationMessages.segmentationFileType,
  });

  app.post(
    preSegmentedPath,
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Place items from a segmentation file",
        description: `The body is the file itself, sent as \`${segmentationFileContentTypes.csv}\` or \`${segmentationFileContentTypes.xlsx}\` (at most ${segmentationLimits.maxSegmentationFileBytes / 1024 / 1024} MB; larger is 413, another content type 415). Its first sheet (or the CSV) has a header row naming the columns "Model Code" and "Catalog Type" (matched ignoring case, spaces, dashes and underscores; other columns are ignored), then one row per item and catalog: a model code of the line list and athletic, boutique, crocs or unsorted (any case). Blank rows are skipped. Every item the file names is then in exactly the catalogs its rows list ("unsorted" alone takes it out of all of them); items it does not name stay where they are. Any bad row (unknown model code or type, a blank cell) refuses the whole file with 400, \`data.errors\` listing the first ${segmentationLimits.maxSegmentationErrors} as {row, column, message} and \`data.errorCount\`, and nothing changes. 404 "Catalog or line list not found" for an unknown line list. ${revisionRule} (If-Match only: the body is the file.) One transaction; the answer is as for move-items.`,
        tags: ["catalogs"],
        querystring: preSegmentedQuerySchema,
        response: {
          200: writeEnvelopeSchema(placementResultSchema),
          400: z.union([preSegmentedErrorsSchema, errorEnvelopeSchema]),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const kind = segmentationFileKind(request.headers["content-type"]);
      if (!kind) throw new DomainError(415, segmentationMessages.segmentationFileType);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await applyPreSegmentation(
        db,
        request.query.lineListId,
        { bytes, kind },
        readExpectedRevision(request),
        request.user!.id,
      );
      if (!outcome.ok) {
        const body: PreSegmentedErrors = {
          success: false,
          message: segmentationMessages.segmentationRefused,
          data: { errors: outcome.errors, errorCount: outcome.errorCount },
        };
        return reply.code(400).send(body);
      }
      return written(outcome.result, {
        revision: outcome.revision,
        created: outcome.createdCatalogs,
        message: outcome.message,
      });
    },
  );
};

/** The Crocs catalogs of a line list: segmentation, and publication (publication.routes.ts) with its scheduler. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  // Bad input is "Wrong Input" as everywhere (but see the add calls below).
  useModuleMessages(app, catalogFailureMessages);

  const placed = async (changes: PlacementChanges, request: FastifyRequest) => {
    const outcome = await applyPlacementChanges(db, changes, readExpectedRevision(request), request.user!.id);
    return written(outcome.result, {
      revision: outcome.revision,
      created: outcome.createdCatalogs,
      message: changes.message,
    });
  };

  app.get(
    "/api/crocs/catalogs/populated/:lineListId",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "A line list's catalogs with their items",
        description:
          "The saved line list and its four places, always in the order unsorted, athletic, boutique, crocs, each with its items in the line list's order. An item is named by its model code (`id` = `model_code`) and carries its silhouette, color, sizes (in the brand's order), `image_url` (the first image URL, or null for the placeholder), `position` (its place in the line list's order, from 0) and `catalogTypes` (the catalogs it is in; empty when unsorted). An item copied into several catalogs appears in each. 404 \"No line list found\" for an unknown line list or one still in preview.",
        tags: ["catalogs"],
        params: lineListIdParamsSchema,
        response: {
          200: envelopeSchema(populatedCatalogsSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await getPopulatedCatalogs(db, request.params.lineListId)),
  );

  app.get(
    "/api/crocs/catalogs/latest",
    {
      config: { permission: "catalogs.view" },
      schema: {
        summary: "The current line list's catalogs",
        description:
          'As `GET /api/crocs/catalogs/populated/{lineListId}` for the current line list: the newest saved line list of the Crocs brand. 404 "No current catalogs found" when the brand has none.',
        tags: ["catalogs"],
        response: { 200: envelopeSchema(populatedCatalogsSchema), 404: errorEnvelopeSchema },
      },
    },
    async () => ok(await getLatestCatalogs(db)),
  );

  app.post(
    "/api/crocs/catalogs/create",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Create a line list's catalogs",
        description: `Creates the line list's athletic, boutique and crocs catalogs that do not exist yet; calling it again changes nothing. Answers the types it created now (none when all existed) and the item count of every place; empty catalogs place no item, so the line list's revision stays. 404 "Catalog or line list not found" for an unknown line list or one still in preview. ${revisionRule}`,
        tags: ["catalogs"],
        body: lineListCatalogsInputSchema,
        response: {
          200: writeEnvelopeSchema(createCatalogsResultSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const outcome = await createCatalogs(db, request.body, readExpectedRevision(request), request.user!.id);
      return written(outcome.result, {
        revision: outcome.revision,
        created: outcome.createdCatalogs,
        message: segmentationMessages.catalogsReady,
      });
    },
  );

  // The two add calls answer a bad request with the spec's own text (SPEC.md section 8, "Catalog
  // add"); the other calls keep "Wrong Input".
  const addRoutes: FastifyPluginAsyncZod = async (scope) => {
    useModuleMessages(scope, {
      invalidInput: segmentationMessages.addFailed,
      serverError: segmentationMessages.somethingWentWrong,
    });

    scope.post(
      "/api/crocs/catalogs/add-items",
      {
        config: { permission: "catalogs.manage" },
        bodyLimit: placementBodyLimit,
        schema: {
          summary: "Add items to catalogs",
          description: `Each item joins its target catalog and stays where it was (add from unsorted or from another catalog). A target equal to its origin is 400 "Cannot move items to the same category". Failure message, also for a malformed request (with the field errors in \`data\`): "${segmentationMessages.addFailed}". ${placementRules}`,
          tags: ["catalogs"],
          body: addItemsInputSchema,
          response: placementResponses,
        },
      },
      async (request) =>
        placed(describePlacementChanges("add", request.body.lineListId, request.body.addItems), request),
    );

    scope.post(
      "/api/crocs/catalogs/add-items-to",
      {
        config: { permission: "catalogs.manage" },
        bodyLimit: placementBodyLimit,
        schema: {
          summary: "Add many items from one place to one catalog",
          description: `As add-items, for the model codes given, all from \`originCatalogType\` to \`targetCatalogType\`. Failure message, also for a malformed request (with the field errors in \`data\`): "${segmentationMessages.addFailed}". ${placementRules}`,
          tags: ["catalogs"],
          body: placeItemsToInputSchema,
          response: placementResponses,
        },
      },
      async (request) => placed(describePlaceItemsTo("add", request.body), request),
    );
  };
  await app.register(addRoutes);

  app.post(
    "/api/crocs/catalogs/copy-items",
    {
      config: { permission: "catalogs.manage" },
      bodyLimit: placementBodyLimit,
      schema: {
        summary: "Copy items to catalogs",
        description: `Each item joins its target catalog and keeps its place in its origin. A target equal to its origin is 400 "Cannot move items to the same category". Failure message: "${segmentationMessages.copyFailed}". ${placementRules}`,
        tags: ["catalogs"],
        body: copyItemsInputSchema,
        response: placementResponses,
      },
    },
    async (request) =>
      placed(describePlacementChanges("copy", request.body.lineListId, request.body.copyItems), request),
  );

  app.post(
    "/api/crocs/catalogs/copy-items-to",
    {
      config: { permission: "catalogs.manage" },
      bodyLimit: placementBodyLimit,
      schema: {
        summary: "Copy many items from one place to one catalog",
        description: `As copy-items, for the model codes given, all from \`originCatalogType\` to \`targetCatalogType\`. Failure message: "${segmentationMessages.copyFailed}". ${placementRules}`,
        tags: ["catalogs"],
        body: placeItemsToInputSchema,
        response: placementResponses,
      },
    },
    async (request) => placed(describePlaceItemsTo("copy", request.body), request),
  );

  app.post(
    "/api/crocs/catalogs/move-items",
    {
      config: { permission: "catalogs.manage" },
      bodyLimit: placementBodyLimit,
      schema: {
        summary: "Move items between catalogs",
        description: `Each item leaves its origin catalog and joins its target; a move from unsorted is an add. An item no longer in its origin (for unsorted: now in a catalog) refuses the whole request with 409 "${segmentationMessages.itemsLeftOrigin}", \`data.modelCodes\` naming the first 20, and nothing changes: the move was planned on catalogs that changed since. An item named twice ends up in every target it was sent to (a request's removals happen before its additions). A target equal to its origin is 400 "Cannot move items to the same category". Failure message: "${segmentationMessages.moveFailed}". ${placementRules}`,
        tags: ["catalogs"],
        body: moveItemsInputSchema,
        response: placementResponses,
      },
    },
    async (request) =>
      placed(describePlacementChanges("move", request.body.lineListId, request.body.moveItems), request),
  );

  app.delete(
    "/api/crocs/catalogs/remove-items",
    {
      config: { permission: "catalogs.manage" },
      bodyLimit: placementBodyLimit,
      schema: {
        summary: "Remove items from a catalog",
        description: `The items leave the catalog \`catalogType\` (a JSON body on DELETE); an item in no other catalog is unsorted again. Removing an item that is not there changes nothing. Failure message: "${segmentationMessages.removeFailed}". ${placementRules}`,
        tags: ["catalogs"],
        body: removeItemsInputSchema,
        response: placementResponses,
      },
    },
    async (request) => placed(describeRemoval(request.body), request),
  );

  app.post(
    "/api/crocs/catalogs/save",
    {
      config: { permission: "catalogs.manage" },
      schema: {
        summary: "Save a line list's catalogs",
        description: `The segmentation screen's Save Catalogs: makes sure the line list's catalogs exist and marks its sorting completed (\`sortingCompleted\` 1). The line list's revision is bumped and the change audited the first time only; saving again changes nothing. Answers the line list. 404 "No line list found" for an unknown line list or one still in preview. ${revisionRule}`,
        tags: ["catalogs"],
        body: lineListCatalogsInputSchema,
        response: {
          200: writeEnvelopeSchema(lineListSchema),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { lineList } = await saveCatalogs(
        db,
        request.body,
        readExpectedRevision(request),
        request.user!.id,
      );
      return written(lineList, { revision: lineList._revision, message: segmentationMessages.catalogsSaved });
    },
  );

  await app.register(preSegmentedRoutes);

  await app.register(publicationRoutes);
  await app.register(publishSchedulerPlugin);
};
