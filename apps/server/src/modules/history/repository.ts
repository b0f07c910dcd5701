import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import {
  historyActionValues,
  historyEntityTypeValues,
  type HistoryAction,
  type HistoryChange,
  type HistoryEntityType,
  type HistoryReferenceKind,
} from "@cm/contracts/history";
import type { DbExecutor } from "../../db/client.ts";
import { historyEntries, brands, organizations, roles, stores, users } from "../../db/schema.ts";

export interface HistoryFilters {
  entityType?: HistoryEntityType;
  entityId?: number;
  userId?: number;
  /** Calendar dates, both included, in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
}

/**
 * Only the contract's entity types and actions: events of other spellings (a staged upload,
 * those of writers not yet moved onto lib/entity-write.ts) stay in the table but out of the
 * history. Each filter is served by an index of `history_entries`.
 */
function historyWhere(filters: HistoryFilters): SQL | undefined {
  const conditions: SQL[] = [
    filters.entityType === undefined
      ? inArray(historyEntries.entityType, [...historyEntityTypeValues])
      : eq(historyEntries.entityType, filters.entityType),
    inArray(historyEntries.action, [...historyActionValues]),
  ];
  if (filters.entityId !== undefined) conditions.push(eq(historyEntries.entityId, String(filters.entityId)));
  if (filters.userId !== undefined) conditions.push(eq(historyEntries.actorUserId, filters.userId));
  // The zone's midnights, computed once: the comparison stays on the indexed column.
  if (filters.from !== undefined) {
    conditions.push(
      gte(historyEntries.createdAt, sql`(${filters.from}::date::timestamp at time zone ${filters.timeZone})`),
    );
  }
  if (filters.to !== undefined) {
    conditions.push(
      lt(
        historyEntries.createdAt,
        sql`((${filters.to}::date + 1)::timestamp at time zone ${filters.timeZone})`,
      ),
    );
  }
  return and(...conditions);
}

export interface HistoryRow {
  id: number;
  createdAt: Date;
  actorUserId: number | null;
  actorName: string | null;
  entityType: HistoryEntityType;
  entityId: string;
  entityLabel: string;
  action: HistoryAction;
  changes: HistoryChange[];
  summary: string | null;
  /** A line list save's change set (docs/line-list-saves.md), where the entry recorded one. */
  saveId: number | null;
}

/** A person as `userHistory` labels users: "First Last", or the e-mail when both are empty. */
const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

/** A page of entries, newest first (ties in the order written), with the actor's name. */
export async function pageHistory(
  db: DbExecutor,
  filters: HistoryFilters,
  window: { limit: number; offset: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const where = historyWhere(filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: historyEntries.id,
        createdAt: historyEntries.createdAt,
        actorUserId: historyEntries.actorUserId,
        // Null for a person deleted since.
        actorName: sql<string | null>`${personName}`,
        entityType: historyEntries.entityType,
        entityId: historyEntries.entityId,
        entityLabel: historyEntries.entityLabel,
        action: historyEntries.action,
        changes: historyEntries.changes,
        summary: historyEntries.summary,
        saveId: sql<number | null>`(${historyEntries.data}->>'saveId')::int`,
      })
      .from(historyEntries)
      .leftJoin(users, eq(users.id, historyEntries.actorUserId))
      .where(where)
      .orderBy(desc(historyEntries.createdAt), desc(historyEntries.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(historyEntries).where(where),
  ]);
  return { rows: rows as HistoryRow[], total: counted?.total ?? 0 };
}

/** How each kind is named. */
const referenceNames = {
  organizations: { table: organizations, id: organizations.id, name: organizations.name },
  roles: { table: roles, id: roles.id, name: roles.name },
  users: {
    table: users,
    id: users.id,
    name: personName,
  },
  stores: { table: stores, id: stores.id, name: stores.name },
  brands: { table: brands, id: brands.id, name: brands.name },
};

/** The current names of the records named, one query per kind; a record deleted since has none. */
export async function currentNames(
  db: DbExecutor,
  ids: Map<HistoryReferenceKind, Set<number>>,
): Promise<Map<HistoryReferenceKind, Map<number, string>>> {
  const named = await Promise.all(
    [...ids].map(async ([kind, kindIds]) => {
      const { table, id, name } = referenceNames[kind];
      const rows = await db
        .select({ id, name })
        .from(table)
        .where(inArray(id, [...kindIds]));
      return [kind, new Map(rows.map((row) => [row.id, row.name]))] as const;
    }),
  );
  return new Map(named);
}
