import { type PeriodicTask, startPeriodicTask } from "../../lib/periodic-task.ts";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import type { DbExecutor } from "../../db/client.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { taskClaims } from "../storage/schema.ts";
import { findProcessedFileKeys } from "./repository.ts";

/**
 * Files that were PUT to storage but never processed (the browser closed between the PUT and the
 * processing step, or the processing request never came) are deleted once they are older than
 * a grace period. Presigned URLs live 5 minutes and the dialog processes right after its PUT, so
 * an hour leaves a wide margin. A processed file (pending preview or saved) is never swept: it
 * belongs to its upload, and discard deletes it.
 */
export const uploadSweepDefaults = {
  /** Unprocessed files younger than this are left alone. */
  graceMs: 60 * 60 * 1000,
  /** How often the sweep runs (it also runs once when the app is ready). */
  intervalMs: 15 * 60 * 1000,
  /** Keys checked against the database per query. */
  batchSize: 500,
} as const;

export interface UploadSweepResult {
  /** Unprocessed upload objects deleted. */
  deleted: number;
  /** Old objects kept because an upload was made from them. */
  kept: number;
  /** Leftovers of interrupted writes removed (local store only). */
  abandonedWrites: number;
}

/**
 * Deletes the upload objects older than `graceMs` (before `now`) that no upload was made from,
 * and the leftovers of interrupted writes. Safe to run from several instances at once.
 */
export async function sweepUnprocessedUploads(
  db: DbExecutor,
  store: ObjectStore,
  options: { graceMs?: number; now?: Date; batchSize?: number } = {},
): Promise<UploadSweepResult> {
  const graceMs = options.graceMs ?? uploadSweepDefaults.graceMs;
  const batchSize = options.batchSize ?? uploadSweepDefaults.batchSize;
  const modifiedBefore = new Date((options.now ?? new Date()).getTime() - graceMs);
  const result: UploadSweepResult = { deleted: 0, kept: 0, abandonedWrites: 0 };

  const sweepBatch = async (keys: string[]) => {
    const processed = await findProcessedFileKeys(db, keys);
    for (const key of keys) {
      if (processed.has(key)) {
        result.kept += 1;
      } else {
        await store.delete(key);
        result.deleted += 1;
      }
    }
  };

  let batch: string[] = [];
  for await (const object of store.listUploads({ modifiedBefore })) {
    batch.push(object.key);
    if (batch.length >= batchSize) {
      await sweepBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweepBatch(batch);
  result.abandonedWrites = await store.removeAbandonedWrites(modifiedBefore);
  return result;
}

/**
 * Claims the sweep for `periodMs` on behalf of every instance on the database: true when this
 * caller got it (nobody held it, or the last claim ran out), false while another claim holds.
 * One statement, so instances asking together get one winner.
 */
export async function claimUploadSweep(db: DbExecutor, periodMs: number): Promise<boolean> {
  const until = sql`now() + ${periodMs} * interval '1 millisecond'`;
  const claimed = await db
    .insert(taskClaims)
    .values({ task: "upload-sweep", claimedUntil: until })
    .onConflictDoUpdate({
      target: taskClaims.task,
      set: { claimedAt: sql`now()`, claimedUntil: until },
      setWhere: sql`${taskClaims.claimedUntil} <= now()`,
    })
    .returning({ task: taskClaims.task });
  return claimed.length > 0;
}

/**
 * An instance's claim covers most of an interval, not all of it: its own next tick, a little
 * less than an interval later by the database's clock, must find the claim ended.
 */
const claimShareOfInterval = 0.9;

/** Runs a sweep now, or answers the one already running; stops the timer and waits for it. */
export type UploadSweeper = PeriodicTask<UploadSweepResult | undefined>;

/**
 * Runs `sweep` every `intervalMs` (lib/periodic-task.ts: an unref'd timer, one at a time); a
 * failed sweep is logged and the next one tries again.
 */
export function startUploadSweeper(options: {
  /** Answers undefined when another instance has the sweep of this period. */
  sweep: () => Promise<UploadSweepResult | undefined>;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, "info" | "debug" | "error">;
}): UploadSweeper {
  return startPeriodicTask(
    async () => {
      const result = await options.sweep();
      if (!result) {
        options.log.debug("upload sweep left to the instance that claimed it");
      } else if (result.deleted > 0 || result.abandonedWrites > 0) {
        options.log.info(result, "unprocessed uploads swept");
      } else {
        options.log.debug(result, "unprocessed uploads swept");
      }
      return result;
    },
    {
      intervalMs: options.intervalMs,
      onError: (error) => options.log.error({ err: error }, "sweeping unprocessed uploads failed"),
    },
  );
}

declare module "fastify" {
  interface FastifyInstance {
    uploadSweeper: UploadSweeper;
  }
}

export interface UploadSweepPluginOptions {
  graceMs?: number;
  intervalMs?: number;
}

/**
 * Starts the sweep with the app: once when it is ready, then every `intervalMs`; stopped (and a
 * running sweep awaited) when the app closes, before the database is. Instances on one database
 * take turns: each period, the first to claim it sweeps and the others skip.
 */
export const uploadSweepPlugin = fp<UploadSweepPluginOptions>(
  async (app, options) => {
    const graceMs = options.graceMs ?? uploadSweepDefaults.graceMs;
    const intervalMs = options.intervalMs ?? uploadSweepDefaults.intervalMs;
    const { db } = app.database;
    const sweeper = startUploadSweeper({
      sweep: async () =>
        (await claimUploadSweep(db, intervalMs * claimShareOfInterval))
          ? sweepUnprocessedUploads(db, app.objectStore, { graceMs })
          : undefined,
      intervalMs,
      log: app.log,
    });
    app.decorate("uploadSweeper", sweeper);
    // Not awaited: a slow listing (S3) must not hold up the start.
    app.addHook("onReady", async () => {
      void sweeper.run();
    });
    app.addHook("onClose", () => sweeper.stop());
  },
  { name: "upload-sweep", dependencies: ["storage"] },
);
