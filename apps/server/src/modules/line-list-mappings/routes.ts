import { brandParamsSchema } from "@cm/contracts/brands";
import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import { mappingMessages } from "@cm/contracts/line-list-mapping";
import {
  brandMappingDataSchema,
  inspectUploadDataSchema,
  inspectUploadInputSchema,
  saveBrandMappingInputSchema,
} from "@cm/contracts/line-list-mapping-api";
import { errorCountHeader, processLineListErrorsSchema } from "@cm/contracts/uploads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import type { ParseLineListFileOptions } from "../file-processing/parse-line-list-file.ts";
import { inspectUpload } from "./inspect.service.ts";
import { getBrandMapping, resetBrandMapping, saveBrandMapping } from "./service.ts";

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * The brands' column mappings and the inspection of an uploaded file for the "Map columns" step
 * (docs/line-list-mapping.md). Mappings are read with catalogs.view and written with
 * catalogs.manage, the permission of whoever uploads line lists (docs/decisions.md).
 */
export function lineListMappingRoutes(
  options: { parseOptions?: ParseLineListFileOptions } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;

    app.get(
      "/api/brands/:brandId/mapping",
      {
        config: { permission: "catalogs.view" },
        schema: {
          summary: "A brand's column mapping",
          description:
            "How the brand's line list files are read: the sheet, header row, layout, each field's column, the size columns, the attributes kept and the value maps, with the headers it was confirmed on. `data` is null for a brand without one (its next upload asks for its columns). 404 for an unknown brand.",
          tags: ["brands"],
          params: brandParamsSchema,
          response: { 200: envelopeSchema(brandMappingDataSchema), ...errors },
        },
      },
      async (request) => ok(await getBrandMapping(db, request.params.brandId)),
    );

    app.put(
      "/api/brands/:brandId/mapping",
      {
        config: { permission: "catalogs.manage" },
        schema: {
          summary: "Save a brand's column mapping",
          description:
            "Replaces the brand's mapping with the one sent and the headers it reads (their fingerprint decides whether the next file goes straight to the preview), with a history entry on the brand in the same transaction; the same mapping sent again records nothing. 400 with every reason (in `data.mapping`) when a required field has no column among the headers or a column is chosen twice.",
          tags: ["brands"],
          params: brandParamsSchema,
          body: saveBrandMappingInputSchema,
          response: { 200: envelopeSchema(brandMappingDataSchema), ...errors },
        },
      },
      async (request) =>
        ok(
          await saveBrandMapping(db, request.params.brandId, request.body, request.user?.id ?? null),
          mappingMessages.saved,
        ),
    );

    app.delete(
      "/api/brands/:brandId/mapping",
      {
        config: { permission: "catalogs.manage" },
        schema: {
          summary: "Reset a brand's column mapping",
          description:
            "Deletes the brand's mapping, with a history entry on the brand; its next upload asks for its columns again. A brand without one is answered the same and nothing is recorded. `data` is null.",
          tags: ["brands"],
          params: brandParamsSchema,
          response: { 200: envelopeSchema(brandMappingDataSchema), ...errors },
        },
      },
      async (request) =>
        ok(
          await resetBrandMapping(db, request.params.brandId, request.user?.id ?? null),
          mappingMessages.reset,
        ),
    );

    app.post(
      "/api/uploads/inspect",
      {
        config: { permission: "catalogs.manage" },
        schema: {
          summary: "Inspect an uploaded line list file",
          description:
            "Reads the file stored under `key` (after the presigned PUT) on the parse worker, with a parse's limits and timeout, and answers what the \"Map columns\" step shows: the workbook's sheets, the sheet read (the request's, else the brand's saved mapping's, else the first), the header row (the request's, else the saved mapping's, else the detected one), its headers, up to 400 rows below it, the number of data rows, a CSV file's dialect, and the mapping: the saved one applied to these headers (`status` `matches` when the headers are the saved ones, `changed` with `columnChanges` otherwise) or the engine's guess (`new`, the brand has none). Stores nothing. 422: the file was refused and deleted, with the same body and X-Error-Count header as the processing step's. 400 for a sheet the workbook lacks or an empty header row (the file stays); 404 unknown key or brand; 409 the file was already processed.",
          tags: ["uploads"],
          body: inspectUploadInputSchema,
          response: {
            200: envelopeSchema(inspectUploadDataSchema),
            ...errors,
            409: errorEnvelopeSchema,
            422: processLineListErrorsSchema,
          },
        },
      },
      async (request, reply) => {
        const outcome = await inspectUpload(
          { db, store: app.objectStore, log: request.log, parseOptions: options.parseOptions },
          request.body,
        );
        if (!outcome.ok) {
          return reply.code(422).header(errorCountHeader, String(outcome.errorCount)).send(outcome.errors);
        }
        return ok(outcome.data);
      },
    );
  };
}
