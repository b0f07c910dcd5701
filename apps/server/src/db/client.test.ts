import { openAsBlob } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { genericMessages } from "@cm/contracts/messages";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { signIn } from "../../test/auth.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { ok } from "../lib/envelope.ts";
import { databaseFailureAnswer } from "../lib/errors.ts";
import { migrateDatabase, openDatabase, rowsOf, type DatabaseHandle } from "./client.ts";

describe.runIf(inject("testDatabase").kind === "postgres")("the app's PostgreSQL connections", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("run without JIT compilation", async () => {
    const [setting] = rowsOf<{ jit: string }>(await testApp.database.db.execute(sql`show jit`));
    expect(setting).toEqual({ jit: "off" });
  });
});

// Only a PostgreSQL server has connections to lose; PGlite runs inside the process.
describe.runIf(inject("testDatabase").kind === "postgres")("a lost PostgreSQL connection", () => {
  let testApp: TestApp;
  let databaseUrl: string;
  let databaseName: string;
  /** A connection of its own, to watch and end the others. */
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);

  /** Ends the one backend `where` picks, once it is there (the caller has just started its work). */
  async function terminateBackend(where: string, ...params: unknown[]): Promise<void> {
    const pid = await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid() and ${where}`,
          [databaseName, ...params],
        );
        if (rows.length !== 1) throw new Error(`expected one backend, found ${rows.length}`);
        return rows[0]!.pid;
      },
      { timeout: 5000, interval: 10 },
    );
    await admin.query("select pg_terminate_backend($1)", [pid]);
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    databaseUrl = testApp.config.DATABASE_URL!;
    databaseName = new URL(databaseUrl).pathname.slice(1);
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // An "error" event nobody listens to is thrown from the socket's callback: it would land here.
    process.on("uncaughtException", recordUncaught);
    // Outside /api, so no sign-in. A transaction that waits in the database, as a long save does.
    testApp.app.post("/test-only/long-transaction", async () => {
      await testApp.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        await tx.execute(sql`select pg_sleep(30)`);
      });
      return ok(null);
    });
  });
  afterEach(() => {
    expect(uncaught.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    process.off("uncaughtException", recordUncaught);
    await admin?.end();
    await testApp?.close();
  });

  it("answers the request in flight with 503 and keeps serving", async () => {
    const auth = await signIn(testApp);
    const inFlight = testApp.app.inject({ method: "POST", url: "/test-only/long-transaction" });
    await terminateBackend("backend_xid is not null");

    const response = await inFlight;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      message: genericMessages.databaseUnavailable,
      data: null,
    });

    const next = await testApp.app.inject({ method: "GET", url: "/api/brands", headers: auth });
    expect(next.statusCode, next.body).toBe(200);
    expect((await testApp.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
  });

  it("reports a connection lost between a transaction's queries and fails that transaction", async () => {
    const onConnectionError = vi.fn();
    const handle = await openDatabase({
      databaseUrl: `${databaseUrl}?application_name=cm-test-between-queries`,
      onConnectionError,
    });
    try {
      let resume!: () => void;
      const resumed = new Promise<void>((resolve) => (resume = resolve));
      const transaction = handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_current_xact_id()`);
          // The server's own work between two statements, e.g. checking a line list's rows.
          await resumed;
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      await terminateBackend("application_name = $2 and backend_xid is not null", "cm-test-between-queries");
      await vi.waitFor(() => expect(onConnectionError).toHaveBeenCalled(), { timeout: 5000, interval: 10 });
      resume();

      const error = await transaction;
      expect(error).toBeInstanceOf(Error);
      expect(databaseFailureAnswer(error)).toMatchObject({
        status: 503,
        message: genericMessages.databaseUnavailable,
      });
      await handle.ping();
    } finally {
      await handle.close();
    }
  });

  it("answers a read whose connection is lost from a fresh connection, and fails a lost write", async () => {
    const handle = await openDatabase({ databaseUrl: `${databaseUrl}?application_name=cm-test-retry` });
    try {
      let ending = terminateBackend("application_name = $2 and state = 'active'", "cm-test-retry");
      const read = await handle.db.execute(sql`select 42 as answer from pg_sleep(0.5)`);
      await ending;
      expect(rowsOf<{ answer: number }>(read)).toEqual([{ answer: 42 }]);

      ending = terminateBackend("application_name = $2 and state = 'active'", "cm-test-retry");
      const write = handle.db.execute(sql`create temporary table lost as select 1 as n from pg_sleep(0.5)`);
      await expect(write).rejects.toThrow();
      await ending;
    } finally {
      await handle.close();
    }
  });

  it("reports a lost idle connection and opens a new one when next asked", async () => {
    const onConnectionError = vi.fn();
    const handle = await openDatabase({
      databaseUrl: `${databaseUrl}?application_name=cm-test-idle`,
      onConnectionError,
    });
    try {
      await handle.ping();
      await terminateBackend("application_name = $2", "cm-test-idle");
      await vi.waitFor(() => expect(onConnectionError).toHaveBeenCalled(), { timeout: 5000, interval: 10 });
      await handle.ping();
    } finally {
      await handle.close();
    }
  });
});

