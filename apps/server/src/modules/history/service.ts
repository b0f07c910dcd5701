import type { PaginatedEnvelope } from "@cm/contracts/envelope";
import { historyMessages, type HistoryEntry, type HistoryQuery } from "@cm/contracts/history";
import type { DbExecutor } from "../../db/client.ts";
import { InvalidError } from "../../lib/errors.ts";
import { pageWindow, paginated } from "../../lib/pagination.ts";
import { pageHistory, type HistoryRow } from "./repository.ts";

function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      row.actorUserId === null
        ? null
        : { id: row.actorUserId, name: row.actorName || `User #${row.actorUserId}` },
    entityType: row.entityType,
    entityId: Number(row.entityId),
    entityLabel: row.entityLabel,
    action: row.action,
    changes: row.changes,
    summary: row.summary,
  };
}

/**
 * `GET /api/history`: entries newest first, filtered by entity, person and calendar dates of
 * `timeZone` (the server's TZ); the database filters and pages, never this process.
 */
export async function listHistory(
  db: DbExecutor,
  query: HistoryQuery,
  timeZone: string,
): Promise<PaginatedEnvelope<HistoryEntry>> {
  if (query.entityId !== undefined && query.entityType === undefined) {
    throw new InvalidError(historyMessages.entityIdNeedsType, {
      entityId: [historyMessages.entityIdNeedsType],
    });
  }
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new InvalidError(historyMessages.fromAfterTo, { from: [historyMessages.fromAfterTo] });
  }
  const { rows, total } = await pageHistory(db, { ...query, timeZone }, pageWindow(query));
  return paginated(rows.map(toHistoryEntry), { ...query, total });
}
