import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
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
