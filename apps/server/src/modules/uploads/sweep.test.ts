import { utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import {
  processRequest,
  storageListing,
  storeWorkbook,
  uploadAccepted,
  type Auth,
} from "../../../test/uploads.ts";
import { sampleLineListTable } from "../file-processing/sample-line-list.ts";
import { xlsx } from "../file-processing/test-workbooks.ts";
import { newUploadKey } from "../storage/object-store.ts";
import { localStorageRoot } from "../storage/plugin.ts";
import { taskClaims } from "../storage/schema.ts";
import {
  claimUploadSweep,
  startUploadSweeper,
  sweepUnprocessedUploads,
  uploadSweepDefaults,
} from "./sweep.ts";

const hour = 60 * 60 * 1000;

/** Makes a stored file look written `ageMs` ago. */
async function age(testApp: TestApp, key: string, ageMs: number): Promise<void> {
  const when = new Date(Date.now() - ageMs);
  await utimes(path.join(localStorageRoot(testApp.config.DATA_DIR), key), when, when);
}

describe("sweeping uploads that were never processed", () => {
  let testApp: TestApp;
  let auth: Auth;
  let bytes: Buffer;

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    bytes = await xlsx(sampleLineListTable({ styles: 2 }));
  });
  afterAll(() => testApp?.close());

  it("deletes old unprocessed files and interrupted writes, keeps processed and recent ones", async () => {
    const { db } = testApp.database;
    const abandoned = await storeWorkbook(testApp, auth, "Abandoned.xlsx", bytes);
    const recent = await storeWorkbook(testApp, auth, "Recent.xlsx", bytes);
    const processed = await storeWorkbook(testApp, auth, "Processed.xlsx", bytes);
    const process = await processRequest(testApp, auth, {
      brand: "Crocs",
      type: "own-stock",
      fileName: "Processed.xlsx",
      key: processed.fileKey,
      action: "new",
      linelist_attributes: {},
    });
    expect(process.statusCode).toBe(200);
    await age(testApp, abandoned.fileKey, 2 * hour);
    await age(testApp, processed.fileKey, 2 * hour);
    await age(testApp, recent.fileKey, 10 * 60 * 1000);

    // What a crash mid-PUT leaves (old and fresh), and a file that is no upload at all.
    const uploads = path.join(localStorageRoot(testApp.config.DATA_DIR), "uploads");
    const oldPart = `.${path.basename(newUploadKey("xlsx"))}.0123456789ab.part`;
    const freshPart = `.${path.basename(newUploadKey("xls"))}.ba9876543210.part`;
    for (const name of [oldPart, freshPart, "README.txt"]) await writeFile(path.join(uploads, name), "x");
    await age(testApp, `uploads/${oldPart}`, 2 * hour);
    await age(testApp, "uploads/README.txt", 2 * hour);

    const result = await sweepUnprocessedUploads(db, testApp.app.objectStore, { batchSize: 1 });
    expect(result).toEqual({ deleted: 1, kept: 1, abandonedWrites: 1 });
    expect(await storageListing(testApp)).toEqual(
      ["uploads/", processed.fileKey, recent.fileKey, `uploads/${freshPart}`, "uploads/README.txt"].sort(),
    );

    // The swept file cannot be processed any more.
    const late = await processRequest(testApp, auth, {
      brand: "Crocs",
      type: "own-stock",
      fileName: "Abandoned.xlsx",
      key: abandoned.fileKey,
      action: "new",
      linelist_attributes: {},
    });
    expect(late.statusCode).toBe(404);

    // With a shorter grace period the recent one goes too; a second sweep finds nothing more.
    expect(await sweepUnprocessedUploads(db, testApp.app.objectStore, { graceMs: 60_000 })).toEqual({
      deleted: 1,
      kept: 1,
      abandonedWrites: 0,
    });
    expect(await storageListing(testApp)).not.toContain(recent.fileKey);
    expect(
      await sweepUnprocessedUploads(db, testApp.app.objectStore, { now: new Date(Date.now() + 2 * hour) }),
    ).toEqual({ deleted: 0, kept: 1, abandonedWrites: 1 });
  });

  it("never sweeps a saved upload's file", async () => {
    const id = await uploadAccepted(testApp, auth, { fileName: "Saved.xlsx", bytes });
    const confirm = await testApp.app.inject({
      method: "POST",
      url: `/api/crocs/preview/${id}/confirm`,
      headers: auth,
    });
    expect(confirm.statusCode).toBe(200);
    const before = await storageListing(testApp);
    const result = await sweepUnprocessedUploads(testApp.database.db, testApp.app.objectStore, {
      now: new Date(Date.now() + 24 * hour),
    });
    expect(result.deleted).toBe(0);
    expect(await storageListing(testApp)).toEqual(before);
  });
});

