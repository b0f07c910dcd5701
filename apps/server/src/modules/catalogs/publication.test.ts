import { catalogAudienceMessages, catalogMessages } from "@cm/contracts/catalogs";
import { genericMessages } from "@cm/contracts/messages";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { brands, catalogs, lineLists, users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";

/** Issue 34: catalog audiences, scheduled publication and its cancellation. */
describe("catalog audiences and scheduled publishing", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;
  let crocsId: number;
  let counter = 0;

  const inject = (method: "POST" | "PUT" | "DELETE" | "GET", url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: auth });
  const publish = (body: object) => inject("POST", "/api/crocs/catalogs/publish", body);
  const putAudience = (lineListId: number, type: string, body: object) =>
    inject("PUT", `/api/line-lists/${lineListId}/catalogs/${type}/audience`, body);
  const cancel = (lineListId: number) =>
    inject("DELETE", `/api/line-lists/${lineListId}/scheduled-publication`);
  const row = async (id: number) =>
    (await testApp.database.db.select().from(lineLists).where(eq(lineLists.id, id)))[0]!;
  const audienceOf = async (lineListId: number, type: "athletic" | "boutique" | "crocs") =>
    (
      await testApp.database.db
        .select({ audience: catalogs.audience })
        .from(catalogs)
        .where(and(eq(catalogs.lineListId, lineListId), eq(catalogs.type, type)))
    )[0]?.audience;
  const newLineList = async (withCatalogs = true) => {
    const name = `audience-${++counter}`;
    return createLineList(
      testApp.database.db,
      {
        brandId: crocsId,
        name,
        stage: "saved",
        products: [{ modelCode: `${name}-1`, sizes: [{ size: "M9", sku: `${name}-1-9` }] }],
        ...(withCatalogs ? { catalogs: { crocs: [`${name}-1`] } } : {}),
      },
      adminId,
    );
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const listed = async (lineListId: number) => {
    const response = await inject("GET", `/api/line-lists/with-catalogs-info?pageSize=100`);
    return (response.json().data as { id: number }[]).find((lineList) => lineList.id === lineListId);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    adminId = (await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL)))[0]!.id;
    crocsId = (await db.select().from(brands).where(eq(brands.name, "Crocs")))[0]!.id;
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  describe("audience on publish", () => {
    it("sets the audiences named, keeps the others at all three, in one publish entry", async () => {
      const { id } = await newLineList();
      const response = await publish({ lineListId: id, audiences: { crocs: ["best", "good"] } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: { published: 1, publishAt: null, _revision: 2 } });
      expect(await audienceOf(id, "crocs")).toEqual(["good", "best"]);
      expect(await audienceOf(id, "athletic")).toEqual(["good", "better", "best"]);
      expect((await listed(id)) as unknown).toMatchObject({
        catalogs: expect.arrayContaining([{ type: "crocs", itemsCount: 1, audience: ["good", "best"] }]),
      });
      const entries = (await historyOf(testApp, "line-list", id)).filter(
        (entry) => entry.action === "publish",
      );
      expect(entries).toEqual([
        expect.objectContaining({
          changes: [
            { field: "published", before: 0, after: 1 },
            { field: "audience.crocs", before: ["good", "better", "best"], after: ["good", "best"] },
          ],
        }),
      ]);
    });

    it("refuses an empty audience and an unknown segmentation, changing nothing", async () => {
      const { id } = await newLineList();
      for (const audience of [[], ["premium"]]) {
        const response = await publish({ lineListId: id, audiences: { crocs: audience } });
        expect(response.statusCode, JSON.stringify(audience)).toBe(400);
      }
      const empty = await publish({ lineListId: id, audiences: { crocs: [] } });
      expect(JSON.stringify(empty.json())).toContain(catalogAudienceMessages.audienceRequired);
      expect((await row(id)).published).toBe(false);
    });
  });

  describe("PUT /api/line-lists/{id}/catalogs/{type}/audience", () => {
    it("changes one catalog's audience, bumps the revision and records it in the history", async () => {
      const { id } = await newLineList();
      const response = await putAudience(id, "crocs", { audience: ["best"], expectedRevision: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: catalogAudienceMessages.audienceSaved,
        data: { type: "crocs", itemsCount: 1, audience: ["best"] },
        nextExpectedStreamVersion: 2,
        createdNewStream: false,
      });
      expect(await audienceOf(id, "crocs")).toEqual(["best"]);
      expect(await historyOf(testApp, "line-list", id)).toContainEqual(
        expect.objectContaining({
          action: "update",
          actor: { id: adminId, name: "Admin User" },
          changes: [{ field: "audience.crocs", before: ["good", "better", "best"], after: ["best"] }],
        }),
      );
      // The same audience again changes nothing.
      const again = await putAudience(id, "crocs", { audience: ["best"] });
      expect(again.json()).toMatchObject({ nextExpectedStreamVersion: 2 });
    });

    it("creates the catalog when missing", async () => {
      const { id } = await newLineList(false);
      const response = await putAudience(id, "athletic", { audience: ["better", "good"] });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ type: "athletic", itemsCount: 0, audience: ["good", "better"] });
      expect(await audienceOf(id, "athletic")).toEqual(["good", "better"]);
      const listed = await inject("GET", `/api/line-lists/${id}/catalogs`);
      expect(listed.json()).toMatchObject({
        success: true,
        data: {
          catalogs: [
            { type: "athletic", itemsCount: 0, audience: ["good", "better"] },
            { type: "boutique", itemsCount: 0, audience: ["good", "better", "best"] },
            { type: "crocs", itemsCount: 0, audience: ["good", "better", "best"] },
          ],
        },
      });
      expect((await inject("GET", "/api/line-lists/987654/catalogs")).statusCode).toBe(404);
    });

    it("answers 400 for an empty audience or unknown type, 404 for an unknown line list, 409 for a stale revision", async () => {
      const { id } = await newLineList();
      const empty = await putAudience(id, "crocs", { audience: [] });
      expect(empty.statusCode).toBe(400);
      expect(JSON.stringify(empty.json())).toContain(catalogAudienceMessages.audienceRequired);
      expect((await putAudience(id, "sandals", { audience: ["good"] })).statusCode).toBe(400);
      const unknown = await putAudience(987_654, "crocs", { audience: ["good"] });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(catalogMessages.noLineListFound);
      const stale = await putAudience(id, "crocs", { audience: ["good"], expectedRevision: 7 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(genericMessages.staleRevision);
      expect(await audienceOf(id, "crocs")).toEqual(["good", "better", "best"]);
    });
  });

  describe("scheduled publication", () => {
    it("schedules instead of publishing, and scheduling again replaces the time", async () => {
      const { id } = await newLineList();
      const first = inAnHour();
      const response = await publish({ lineListId: id, publishAt: first, audiences: { crocs: ["better"] } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: catalogAudienceMessages.scheduledToast,
        data: { published: 0, publishAt: first, _revision: 2 },
      });
      expect(await audienceOf(id, "crocs")).toEqual(["better"]);
      expect(await listed(id)).toMatchObject({ published: 0, publishAt: first });

      const later = new Date(Date.now() + 7_200_000).toISOString();
      const again = await publish({ lineListId: id, publishAt: later });
      expect(again.json().data).toMatchObject({ published: 0, publishAt: later, _revision: 3 });
      const entries = await historyOf(testApp, "line-list", id);
      expect(entries).toContainEqual(
        expect.objectContaining({
          action: "update",
          changes: [{ field: "publishAt", before: first, after: later }],
        }),
      );
      expect(entries.filter((entry) => entry.action === "publish")).toEqual([]);
    });

    it("accepts a time with an offset and answers it in UTC", async () => {
      const { id } = await newLineList();
      const when = new Date(Date.now() + 86_400_000);
      when.setUTCMilliseconds(0);
      const local = `${when.toISOString().slice(0, 19)}+00:00`;
      const response = await publish({ lineListId: id, publishAt: local });
      expect(response.json().data.publishAt).toBe(when.toISOString());
    });

    it('refuses a time in the past: 400 "publishAtPast" on the field publishAt, nothing changes', async () => {
      const { id } = await newLineList();
      const response = await publish({
        lineListId: id,
        publishAt: new Date(Date.now() - 60_000).toISOString(),
        audiences: { crocs: ["best"] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: catalogAudienceMessages.publishAtPast,
        data: { publishAt: [catalogAudienceMessages.publishAtPast] },
      });
      expect(await row(id)).toMatchObject({ publishAt: null, published: false, revision: 1 });
      expect(await audienceOf(id, "crocs")).toEqual(["good", "better", "best"]);
    });

    it("publishing now clears the schedule", async () => {
      const { id } = await newLineList();
      const when = inAnHour();
      await publish({ lineListId: id, publishAt: when });
      const response = await publish({ lineListId: id });
      expect(response.json()).toMatchObject({
        message: catalogMessages.published,
        data: { published: 1, publishAt: null },
      });
      expect(await row(id)).toMatchObject({ published: true, publishAt: null });
      expect((await historyOf(testApp, "line-list", id)).find((e) => e.action === "publish")).toMatchObject({
        changes: [
          { field: "published", before: 0, after: 1 },
          { field: "publishAt", before: when, after: null },
        ],
      });
    });

    it('refuses to schedule a published line list: 409 "alreadyPublished"', async () => {
      const { id } = await newLineList();
      await publish({ lineListId: id });
      const response = await publish({ lineListId: id, publishAt: inAnHour() });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(catalogAudienceMessages.alreadyPublished);
    });

    it("cancels a schedule: the line list stays unpublished, with history", async () => {
      const { id } = await newLineList();
      const when = inAnHour();
      await publish({ lineListId: id, publishAt: when });
      const response = await cancel(id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: catalogAudienceMessages.scheduleCancelled,
        data: { published: 0, publishAt: null, _revision: 3 },
      });
      expect(await row(id)).toMatchObject({ published: false, publishAt: null });
      expect(await historyOf(testApp, "line-list", id)).toContainEqual(
        expect.objectContaining({
          action: "update",
          changes: [{ field: "publishAt", before: when, after: null }],
        }),
      );

      const none = await cancel(id);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(catalogAudienceMessages.noSchedule);
    });

    it("answers 409 when cancelling a published line list's schedule, 404 for an unknown one", async () => {
      const { id } = await newLineList();
      await publish({ lineListId: id });
      const published = await cancel(id);
      expect(published.statusCode).toBe(409);
      expect(published.json().message).toBe(catalogAudienceMessages.alreadyPublished);
      // A schedule whose time has passed (the scheduler has not run yet) is published for customers.
      const due = await newLineList();
      await testApp.database.db
        .update(lineLists)
        .set({ publishAt: new Date(Date.now() - 1_000) })
        .where(eq(lineLists.id, due.id));
      expect((await cancel(due.id)).json().message).toBe(catalogAudienceMessages.alreadyPublished);
      expect((await publish({ lineListId: due.id, publishAt: inAnHour() })).statusCode).toBe(409);
      const unknown = await cancel(987_654);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(catalogMessages.noLineListFound);
    });
  });
});
