import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { databaseFailureAnswer } from "../lib/errors.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { createServerPglite } from "./pglite.ts";
import { releaseClientsOfFailedTransactions } from "./postgres-transactions.ts";
import * as schema from "./schema.ts";

export { createPglite } from "./pglite.ts";

export type Schema = typeof schema;
/** The same type for both drivers, so services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: what services pass to repositories inside `db.transaction`. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbExecutor = Database | Tx;

/** The rows of a raw `db.execute(sql`…`)`: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Safe to call more than once: later calls wait for the first. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /**
   * Folder of the embedded database; ignored when databaseUrl is set. It is held (the lock file
   * beside it, in DATA_DIR) until `close`, since PGlite may be opened by one process at a time.
   */
  pgliteDir?: string;
  /** Who holds the embedded database's folder, as a refused opener is told; "server" unless said. */
  pgliteHolder?: string;
  /** A dumped PGlite data directory to start from (tests clone a migrated template this way). */
  pgliteLoadDataDir?: Blob;
  /**
   * Told when a PostgreSQL connection fails (server restart, network, a backend ended), idle in
   * the pool or checked out by a transaction.
   */
  onConnectionError?: (error: Error) => void;
  /** How often the embedded database checks for a checkpoint to take, and from how much WAL (tests shorten both). */
  pgliteCheckpoints?: { everyMs: number; walBytes: number };
}

/**
 * The settings of every connection to a PostgreSQL server, run as it opens. No JIT compilation:
 * PostgreSQL compiles a statement whose estimated cost passes jit_above_cost, which at a million
 * products the populated catalogs of a 5,000-item line list did, spending half its time compiling
 * on every request (docs/performance.md, "Large databases"). The app's statements are short,
 * indexed reads and writes, where compiling never pays. A statement rather than the `options` startup
 * parameter, which a pooler such as PgBouncer refuses unless told to ignore it.
 */
export const postgresSessionSettings = "set jit = off";

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // A bounded connect time makes an unreachable server fail fast (and /healthz answer 503).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An "error" event nobody listens to crashes the process. The pool listens to its idle
    // clients only; a client a transaction has checked out emits on itself alone, so every client
    // gets its own listener. The query in flight fails anyway (and its request with it), and the
    // pool drops the broken client when it comes back.
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onConnectionError?.(error));
      // Queued ahead of whatever the pool's caller sends on this client. A failure is reported as
      // the connection's; the caller's own statement then fails too if the connection is broken.
      client.query(postgresSessionSettings).catch((error: Error) => options.onConnectionError?.(error));
    });
    // Idle clients' errors reach the pool too, already told through their own listener above.
    pool.on("error", () => {});
    retryLostReadsOnce(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    releaseClientsOfFailedTransactions(db, pool);
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: "postgres",
      ping: async () => void (await pool.query("select 1")),
      close: () => (closing ??= pool.end()),
    };
  }
  const { pgliteDir } = options;
  // Taken before the folder is created or read: a refused opener leaves no trace in DATA_DIR.
  const release = pgliteDir
    ? await lockDataDir(path.dirname(pgliteDir), options.pgliteHolder ?? "server")
    : async () => {};
  let client: PGlite;
  try {
    // PGlite's own test of a database in its folder.
    if (pgliteDir && !options.pgliteLoadDataDir && !existsSync(path.join(pgliteDir, "PG_VERSION"))) {
      await createPgliteDir(pgliteDir);
    }
    client = await createServerPglite({ dataDir: pgliteDir, loadDataDir: options.pgliteLoadDataDir });
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const checkpoints = checkpointRegularly(client, options.pgliteCheckpoints ?? pgliteCheckpointDefaults);
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () =>
      (closing ??= checkpoints
        .stop()
        .then(() => client.close())
        .finally(release)),
  };
}

/**
 * Creates the embedded database's folder in a process of its own. PGlite makes a new database with
 * a second PostgreSQL instance and initdb's module, hundreds of megabytes of WebAssembly memory
 * that the server would hold until V8's next full collection, and on a worker thread the allocator
 * kept the pages anyway (docs/performance.md, "Server memory"); a process that ends gives all of
 * it back. The database is made in a
 * sibling folder and renamed into place once complete: a creation cut short (killed, out of
 * memory, a full disk) never leaves a folder that looks like a database.
 */
