import type { FieldErrors } from "@cm/contracts/envelope";
import { genericMessages } from "@cm/contracts/messages";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { failure } from "../lib/envelope.ts";
import { databaseFailureAnswer, DomainError } from "../lib/errors.ts";

/** Issue paths as the web forms name their fields: `addresses.0.city`. */
function addFieldError(errors: FieldErrors, path: string, message: string): void {
  (errors[path] ??= []).push(message);
}

function isClientError(error: unknown): error is FastifyError {
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * The one place failures become responses. Bad input is the caller's to fix, so it gets 400
 * "Wrong Input" and the broken fields; domain errors carry their own status and the spec's
 * message; anything else is our fault and the body says no more than the generic message, since
 * stacks and SQL belong in the log, not in front of users.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      const context = (error as { validationContext?: string }).validationContext ?? "body";
      for (const issue of error.validation) {
        const path = issue.instancePath.split("/").filter(Boolean).join(".");
        addFieldError(fieldErrors, path || context, issue.message ?? genericMessages.wrongInput);
      }
      request.log.info({ fieldErrors }, "request failed validation");
      return reply.code(400).send(failure(genericMessages.wrongInput, fieldErrors));
    }

    // A service validating with zod itself (e.g. a parsed spreadsheet row) is still bad input.
    if (error instanceof ZodError) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.issues) addFieldError(fieldErrors, issue.path.join("."), issue.message);
      request.log.info({ fieldErrors }, "input failed validation");
      return reply.code(400).send(failure(genericMessages.wrongInput, fieldErrors));
    }

    // A database failure that is no bug of ours (`databaseFailureAnswer`) is answered like the
    // domain error it amounts to, whichever route ran into it.
    const domainError = error instanceof DomainError ? error : databaseFailureAnswer(error);
    if (domainError) {
      if (domainError.status >= 500) request.log.error({ err: domainError }, "request failed");
      else request.log.info({ status: domainError.status, reason: domainError.message }, "request refused");
      return reply.code(domainError.status).send(failure(domainError.message, domainError.fieldErrors));
    }

    // Fastify's own 4xx (malformed JSON, unsupported content type, body too large): the caller's
    // mistake, and their messages reveal nothing of ours.
    if (isClientError(error) && !(error instanceof ResponseSerializationError)) {
      request.log.info({ status: error.statusCode, reason: error.message }, "request refused");
      const message = error.statusCode === 400 ? genericMessages.wrongInput : error.message;
      return reply.code(error.statusCode!).send(failure(message));
    }

    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(failure(genericMessages.serverError));
  });
}
