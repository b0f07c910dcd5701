import { crocsBrandNamePart } from "@cm/contracts/brands";
import {
  catalogAudienceMessages,
  catalogMessages,
  catalogTypeValues,
  type CatalogAudience,
  type CatalogType,
  type PublishCatalogInput,
} from "@cm/contracts/catalogs";
import { historySummaries, type HistoryAction, type HistoryChange } from "@cm/contracts/history";
import type { CatalogSummary, LineList } from "@cm/contracts/line-lists";
import { genericMessages } from "@cm/contracts/messages";
import { and, eq, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database, type Tx } from "../../db/client.ts";
import { catalogs, lineLists } from "../../db/schema.ts";
import { changedFields, recordEntityHistory } from "../../lib/entity-write.ts";
import { ConflictError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import {
  bumpLineListRevision,
  findCatalogSummaries,
  findLatestLineListId,
  findLineListById,
} from "../line-lists/repository.ts";
import { lineListHistory, toLineList } from "../line-lists/service.ts";
import { countPlacements, ensureCatalogs } from "./repository.ts";

/**
 * Publishing a line list's catalogs (issue 34, docs/portal.md): now or at a scheduled time, each
 * catalog to its audience (the segmentations whose stores see it). Every write here locks the
 * line list, records one history entry on it with every change (`published`, `publishAt`,
 * `audience.<type>`), and gives it a new revision only when something changed.
 */

type LineListRow = typeof lineLists.$inferSelect;

/** The saved line list, locked for the transaction, at the revision the client saw. */
async function lockForPublication(
  tx: Tx,
  lineListId: number,
  expectedRevision: number | undefined,
): Promise<LineListRow> {
  const [row] = await tx
    .select()
    .from(lineLists)
    .where(and(eq(lineLists.id, lineListId), eq(lineLists.stage, "saved")))
    .for("update");
  if (!row) throw new NotFoundError(catalogMessages.noLineListFound);
  if (expectedRevision !== undefined && row.revision !== expectedRevision) {
    throw new ConflictError(genericMessages.staleRevision);
  }
  return row;
}

/**
 * Sets the audience of the catalogs named (created when missing, as placements do); the others
 * keep theirs. Answers the changes as the history records them: `audience.athletic`, before and after.
 */
async function setAudiences(
  tx: Tx,
  lineListId: number,
  audiences: Partial<Record<CatalogType, CatalogAudience>>,
): Promise<HistoryChange[]> {
  const named = catalogTypeValues.filter((type) => audiences[type] !== undefined);
  if (named.length === 0) return [];
  await ensureCatalogs(tx, lineListId);
  const rows = await tx
    .select({ id: catalogs.id, type: catalogs.type, audience: catalogs.audience })
    .from(catalogs)
    .where(eq(catalogs.lineListId, lineListId));
  const changes: HistoryChange[] = [];
  for (const type of named) {
    const row = rows.find((candidate) => candidate.type === type)!;
    const after = audiences[type]!;
    if (row.audience.join(",") === after.join(",")) continue;
    await tx
      .update(catalogs)
      .set({ audience: after, revision: sql`${catalogs.revision} + 1`, updatedAt: sql`now()` })
      .where(eq(catalogs.id, row.id));
    changes.push({ field: `audience.${type}`, before: row.audience, after });
  }
  return changes;
}

interface LineListWrite {
  action: HistoryAction;
  /** The line list's columns to set. */
  values?: { published?: boolean; publishedAt?: Date | SQL | null; publishAt?: Date | null };
  audiences?: Partial<Record<CatalogType, CatalogAudience>>;
  summary?: string;
}

/** Applies a write to the locked line list; one history entry and a new revision when it changed something. */
async function writeLineList(
  tx: Tx,
  row: LineListRow,
  actorUserId: number | null,
  write: LineListWrite,
): Promise<boolean> {
  const before = await lineListHistory.describe(tx, row);
  const audienceChanges = write.audiences ? await setAudiences(tx, row.id, write.audiences) : [];
  if (write.values) await tx.update(lineLists).set(write.values).where(eq(lineLists.id, row.id));
  const after = await lineListHistory.describe(tx, row);
  const changes = [...changedFields(before.fields, after.fields), ...audienceChanges];
  if (changes.length === 0) return false;
  const bumped = await bumpLineListRevision(tx, row.id);
  await recordEntityHistory(
    tx,
    lineListHistory,
    [
      {
        row,
        action: write.action,
        changes,
        summary: write.summary,
        beforeRevision: row.revision,
        afterRevision: bumped.revision,
      },
    ],
    { actorUserId },
  );
  return true;
}

/**
 * Published for customers: flagged, or scheduled for a time that has passed (the portal shows it
 * then, before the scheduler has run: modules/portal/visibility.ts). Such a schedule can no
 * longer be cancelled or moved.
 */
function publishedFor(row: LineListRow, now: Date): boolean {
  return row.published || (row.publishAt !== null && row.publishAt.getTime() <= now.getTime());
}

async function answerLineList(tx: Tx, lineListId: number): Promise<LineList> {
  return toLineList((await findLineListById(tx, lineListId))!);
}

/**
 * `POST /api/crocs/catalogs/publish`: publishes the line list with the given id, or else the
 * current (newest) line list of the Crocs brand, now or, with `publishAt`, at that (future) time.
 * Publishing is one-way; publishing a published line list again changes nothing but the
 * audiences it names. Publishing now clears a schedule; scheduling again replaces the time.
 */
export async function publishCatalog(
  db: Database,
  input: PublishCatalogInput,
  expectedRevision: number | undefined,
  actorUserId: number | null,
  now: Date = new Date(),
): Promise<{ lineList: LineList; changed: boolean; scheduled: boolean }> {
  const publishAt = input.publishAt === undefined ? undefined : new Date(input.publishAt);
  if (publishAt && publishAt.getTime() <= now.getTime()) {
    throw new InvalidError(catalogAudienceMessages.publishAtPast, {
      publishAt: [catalogAudienceMessages.publishAtPast],
    });
  }
  const lineListId = input.lineListId ?? (await findLatestLineListId(db, crocsBrandNamePart));
  if (lineListId === undefined) throw new NotFoundError(catalogMessages.noLineListFound);

  return db.transaction(async (tx) => {
    // Locked, so two publishers of the same line list record one publication between them.
    const current = await lockForPublication(tx, lineListId, expectedRevision);
    let changed: boolean;
    if (publishAt) {
      if (publishedFor(current, now)) throw new ConflictError(catalogAudienceMessages.alreadyPublished);
      changed = await writeLineList(tx, current, actorUserId, {
        action: "update",
        values: { publishAt },
        audiences: input.audiences,
      });
    } else {
      changed = await writeLineList(tx, current, actorUserId, {
        action: current.published ? "update" : "publish",
        values: current.published
          ? undefined
          : {
              published: true,
              // Due already: customers have seen it since its time.
              publishedAt: publishedFor(current, now) ? current.publishAt : sql`now()`,
              publishAt: null,
            },
        audiences: input.audiences,
      });
    }
    return { lineList: await answerLineList(tx, lineListId), changed, scheduled: publishAt !== undefined };
  });
}

/**
 * `DELETE /api/line-lists/{lineListId}/scheduled-publication`: the line list stays unpublished.
 * 409 when it is published already (or its time has passed), 404 when it has no schedule.
 */
export async function cancelScheduledPublication(
  db: Database,
  lineListId: number,
  expectedRevision: number | undefined,
  actorUserId: number | null,
  now: Date = new Date(),
): Promise<LineList> {
  return db.transaction(async (tx) => {
    const current = await lockForPublication(tx, lineListId, expectedRevision);
    if (publishedFor(current, now)) throw new ConflictError(catalogAudienceMessages.alreadyPublished);
    if (!current.publishAt) throw new NotFoundError(catalogAudienceMessages.noSchedule);
    await writeLineList(tx, current, actorUserId, { action: "update", values: { publishAt: null } });
    return answerLineList(tx, lineListId);
  });
}

/**
 * `PUT /api/line-lists/{lineListId}/catalogs/{type}/audience`: one catalog's audience, published
 * or not (a published catalog is then seen by its new audience at once). The catalog is created
 * when the line list does not have it yet, as the placement writes do, so the audience can be
 * chosen before sorting. Answers the catalog and the line list's revision after the write.
 */
export async function setCatalogAudience(
  db: Database,
  lineListId: number,
  type: CatalogType,
  audience: CatalogAudience,
  expectedRevision: number | undefined,
  actorUserId: number | null,
): Promise<{ catalog: CatalogSummary; revision: number; changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = await lockForPublication(tx, lineListId, expectedRevision);
    const changed = await writeLineList(tx, current, actorUserId, {
      action: "update",
      audiences: { [type]: audience },
    });
    const counts = await countPlacements(tx, lineListId);
    const lineList = await answerLineList(tx, lineListId);
    return { catalog: { type, itemsCount: counts[type], audience }, revision: lineList._revision, changed };
  });
}

