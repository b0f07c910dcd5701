import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { dataDirLockFile, DataDirInUse, lockDataDir } from "./data-dir-lock.ts";
import { storageIdFile } from "./storage-identity.ts";

describe("a second instance with local storage", () => {
  let testApp: TestApp;
  let otherDataDir: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    otherDataDir = await mkdtemp(path.join(os.tmpdir(), "cm-other-data-"));
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(otherDataDir, { recursive: true, force: true });
  });

  it("refuses to start with another DATA_DIR, whose uploads the first could not see", async () => {
    const storageId = (await readFile(storageIdFile(testApp.config.DATA_DIR), "utf8")).trim();
    const start = () =>
      buildApp({ ...testApp.config, DATA_DIR: otherDataDir }, { database: testApp.database, skipSeed: true });
    await expect(start()).rejects.toThrow(
      `is not the folder this database keeps its uploaded files in: the database names storage ${storageId}`,
    );
    // Nothing of the refused instance is left to mislead the next start.
    expect(await readdir(otherDataDir)).toEqual([]);

    await writeFile(storageIdFile(otherDataDir), "another-folder\n");
    await expect(start()).rejects.toThrow("names another-folder");
  });

  it("starts with the same DATA_DIR (a shared folder)", async () => {
    const same = await buildApp(testApp.config, { database: testApp.database, skipSeed: true });
    await same.close();
  });
});

describe("the embedded database's folder lock", () => {
  it("refuses while another live process holds it and takes over one left by a dead process", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cm-lock-"));
    try {
      const hold = (pid: number) =>
        writeFile(
          dataDirLockFile(dataDir),
          JSON.stringify({ pid, hostname: os.hostname(), purpose: "server", since: "2026-01-01T00:00:00Z" }),
        );
      // The test runner's parent is alive, and is not this process.
      await hold(process.ppid);
      await expect(lockDataDir(dataDir, "restore")).rejects.toThrow(DataDirInUse);
      await expect(lockDataDir(dataDir, "restore")).rejects.toThrow(
        `is in use by a server (process ${process.ppid}`,
      );

      const gone = spawnSync(process.execPath, ["-e", ""]).pid;
      await hold(gone);
      const release = await lockDataDir(dataDir, "restore");
      expect(JSON.parse(await readFile(dataDirLockFile(dataDir), "utf8"))).toMatchObject({
        pid: process.pid,
        purpose: "restore",
      });
      await release();
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
