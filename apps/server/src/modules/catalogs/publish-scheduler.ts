import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../../db/client.ts";
import { type PeriodicTask, startPeriodicTask } from "../../lib/periodic-task.ts";
import { publishDueLineLists } from "./publication.service.ts";

export { publishDueLineLists } from "./publication.service.ts";

/** How often the scheduler looks for line lists whose publication time has come. */
export const publishSchedulerIntervalMs = 15_000;

/** One run now (a run already under way is joined, not doubled), and stopping. Never throws. */
export type PublishScheduler = PeriodicTask<number[]>;

/**
 * Publishes scheduled line lists on time (issue 34): a run at start and every `intervalMs`
 * (lib/periodic-task.ts: an unref'd timer, one run at a time). Errors are logged and the next run
 * tries again. Between runs the portal already shows a line list whose time has passed
 * (modules/portal/visibility.ts), so the runs only make `published` catch up.
 */
export function startPublishScheduler(options: {
  db: Database;
  log: FastifyBaseLogger;
  intervalMs: number;
}): PublishScheduler {
  return startPeriodicTask(
    async () => {
      const published = await publishDueLineLists(options.db);
      if (published.length > 0)
        options.log.info({ lineListIds: published }, "scheduled line lists published");
      return published;
    },
    {
      intervalMs: options.intervalMs,
      onError: (error) => options.log.error({ err: error }, "publishing scheduled line lists failed"),
    },
  );
}

/**
 * Registered by the catalogs routes: the first run on `onReady` (after the migrations, before the
 * app answers, so a line list due while the server was down is published at start), then every
 * 15 s; stopped, and a run under way awaited, when the app closes, before the database is.
 */
export const publishSchedulerPlugin = fp<{ intervalMs?: number }>(
  async (app, options) => {
    const scheduler = startPublishScheduler({
      db: app.database.db,
      log: app.log,
      intervalMs: options.intervalMs ?? publishSchedulerIntervalMs,
    });
    app.addHook("onReady", async () => {
      await scheduler.run();
    });
    app.addHook("onClose", () => scheduler.stop());
  },
  { name: "publish-scheduler" },
);