/** `GET /api/line-lists/{lineListId}/catalogs`: the line list's catalogs with their counts and audiences. */
export async function listCatalogs(db: Database, lineListId: number): Promise<CatalogSummary[]> {
  const lineList = await findLineListById(db, lineListId);
  if (!lineList || lineList.stage !== "saved") throw new NotFoundError(catalogMessages.noLineListFound);
  const summaries = await findCatalogSummaries(db, [lineListId]);
  return catalogTypeValues.flatMap((type) =>
    summaries
      .filter((summary) => summary.type === type)
      .map(({ itemsCount, audience }) => ({ type, itemsCount, audience })),
  );
}

/**
 * Who scheduled the line list's current publication: the actor of the newest history entry that
 * changed its `publishAt` (a cancellation or a publication would have cleared it since). Null when
 * none did (a schedule written by other means): the system.
 */
async function findScheduler(tx: Tx, lineListId: number): Promise<number | null> {
  const [row] = rowsOf<{ actor_user_id: number | null }>(
    await tx.execute(sql`
      select actor_user_id from history_entries
      where entity_type = 'line-list' and entity_id = ${String(lineListId)}
        and changes @> '[{"field": "publishAt"}]'::jsonb
      order by created_at desc, id desc
      limit 1`),
  );
  return row?.actor_user_id ?? null;
}

