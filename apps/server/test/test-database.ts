import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import {
  createPglite,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  type DatabaseHandle,
} from "../src/db/client.ts";
import { isAlive } from "../src/db/data-dir-lock.ts";

/**
 * The migrated database every test app copies, described in a form the global setup can hand
 * to the test workers (vitest's provide/inject only carries plain data).
 */
export type TestDatabaseTemplate =
  { kind: "pglite"; dumpFile: string } | { kind: "postgres"; serverUrl: string; templateName: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

export interface TestDatabase {
  database: DatabaseHandle;
  /** Set when the copy lives on a PostgreSQL server. */
  databaseUrl?: string;
  /** Closes the handle and deletes the copy. */
  dispose(): Promise<void>;
}

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Runs `work` on a connection for CREATE/DROP DATABASE. The URL's own database may not exist
 * yet (CI passes a fresh name), in which case the server's `postgres` database serves.
 */
async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  let client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error;
    client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
    await client.connect();
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A run that is killed (Ctrl-C twice, a CI timeout) does not call the global setup's dispose, and
 * its template file stays in the temporary folder. The next run removes those whose process is
 * gone; a run still going on the same machine keeps its own.
 */
async function removeTemplatesOfEndedRuns(): Promise<void> {
  for (const name of await readdir(os.tmpdir())) {
    const pid = /^cm-test-template-(\d+)-.*\.tar$/.exec(name)?.[1];
    if (pid === undefined || isAlive(Number(pid))) continue;
    await rm(path.join(os.tmpdir(), name), { force: true });
  }
}

/** Migrates the template once per test run. Returns it and the function that removes it. */
export async function createTemplate(
  serverUrl: string | undefined,
): Promise<{ template: TestDatabaseTemplate; dispose(): Promise<void> }> {
  if (serverUrl) {
    const templateName = `cm_tmpl_${uniqueSuffix()}`;
    await withAdminClient(serverUrl, (client) => client.query(`create database "${templateName}"`));
    const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, templateName) });
    try {
      await migrateDatabase(handle);
    } finally {
      // Copies can only be made while nobody is connected to the template.
      await handle.close();
    }
    return {
      template: { kind: "postgres", serverUrl, templateName },
      dispose: () =>
        withAdminClient(serverUrl, async (client) => {
          // Copies a crashed worker could not drop go too: they carry the template's name.
          const { rows } = await client.query<{ datname: string }>(
            "select datname from pg_database where starts_with(datname, $1)",
            [templateName],
          );
          for (const { datname } of rows)
            await client.query(`drop database if exists "${datname}" with (force)`);
        }),
    };
  }

  await removeTemplatesOfEndedRuns();
  // Named after the run's process, which removeTemplatesOfEndedRuns checks.
  const dumpFile = path.join(os.tmpdir(), `cm-test-template-${process.pid}-${uniqueSuffix()}.tar`);
  // Every test app's copy starts by unpacking this folder into PGlite's memory, so it is kept
  // small: WAL in 1 MB segments instead of PostgreSQL's 16 (the folder holds at least one whole
  // segment), and without template0 and template1, which only CREATE DATABASE reads and no embedded
  // database runs (docs/performance.md, "The test suite"). The app's own database, schema and
  // data are the same as a first start makes.
  const client = await createPglite({ initDbStartParams: ["--wal-segsize=1"] });
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    for (const name of ["template1", "template0"]) {
      await client.query(`alter database ${name} with is_template false`);
      await client.query(`drop database ${name}`);
    }
    await client.query("checkpoint");
    // Uncompressed: loading it is what every test file waits for, disk space is not an issue.
    const dump = await client.dumpDataDir("none");
    await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  return { template: { kind: "pglite", dumpFile }, dispose: () => rm(dumpFile, { force: true }) };
}

/**
 * The embedded template written to `pgliteDir` (DATA_DIR/db), as a first start would leave the
 * folder, minus the seconds of a new database's initdb, migrations and seed.
 */
export async function writeTemplateDataDir(
  template: Extract<TestDatabaseTemplate, { kind: "pglite" }>,
  pgliteDir: string,
): Promise<void> {
  await mkdir(pgliteDir, { recursive: true });
  const client = await createPglite({ dataDir: pgliteDir, loadDataDir: await openAsBlob(template.dumpFile) });
  await client.close();
}

/** A fresh database for one test app, copied from the template. */
export async function cloneTemplate(template: TestDatabaseTemplate): Promise<TestDatabase> {
  if (template.kind === "pglite") {
    // A Blob backed by the file: PGlite reads it whole (arrayBuffer()), and Node reads one made of
    // the file's bytes in memory in small chunks it then joins, which slows the copy every server
    // test file opens.
    const database = await openDatabase({ pgliteLoadDataDir: await openAsBlob(template.dumpFile) });
    return { database, dispose: () => database.close() };
  }

  const name = `${template.templateName}_${randomBytes(6).toString("hex")}`;
  await withAdminClient(template.serverUrl, (client) =>
    client.query(`create database "${name}" template "${template.templateName}"`),
  );
  const url = databaseUrl(template.serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    databaseUrl: url,
    dispose: async () => {
      await database.close();
      await withAdminClient(template.serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}
