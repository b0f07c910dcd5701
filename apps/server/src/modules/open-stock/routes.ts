import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import {
  openStockApplyDataSchema,
  openStockApplyInputSchema,
  openStockMessages,
  openStockPreviewDataSchema,
  openStockPreviewInputSchema,
} from "@cm/contracts/open-stock";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { applyOpenStock, previewOpenStock, type OpenStockDeps } from "./service.ts";

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * Open Stock (docs/open-stock.md): the preview and the apply of a stored file of SKUs and
 * quantities. `options` lets tests give smaller limits.
 */
export function openStockRoutes(
  options: Pick<OpenStockDeps, "limits" | "worker"> = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = (): OpenStockDeps => ({ db: app.database.db, store: app.objectStore, ...options });

    app.post(
      "/api/open-stock/preview",
      {
        config: { permission: "catalogs.manage" },
        schema: {
          summary: "Preview an Open Stock file",
          description:
            "Reads the file stored under `key` (presigned with `purpose: \"open-stock\"`: .xlsx, .xls or .csv, with the line lists' limits) on a worker thread: its sheet and header row (saved for its layout, given, or found), its headers with three sample values each, and the SKU (or UPC) and quantity columns (given in `columns`, saved for a file with the same headers, or guessed from the headers and values). With both columns, `counts` says how many distinct SKUs products have (updated) and how many none has (unknown, the first 100 listed), and rows whose quantity is not a whole number of 0 or more are row errors. The file stays stored for the apply. A refused file answers 400 with the reader's message and is deleted. 404 when no such file is stored.",
          tags: ["open-stock"],
          body: openStockPreviewInputSchema,
          response: { 200: envelopeSchema(openStockPreviewDataSchema), ...errors },
        },
      },
      async (request) => ok(await previewOpenStock(deps(), request.body)),
    );

    app.post(
      "/api/open-stock/apply",
      {
        config: { permission: "catalogs.manage" },
        schema: {
          summary: "Apply an Open Stock file",
          description:
            'Reads the stored file with the columns given and, in one transaction, sets the available quantity of every product size (of any brand) whose SKU the file names, saves the columns for the file\'s layout (the next file with the same headers is read with them) and records a history entry per brand ("Open Stock uploaded: N SKUs updated"); then deletes the file. Answers the counts. 400 when a column is missing or no SKU of the file is known; 404 when no such file is stored.',
          tags: ["open-stock"],
          body: openStockApplyInputSchema,
          response: { 200: envelopeSchema(openStockApplyDataSchema), ...errors },
        },
      },
      async (request) => {
        const counts = await applyOpenStock(deps(), request.body, request.user!.id);
        return ok(counts, openStockMessages.applied);
      },
    );
  };
}
