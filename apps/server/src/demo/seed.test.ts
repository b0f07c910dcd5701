import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { listLineListsWithCatalogs } from "../modules/line-lists/service.ts";
import { rowsOf } from "../db/client.ts";
import { seedDemoData } from "./seed.ts";
import { brands, lineLists, orders, organizations } from "../db/schema.ts";
import { findOfferStyles } from "../modules/orders/repository.ts";
import { getBrandMapping } from "../modules/line-list-mappings/service.ts";

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
    expect(first.lineLists).toHaveLength(9);
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
    for (const name of [
      "Crocs Core Own Stock",
      "Skechers Core Own Stock",
      "Hey Dude Core Own Stock",
      "Pandora Core Own Stock",
    ]) {
      expect(byName.get(name), name).toMatchObject({ type: "own-stock", published: 1 });
    }
    expect(byName.get("Skechers Available To Sell")).toMatchObject({ type: "brand-ats", published: 1 });
    expect(byName.get("Hey Dude Summer 2027 Future Stock")).toMatchObject({
      type: "future-stock",
      published: 1,
      dateOfAvailability: "2027-05-01",
      season: "Summer",
      year: 2027,
    });
    // Seasons from the files: the sheet's name (Pandora), or as the mapping step suggested it.
    expect(byName.get("Pandora Core Own Stock")).toMatchObject({ season: "Spring", year: 2027 });
    expect(byName.get("Skechers Core Own Stock")).toMatchObject({ season: "Spring", year: 2027 });
    for (const lineList of data) expect(lineList.itemsCount).toBeGreaterThan(0);

    expect(await seedDemoData(db, testApp.config)).toEqual({ lineLists: [], orders: 0 });
    expect(await db.$count(lineLists)).toBe(9);
  });

  it("uploads the other brands' files through the mapping engine: sizes as columns, a semicolon CSV, one-size jewellery", async () => {
    const { db } = testApp.database;
    const brandId = async (name: string) =>
      (await db.select({ id: brands.id }).from(brands).where(eq(brands.name, name)))[0]!.id;
    const mappingOf = async (name: string) => (await getBrandMapping(db, await brandId(name)))?.mapping;

    // Each brand's mapping is the engine's guess, saved on its first upload.
    expect(await mappingOf("Hey Dude")).toMatchObject({
      layout: "size-columns",
      headerRow: 4,
      fields: { model_code: "Style #", msrp: "RRP", wholesale_price: "Wholesale" },
      season: { season: "Spring", year: 2027 },
    });
    expect((await mappingOf("Hey Dude"))!.sizeColumns.map((entry) => entry.column)).toEqual([
      "M7",
      "M8",
      "M9",
      "M10",
      "M11",
      "M12",
      "W6",
      "W7",
      "W8",
      "W9",
    ]);
    expect(await mappingOf("Skechers")).toMatchObject({
      layout: "rows",
      decimalSeparator: ",",
      fields: { model_code: "Style", size: "Size", sku: "UPC", msrp: "MSRP", color: "Color" },
    });
    expect(await mappingOf("Pandora")).toMatchObject({
      layout: "rows",
      fields: { model_code: "Item No", sku: "EAN" },
    });

    // What the files said, as the products hold it.
    const product = async (modelCode: string) => {
      const [row] = rowsOf<{ color: string; msrp: string; sizes: string[]; skus: string[] }>(
        await db.execute(sql`
          select p.color, p.msrp::text as msrp,
            array_agg(s.size order by s.id) as sizes, array_agg(s.sku order by s.id) as skus
          from products p join product_sizes s on s.product_id = p.id
          where p.model_code = ${modelCode} group by p.id
        `),
      );
      return row!;
    };
    const wally = await product("40100-BLA");
    expect(wally).toMatchObject({ color: "Black", msrp: "64.99" });
    expect(new Set(wally.sizes)).toEqual(
      new Set(["M7", "M8", "M9", "M10", "M11", "M12", "W6", "W7", "W8", "W9"]),
    );
    for (const sku of wally.skus) expect(sku).toMatch(/^\d{12}$/);
    // Windows-1252 and decimal commas read right.
    expect(await product("216100-CRM")).toMatchObject({ color: "Crème", msrp: "65.00" });
    const pandora = rowsOf<{ sizes: number }>(
      await db.execute(sql`
        select count(*)::int as sizes from products p join product_sizes s on s.product_id = p.id
        join brands b on b.id = p.brand_id where b.name = 'Pandora'
      `),
    );
    expect(pandora[0]!.sizes).toBe(18);
  });

  it("keeps the styles, sizes and prices the order journeys write orders for", async () => {
    const { db } = testApp.database;
    const [customer] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, "Sunset Soles"));
    const offer = async (lineListName: string) => {
      const [lineList] = await db
        .select({ id: lineLists.id })
        .from(lineLists)
        .where(eq(lineLists.name, lineListName));
      return findOfferStyles(db, customer!.id, [lineList!.id]);
    };
    const skechers = await offer("Skechers Core Own Stock");
    expect(skechers.slice(0, 2).map((style) => [style.modelCode, style.unitWhs])).toEqual([
      ["216100-BLA", "32.50"],
      ["216111-BLA", "37.50"],
    ]);
    expect(skechers[0]!.sizes.map((size) => size.size)).toContain("W6");
    const heyDude = await offer("Hey Dude Core Own Stock");
    expect(heyDude.slice(0, 4).map((style) => [style.modelCode, style.unitWhs])).toEqual([
      ["40100-BLA", "32.50"],
      ["40111-BLA", "30.00"],
      ["40122-BLA", "35.00"],
      ["40133-BLA", "40.00"],
    ]);
    expect(heyDude[0]!.sizes.map((size) => size.size)).toEqual(
      expect.arrayContaining(["M8", "M9", "M10", "W7"]),
    );
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
