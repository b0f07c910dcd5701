import type { FieldErrors } from "@cm/contracts/envelope";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { failure } from "./envelope.ts";
import { databaseFailureAnswer, DomainError } from "./errors.ts";

export interface ModuleMessages {
  /** The 400 answer's message for input that breaks the schema (the app's default is "Wrong Input"). */
  invalidInput: string;
  /** The 500 answer's message for a failure of ours. */
  serverError: string;
}

function isClientError(error: unknown): boolean {
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return (
    typeof status === "number" &&
    status >= 400 &&
    status < 500 &&
    !(error instanceof ResponseSerializationError)
  );
}

/** Field path (dotted, as the forms name fields) to messages, from either kind of zod failure. */
export function validationFieldErrors(error: unknown): FieldErrors {
  const fieldErrors: FieldErrors = {};
  const add = (path: string, message: string) => (fieldErrors[path] ??= []).push(message);
  if (error instanceof ZodError) {
    for (const issue of error.issues) add(issue.path.join(".") || "body", issue.message);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? "body";
    for (const issue of error.validation) {
      add(issue.instancePath.split("/").filter(Boolean).join(".") || context, issue.message ?? "Invalid");
    }
  }
  return fieldErrors;
}

/**
 * Some of the spec's services answer bad input and their own failures with their own messages
 * (SPEC.md section 8, e.g. Stores). Called inside a module's plugin, this answers those two cases
 * for the module's routes only; everything else (domain errors, Fastify's own 4xx, database
 * failures the app answers as domain errors) goes on to the app's error handler unchanged.
 */
export function useModuleMessages(app: FastifyInstance, messages: ModuleMessages): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ZodError || hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = validationFieldErrors(error);
      request.log.info({ fieldErrors }, "request failed validation");
      return reply.code(400).send(failure(messages.invalidInput, fieldErrors));
    }
    if (error instanceof DomainError || isClientError(error) || databaseFailureAnswer(error)) throw error;
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(failure(messages.serverError));
  });
}
