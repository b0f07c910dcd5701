import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signIn } from "../../test/auth.ts";
import { tableChecksums } from "../../test/table-checksums.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { cloneTemplate, type TestDatabase } from "../../test/test-database.ts";
import { storeWorkbook, uploadAccepted } from "../../test/uploads.ts";
import { rowsOf, type Database, type DatabaseHandle } from "../db/client.ts";
import { seedDemoData } from "../demo/seed.ts";
import {
  openStockLayouts,
  openStockReservations,
  portalCartLines,
  portalCarts,
  portalVisits,
  passkeys,
  users,
  webauthnChallenges,
} from "../db/schema.ts";
import { sampleLineListTable } from "../modules/file-processing/sample-line-list.ts";
import { xlsx } from "../modules/file-processing/test-workbooks.ts";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { lineListCountTables } from "../modules/line-lists/counts.ts";
import { orderSummaryTables } from "../modules/order-dashboard/summaries.ts";
import { localStorageRoot } from "../modules/storage/plugin.ts";
import { storageIdFile } from "../modules/storage/storage-identity.ts";
import { BackupError, createBackup, restoreBackup } from "./backup.ts";
import { placeNewSizeLabels } from "../modules/size-scales/service.ts";
import { packFolder, unpackArchive } from "./tar-archive.ts";

/** Every file under the local store (and the storage id) with its content. */
async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const root = localStorageRoot(dataDir);
  const files: Record<string, string> = {
    "storage-id": await readFile(storageIdFile(dataDir), "utf8"),
  };
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(root, file)] = (await readFile(file)).toString("base64");
  }
  return files;
}

/** The dashboard's summaries (kept by triggers, left out of backups) and the figures they sum up. */
async function orderSummaries(db: Database) {
  const read = async (query: ReturnType<typeof sql>) => rowsOf(await db.execute(query));
  return {
    stored: {
      products: await read(sql`select month, product_id, model_code, units, total_whs::text
        from order_month_products order by 1, 2`),
      organizations: await read(sql`select month, organization_id, monobrand_orders, multibrand_orders,
        units::int, total_whs::text from order_month_organizations order by 1, 2`),
    },
    direct: {
      products: await read(sql`select date_trunc('month', o.placed_at at time zone 'UTC')::date as month,
        l.product_id, p.model_code, sum(l.quantity)::int as units, sum(l.quantity * l.unit_whs)::text as total_whs
        from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
        where o.status <> 'cancelled' group by 1, 2, 3 order by 1, 2`),
      organizations: await read(sql`select date_trunc('month', o.placed_at at time zone 'UTC')::date as month,
        o.organization_id, (count(*) filter (where not o.multibrand))::int as monobrand_orders,
        (count(*) filter (where o.multibrand))::int as multibrand_orders, sum(o.units)::int as units,
        sum(o.total_whs)::text as total_whs
        from orders o where o.status <> 'cancelled' group by 1, 2 order by 1, 2`),
    },
  };
}

/** Rows in the tables the demo data, a sign-in and an upload leave empty. */
async function fillTheRest(db: Database, adminEmail: string): Promise<void> {
  // Size scales are made from the sizes the demo wrote: every table then holds rows.
  await placeNewSizeLabels(db);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
  await db.insert(passkeys).values({
    userId: admin!.id,
    credentialId: "Y3JlZGVudGlhbA",
    publicKey: "cHVibGljLWtleQ",
    transports: ["internal", "hybrid"],
    name: "Laptop",
    counter: 3,
  });
  await db.insert(webauthnChallenges).values({
    challenge: "Y2hhbGxlbmdl",
    purpose: "registration",
    userId: admin!.id,
    expiresAt: new Date(Date.now() + 60_000),
    createdAt: new Date(),
  });
  await db.insert(openStockLayouts).values({
    fingerprint: "qty|sku",
    sheet: null,
    headerRow: 1,
    skuColumn: "SKU",
    quantityColumn: "Qty",
    headers: ["SKU", "Qty"],
    updatedByUserId: admin!.id,
  });
  const [order] = rowsOf<{ id: number }>(await db.execute(sql`select id from orders order by id limit 1`));
  await db.insert(openStockReservations).values({ orderId: order!.id, sku: "10001-001-M8", quantity: 2 });
  // A customer's cart and portal visit (issue 34): any store and saved line list will do.
  const [store] = rowsOf<{ id: number; organizationId: number; lineListId: number }>(
    await db.execute(sql`select s.id, s.organization_id as "organizationId",
      (select id from line_lists where stage = 'saved' order by id limit 1) as "lineListId"
      from stores s order by s.id limit 1`),
  );
  await db
    .insert(portalCarts)
    .values({ storeId: store!.id, organizationId: store!.organizationId, updatedByUserId: admin!.id });
  await db.insert(portalCartLines).values({
    storeId: store!.id,
    lineListId: store!.lineListId,
    sku: "10001-001-M8",
    quantity: 3,
    position: 0,
  });
  await db.insert(portalVisits).values({ userId: admin!.id, storeId: store!.id });
}

