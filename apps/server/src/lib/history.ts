import type { HistoryAction, HistoryChange, HistoryEntityType } from "@cm/contracts/history";
import type { Tx } from "../db/client.ts";
import { historyEntries } from "../db/schema.ts";

/**
 * The history's storage: one row of `history_entries` per entry, in the shape of the contract's
 * `historyEntrySchema`. Modules write through `lib/entity-write.ts`, which computes the changes;
 * this file only inserts them.
 */
export interface HistoryEntryInput {
  /** The signed-in user who made the change; null for the system (seed, migrations, jobs). */
  actorUserId: number | null;
  entityType: HistoryEntityType;
  entityId: number;
  entityLabel: string;
  action: HistoryAction;
  changes: readonly HistoryChange[];
  summary?: string | null;
  beforeRevision?: number | null;
  afterRevision?: number | null;
  /** Details for machines, never shown (an upload's id). */
  details?: unknown;
  /** When it happened, if not now: the demo seed writes the past. */
  at?: Date;
}

/** Eleven parameters a row: batches stay well under PostgreSQL's 65,535 parameters a statement. */
const historyBatchSize = 4_000;

/**
 * Records entries of the history. It takes a transaction, not the database, because an entry
 * must commit or roll back together with the change it describes.
 */
export async function recordHistory(tx: Tx, entries: readonly HistoryEntryInput[]): Promise<void> {
  for (let start = 0; start < entries.length; start += historyBatchSize) {
    await tx.insert(historyEntries).values(
      entries.slice(start, start + historyBatchSize).map((entry) => ({
        actorUserId: entry.actorUserId,
        entityType: entry.entityType,
        entityId: String(entry.entityId),
        entityLabel: entry.entityLabel,
        action: entry.action,
        changes: entry.changes,
        summary: entry.summary ?? null,
        beforeRevision: entry.beforeRevision ?? null,
        afterRevision: entry.afterRevision ?? null,
        data: entry.details ?? null,
        ...(entry.at && { createdAt: entry.at }),
      })),
    );
  }
}
