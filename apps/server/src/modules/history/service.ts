import { maxEntityId, type PaginatedEnvelope } from "@cm/contracts/envelope";
import {
  historyMessages,
  historyReferenceFields,
  type HistoryChange,
  type HistoryEntry,
  type HistoryNames,
  type HistoryQuery,
  type HistoryReferenceKind,
} from "@cm/contracts/history";
import type { DbExecutor } from "../../db/client.ts";
import { InvalidError } from "../../lib/errors.ts";
import { pageWindow, paginated } from "../../lib/pagination.ts";
import { currentNames, pageHistory, type HistoryRow } from "./repository.ts";

type ReferencedIds = Map<HistoryReferenceKind, Set<number>>;

function referenceKind(key: string): HistoryReferenceKind | undefined {
  // Own keys only: a recorded key such as "constructor" names nothing.
  return Object.hasOwn(historyReferenceFields, key) ? historyReferenceFields[key]!.kind : undefined;
}

/**
 * The ids an entry's changes name: the value of a changed field that holds references (`roleId`,
 * or a path ending in one), and of such a key anywhere inside a recorded value (a brand focus
 * entry's `brandId`).
 */
function referencedIds(changes: HistoryChange[]): ReferencedIds {
  const ids: ReferencedIds = new Map();
  const add = (kind: HistoryReferenceKind | undefined, value: unknown) => {
    if (kind === undefined) return;
    for (const id of Array.isArray(value) ? value : [value]) {
      // The id columns are integers: anything else (null, a label, a number out of range) names nothing.
      if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > maxEntityId) continue;
      const kindIds = ids.get(kind) ?? new Set();
      ids.set(kind, kindIds.add(id));
    }
  };
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        add(referenceKind(key), inner);
        visit(inner);
      }
    }
  };
  for (const { field, before, after } of changes) {
    const kind = referenceKind(field.split(".").at(-1)!);
    for (const value of [before, after]) {
      add(kind, value);
      visit(value);
    }
  }
  return ids;
}

/** The names an entry's own ids have; undefined when none has one. */
function namesOf(
  ids: ReferencedIds,
  known: Map<HistoryReferenceKind, Map<number, string>>,
): HistoryNames | undefined {
  const names: HistoryNames = {};
  for (const [kind, kindIds] of ids) {
    const named = [...kindIds].flatMap((id) => {
      const name = known.get(kind)?.get(id);
      return name === undefined ? [] : [[String(id), name] as const];
    });
    if (named.length > 0) names[kind] = Object.fromEntries(named);
  }
  return Object.keys(names).length > 0 ? names : undefined;
}

function toHistoryEntry(row: HistoryRow, names: HistoryNames | undefined): HistoryEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor:
      row.actorUserId === null
        ? null
        : { id: row.actorUserId, name: row.actorName ?? `User #${row.actorUserId}` },
    entityType: row.entityType,
    entityId: Number(row.entityId),
    entityLabel: row.entityLabel,
    action: row.action,
    changes: row.changes,
    summary: row.summary,
    ...(row.saveId !== null && { saveId: Number(row.saveId) }),
    ...(names && { names }),
  };
}

/**
 * `GET /api/history`: entries newest first, filtered by entity, person and calendar dates of
 * `timeZone` (the server's TZ); the database filters and pages, never this process. The records
 * the page's changes name by id are named once for the whole page, one query per kind.
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
  const known = await currentNames(db, referencedIds(rows.flatMap((row) => row.changes)));
  return paginated(
    rows.map((row) => toHistoryEntry(row, namesOf(referencedIds(row.changes), known))),
    { ...query, total },
  );
}
