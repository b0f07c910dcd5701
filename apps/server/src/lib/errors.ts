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

/**
 * What PostgreSQL refuses because of the values a request brought (SQLSTATE classes 22 and 23):
 * a client's mistake or a race it lost, never a bug of ours worth a 500. A broken unique or
 * foreign key is the state of other data (409); the rest is the input itself (400).
 */
const violationAnswers: ReadonlyMap<unknown, () => DomainError> = new Map<unknown, () => DomainError>([
  ["23505", () => new ConflictError(genericMessages.conflict)], // unique_violation
  ["23503", () => new ConflictError(genericMessages.conflict)], // foreign_key_violation
  ["23514", () => new InvalidError()], // check_violation
  ["23502", () => new InvalidError()], // not_null_violation
  // character_not_in_repertoire (NUL in text), untranslatable_character (`\u0000` in JSON)
  ["22021", () => new InvalidError(genericMessages.nulCharacter)],
  ["22P05", () => new InvalidError(genericMessages.nulCharacter)],
  ["22003", () => new InvalidError()], // numeric_value_out_of_range
  ["22008", () => new InvalidError()], // datetime_field_overflow
  ["22007", () => new InvalidError()], // invalid_datetime_format
  ["22001", () => new InvalidError()], // string_data_right_truncation
]);

const foreignKeyViolation = "23503";

/** The broken constraint a database error reports, or undefined when it is no violation. */
function violation(error: unknown): { code: string; constraint: string | undefined } | undefined {
  for (const { code, constraint } of causeChain(error)) {
    if (violationAnswers.has(code)) {
      return { code: code as string, constraint: typeof constraint === "string" ? constraint : undefined };
    }
  }
  return undefined;
}

/** Stands, in `ConstraintMessages`, for every foreign key (a table added later included). */
export const anyForeignKey = "any foreign key";

/**
 * What a broken constraint means to one write, by constraint name (or `anyForeignKey`): the
 * message of its ConflictError, or the DomainError to throw (made when needed, so it may use
 * values known only then).
 */
export type ConstraintMessages = Readonly<Record<string, string | (() => string | DomainError)>>;

/**
 * The one way to say what a broken constraint means: runs `write` and, when the database refuses
 * it, throws the module's answer for the constraint named in `messages`, else the app's own
 * answer to a database failure (`databaseFailureAnswer`). Domain errors go through unchanged.
 *
 *   withConstraintMessages({ brands_name_unique: brandMessages.alreadyExists }, () => insert(...))
 */
export async function withConstraintMessages<T>(
  messages: ConstraintMessages,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const broken = violation(error);
    const answer =
      broken &&
      ((broken.constraint !== undefined ? messages[broken.constraint] : undefined) ??
        (broken.code === foreignKeyViolation ? messages[anyForeignKey] : undefined));
    if (answer) {
      const made = typeof answer === "function" ? answer() : answer;
      throw withCause(typeof made === "string" ? new ConflictError(made) : made, error);
    }
    throw databaseFailureAnswer(error) ?? error;
  }
}

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
 * handlers send; undefined for any other failure. Validation refuses what it can (NUL in requests,
 * lengths, ranges); this covers values that reach SQL by another way (a file's cells, a race with
 * another request, a limit only the column knows). A lost connection is a 503: the database's
 * passing state, not a bug, and the request may be tried again.
 */
export function databaseFailureAnswer(error: unknown): DomainError | undefined {
  for (const cause of causeChain(error)) {
    const answer = violationAnswers.get(cause.code);
    if (answer) return withCause(answer(), error);
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
