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

const uniqueViolation = "23505";

/**
 * True when a database write broke a unique constraint (optionally a named one), so a service
 * can turn a race it lost into its ConflictError instead of a 500. Drizzle wraps the driver's
 * error, hence the walk down `cause`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: violated } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === uniqueViolation) return constraint === undefined || violated === constraint;
  }
  return false;
}