describe("backup and restore", () => {
  let source: TestApp;
  let work: string;
  let backupFile: string;
  let sums: Awaited<ReturnType<typeof tableChecksums>>;
  let files: Record<string, string>;
  const targets: TestDatabase[] = [];

  async function freshTarget(): Promise<{ database: DatabaseHandle; dataDir: string }> {
    const target = await cloneTemplate(inject("testDatabase"));
    targets.push(target);
    return { database: target.database, dataDir: await mkdtemp(path.join(work, "target-")) };
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "cm-backup-test-"));
    backupFile = path.join(work, "backup.tar.gz");
    source = await createTestApp();
    const { db } = source.database;
    const auth = await signIn(source);
    await seedDemoData(db, source.config);
    const bytes = await xlsx(sampleLineListTable({ styles: 3 }));
    await uploadAccepted(source, auth, { fileName: "Spring 2027.xlsx", bytes });
    await storeWorkbook(source, auth, "Not processed yet.xlsx", bytes);
    await fillTheRest(db, source.config.ADMIN_EMAIL);
    await source.app.uploadSweeper.run();
    // The demo orders went through the orders service: the summaries followed.
    const summaries = await orderSummaries(db);
    expect(summaries.stored.products.length).toBeGreaterThan(0);
    expect(summaries.stored).toEqual(summaries.direct);
    // The demo data is some thousands of rows: slow on a busy machine.
  }, 180_000);

  afterAll(async () => {
    for (const target of targets) await target.dispose();
    await source?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("backs up every table, each holding rows, and the uploaded files", async () => {
    sums = await tableChecksums(source.database.db);
    const empty = Object.entries(sums).filter(([, sum]) => sum.rows === 0);
    expect(
      empty.map(([table]) => table),
      "tables without rows: fill them in fillTheRest",
    ).toEqual([]);
    files = await storedFiles(source.config.DATA_DIR);
    expect(Object.keys(files).filter((name) => name.startsWith("uploads/"))).toHaveLength(2);

    const manifest = await createBackup({
      database: source.database,
      dataDir: source.config.DATA_DIR,
      localStorage: true,
      file: backupFile,
    });
    // Every table but the dashboard's summaries and the line lists' counts, which a restore
    // computes again.
    const derived: readonly string[] = [...orderSummaryTables, ...lineListCountTables];
    const copied = Object.entries(sums).filter(([table]) => !derived.includes(table));
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(copied.map(([table]) => table).sort());
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(
      Object.fromEntries(copied.map(([table, sum]) => [table, sum.rows])),
    );
    expect(manifest.files).toBe(2);
    // Nothing wrote meanwhile: the backup is of exactly these rows.
    expect(await tableChecksums(source.database.db)).toEqual(sums);
    await expect(
      createBackup({
        database: source.database,
        dataDir: source.config.DATA_DIR,
        localStorage: true,
        file: backupFile,
      }),
    ).rejects.toThrow("already exists");
  });

  it("restores into a fresh database and DATA_DIR: identical rows, sequences and files", async () => {
    const target = await freshTarget();
    await restoreBackup({ ...target, localStorage: true, file: backupFile });
    // The summaries included: rebuilt, they hold exactly what the source's triggers kept.
    expect(await tableChecksums(target.database.db)).toEqual(sums);
    expect(await storedFiles(target.dataDir)).toEqual(files);

    // Sequences go on where they were: the next row gets the same id on both.
    const nextId = async (db: Database) =>
      rowsOf<{ id: number }>(
        await db.execute(sql`insert into roles (name) values ('Sequence probe') returning id`),
      )[0]!.id;
    expect(await nextId(target.database.db)).toBe(await nextId(source.database.db));
  });

  it("refuses a database that holds data unless forced, then replaces it", async () => {
    const target = await freshTarget();
    await restoreBackup({ ...target, localStorage: true, file: backupFile });
    await target.database.db.execute(sql`delete from passkeys`);
    await expect(restoreBackup({ ...target, localStorage: true, file: backupFile })).rejects.toThrow(
      "Refusing to restore over existing data",
    );
    await restoreBackup({ ...target, localStorage: true, file: backupFile, force: true });
    // Loaded over the same orders, the summaries are not doubled.
    expect(await tableChecksums(target.database.db)).toEqual(sums);
    expect(await storedFiles(target.dataDir)).toEqual(files);
    const summaries = await orderSummaries(target.database.db);
    expect(summaries.stored).toEqual(summaries.direct);
  });

  it("refuses a backup of another migration level, naming both", async () => {
    const folder = await mkdtemp(path.join(work, "older-"));
    await unpackArchive(backupFile, folder);
    const manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8"));
    await writeFile(
      path.join(folder, "manifest.json"),
      JSON.stringify({ ...manifest, migration: "0007_passkeys" }),
    );
    const older = path.join(work, "older.tar.gz");
    await packFolder(folder, older);
    const target = await freshTarget();
    const restore = restoreBackup({ ...target, localStorage: true, file: older });
    await expect(restore).rejects.toThrow(BackupError);
    await expect(restore).rejects.toThrow(
      `This backup was made at migration 0007_passkeys, and this version of Catalog Manager is at ${manifest.migration}`,
    );
    // As migrated: empty, but for the summaries' one-row settings.
    expect(await tableChecksums(target.database.db)).toEqual(
      Object.fromEntries(
        Object.keys(sums).map((table) => [
          table,
          { rows: table === "order_summary_settings" ? 1 : 0, md5: expect.any(String) },
        ]),
      ),
    );
  });

  it("refuses to restore while a server holds the embedded database", async () => {
    const dataDir = await mkdtemp(path.join(work, "held-"));
    const release = await lockDataDir(dataDir, "server");
    try {
      // Only DATA_DIR: the embedded database, even where the suite runs on PostgreSQL.
      const env = { DATA_DIR: dataDir };
      const cli = spawn(process.execPath, [path.join(import.meta.dirname, "cli.ts"), "restore", backupFile], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      cli.stdout.on("data", (chunk) => (output += chunk));
      cli.stderr.on("data", (chunk) => (output += chunk));
      const code = await new Promise((resolve) => cli.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain(`${dataDir} is in use by a server (process ${process.pid}`);
      expect(await readdir(dataDir)).toEqual(["server.pid"]);
    } finally {
      await release();
    }
  });
});
