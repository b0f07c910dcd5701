import type { FieldErrors } from "@cm/contracts/envelope";
import { genericMessages } from "@cm/contracts/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { failure } from "./envelope.ts";
import { databaseFailureAnswer, DomainError, InvalidError } from "./errors.ts";

/** The messages an error handler answers with where the failure brings none of its own. */
export interface ModuleMessages {
  /** The 400 answer's message for input that breaks the schema (the app's is "Wrong Input"). */
  invalidInput: string;
  /** The 500 answer's message for a failure of ours. */
  serverError: string;
  /** The 413 answer's message, where the module names its limit in its own terms (a file). */
  bodyTooLarge?: string;
  /** The 415 answer's message, where the module names the types it takes. */
  unsupportedMediaType?: string;
}

const appMessages: ModuleMessages = {
  invalidInput: genericMessages.wrongInput,
  serverError: genericMessages.serverError,
};

/**
 * Field path (dotted, as the forms name fields: `addresses.0.city`) to messages, from either kind
 * of zod failure: the route's schema (Fastify's validation) or a service parsing with zod itself
 * (a spreadsheet row). Undefined for any other error.
 */
function validationFieldErrors(error: unknown): FieldErrors | undefined {
  const fieldErrors: FieldErrors = {};
  const add = (path: string, message: string) => (fieldErrors[path] ??= []).push(message);
  if (error instanceof ZodError) {
    for (const issue of error.issues) add(issue.path.join(".") || "body", issue.message);
  } else if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? "body";
    for (const issue of error.validation) {
      const path = issue.instancePath.split("/").filter(Boolean).join(".");
      add(path || context, issue.message ?? genericMessages.wrongInput);
    }
  } else {
    return undefined;
  }
  return fieldErrors;
}

/** Fastify's own refusals (malformed JSON, a body too large, an unsupported content type). */
function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return (
    typeof status === "number" &&
    status >= 400 &&
    status < 500 &&
    !(error instanceof ResponseSerializationError)
  );
}

/**
 * What a failure amounts to, as the DomainError to answer with; undefined when it is a failure of
 * ours. Bad input is the caller's to fix: 400 with the module's message and the broken fields.
 * Domain errors carry their own status and the spec's message. A database failure that is no bug
 * of ours (`databaseFailureAnswer`) is answered like the domain error it amounts to. Fastify's
 * own 4xx keep their status, and their messages reveal nothing of ours.
 */
function errorAnswer(error: unknown, messages: ModuleMessages): DomainError | undefined {
  const fieldErrors = validationFieldErrors(error);
  if (fieldErrors) return new InvalidError(messages.invalidInput, fieldErrors);
  if (error instanceof DomainError) return error;
  const databaseAnswer = databaseFailureAnswer(error);
  if (databaseAnswer) return databaseAnswer;
  if (!isClientError(error)) return undefined;
  const ownMessage: Partial<Record<number, string>> = {
    400: messages.invalidInput,
    413: messages.bodyTooLarge,
    415: messages.unsupportedMediaType,
  };
  return new DomainError(error.statusCode, ownMessage[error.statusCode] ?? error.message);
}

/**
 * The one place failures become responses, with the module's messages where it has its own
 * (SPEC.md section 8, e.g. Stores, Roles, Catalog add). Anything unexpected is our fault and the
 * body says no more than the module's 500 message: stacks and SQL belong in the log.
 */
export function moduleErrorHandler(messages: Partial<ModuleMessages> = {}) {
  const answers = { ...appMessages, ...messages };
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const answer = errorAnswer(error, answers);
    if (!answer) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send(failure(answers.serverError));
    }
    if (answer.status >= 500) request.log.error({ err: answer }, "request failed");
    else
      request.log.info(
        { status: answer.status, reason: answer.message, fieldErrors: answer.fieldErrors ?? undefined },
        "request refused",
      );
    return reply.code(answer.status).send(failure(answer.message, answer.fieldErrors));
  };
}

/** Answers failures of the routes of a module's plugin (called inside it) with its messages. */
export function useModuleMessages(app: FastifyInstance, messages: Partial<ModuleMessages>): void {
  app.setErrorHandler(moduleErrorHandler(messages));
}
