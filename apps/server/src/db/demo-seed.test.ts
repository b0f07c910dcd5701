import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { listLineListsWithCatalogs } from "../modules/line-lists/service.ts";
import { seedDemoData } from "./demo-seed.ts";
import { lineLists } from "./schema.ts";

describe("demo seed", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("adds a published, a sorted unpublished and an unsorted Crocs line list, once", async () => {
    const { db } = testApp.database;
    const first = await seedDemoData(db, testApp.config);
    expect(first.lineLists).toHaveLength(3);
    const { data } = await listLineListsWithCatalogs(db, { page: 1, pageSize: 10, status: "all" });
    const byName = new Map(data.map((lineList) => [lineList.name, lineList]));
    expect(byName.get("Spring 2027 Pre-Book")).toMatchObject({
      brandName: "Crocs",
      published: 1,
      sortingCompleted: 1,
    });
    expect(byName.get("Summer 2027 Future Stock")).toMatchObject({ published: 0, sortingCompleted: 1 });
    expect(byName.get("Fall 2027 Own Stock")).toMatchObject({
      published: 0,
      sortingCompleted: 0,
      catalogs: [],
    });
    for (const lineList of data) expect(lineList.itemsCount).toBeGreaterThan(0);

    expect((await seedDemoData(db, testApp.config)).lineLists).toEqual([]);
    expect(await db.$count(lineLists)).toBe(3);
  });
});
