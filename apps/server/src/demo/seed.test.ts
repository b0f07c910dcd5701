import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { listLineListsWithCatalogs } from "../modules/line-lists/service.ts";
import { rowsOf } from "../db/client.ts";
import { seedDemoData } from "./seed.ts";
import { lineLists, orders } from "../db/schema.ts";

describe("demo seed", () => {
  let testApp: TestApp;
  let first: Awaited<ReturnType<typeof seedDemoData>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    first = await seedDemoData(testApp.database.db, testApp.config);
  });
  afterAll(() => testApp?.close());

  it("adds a published, a sorted unpublished and an unsorted Crocs line list, and published ones of other brands, once", async () => {
    const { db } = testApp.database;
    expect(first.lineLists).toHaveLength(8);
    const { data } = await listLineListsWithCatalogs(db, { page: 1, pageSize: 20, status: "all" });
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
    for (const name of ["Crocs Core Own Stock", "Skechers Core Own Stock", "Hey Dude Core Own Stock"]) {
      expect(byName.get(name), name).toMatchObject({ type: "own-stock", published: 1 });
    }
    expect(byName.get("Skechers Available To Sell")).toMatchObject({ type: "brand-ats", published: 1 });
    expect(byName.get("Hey Dude Summer 2027 Future Stock")).toMatchObject({
      type: "future-stock",
      published: 1,
      dateOfAvailability: "2027-05-01",
    });
    for (const lineList of data) expect(lineList.itemsCount).toBeGreaterThan(0);

    expect(await seedDemoData(db, testApp.config)).toEqual({ lineLists: [], orders: 0 });
    expect(await db.$count(lineLists)).toBe(8);
  });

  it("adds twelve months of orders of every type and status, some multibrand, once", async () => {
    const { db } = testApp.database;
    expect(first.orders).toBeGreaterThan(100);
    expect(await db.$count(orders)).toBe(first.orders);
    const [summary] = rowsOf<{
      months: number;
      types: string[];
      statuses: string[];
      multibrand: number;
      mismatched: number;
    }>(
      await db.execute(sql`
        select
          count(distinct date_trunc('month', placed_at))::int as months,
          array_agg(distinct order_type order by order_type) as types,
          array_agg(distinct status order by status) as statuses,
          count(*) filter (where multibrand)::int as multibrand,
          (select count(*)::int from orders o where o.total_whs <>
            (select sum(quantity * unit_whs) from order_lines l where l.order_id = o.id)) as mismatched
        from orders
      `),
    );
    expect(summary!.months).toBeGreaterThanOrEqual(12);
    expect(summary!.types).toEqual(["brand-ats", "future-stock", "open-stock", "pre-book"]);
    expect(summary!.statuses).toEqual([
      "cancelled",
      "completed",
      "delivered",
      "pending",
      "processing",
      "shipped",
    ]);
    expect(summary!.multibrand).toBeGreaterThan(0);
    expect(summary!.mismatched).toBe(0);
  });
});
