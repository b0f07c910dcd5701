import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { brands, lineLists, users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";
import { publishDueLineLists } from "./publish-scheduler.ts";

let counter = 0;

async function scheduledLineList(testApp: TestApp, publishAt: Date): Promise<number> {
  const { db } = testApp.database;
  const adminId = (await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL)))[0]!.id;
  const crocsId = (await db.select().from(brands).where(eq(brands.name, "Crocs")))[0]!.id;
  const name = `scheduled-${++counter}`;
  const { id } = await createLineList(
    db,
    {
      brandId: crocsId,
      name,
      stage: "saved",
      products: [{ modelCode: `${name}-1`, sizes: [{ size: "M9", sku: `${name}-1-9` }] }],
      catalogs: { crocs: [`${name}-1`] },
    },
    adminId,
  );
  await db.update(lineLists).set({ publishAt }).where(eq(lineLists.id, id));
  return id;
}

const row = async (testApp: TestApp, id: number) =>
  (await testApp.database.db.select().from(lineLists).where(eq(lineLists.id, id)))[0]!;
const publications = async (testApp: TestApp, id: number) =>
  (await historyOf(testApp, "line-list", id)).filter((entry) => entry.action === "publish");

/**
 * The schedules here are an hour ahead and the runs are told it is two hours later, so the app's
 * own scheduler (every 15 s, on the database's clock) never publishes them first.
 */
describe("publishDueLineLists", () => {
  let testApp: TestApp;
  const inAnHour = () => new Date(Date.now() + 3_600_000);
  const later = () => new Date(Date.now() + 7_200_000);

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(() => testApp?.close());

  it("publishes a due line list at its time, clears the schedule and records a publication by the system", async () => {
    const when = inAnHour();
    const id = await scheduledLineList(testApp, when);
    const notYet = await scheduledLineList(testApp, new Date(Date.now() + 86_400_000));

    expect(await publishDueLineLists(testApp.database.db, later())).toEqual([id]);

    expect(await row(testApp, id)).toMatchObject({
      published: true,
      publishedAt: when,
      publishAt: null,
      revision: 2,
    });
    expect(await publications(testApp, id)).toEqual([
      expect.objectContaining({
        actor: null,
        summary: "Published at the scheduled time",
        changes: [
          { field: "published", before: 0, after: 1 },
          { field: "publishAt", before: when.toISOString(), after: null },
        ],
      }),
    ]);
    expect(await row(testApp, notYet)).toMatchObject({ published: false, publishAt: expect.any(Date) });
    // Nothing is left to publish: a second run changes nothing.
    expect(await publishDueLineLists(testApp.database.db, later())).toEqual([]);
  });

  it("publishes on behalf of the user who scheduled it", async () => {
    const id = await scheduledLineList(testApp, inAnHour());
    const when = new Date(Date.now() + 5_400_000).toISOString();
    const scheduled = await testApp.app.inject({
      method: "POST",
      url: "/api/crocs/catalogs/publish",
      payload: { lineListId: id, publishAt: when },
      headers: await signIn(testApp),
    });
    expect(scheduled.statusCode).toBe(200);

    expect(await publishDueLineLists(testApp.database.db, later())).toEqual([id]);
    expect(await publications(testApp, id)).toEqual([
      expect.objectContaining({ actor: { id: expect.any(Number), name: "Admin User" } }),
    ]);
    expect((await row(testApp, id)).publishedAt).toEqual(new Date(when));
  });

  it("publishes exactly once when two runs (two instances) go at the same time", async () => {
    const ids = [await scheduledLineList(testApp, inAnHour()), await scheduledLineList(testApp, inAnHour())];
    const runs = await Promise.all([
      publishDueLineLists(testApp.database.db, later()),
      publishDueLineLists(testApp.database.db, later()),
    ]);
    expect(runs.flat().sort((a, b) => a - b)).toEqual(ids);
    for (const id of ids) {
      expect(await publications(testApp, id)).toHaveLength(1);
      expect((await row(testApp, id)).revision).toBe(2);
    }
  });
});

describe("the publication scheduler at start", () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it("publishes on time after a restart: a line list that fell due while the server was down is published before the app answers", async () => {
    testApp = await createTestApp();
    // Scheduled for a minute ago, written while no scheduler was running (the app is not ready yet).
    const when = new Date(Date.now() - 60_000);
    const id = await scheduledLineList(testApp, when);
    expect((await row(testApp, id)).published).toBe(false);

    await testApp.app.ready();

    expect(await row(testApp, id)).toMatchObject({ published: true, publishedAt: when, publishAt: null });
    expect(await publications(testApp, id)).toEqual([expect.objectContaining({ actor: null })]);
  });
});