describe("the sweep runs with the app", () => {
  it("sweeps when the app is ready and stops when it closes", async () => {
    const testApp = await createTestApp();
    try {
      // A file left from before the start (the browser closed after its PUT, yesterday).
      const key = newUploadKey("xlsx");
      await writeFile(path.join(localStorageRoot(testApp.config.DATA_DIR), key), "PK");
      await age(testApp, key, 24 * hour);
      await testApp.app.ready();
      // Nobody asks for it: the sweep at startup removes it.
      await vi.waitFor(async () => expect(await storageListing(testApp)).toEqual(["uploads/"]), {
        timeout: 5000,
      });
    } finally {
      await testApp.close();
    }
    expect(await testApp.app.uploadSweeper.run()).toBeUndefined();
  });
});

describe("instances on one database", () => {
  it("sweep once a period: the first to claim it sweeps, the others skip until the claim ends", async () => {
    const testApp = await createTestApp();
    const other = await buildApp(testApp.config, { database: testApp.database, skipSeed: true });
    const { db } = testApp.database;
    const oldFile = async () => {
      const key = newUploadKey("xlsx");
      await writeFile(path.join(localStorageRoot(testApp.config.DATA_DIR), key), "PK");
      await age(testApp, key, 24 * hour);
      return key;
    };
    try {
      await oldFile();
      await testApp.app.ready();
      await vi.waitFor(async () => expect(await storageListing(testApp)).toEqual(["uploads/"]), {
        timeout: 5000,
      });
      const [claim] = await db.select().from(taskClaims);
      expect(claim!.task).toBe("upload-sweep");

      const left = await oldFile();
      await other.ready();
      expect(await other.uploadSweeper.run()).toBeUndefined();
      expect(await testApp.app.uploadSweeper.run()).toBeUndefined();
      expect(await storageListing(testApp)).toEqual(["uploads/", left]);
      expect(await db.select().from(taskClaims)).toEqual([claim]);

      // The period is over: the next instance to ask sweeps.
      await db.update(taskClaims).set({ claimedUntil: sql`now()` });
      expect(await other.uploadSweeper.run()).toEqual({ deleted: 1, kept: 0, abandonedWrites: 0 });
      expect(await testApp.app.uploadSweeper.run()).toBeUndefined();
    } finally {
      await other.close();
      await testApp.close();
    }
  });

  it("gives a claim to one of several asking at once", async () => {
    const testApp = await createTestApp();
    try {
      const claims = await Promise.all(
        Array.from({ length: 5 }, () => claimUploadSweep(testApp.database.db, 60_000)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    } finally {
      await testApp.close();
    }
  });
});

describe("the sweep's timer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const log = { info: vi.fn(), debug: vi.fn(), error: vi.fn() };
  const result = { deleted: 2, kept: 0, abandonedWrites: 0 };

  it("runs every interval, one sweep at a time, logs failures and stops", async () => {
    vi.useFakeTimers();
    let finish: (() => void) | undefined;
    const sweep = vi.fn(
      () =>
        new Promise<typeof result>((resolve) => {
          finish = () => resolve(result);
        }),
    );
    const sweeper = startUploadSweeper({ sweep, intervalMs: uploadSweepDefaults.intervalMs, log });
    expect(sweep).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(uploadSweepDefaults.intervalMs);
    expect(sweep).toHaveBeenCalledTimes(1);
    // Still running at the next tick: not started twice.
    await vi.advanceTimersByTimeAsync(uploadSweepDefaults.intervalMs);
    expect(sweep).toHaveBeenCalledTimes(1);
    const running = sweeper.run();
    finish!();
    expect(await running).toEqual(result);
    expect(log.info).toHaveBeenCalledWith(result, "unprocessed uploads swept");

    sweep.mockImplementationOnce(() => Promise.reject(new Error("storage down")));
    await vi.advanceTimersByTimeAsync(uploadSweepDefaults.intervalMs);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, "sweeping unprocessed uploads failed");

    // Stopping waits for the sweep under way, then nothing runs any more.
    await vi.advanceTimersByTimeAsync(uploadSweepDefaults.intervalMs);
    expect(sweep).toHaveBeenCalledTimes(3);
    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    await vi.advanceTimersByTimeAsync(10 * uploadSweepDefaults.intervalMs);
    expect(sweep).toHaveBeenCalledTimes(3);
    expect(await sweeper.run()).toBeUndefined();
  });

  it("never keeps the process alive", async () => {
    const setInterval = vi.spyOn(globalThis, "setInterval");
    const sweeper = startUploadSweeper({ sweep: async () => result, intervalMs: 1000, log });
    const timer = setInterval.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await sweeper.stop();
  });
});
