import { eq } from "drizzle-orm";
import type { PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { HistoryAction, HistoryChange, HistoryEntityType } from "@cm/contracts/history";
import { genericMessages } from "@cm/contracts/messages";
import type { Tx } from "../db/client.ts";
import { recordHistory, type HistoryEntryInput } from "./history.ts";
import { ConflictError, NotFoundError } from "./errors.ts";
import { updateWithRevision, type RevisionedTable } from "./revisions.ts";

/**
 * The one way a module writes (docs/history.md, "Writing"): lock the row, check the revision the
 * client saw, apply the change, bump the revision and record one history entry, all in the
 * caller's transaction.
 * A module declares once how its entity is named and which fields the history compares (a
 * `HistoryEntity`); each write then only says what it checks and changes. The entry's changes
 * are computed here from the entity before and after, so they cannot disagree with the write.
 *
 *   const brandHistory = defineHistoryEntity({ type: "brand", table: brands, notFoundMessage,
 *     describe: (_tx, row) => ({ label: row.name, fields: { name: row.name, … } }) });
 *   await db.transaction((tx) => updateEntity(tx, brandHistory, { id, expectedRevision,
 *     actorUserId, apply: (current) => ({ name }) }));
 */

/** A field's value as the history keeps it: JSON (dates as ISO strings, undefined as null). */
export type HistoryFields = Record<string, unknown>;

export interface EntityDescription {
  /** How a person names the entity ("Crocs", "SO-000042"). */
  label: string;
  /** The fields the history compares, named as the API spells them. */
  fields: HistoryFields;
}

export interface HistoryEntity<TRow> {
  type: HistoryEntityType;
  describe(tx: Tx, row: TRow): Promise<EntityDescription> | EntityDescription;
  /** Many rows at once, for entities whose description reads other tables (one query, not one a row). */
  describeAll?(tx: Tx, rows: readonly TRow[]): Promise<EntityDescription[]>;
}

/** An entity with its own table, id and revision: what `updateEntity` and `deleteEntity` write. */
export interface RevisionedEntity<TTable extends RevisionedTable> extends HistoryEntity<
  TTable["$inferSelect"]
> {
  table: TTable;
  /** The spec's message for this entity, e.g. "Brand not found". */
  notFoundMessage: string;
}

/** Only for type inference: `defineHistoryEntity({ … })` types `describe`'s row from `table`. */
export function defineHistoryEntity<TTable extends RevisionedTable>(
  entity: RevisionedEntity<TTable>,
): RevisionedEntity<TTable> {
  return entity;
}

function toHistoryValue(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** Equal as JSON, whatever the order of object keys. */
function sameValue(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(canonical(toHistoryValue(a))) === JSON.stringify(canonical(toHistoryValue(b)));
}

/** The fields whose value differs, each with its value before and after, in the fields' order. */
export function changedFields(before: HistoryFields, after: HistoryFields): HistoryChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => ({ field, before: toHistoryValue(before[field]), after: toHistoryValue(after[field]) }));
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** A created entity's fields, each from nothing to its first value (empty ones left out). */
export function createdChanges(fields: HistoryFields): HistoryChange[] {
  return changedFields({}, Object.fromEntries(Object.entries(fields).filter(([, value]) => !isEmpty(value))));
}

/** A deleted entity's fields, each from its last value to nothing (empty ones left out). */
export function deletedChanges(fields: HistoryFields): HistoryChange[] {
  return changedFields(Object.fromEntries(Object.entries(fields).filter(([, value]) => !isEmpty(value))), {});
}

async function describeRows<TRow>(
  tx: Tx,
  entity: HistoryEntity<TRow>,
  rows: readonly TRow[],
): Promise<EntityDescription[]> {
  if (rows.length === 0) return [];
  if (entity.describeAll) return entity.describeAll(tx, rows);
  const descriptions: EntityDescription[] = [];
  for (const row of rows) descriptions.push(await entity.describe(tx, row));
  return descriptions;
}

/** Who writes and when; `at` only when not now (the demo seed writes the past). */
export interface WriteContext {
  actorUserId: number | null;
  at?: Date;
}

type Lazy<T> = T | (() => T);
const resolve = <T>(value: Lazy<T>): T => (typeof value === "function" ? (value as () => T)() : value);

export interface EntityEvent<TRow> {
  row: TRow & { id: number };
  action: HistoryAction;
  changes?: readonly HistoryChange[];
  summary?: string | null;
  details?: unknown;
  beforeRevision?: number | null;
  afterRevision?: number | null;
}

/**
 * Records entries about rows the caller wrote itself (a `move` of items in a line list's
 * catalogs, users moved to another organization): the helper names each entity; the caller says
 * what happened.
 */
export async function recordEntityHistory<TRow>(
  tx: Tx,
  entity: HistoryEntity<TRow>,
  events: readonly EntityEvent<TRow>[],
  context: WriteContext,
): Promise<void> {
  const descriptions = await describeRows(
    tx,
    entity,
    events.map((event) => event.row),
  );
  await recordHistory(
    tx,
    events.map((event, index): HistoryEntryInput => ({
      actorUserId: context.actorUserId,
      entityType: entity.type,
      entityId: event.row.id,
      entityLabel: descriptions[index]!.label,
      action: event.action,
      changes: event.changes ?? [],
      summary: event.summary ?? null,
      details: event.details,
      beforeRevision: event.beforeRevision,
      afterRevision: event.afterRevision,
      at: context.at,
    })),
  );
}

/** Records the creation of rows just inserted: one `create` entry each, with their first values. */
export async function recordCreated<TRow extends { id: number; revision?: number }>(
  tx: Tx,
  entity: HistoryEntity<TRow>,
  rows: readonly TRow[],
  options: WriteContext & { summary?: string | null; details?: unknown },
): Promise<void> {
  const descriptions = await describeRows(tx, entity, rows);
  await recordHistory(
    tx,
    rows.map((row, index) => ({
      actorUserId: options.actorUserId,
      entityType: entity.type,
      entityId: row.id,
      entityLabel: descriptions[index]!.label,
      action: "create",
      changes: createdChanges(descriptions[index]!.fields),
      summary: options.summary ?? null,
      details: options.details,
      afterRevision: row.revision ?? null,
      at: options.at,
    })),
  );
}

async function lockRow<TTable extends RevisionedTable>(
  tx: Tx,
  entity: RevisionedEntity<TTable>,
  id: number,
): Promise<TTable["$inferSelect"] | undefined> {
  const [row] = await tx
    .select()
    .from(entity.table as PgTable)
    .where(eq(entity.table.id, id))
    .for("update");
  return row as TTable["$inferSelect"] | undefined;
}

/** Locks the row and checks the revision the client saw: 404 for no row, 409 for a stale revision. */
async function lockAtRevision<TTable extends RevisionedTable>(
  tx: Tx,
  entity: RevisionedEntity<TTable>,
  id: number,
  expectedRevision: number | undefined,
): Promise<TTable["$inferSelect"]> {
  const current = await lockRow(tx, entity, id);
  if (!current) throw new NotFoundError(entity.notFoundMessage);
  if (expectedRevision !== undefined && (current as { revision: number }).revision !== expectedRevision) {
    throw new ConflictError(genericMessages.staleRevision);
  }
  return current;
}

export interface EntityUpdate<TTable extends RevisionedTable> extends WriteContext {
  id: number;
  /** The revision the client based its change on; undefined means it did not say (last write wins). */
  expectedRevision: number | undefined;
  /**
   * `update` unless the write is a `status` change, a `publish` or an `upload`; a function when
   * `apply` finds it out (a user's save that only deactivates them is a `status`).
   */
  action?: Lazy<HistoryAction>;
  /** What the fields do not say; a function when `apply` finds it out. */
  summary?: Lazy<string | null | undefined>;
  details?: Lazy<unknown>;
  /**
   * On the locked row, at the expected revision: checks the rules (throwing the module's error),
   * writes the entity's parts, and answers the columns to set (none is fine: the revision is
   * bumped anyway).
   */
  apply(current: TTable["$inferSelect"]): Promise<PgUpdateSetSource<TTable>> | PgUpdateSetSource<TTable>;
  /** Wraps the row's update, e.g. `(write) => keepingAPeopleManager(tx, write)`. */
  around?: <T>(write: () => Promise<T>) => Promise<T>;
}

export interface EntityUpdateResult<TRow> {
  row: TRow;
  before: TRow;
  changes: HistoryChange[];
  beforeRevision: number;
  afterRevision: number;
}

/**
 * One change to one row: lock, check the revision, apply, bump the revision, and record one
 * entry with the fields that changed. A write that changed no field and says nothing more (no
 * summary) still bumps the revision but records nothing: it changed nothing to trace.
 */
export async function updateEntity<TTable extends RevisionedTable>(
  tx: Tx,
  entity: RevisionedEntity<TTable>,
  update: EntityUpdate<TTable>,
): Promise<EntityUpdateResult<TTable["$inferSelect"]>> {
  const current = await lockAtRevision(tx, entity, update.id, update.expectedRevision);
  const before = await entity.describe(tx, current);
  const values = await update.apply(current);
  const write = () =>
    updateWithRevision(tx, entity.table, {
      id: update.id as TTable["$inferSelect"]["id"],
      expectedRevision: update.expectedRevision,
      values,
      notFoundMessage: entity.notFoundMessage,
    });
  const written = update.around ? await update.around(write) : await write();
  const after = await entity.describe(tx, written.row);
  const changes = changedFields(before.fields, after.fields);
  const summary = resolve(update.summary) ?? null;
  if (changes.length > 0 || summary !== null) {
    await recordHistory(tx, [
      {
        actorUserId: update.actorUserId,
        entityType: entity.type,
        entityId: update.id,
        entityLabel: after.label,
        action: resolve(update.action) ?? "update",
        changes,
        summary,
        details: resolve(update.details),
        beforeRevision: written.beforeRevision,
        afterRevision: written.afterRevision,
        at: update.at,
      },
    ]);
  }
  return {
    row: written.row,
    before: current,
    changes,
    beforeRevision: written.beforeRevision,
    afterRevision: written.afterRevision,
  };
}

export interface EntityDelete<TRow> extends WriteContext {
  id: number;
  expectedRevision: number | undefined;
  summary?: string | null;
  details?: unknown;
  /** On the locked row: refuses the delete (throwing the module's error) when a rule forbids it. */
  check?(current: TRow): Promise<void> | void;
  /** Deletes the row (and what goes with it); by default the row alone. */
  remove?(current: TRow): Promise<void>;
}

/**
 * Deletes one row: lock, check the revision and the rules, delete, and record one `delete` entry
 * with the entity's last values, so a deleted entity keeps its name in the history. Answers the
 * row as it was.
 */
export async function deleteEntity<TTable extends RevisionedTable>(
  tx: Tx,
  entity: RevisionedEntity<TTable>,
  deletion: EntityDelete<TTable["$inferSelect"]>,
): Promise<TTable["$inferSelect"]> {
  const current = await lockAtRevision(tx, entity, deletion.id, deletion.expectedRevision);
  await deletion.check?.(current);
  const before = await entity.describe(tx, current);
  if (deletion.remove) await deletion.remove(current);
  else await tx.delete(entity.table as PgTable).where(eq(entity.table.id, deletion.id));
  await recordHistory(tx, [
    {
      actorUserId: deletion.actorUserId,
      entityType: entity.type,
      entityId: deletion.id,
      entityLabel: before.label,
      action: "delete",
      changes: deletedChanges(before.fields),
      summary: deletion.summary ?? null,
      details: deletion.details,
      beforeRevision: (current as { revision: number }).revision,
      at: deletion.at,
    },
  ]);
  return current;
}
