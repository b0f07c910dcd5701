import type { FieldErrors } from "@cm/contracts/envelope";
import { genericMessages } from "@cm/contracts/messages";

/**
 * Errors services throw on purpose. The error handler answers them with their status and
 * message as they are, so the message must be one a user may read (SPEC.md section 8).
 */
export class DomainError extends Error {
  readonly status: number;
  /** Field errors for the envelope's `data`, when the failure is about specific inputs. */
  readonly fieldErrors: FieldErrors | null;

  constructor(status: number, message: string, fieldErrors: FieldErrors | null = null) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = genericMessages.notFound) {
    super(404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

export class InvalidError extends DomainError {
  constructor(message: string = genericMessages.wrongInput, fieldErrors: FieldErrors | null = null) {
    super(400, message, fieldErrors);
  }
}

/** The error and the ones below it: Drizzle wraps the driver's error in its own, in `cause`. */
function* causeChain(error: unknown): Generator<Error & { code?: unknown; constraint?: unknown }> {
  for (let current = error; current instanceof Error; current = current.cause) yield current;
}

const uniqueViolation = "23505";

/**
 * True when a database write broke a unique constraint (optionally a named one), so a service
 * can turn a race it lost into its ConflictError instead of a 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const { code, constraint: violated } of causeChain(error)) {
    if (code === uniqueViolation) return constraint === undefined || violated === constraint;
  }
  return false;
}

/**
 * character_not_in_repertoire (NUL in text) and untranslatable_character (`\u0000` in JSON):
 * characters PostgreSQL cannot store, which only input can have brought.
 */
const invalidTextCodes: ReadonlySet<unknown> = new Set(["22021", "22P05"]);

/**
 * The database server went away or cannot be reached (restart, failover, an administrator ending
 * the backend): SQLSTATE class 08 and 57P01-03, Node's socket errors, and node-postgres's own
 * errors, which carry no code, only their words.
 */
const connectionLostCodes: ReadonlySet<unknown> = new Set([
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const connectionLostMessages: ReadonlySet<string> = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
]);

function isConnectionLost({ code, message }: Error & { code?: unknown }): boolean {
  return (
    connectionLostCodes.has(code) ||
    (typeof code === "string" && code.startsWith("08")) ||
    connectionLostMessages.has(message)
  );
}

/**
 * The answer to a database failure that is not a bug of ours, as the DomainError the error
 * handlers send; undefined for any other failure. Validation already refuses NUL in requests; this
 * covers text that reaches SQL by another way (a file's cells, a route without a schema). A lost
 * connection is a 503: the database's passing state, not a bug, and the request may be tried again.
 */
export function databaseFailureAnswer(error: unknown): DomainError | undefined {
  for (const cause of causeChain(error)) {
    if (invalidTextCodes.has(cause.code)) {
      return withCause(new InvalidError(genericMessages.nulCharacter), error);
    }
    if (isConnectionLost(cause)) {
      return withCause(new DomainError(503, genericMessages.databaseUnavailable), error);
    }
  }
  return undefined;
}

/** Keeps the driver's error under the answer, for the log. */
function withCause(answer: DomainError, cause: unknown): DomainError {
  answer.cause = cause;
  return answer;
}
