import { createReadStream, createWriteStream } from "node:fs";
import {
  access,
  copyFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import {
  migrateDatabase,
  migrationsFolder,
  rowsOf,
  type DatabaseHandle,
  type DbExecutor,
} from "../db/client.ts";
import { lineListCountTables, rebuildLineListCounts } from "../modules/line-lists/counts.ts";
import { orderSummaryTables, rebuildOrderSummaries } from "../modules/order-dashboard/summaries.ts";
import { localStorageRoot } from "../modules/storage/plugin.ts";
import { storageIdFile } from "../modules/storage/storage-identity.ts";
import { packFolder, unpackArchive } from "./tar-archive.ts";

/**
 * Backups of our own portable format (no pg_dump needed), the same for the embedded database and
 * a PostgreSQL server: a .tar.gz holding `manifest.json`, each table's rows as JSON lines
 * (`tables/{table}.jsonl`, `row_to_json`, so numbers, dates and JSON keep their exact text), and
 * the local store's files (`storage/`, with `storage-id`). See docs/backups.md.
 */
const backupFormat = "catalog-manager-backup";
const backupFormatVersion = 1;

export interface BackupManifest {
  format: typeof backupFormat;
  formatVersion: number;
  createdAt: string;
  /** The last migration applied to the database backed up; a restore needs the same. */
  migration: string;
  database: DatabaseHandle["kind"];
  tables: { name: string; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** Files of the local store included; 0 with S3 storage, whose bucket is backed up apart. */
  files: number;
}

/** A backup or restore refused or failed for a reason the operator can act on. */
export class BackupError extends Error {}

const rowsPerStatement = 1000;

/** drizzle-kit's list of this version's migrations, oldest first. */
async function migrationJournal(): Promise<{ tag: string; when: number }[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** The last migration of this version of the code, e.g. "0009_storage_identity". */
async function codeMigrationLevel(): Promise<string> {
  return (await migrationJournal()).at(-1)!.tag;
}

/** The last migration applied to the database (drizzle records each one's journal time). */
async function databaseMigrationLevel(db: DbExecutor): Promise<string | undefined> {
  const [last] = rowsOf<{ created_at: string }>(
    await db.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    ),
  );
  if (!last) return undefined;
  return (
    (await migrationJournal()).find((entry) => entry.when === Number(last.created_at))?.tag ??
    `unknown (${last.created_at})`
  );
}

/** Tables derived from others, computed again by a restore rather than copied. */
const derivedTables = new Set<string>([...orderSummaryTables, ...lineListCountTables]);

/**
 * The tables of the public schema a backup holds, each after the tables it references (the order
 * to load them in).
 */
async function listTables(db: DbExecutor): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`),
  )
    .map((row) => row.name)
    .filter((name) => !derivedTables.has(name));
  const references = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select child.relname as child, parent.relname as parent from pg_constraint k
      join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table) &&
        references.every((ref) => ref.child !== table || ref.parent === table || placed.has(ref.parent)),
    );
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table));
      throw new BackupError(
        `Tables reference each other in a cycle, no load order exists: ${left.join(", ")}`,
      );
    }
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

async function listSequences(db: DbExecutor): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by 1`),
  ).map((row) => row.name);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Files of a folder tree, relative names, temporary `.part` files of interrupted uploads left out. */
