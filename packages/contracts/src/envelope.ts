import { z } from "zod";

/**
 * The shapes every API response takes (DESIGN.md section 5), shared so the server's routes and
 * the web client's API layer cannot drift apart.
 */

/** Field path (dotted, e.g. `addresses.0.city`) to the messages of the rules it broke. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export function envelopeSchema<TData extends z.ZodType>(data: TData) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}
export interface Envelope<TData> {
  success: true;
  message: string;
  data: TData;
}

/** Writes also say which revision the client must send next and whether they created the entity. */
export function writeEnvelopeSchema<TData extends z.ZodType>(data: TData) {
  return envelopeSchema(data).extend({
    nextExpectedStreamVersion: z.number().int(),
    createdNewStream: z.boolean(),
  });
}
export interface WriteEnvelope<TData> extends Envelope<TData> {
  nextExpectedStreamVersion: number;
  createdNewStream: boolean;
}

/** Every failure, whatever its status: `data` holds field errors for bad input, else null. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: fieldErrorsSchema.nullable(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

// SPEC.md section 9: tables show 10 rows per page.
export const defaultPageSize = 10;
export const maxPageSize = 100;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/**
 * Lists the SPA loads whole and caches (users, roles, organizations) take an optional `limit`:
 * at most that many rows, in the list's order; without it, all of them.
 */
export const maxListLimit = 1000;
export const listLimitQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(maxListLimit).optional(),
});
export type ListLimitQuery = z.infer<typeof listLimitQuerySchema>;

/** Ids are PostgreSQL `integer` identities: anything outside 1..2^31-1 cannot name a row. */
export const maxEntityId = 2_147_483_647;
export const entityIdSchema = z.number().int().min(1).max(maxEntityId);
/** `{id}` in a route's path. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(maxEntityId) });

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /**
   * Present (and true) only when `total` is a lower bound rather than the exact count: a list
   * whose count is capped (at most 1,000 rows past the page's first are counted) answers the cap and
   * this flag; `totalPages` is computed from it, and later pages can still be requested.
   */
  totalIsLowerBound: z
    .literal(true)
    .optional()
    .describe("True when `total` is a lower bound (the count stopped at a cap); absent when it is exact."),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function paginatedEnvelopeSchema<TItem extends z.ZodType>(item: TItem) {
  return envelopeSchema(z.array(item)).extend({ pagination: paginationSchema });
}
export interface PaginatedEnvelope<TItem> extends Envelope<TItem[]> {
  pagination: Pagination;
}

/** Entities carry their optimistic-concurrency revision as `_revision`. */
export const revisionedSchema = z.object({ _revision: z.number().int().positive() });

/** A write may name the revision it was based on (or send it as the `If-Match` header). */
export const expectedRevisionSchema = z.object({
  expectedRevision: z.number().int().positive().optional(),
});
