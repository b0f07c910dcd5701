import { and, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import { genericMessages } from "@cm/contracts/messages";
import type { DbExecutor } from "../db/client.ts";
import { ConflictError, InvalidError, NotFoundError } from "./errors.ts";

/** Tables written with optimistic concurrency: an id, the revision counter and updated_at. */
export type RevisionedTable = PgTable & { id: PgColumn; revision: PgColumn; updatedAt: PgColumn };

export interface UpdateWithRevisionOptions<TTable extends RevisionedTable> {
  id: TTable["$inferSelect"]["id"];
  /** The revision the client based its change on; undefined means it did not say (last write wins). */
  expectedRevision: number | undefined;
  values: PgUpdateSetSource<TTable>;
  /** The spec's message for this entity, e.g. "Brand not found". */
  notFoundMessage: string;
  conflictMessage?: string;
}

export interface RevisionedUpdate<TRow> {
  row: TRow;
  beforeRevision: number;
  afterRevision: number;
}

/**
 * Updates one row only if it is still at the revision the client saw, and bumps the revision.
 * The check and the write are one statement, so two clients racing cannot both win: the loser
 * changes nothing and gets a 409.
 */
export async function updateWithRevision<TTable extends RevisionedTable>(
  db: DbExecutor,
  table: TTable,
  options: UpdateWithRevisionOptions<TTable>,
): Promise<RevisionedUpdate<TTable["$inferSelect"]>> {
  const isTheRow = eq(table.id, options.id);
  const where =
    options.expectedRevision === undefined
      ? isTheRow
      : and(isTheRow, eq(table.revision, options.expectedRevision));
  const values = {
    ...options.values,
    revision: sql`${table.revision} + 1`,
    updatedAt: sql`now()`,
  } as PgUpdateSetSource<TTable>;

  const rows = (await db.update(table).set(values).where(where).returning()) as TTable["$inferSelect"][];
  const row = rows[0] as (TTable["$inferSelect"] & { revision: number }) | undefined;
  if (row) return { row, beforeRevision: row.revision - 1, afterRevision: row.revision };

  const [existing] = await db
    .select({ revision: table.revision })
    .from(table as PgTable)
    .where(isTheRow);
  if (!existing) throw new NotFoundError(options.notFoundMessage);
  throw new ConflictError(options.conflictMessage ?? genericMessages.staleRevision);
}

/**
 * The revision a write request was based on: the `If-Match` header (`3`, `"3"` or `W/"3"`) or
 * else the body's `expectedRevision`. `If-Match: *` means any revision.
 */
export function readExpectedRevision(request: FastifyRequest): number | undefined {
  const header = request.headers["if-match"];
  if (header !== undefined && header.trim() !== "*") {
    const match = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header);
    const revision = match ? Number(match[1]) : Number.NaN;
    if (!Number.isSafeInteger(revision) || revision < 1) {
      throw new InvalidError(genericMessages.wrongInput, { "If-Match": ["Expected a revision number"] });
    }
    return revision;
  }

  const body = request.body as { expectedRevision?: unknown } | null | undefined;
  const fromBody = typeof body === "object" && body !== null ? body.expectedRevision : undefined;
  if (fromBody === undefined || fromBody === null) return undefined;
  if (typeof fromBody !== "number" || !Number.isSafeInteger(fromBody) || fromBody < 1) {
    throw new InvalidError(genericMessages.wrongInput, { expectedRevision: ["Expected a revision number"] });
  }
  return fromBody;
}