async function storedFiles(root: string): Promise<string[]> {
  if (!(await exists(root))) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".part"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export interface BackupOptions {
  database: DatabaseHandle;
  dataDir: string;
  /** Include the local store's files (false with S3 storage). */
  localStorage: boolean;
  file: string;
}

/**
 * Writes a backup to `file` (which must not exist yet): every row as one consistent snapshot, and
 * the local store's files. Only a complete backup ever appears under `file`.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  if (await exists(options.file))
    throw new BackupError(`${options.file} already exists: choose a new file name.`);
  const { db } = options.database;
  const work = await mkdtemp(path.join(path.dirname(path.resolve(options.file)), ".backup-"));
  try {
    await mkdir(path.join(work, "tables"));
    const manifest = await db.transaction(
      async (tx) => {
        const migration = await databaseMigrationLevel(tx);
        if (!migration) throw new BackupError("The database has never been migrated: nothing to back up.");
        const tables: BackupManifest["tables"] = [];
        for (const name of await listTables(tx)) {
          const out = createWriteStream(path.join(work, "tables", `${name}.jsonl`));
          let rows = 0;
          // Pages in physical order: stable within the snapshot, no key needed.
          for (let offset = 0; ; offset += rowsPerStatement) {
            const lines = rowsOf<{ line: string }>(
              await tx.execute(
                sql`select row_to_json(t)::text as line from ${sql.identifier(name)} t order by t.ctid limit ${rowsPerStatement} offset ${offset}`,
              ),
            );
            for (const { line } of lines) {
              if (!out.write(`${line}\n`))
                await new Promise<void>((resolve) => out.once("drain", () => resolve()));
            }
            rows += lines.length;
            if (lines.length < rowsPerStatement) break;
          }
          await new Promise<void>((resolve, reject) =>
            out.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          tables.push({ name, rows });
        }
        const sequences: BackupManifest["sequences"] = [];
        for (const name of await listSequences(tx)) {
          const [value] = rowsOf<{ last_value: string; is_called: boolean }>(
            await tx.execute(sql`select last_value::text, is_called from ${sql.identifier(name)}`),
          );
          sequences.push({ name, lastValue: value!.last_value, isCalled: value!.is_called });
        }
        return { migration, tables, sequences };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    let files = 0;
    if (options.localStorage) {
      const root = localStorageRoot(options.dataDir);
      for (const name of await storedFiles(root)) {
        await mkdir(path.dirname(path.join(work, "storage", name)), { recursive: true });
        await cp(path.join(root, name), path.join(work, "storage", name), { preserveTimestamps: true });
        files += 1;
      }
      if (await exists(storageIdFile(options.dataDir))) {
        await copyFile(storageIdFile(options.dataDir), storageIdFile(work));
      }
    }

    const complete: BackupManifest = {
      format: backupFormat,
      formatVersion: backupFormatVersion,
      createdAt: new Date().toISOString(),
      database: options.database.kind,
      files,
      ...manifest,
    };
    await writeFile(path.join(work, "manifest.json"), `${JSON.stringify(complete, null, 2)}\n`);
    const partial = path.join(work, "..", `${path.basename(work)}.tar.gz`);
    try {
      await packFolder(work, partial);
      await rename(partial, options.file);
    } finally {
      await rm(partial, { force: true });
    }
    return complete;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface RestoreOptions extends BackupOptions {
  /** Replace what the database (and the local store) already hold. */
  force?: boolean;
}

async function readManifest(folder: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError("This file is not a Catalog Manager backup: it has no readable manifest.json.");
  }
  if (manifest.format !== backupFormat) throw new BackupError("This file is not a Catalog Manager backup.");
  if (manifest.formatVersion !== backupFormatVersion) {
    throw new BackupError(
      `This backup is of format version ${manifest.formatVersion}; this version of Catalog Manager reads version ${backupFormatVersion}.`,
    );
  }
  return manifest;
}

