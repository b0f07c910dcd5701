import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.ts";
import { freePort, spawnServer, waitUntilHealthy } from "../../src/testing/processes.ts";
import { cloneTemplate, writeTemplateDataDir } from "../test-database.ts";

/**
 * The real server as operators run it, for fault tests: a child process of `src/server.ts` on a
 * free loopback port, with its own DATA_DIR and database (a copy of the test run's migrated
 * template, embedded or on the PostgreSQL server of DATABASE_URL), driven over HTTP and signed in
 * through the real flow. Started by src/testing/processes.ts, as e2e/support/app-server.ts starts it,
 * without the web build.
 *
 *   const site = await createServerSite();
 *   const server = await site.start();
 *   const auth = await signInOverHttp(server.baseUrl); // src/testing/http-api.ts
 *   server.kill("SIGKILL");
 */

export interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** From spawn until /healthz answered 200. */
  startupMs: number;
  /** Resolves with the exit code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The log lines so far (JSON lines; anything else as `{ msg }`). */
  log(): LogLine[];
  /** Resolves with the first log line, past or coming, that `match` accepts. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  kill(signal: NodeJS.Signals): void;
}

export interface ServerSite {
  kind: "pglite" | "postgres";
  dataDir: string;
  /** PostgreSQL only: a connection to the server's database, to watch it while the server runs. */
  database?: DatabaseHandle;
  databaseUrl?: string;
  /** Starts the server (again) on the site's data and port. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /**
   * Runs `work` on the site's database. Embedded: opens the folder, so the server must not be
   * running (PGlite is one process's); `openMs` says how long opening took.
   */
  withDatabase<T>(work: (database: DatabaseHandle, openMs: number) => Promise<T>): Promise<T>;
  /** Kills a server still running, deletes the data folder and the database copy. */
  dispose(): Promise<void>;
}

/** A data folder and a database for spawned servers, from the migrated test template. */
export async function createServerSite(): Promise<ServerSite> {
  const template = inject("testDatabase");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-faults-"));
  const pgliteDir = path.join(dataDir, "db");
  const running = new Set<ServerProcess>();
  // One address for good: tokens name it (PUBLIC_URL), so they stay valid across restarts.
  const port = await freePort();
  let copy: Awaited<ReturnType<typeof cloneTemplate>> | undefined;
  if (template.kind === "postgres") {
    copy = await cloneTemplate(template);
  } else {
    await writeTemplateDataDir(template, pgliteDir);
  }

  return {
    kind: template.kind,
    dataDir,
    database: copy?.database,
    databaseUrl: copy?.databaseUrl,
    start: async (env = {}) => {
      const server = await startServer(port, {
        DATA_DIR: dataDir,
        ...(copy?.databaseUrl && { DATABASE_URL: copy.databaseUrl }),
        ...env,
      });
      running.add(server);
      void server.exited.then(() => running.delete(server));
      return server;
    },
    withDatabase: async (work) => {
      if (copy) return work(copy.database, 0);
      const started = performance.now();
      const database = await openDatabase({ pgliteDir });
      try {
        return await work(database, performance.now() - started);
      } finally {
        await database.close();
      }
    },
    dispose: async () => {
      for (const server of running) {
        server.kill("SIGKILL");
        await server.exited;
      }
      await copy?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // The test run's own DATABASE_URL names the template's server, not this site's copy.
  const { DATABASE_URL: _runDatabase, ...inherited } = process.env;
  const child = spawnServer({
    ...inherited,
    NODE_ENV: "development",
    APP_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    // Info: the tests wait for the lines that say where a request has got to.
    LOG_LEVEL: "info",
    LOGIN_RATE_LIMITS: "off",
    ...env,
  });
  const lines: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const onLine = (text: string) => {
    if (!text.trim()) return;
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      line = { msg: text };
    }
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.match(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffered = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const parts = (buffered + chunk).split("\n");
      buffered = parts.pop()!;
      parts.forEach(onLine);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const output = () => lines.map((line) => JSON.stringify(line)).join("\n");

  try {
    await waitUntilHealthy(baseUrl, child, output, 180_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }

  return {
    baseUrl,
    child,
    startupMs: performance.now() - started,
    exited,
    log: () => [...lines],
    waitForLog: (match, timeoutMs = 30_000) => {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter))
            reject(new Error(`no such log line within ${timeoutMs} ms:\n${output()}`));
        }, timeoutMs).unref();
      });
    },
    kill: (signal) => void child.kill(signal),
  };
}

/** The log line of a request's start, e.g. `requestStarted("POST", "/api/orders")`. */
export function requestStarted(method: string, url: string) {
  return (line: LogLine) => {
    const req = line.req as { method?: string; url?: string } | undefined;
    return line.msg === "incoming request" && req?.method === method && req.url === url;
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A figure docs/reliability.md quotes, printed where the test run shows it. */
export function reportFigure(label: string, value: number | string, unit: "ms" | "" = ""): void {
  console.info(`[faults] ${label}: ${unit === "ms" ? seconds(value as number) : value}`);
}
