import { errorEnvelopeSchema } from "@cm/contracts/envelope";
import {
  errorCountHeader,
  processLineListErrorsSchema,
  processLineListInputSchema,
  processLineListResponseSchema,
} from "@cm/contracts/uploads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { processLineList, type ProcessLineListDeps } from "./process-line-list.ts";

/**
 * `POST /functions/process-line-list` (and the same at `POST /api/crocs/line-lists/process`, the
 * path issue 32 names beside the spec's): the file-processing function. Bearer-protected like the
 * API (the auth guard covers /functions). Answers the spec's text protocol: the line list id as
 * JSON text; a refused file gets 422 and the array of its first errors.
 */
export function processLineListRoutes(
  options: Pick<ProcessLineListDeps, "parseOptions"> = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ["/functions/process-line-list", "/api/crocs/line-lists/process"]) {
      app.post(
        url,
        {
          config: { permission: "catalogs.manage" },
          schema: {
            summary: url.startsWith("/functions")
              ? "Process an uploaded line list"
              : "Process an uploaded line list (API path)",
            description:
              "Reads the file (.xlsx, .xls or .csv) stored under `key` with the brand's column mapping, or with `mapping` when sent (the one the person confirmed in the \"Map columns\" step: checked against the file, then saved for the brand with a history entry, together with the upload), and, in one transaction, creates the line list in preview with its staged styles (`action: new`) or stages them against the saved line list `linelist_id` (`action: update`). 200: text/plain, the line list id as JSON (e.g. `42`). 422: the file was refused and nothing was stored (its file is deleted); the body lists the first errors (100 unless `errorLimit`), the X-Error-Count header how many there are. 400 when the brand has no mapping and none is sent, when the file's headers are not the saved mapping's, or when the mapping sent cannot read the file (every reason in `data.mapping`): the file stays stored, for the mapping step (POST /api/uploads/inspect) and a second request with `mapping`.",
            tags: ["uploads"],
            body: processLineListInputSchema,
            response: {
              200: processLineListResponseSchema.describe("The line list id as JSON text, e.g. 42"),
              400: errorEnvelopeSchema,
              404: errorEnvelopeSchema,
              409: errorEnvelopeSchema,
              422: processLineListErrorsSchema,
            },
          },
        },
        async (request, reply) => {
          const outcome = await processLineList(
            {
              db: app.database.db,
              store: app.objectStore,
              log: request.log,
              parseOptions: options.parseOptions,
            },
            request.body,
            request.user?.id ?? null,
          );
          if (!outcome.ok) {
            request.log.info({ errorCount: outcome.errorCount }, "line list refused");
            return reply.code(422).header(errorCountHeader, String(outcome.errorCount)).send(outcome.errors);
          }
          return reply.code(200).type("text/plain; charset=utf-8").send(JSON.stringify(outcome.lineListId));
        },
      );
    }
  };
}