async function loadTable(tx: DbExecutor, name: string, file: string): Promise<number> {
  const columns = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select a.attname as name from pg_attribute a
      where a.attrelid = ${`public.${name}`}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`),
  ).map((row) => sql.identifier(row.name));
  const list = sql.join(columns, sql`, `);
  const insert = (lines: string[]) =>
    tx.execute(sql`
      insert into ${sql.identifier(name)} (${list}) overriding system value
      select ${list} from json_populate_recordset(null::${sql.identifier(name)}, ${`[${lines.join(",")}]`}::json)`);
  let rows = 0;
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= rowsPerStatement) {
      await insert(batch);
      rows += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return rows + batch.length;
}

/**
 * Restores a backup into a database migrated to the same level as the backup (the database is
 * migrated first, so a new one works), in one transaction: tables in foreign-key order, then the
 * sequences as they were, then the derived tables rebuilt. Refuses a database or store that holds
 * data unless `force`.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { db } = options.database;
  const work = await mkdtemp(path.join(path.dirname(path.resolve(options.file)), ".restore-"));
  try {
    try {
      await unpackArchive(options.file, work);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`${options.file} cannot be read as a backup: ${(error as Error).message}`);
    }
    const manifest = await readManifest(work);
    const level = await codeMigrationLevel();
    if (manifest.migration !== level) {
      throw new BackupError(
        `This backup was made at migration ${manifest.migration}, and this version of Catalog Manager is at ` +
          `${level}. Restore it with the version that made it, then start that version's successor to migrate.`,
      );
    }
    await migrateDatabase(options.database);
    const databaseLevel = await databaseMigrationLevel(db);
    if (databaseLevel !== level) {
      throw new BackupError(
        `The database is at migration ${databaseLevel}, newer than this version of Catalog Manager (${level}): restore into a new database.`,
      );
    }
    const tables = await listTables(db);
    const backedUp = manifest.tables.map((table) => table.name);
    if ([...tables].sort().join() !== [...backedUp].sort().join()) {
      throw new BackupError(
        `The backup's tables (${[...backedUp].sort().join(", ")}) are not the database's (${[...tables].sort().join(", ")}).`,
      );
    }

    const filled: string[] = [];
    for (const table of tables) {
      const [row] = rowsOf<{ any: boolean }>(
        await db.execute(sql`select exists (select from ${sql.identifier(table)}) as any`),
      );
      if (row!.any) filled.push(table);
    }
    const storageRoot = localStorageRoot(options.dataDir);
    const storedAlready = options.localStorage ? await storedFiles(storageRoot) : [];
    if (!options.force && (filled.length > 0 || storedAlready.length > 0)) {
      throw new BackupError(
        `Refusing to restore over existing data (${[...filled, ...(storedAlready.length ? [`${storedAlready.length} stored files`] : [])].join(", ")}). ` +
          "Restore into a new DATA_DIR or an empty database, or add --force to replace everything.",
      );
    }

    await db.transaction(async (tx) => {
      if (filled.length > 0) {
        await tx.execute(
          sql`truncate table ${sql.join(
            tables.map((table) => sql.identifier(table)),
            sql`, `,
          )} restart identity cascade`,
        );
      }
      for (const table of tables) {
        const loaded = await loadTable(tx, table, path.join(work, "tables", `${table}.jsonl`));
        const expected = manifest.tables.find((entry) => entry.name === table)!.rows;
        if (loaded !== expected) {
          throw new BackupError(
            `The backup is damaged: ${table} holds ${loaded} rows, its manifest says ${expected}.`,
          );
        }
      }
      for (const sequence of manifest.sequences) {
        await tx.execute(
          sql`select setval(${`public.${sequence.name}`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
        );
      }
      // The loaded orders and lines, line list items and catalog items went through the triggers of
      // the summaries and counts; a rebuild makes sure they hold exactly what was loaded, whatever
      // they held before, the summaries in this database's zone.
      await rebuildOrderSummaries(tx);
      await rebuildLineListCounts(tx);
    });

    if (options.localStorage) {
      if (options.force) await rm(storageRoot, { recursive: true, force: true });
      if (await exists(path.join(work, "storage"))) {
        await cp(path.join(work, "storage"), storageRoot, { recursive: true, preserveTimestamps: true });
      }
      await mkdir(path.join(storageRoot, "uploads"), { recursive: true });
      if (await exists(storageIdFile(work))) {
        await mkdir(options.dataDir, { recursive: true });
        await copyFile(storageIdFile(work), storageIdFile(options.dataDir));
      }
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