// The PostgreSQL run need not repeat it (and has no embedded template to start from).
describe.runIf(inject("testDatabase").kind === "pglite")("the embedded database after a crash", () => {
  let handle: DatabaseHandle | undefined;
  afterAll(() => handle?.close());

  /** Where a crash would start replaying WAL, and how much WAL that is. */
  const replay = async (database: DatabaseHandle) =>
    rowsOf<{ from: string; bytes: number }>(
      await database.db.execute(
        sql`select redo_lsn::text as from,
              pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes
            from pg_control_checkpoint()`,
      ),
    )[0]!;

  // PGlite has no checkpointer process: without ours, a crash replays all WAL since it opened.
  it("checkpoints once enough WAL was written, so a reopen after a crash replays little", async () => {
    const template = inject("testDatabase") as { kind: "pglite"; dumpFile: string };
    const walBytes = 1024 * 1024;
    handle = await openDatabase({
      // The migrated template: a new PGlite takes seconds to initialise.
      pgliteLoadDataDir: await openAsBlob(template.dumpFile),
      pgliteCheckpoints: { everyMs: 50, walBytes },
    });
    const before = await replay(handle);
    await handle.db.execute(
      sql`create table filler as select repeat(md5(g::text), 10) as payload from generate_series(1, 20000) g`,
    );
    await vi.waitFor(
      async () => {
        const after = await replay(handle!);
        expect(after.from).not.toBe(before.from);
        expect(after.bytes).toBeLessThan(walBytes);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});

// Only the embedded database has a folder to create.
describe.runIf(inject("testDatabase").kind === "pglite")("a first start on an empty DATA_DIR", () => {
  let dataDir: string;
  let pgliteDir: string;
  /** Modules the process that creates the database loads first (NODE_OPTIONS), to make it fail. */
  let hooks: string;
  const failWith = (hook: string) =>
    vi.stubEnv("NODE_OPTIONS", `--import=${pathToFileURL(path.join(hooks, hook))}`);

  beforeAll(async () => {
    hooks = await mkdtemp(path.join(os.tmpdir(), "cm-create-hooks-"));
    await writeFile(
      path.join(hooks, "full-disk.mjs"),
      'throw new Error("ENOSPC: no space left on device");\n',
    );
    // Killed once it has begun writing the database: at the 100th file it opens in the folder.
    await writeFile(
      path.join(hooks, "killed-midway.mjs"),
      `import fs from "node:fs";
const folder = process.argv.at(-1);
const openSync = fs.openSync;
let opened = 0;
fs.openSync = (file, ...rest) => {
  if (String(file).startsWith(folder) && ++opened === 100) process.kill(process.pid, "SIGKILL");
  return openSync(file, ...rest);
};
`,
    );
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-first-start-"));
    pgliteDir = path.join(dataDir, "db");
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterAll(() => rm(hooks, { recursive: true, force: true }));

  it("creates a database that answers and keeps its data across a reopen", async () => {
    // What a server killed while creating its database leaves.
    await mkdir(path.join(dataDir, "db.creating-Xy12Ab"));
    await writeFile(path.join(dataDir, "db.creating-Xy12Ab", "PG_VERSION"), "18\n");
    let handle = await openDatabase({ pgliteDir });
    try {
      await handle.db.execute(sql`create table kept as select 'first start' as note`);
    } finally {
      await handle.close();
    }
    // Nothing left beside it: no lock, no folder it was built in, nor the one left before.
    expect(await readdir(dataDir)).toEqual(["db"]);
    handle = await openDatabase({ pgliteDir });
    try {
      expect(rowsOf(await handle.db.execute(sql`select note from kept`))).toEqual([{ note: "first start" }]);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it("reports a creation that fails with its error, and leaves DATA_DIR as it was", async () => {
    failWith("full-disk.mjs");
    await expect(openDatabase({ pgliteDir })).rejects.toThrow(
      new RegExp(
        `^Creating the embedded database in ${pgliteDir} failed: its process exited with code 1:\\n[^]*ENOSPC: no space left on device`,
      ),
    );
    // No lock either: the next start can go ahead.
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("leaves no half-made database behind when the creation is killed midway", async () => {
    failWith("killed-midway.mjs");
    await expect(openDatabase({ pgliteDir })).rejects.toThrow(
      `Creating the embedded database in ${pgliteDir} failed: its process was killed (SIGKILL) with no output`,
    );
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);

  it("refuses a folder holding files but no database, and leaves them", async () => {
    await mkdir(pgliteDir);
    await writeFile(path.join(pgliteDir, "notes.txt"), "not a database");
    await expect(openDatabase({ pgliteDir })).rejects.toThrow(`${pgliteDir} holds files but no database`);
    expect(await readdir(dataDir)).toEqual(["db"]);
    expect(await readdir(pgliteDir)).toEqual(["notes.txt"]);
  });
});

describe.runIf(inject("testDatabase").kind === "postgres")("instances starting together", () => {
  const name = `cm_migrate_race_${process.pid}_${Date.now()}`;
  // Built when used: a skipped suite's body still runs (to list its tests), with no server URL.
  const urlOf = (database: string) => {
    const url = new URL((inject("testDatabase") as { serverUrl: string }).serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: urlOf("postgres") });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const handles: DatabaseHandle[] = [];

  beforeAll(() => run(`create database ${name}`));
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await run(`drop database if exists ${name} with (force)`);
  });

  it("migrate a new database one after the other, each migration applied once", async () => {
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ databaseUrl: urlOf(name) }));
    await Promise.all(handles.map((handle) => migrateDatabase(handle)));
    const [applied] = rowsOf<{ count: number }>(
      await handles[0]!.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
    );
    const journal = JSON.parse(
      await readFile(new URL("../../drizzle/meta/_journal.json", import.meta.url), "utf8"),
    ) as { entries: unknown[] };
    expect(applied?.count).toBe(journal.entries.length);
  });
});
