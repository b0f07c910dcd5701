import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { databaseFailureAnswer } from "../lib/errors.ts";
import { lockDataDir } from "../modules/storage/data-dir-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The same type for both drivers, so services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: what services pass to repositories inside `db.transaction`. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbExecutor = Database | Tx;

/**
 * An embedded database with the extensions the migrations create (pg_trgm, for the items search's
 * index): every PGlite of the project opens through here, as a database holding that index cannot
 * be used without them.
 */
export function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { ...options.extensions, pg_trgm } });
}

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
    });
    // Idle clients' errors reach the pool too, already told through their own listener above.
    pool.on("error", () => {});
    retryLostReadsOnce(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
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
    if (pgliteDir) await mkdir(pgliteDir, { recursive: true });
    client = await createPglite({
      dataDir: pgliteDir,
      loadDataDir: options.pgliteLoadDataDir,
      // PostgreSQL's default 128 MB of shared buffers would sit in this process's memory for good
      // (PGlite's WebAssembly memory never shrinks); its data files are read through the system's
      // file cache anyway. 32 MB keeps the server about 130 MB smaller at no measured cost
      // (docs/performance.md).
      postgresqlconf: ["shared_buffers=32MB"],
    });
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

/** Every 30 s, a checkpoint once 32 MB of WAL were written since the last one. */
const pgliteCheckpointDefaults = { everyMs: 30_000, walBytes: 32 * 1024 * 1024 };

/**
 * PGlite runs PostgreSQL as a single backend without its checkpointer, so it only checkpoints
 * when closed: `checkpoint_timeout` and `max_wal_size` never fire. After a crash (SIGKILL, power)
 * it replays every WAL record since it opened, one large import after another: 430 MB of WAL took
 * 10 s to replay here, and it grows without bound while the server runs. A checkpoint once that
 * many bytes were written since the last keeps the replay, hence the reopen, to about a second.
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
