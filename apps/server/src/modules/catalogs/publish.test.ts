import { catalogMessages } from "@cm/contracts/catalogs";
import { genericMessages } from "@cm/contracts/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { brands, lineLists, users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";

describe("POST /api/crocs/catalogs/publish", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;
  let crocsId: number;
  let pandoraId: number;

  const publish = (body?: object) =>
    testApp.app.inject({ method: "POST", url: "/api/crocs/catalogs/publish", payload: body, headers: auth });
  const row = async (id: number) => {
    const [lineList] = await testApp.database.db.select().from(lineLists).where(eq(lineLists.id, id));
    return lineList!;
  };
  const publishEvents = async (id: number) =>
    (await historyOf(testApp, "line-list", id)).filter((entry) => entry.action === "publish");
  const newLineList = (name: string, brandId = crocsId, stage: "saved" | "preview" = "saved") =>
    createLineList(
      testApp.database.db,
      {
        brandId,
        name,
        stage,
        ...(stage === "saved"
          ? {
              products: [{ modelCode: `${name}-1`, sizes: [{ size: "M9", sku: `${name}-1-9` }] }],
              catalogs: { crocs: [`${name}-1`] },
              sortingCompleted: true,
            }
          : {}),
      },
      adminId,
    );

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    adminId = admin!.id;
    crocsId = (await db.select().from(brands).where(eq(brands.name, "Crocs")))[0]!.id;
    pandoraId = (await db.select().from(brands).where(eq(brands.name, "Pandora")))[0]!.id;
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  it("needs a signed-in user", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/crocs/catalogs/publish",
      payload: { lineListId: 1 },
    });
    expect(response.statusCode).toBe(401);
  });

  describe("by id", () => {
    let lineListId: number;
    beforeEach(async () => {
      lineListId = (await newLineList(`by-id-${Date.now()}`)).id;
    });

    it("sets published to 1 for good, bumps the revision and records the publication", async () => {
      const response = await publish({ lineListId });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: catalogMessages.published,
        nextExpectedStreamVersion: 2,
        createdNewStream: false,
        data: { id: lineListId, published: 1, _revision: 2 },
      });
      expect(await row(lineListId)).toMatchObject({
        published: true,
        revision: 2,
        publishedAt: expect.any(Date),
      });
      expect(await publishEvents(lineListId)).toEqual([
        expect.objectContaining({
          actor: { id: adminId, name: "Admin User" },
          entityLabel: expect.stringMatching(/^Crocs by-id-/),
          changes: [{ field: "published", before: 0, after: 1 }],
        }),
      ]);
    });

    it("is harmless the second time: still published, nothing changes", async () => {
      await publish({ lineListId });
      const before = await row(lineListId);
      const again = await publish({ lineListId });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        success: true,
        data: { published: 1, _revision: 2 },
        nextExpectedStreamVersion: 2,
      });
      expect(await row(lineListId)).toEqual(before);
      expect(await publishEvents(lineListId)).toHaveLength(1);
    });

    it("records one publication when two arrive together", async () => {
      const statuses = await Promise.all([publish({ lineListId }), publish({ lineListId })]);
      expect(statuses.map((response) => response.statusCode)).toEqual([200, 200]);
      expect(await publishEvents(lineListId)).toHaveLength(1);
      expect((await row(lineListId)).revision).toBe(2);
    });

    it("shows the line list under the published ones of with-catalogs-info", async () => {
      await publish({ lineListId });
      const response = await testApp.app.inject({
        method: "GET",
        url: "/api/line-lists/with-catalogs-info?status=published&pageSize=100",
        headers: auth,
      });
      expect(response.json().data).toContainEqual(expect.objectContaining({ id: lineListId, published: 1 }));
    });
  });

  it('answers 404 "No line list found" for an unknown id or a preview', async () => {
    const preview = await newLineList("still-previewing", crocsId, "preview");
    for (const lineListId of [987_654, preview.id]) {
      const response = await publish({ lineListId });
      expect(response.statusCode, String(lineListId)).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: catalogMessages.noLineListFound,
        data: null,
      });
    }
    expect((await row(preview.id)).published).toBe(false);
  });

  it("refuses a malformed id as wrong input", async () => {
    for (const lineListId of ["abc", -1, 0, 1.5]) {
      const response = await publish({ lineListId });
      expect(response.statusCode, String(lineListId)).toBe(400);
      expect(response.json().message).toBe(genericMessages.wrongInput);
    }
  });

  describe("the current line list", () => {
    it("publishes the newest saved line list of the Crocs brand when no id is given", async () => {
      const older = await newLineList("current-older");
      const latest = await newLineList("current-latest");
      // Newer, but of another brand or still a preview: not the current Crocs line list.
      await newLineList("other-brand", pandoraId);
      await newLineList("current-preview", crocsId, "preview");

      const response = await publish({});
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: latest.id, published: 1 });
      expect((await row(latest.id)).published).toBe(true);
      expect((await row(older.id)).published).toBe(false);
    });
  });
});

describe("publishing the current line list with none", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it('answers 404 "No line list found"', async () => {
    const headers = await signIn(testApp);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/crocs/catalogs/publish",
      payload: {},
      headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(catalogMessages.noLineListFound);
  });
});