async function createPgliteDir(pgliteDir: string): Promise<void> {
  const parent = path.dirname(pgliteDir);
  const prefix = `${path.basename(pgliteDir)}.creating-`;
  // Left by a creation whose server was killed; the DATA_DIR lock keeps any other creator out.
  for (const entry of await readdir(parent)) {
    if (entry.startsWith(prefix)) await rm(path.join(parent, entry), { recursive: true, force: true });
  }
  const existing = await readdir(pgliteDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  // Files without a database are not ours to delete (nor to mix a new database into).
  if (existing?.length) {
    throw new Error(
      `${pgliteDir} holds files but no database (it has no PG_VERSION): move it away to start with a new database.`,
    );
  }
  // An empty folder (made by hand, or by an earlier version of the server) makes way for the new one.
  if (existing) await rmdir(pgliteDir);
  const building = await mkdtemp(path.join(parent, prefix));
  try {
    await runCreateDataDir(building, pgliteDir);
    await rename(building, pgliteDir);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
}

const createDataDirScript = path.join(import.meta.dirname, "create-data-dir.ts");

/** Runs create-data-dir.ts on `building`; rejects with its stderr's end if it fails. */
function runCreateDataDir(building: string, pgliteDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The server's memory flag (package.json's start script), and no optimising compiler: it
    // compiles PostgreSQL's largest function with hundreds of megabytes (docs/performance.md,
    // "Server memory") for a process that runs seconds, which would double the child's peak and
    // cost more CPU than it saves. Its stdin stays open, unused: the child stops if this process goes.
    const flags = ["--max-semi-space-size=16", "--liftoff-only"];
    const child = spawn(process.execPath, [...flags, createDataDirScript, building], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) return resolve();
      const ended = signal ? `was killed (${signal})` : `exited with code ${code}`;
      const output = stderr.trim() ? `:\n${stderr.trim()}` : " with no output";
      reject(
        new Error(`Creating the embedded database in ${pgliteDir} failed: its process ${ended}${output}`),
      );
    });
  });
}

/** Checked often; the WAL a checkpoint waits for replays in about a second after a crash. */
const pgliteCheckpointDefaults = { everyMs: 30_000, walBytes: 32 * 1024 * 1024 };

/**
 * PGlite runs PostgreSQL as a single backend without its checkpointer, so it only checkpoints
 * when closed: `checkpoint_timeout` and `max_wal_size` never fire. After a crash (SIGKILL, power)
 * it replays every WAL record since it opened, one large import after another, which grows without
 * bound while the server runs and takes seconds per few hundred megabytes. A checkpoint once
 * `walBytes` were written since the last keeps the replay, hence the reopen, to about a second.
 * It waits for a transaction in progress (PGlite runs one statement at a time).
 */
function checkpointRegularly(
  client: PGlite,
  { everyMs, walBytes }: { everyMs: number; walBytes: number },
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const check = async () => {
    const { rows } = await client.query<{ pending: number }>(
      "select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as pending from pg_control_checkpoint()",
    );
    if ((rows[0]?.pending ?? 0) >= walBytes) await client.query("checkpoint");
  };
  const timer = setInterval(() => {
    // A check that fails (the database closing under it) is tried again at the next tick.
    running ??= check()
      .catch(() => {})
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** A statement that only reads, so running it twice is the same as once. */
const readOnlyStatement = /^\s*select\b/i;

function statementText(query: unknown): string {
  if (typeof query === "string") return query;
  return typeof query === "object" && query !== null && "text" in query ? String(query.text) : "";
}

/**
 * A read that failed because its connection was lost (a PostgreSQL restart or failover, a backend
 * ended) is sent once more: the pool has dropped the broken client, so it goes on a fresh
 * connection, and the request that needed it need not fail with 503. Only statements outside a
 * transaction pass here (a transaction holds its own client), and only SELECTs are repeated; a
 * write may have been applied before its connection went.
 */
function retryLostReadsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    // The callback form is pg's own internal use and older callers: left as it is.
    if (typeof args.at(-1) === "function" || !readOnlyStatement.test(statementText(args[0])))
      return query(...args);
    return query(...args).catch((error: unknown) => {
      if (databaseFailureAnswer(error)?.status !== 503) throw error;
      return query(...args);
    });
  }) as typeof pool.query;
}

// Any fixed number works; it only has to be the same for every instance (db/seed.ts has its own).
const migrationLockKey = 7_240_002;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") {
    // Instances starting together on a new database would both create the migrations table and
    // apply the same migrations: they take turns on a session lock held by a connection of its own,
    // and the second finds nothing left to apply.
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [migrationLockKey]);
      await migratePg(handle.db as never, { migrationsFolder });
    } finally {
      // Ending the connection ends its session, and the lock with it, whatever happened above.
      lock.release(true);
    }
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}
