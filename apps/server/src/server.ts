import { buildApp } from "./app.ts";
import { loadConfig } from "./env.ts";
import { orExitWithMessage } from "./lib/exit-with-message.ts";

// Static imports are evaluated before this line: what loading the code took, apart from the
// database's opening, migration and seed.
const modulesLoadedMs = performance.now();

/**
 * How long a stop (SIGTERM, SIGINT) waits for requests in flight before it cuts them off. Process
 * managers kill after 10 s (Docker, systemd's default is longer); the rest is left for closing
 * the database.
 */
const drainTimeoutMs = 8000;

const config = await orExitWithMessage(() => loadConfig());
const app = await orExitWithMessage(() => buildApp(config));

/**
 * Drains: the listener closes, requests in flight finish, new ones get 503 (app.ts), then the
 * database closes. A request still running at the deadline is cut off: every multi-row write is
 * one transaction, so it leaves nothing half written, as after a crash.
 */
function stop(signal: NodeJS.Signals): void {
  const started = performance.now();
  app.log.info({ signal }, "stopping: draining requests");
  const deadline = setTimeout(() => {
    app.log.warn({ signal, ms: drainTimeoutMs }, "stopping: requests still running, cut off");
    app.server.closeAllConnections();
    process.exit(1);
  }, drainTimeoutMs);
  app.close().then(
    () => {
      clearTimeout(deadline);
      app.log.info({ signal, ms: Math.round(performance.now() - started) }, "stopped");
      process.exit(0);
    },
    (error: unknown) => {
      app.log.error({ err: error }, "stopping failed");
      process.exit(1);
    },
  );
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, stop);

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  {
    modulesMs: Math.round(modulesLoadedMs),
    appMs: Math.round(performance.now() - modulesLoadedMs),
  },
  "ready",
);
