import type { ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { authPaths } from "@cm/contracts/auth";
import { contentTypeForFileName, type PresignUploadData } from "@cm/contracts/uploads";
import * as oauth from "oauth4webapi";
import { inject } from "vitest";
import { createPglite, openDatabase, type DatabaseHandle } from "../../src/db/client.ts";
import { authorizationRequest, discoverIssuer, FetchBrowser, redeemCallback } from "../auth.ts";
import { freePort, spawnServer, waitUntilHealthy } from "../processes.ts";
import { cloneTemplate } from "../test-database.ts";

/**
 * The real server as operators run it, for fault tests: a child process of `src/server.ts` on a
 * free loopback port, with its own DATA_DIR and database (a copy of the test run's migrated
 * template, embedded or on the PostgreSQL server of DATABASE_URL), driven over HTTP and signed in
 * through the real flow. Started by test/processes.ts, as e2e/support/app-server.ts starts it,
 * without the web build.
 *
 *   const site = await createServerSite();
 *   const server = await site.start();
 *   const auth = await signInOverHttp(server.baseUrl);
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
    // The migrated template written to disk, as a first start would leave it, minus the seconds
    // of a new PGlite's initdb.
    await mkdir(pgliteDir, { recursive: true });
    const client = await createPglite({
      dataDir: pgliteDir,
      loadDataDir: new Blob([await readFile(template.dumpFile)]),
    });
    await client.close();
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

export type Auth = { authorization: string };

/** The API's answer envelope, for `callApi<Envelope<…>>`. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

/** One JSON call to the server; the body as JSON when it is JSON, else its text. */
export async function callApi<T = unknown>(
  baseUrl: string,
  auth: Auth | undefined,
  method: string,
  url: string,
  payload?: unknown,
): Promise<ApiResponse<T>> {
  const response = await fetch(baseUrl + url, {
    method,
    headers: {
      ...auth,
      ...(payload !== undefined && { "content-type": "application/json" }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T };
}

/** The newest login code mailed to `email` since `after`, from the dev outbox (mail is sent async). */
async function readLoginCode(baseUrl: string, email: string, after: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  do {
    const mails = (await (await fetch(`${baseUrl}/dev/outbox.json`)).json()) as {
      to: string;
      text: string;
      sentAt: string;
    }[];
    const mail = mails.find(
      (entry) => entry.to.toLowerCase().includes(email) && Date.parse(entry.sentAt) >= after,
    );
    const code = mail && /^\s+([A-Z0-9]{6})$/m.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  throw new Error(`no login code was mailed to ${email}`);
}

/**
 * Bearer headers of `email` (the seeded admin by default), signed in over HTTP as test/auth.ts
 * does over inject: oauth4webapi plays the SPA, the login code comes from the dev outbox.
 */
export async function signInOverHttp(baseUrl: string, email = "admin@example.com"): Promise<Auth> {
  const transport = { [oauth.allowInsecureRequests]: true } as const;
  const as = await discoverIssuer(new URL(`${baseUrl}/oidc`), transport);
  const request = await authorizationRequest(as, `${baseUrl}/`);

  const browser = new FetchBrowser();
  await browser.request(request.url.href);
  const requestedAt = Date.now() - 1000;
  await browser.request(baseUrl + authPaths.codeForm, { action: "request", email });
  const code = await readLoginCode(baseUrl, email, requestedAt);

  let response = await browser.request(baseUrl + authPaths.codeForm, { action: "verify", email, code });
  let callback: URL | undefined;
  for (let hop = 0; hop < 5 && !callback; hop++) {
    const location = response.headers.get("location");
    if (response.status !== 303 || !location) break;
    const url = new URL(location, baseUrl);
    if (url.searchParams.has("code")) callback = url;
    else response = await browser.request(url.href);
  }
  if (!callback) throw new Error(`sign-in did not reach the callback: ${response.status}`);

  const tokens = await redeemCallback(as, request, callback, transport);
  return { authorization: `Bearer ${tokens.access_token}` };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A figure docs/reliability.md quotes, printed where the test run shows it. */
export function reportFigure(label: string, value: number | string, unit: "ms" | "" = ""): void {
  console.info(`[faults] ${label}: ${unit === "ms" ? seconds(value as number) : value}`);
}

export async function crocsBrandId(baseUrl: string, auth: Auth): Promise<number> {
  const brands = await callApi<Envelope<{ id: number; name: string }[] | null>>(
    baseUrl,
    auth,
    "GET",
    "/api/brands",
  );
  const crocs = brands.body.data?.find((brand) => brand.name === "Crocs");
  if (!crocs) throw new Error(`no Crocs brand: ${brands.status} ${JSON.stringify(brands.body)}`);
  return crocs.id;
}

/** Presign and PUT a line list workbook, as the upload dialog does: answers the stored file's key. */
export async function storeWorkbookOverHttp(
  baseUrl: string,
  auth: Auth,
  fileName: string,
  bytes: Buffer,
): Promise<string> {
  const presigned = await callApi<Envelope<PresignUploadData>>(
    baseUrl,
    auth,
    "POST",
    "/api/uploads/get-presigned-upload-url",
    {
      fileKey: fileName,
      fileSize: bytes.length,
      contentType: contentTypeForFileName(fileName),
      metadata: { brandId: await crocsBrandId(baseUrl, auth), lineListType: "own-stock" },
    },
  );
  if (presigned.status !== 200) throw new Error(`presign failed: ${presigned.status}`);
  const { presignedUrl, headers, fileKey } = presigned.body.data;
  const put = await fetch(presignedUrl, { method: "PUT", headers, body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  return fileKey;
}

/** The processing request's body for a stored workbook, a new own-stock line list. */
export function processLineListBody(fileName: string, key: string) {
  return {
    brand: "Crocs",
    type: "own-stock",
    fileName,
    filename: fileName,
    key,
    action: "new",
    linelist_attributes: {},
  };
}
