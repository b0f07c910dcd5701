import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

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
  /** Folder of the embedded database; ignored when databaseUrl is set. */
  pgliteDir?: string;
  /** A dumped PGlite data directory to start from (tests clone a migrated template this way). */
  pgliteLoadDataDir?: Blob;
  /**
   * Told when a PostgreSQL connection fails (server restart, network, a backend ended), idle in
   * the pool or checked out by a transaction.
   */
  onConnectionError?: (error: Error) => void;
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
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    let closing: Promise<void> | undefined;
    return {
      db,
      kind: "postgres",
      ping: async () => void (await pool.query("select 1")),
      close: () => (closing ??= pool.end()),
    };
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteLoadDataDir,
    // PostgreSQL's default 128 MB of shared buffers would sit in this process's memory for good
    // (PGlite's WebAssembly memory never shrinks); its data files are read through the system's
    // file cache anyway. 32 MB keeps the server about 130 MB smaller at no measured cost
    // (docs/performance.md).
    postgresqlconf: ["shared_buffers=32MB"],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await client.query("select 1")),
    close: () => (closing ??= client.close()),
  };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") {
    await migratePg(handle.db as never, { migrationsFolder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}