/**
 * Publishes every saved line list whose scheduled time has come (`publish_at <= now`, by default
 * the database's now()), each in its own transaction: the row is locked with `skip locked` and the
 * schedule checked again, so with several instances (or two runs at once) each line list is
 * published exactly once. `published_at` is the scheduled time; the history entry is a manual
 * publication's, by whoever scheduled it (else the system), saying it was on schedule. Answers
 * the ids published by this run.
 */
export async function publishDueLineLists(db: Database, now?: Date): Promise<number[]> {
  const due = (table: typeof lineLists) =>
    and(
      eq(table.stage, "saved"),
      eq(table.published, false),
      isNotNull(table.publishAt),
      now ? lte(table.publishAt, now) : lte(table.publishAt, sql`now()`),
    );
  const candidates = await db.select({ id: lineLists.id }).from(lineLists).where(due(lineLists));
  const published: number[] = [];
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(lineLists)
        .where(and(eq(lineLists.id, id), due(lineLists)))
        .for("update", { skipLocked: true });
      if (!row) return false;
      return writeLineList(tx, row, await findScheduler(tx, row.id), {
        action: "publish",
        values: { published: true, publishedAt: row.publishAt, publishAt: null },
        summary: historySummaries.publishedOnSchedule,
      });
    });
    if (done) published.push(id);
  }
  return published;
}
