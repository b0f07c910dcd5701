import type { Tx } from "../db/client.ts";
import { auditEvents } from "../db/schema.ts";

export interface AuditEventInput {
  /** The signed-in user who made the change; null for the system (seed, migrations, jobs). */
  actorUserId: number | null;
  entityType: string;
  entityId: string | number;
  action: string;
  beforeRevision?: number | null;
  afterRevision?: number | null;
  /** Anything worth keeping about the change, e.g. the fields that changed. */
  data?: unknown;
}

/** Seven parameters a row: batches stay well under PostgreSQL's 65,535 parameters a statement. */
const auditBatchSize = 5_000;

/**
 * Records who changed what. It takes a transaction, not the database, because the event must
 * commit or roll back together with the change it describes.
 */
export async function recordAuditEvents(tx: Tx, events: readonly AuditEventInput[]): Promise<void> {
  for (let start = 0; start < events.length; start += auditBatchSize) {
    await insertAuditRows(tx, events.slice(start, start + auditBatchSize));
  }
}

async function insertAuditRows(tx: Tx, events: readonly AuditEventInput[]): Promise<void> {
  await tx.insert(auditEvents).values(
    events.map((event) => ({
      actorUserId: event.actorUserId,
      entityType: event.entityType,
      entityId: String(event.entityId),
      action: event.action,
      beforeRevision: event.beforeRevision ?? null,
      afterRevision: event.afterRevision ?? null,
      data: event.data ?? null,
    })),
  );
}

export async function recordAuditEvent(tx: Tx, event: AuditEventInput): Promise<void> {
  await recordAuditEvents(tx, [event]);
}
