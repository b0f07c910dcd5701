import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { listLineListsWithCatalogs } from "../modules/line-lists/service.ts";
import { rowsOf } from "../db/client.ts";
import { seedDemoData } from "./seed.ts";
import { brands, lineLists, orders, organizations } from "../db/schema.ts";
import { findOfferStyles } from "../modules/orders/repository.ts";
import { getBrandMapping } from "../modules/line-list-mappings/service.ts";
import { getOrderOffer } from "../modules/orders/offer.service.ts";
import { historyOf } from "../../test/history.ts";
import { demoStockFileName, demoUnknownSkus } from "./open-stock.ts";

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

    expect(await seedDemoData(db, testApp.config)).toEqual({ lineLists: [], orders: 0, openStock: 0 });
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

  it("applies a stock count of the own-stock line lists through Open Stock, once: New Order shows available quantities", async () => {
    const { db } = testApp.database;
    // Every fourth style of the four published own-stock line lists is not counted: 12 of Crocs'
    // 16 styles (32 + 28 + 28 sizes), 9 of Skechers' 12 (8 sizes each), 9 of Hey Dude's 12 (10
    // each) and 14 of Pandora's 18 one-size items.
    expect(first.openStock).toBe(88 + 72 + 90 + 14);

    // Recorded as an upload of the file on each brand whose SKUs it set, with the unknown SKUs counted.
    const brandIds = new Map(
      (await db.select({ id: brands.id, name: brands.name }).from(brands)).map((brand) => [
        brand.name,
        brand.id,
      ]),
    );
    for (const [brand, skus] of [
      ["Crocs", 88],
      ["Skechers", 72],
      ["Hey Dude", 90],
      ["Pandora", 14],
    ] as const) {
      const uploads = (await historyOf(testApp, "brand", brandIds.get(brand)!)).filter((entry) =>
        entry.summary?.startsWith("Open Stock uploaded"),
      );
      expect(
        uploads.map((entry) => entry.summary),
        brand,
      ).toEqual([`Open Stock uploaded: ${skus} SKUs updated (${demoStockFileName})`]);
    }

    // New Order's offer: the counted sizes' quantities, generous beside what the order journeys
    // type (a few units in the first styles), with a sold-out size here and there.
    const [store] = rowsOf<{ id: number }>(
      await db.execute(sql`
        select s.id from stores s join organizations o on o.id = s.organization_id
        where o.name = 'Sunset Soles' and s.name = 'Lincoln Road'
      `),
    );
    const ownStock = await db
      .select({ id: lineLists.id, name: lineLists.name })
      .from(lineLists)
      .where(sql`${lineLists.type} = 'own-stock' and ${lineLists.published}`);
    const offer = await getOrderOffer(
      db,
      store!.id,
      ownStock.map((lineList) => lineList.id),
    );
    const available = (lineListName: string, modelCode: string) => {
      const lineList = offer.lineLists.find((entry) => entry.name === lineListName)!;
      const style = lineList.styles.find((entry) => entry.modelCode === modelCode)!;
      return Object.fromEntries(style.sizes.map((size) => [size.size, size.availableQuantity ?? null]));
    };
    expect(available("Crocs Core Own Stock", "10001-001")).toMatchObject({ "M4/W6": 12, "M5/W7": 23 });
    expect(available("Skechers Core Own Stock", "216100-BLA")).toMatchObject({ M8: 12, W6: 56 });
    expect(available("Hey Dude Core Own Stock", "40100-BLA")).toMatchObject({ M8: 23 });
    // Not counted (the fourth style): no quantity known.
    expect(Object.values(available("Crocs Core Own Stock", "10022-001"))).toEqual(Array(9).fill(null));
    const quantities = offer.lineLists.flatMap((lineList) =>
      lineList.styles.flatMap((style) => style.sizes.map((size) => size.availableQuantity)),
    );
    const known = quantities.filter((quantity) => quantity !== undefined);
    expect(known).toHaveLength(first.openStock);
    expect(known.filter((quantity) => quantity === 0).length).toBeGreaterThan(0);
    for (const quantity of known) expect(quantity === 0 || quantity! >= 12, String(quantity)).toBe(true);

    // The unknown SKUs of the file were left out; its layout's columns are remembered.
    const [entry] = rowsOf<{ data: unknown }>(
      await db.execute(sql`
        select data from history_entries
        where entity_type = 'brand' and entity_id = ${String(brandIds.get("Crocs"))}
          and summary like 'Open Stock uploaded%'
      `),
    );
    expect(entry?.data).toMatchObject({
      openStock: { fileName: demoStockFileName, unknown: demoUnknownSkus.length, rowErrors: 0 },
    });
    expect(rowsOf(await db.execute(sql`select sku_column, quantity_column from open_stock_layouts`))).toEqual(
      [{ sku_column: "SKU", quantity_column: "Quantity" }],
    );

    // Again: nothing applied, no quantity changed (the first test ran the seed a second time; a
    // third run after a quantity changed by hand keeps it).
    const snapshot = async () =>
      rowsOf<{ id: number; quantity: number | null }>(
        await db.execute(sql`select id, available_quantity as quantity from product_sizes order by id`),
      );
    await db.execute(sql`update product_sizes set available_quantity = 3 where sku = '10001-001-M4W6'`);
    const before = await snapshot();
    expect(await seedDemoData(db, testApp.config)).toEqual({ lineLists: [], orders: 0, openStock: 0 });
    expect(await snapshot()).toEqual(before);
    expect(
      (await historyOf(testApp, "brand", brandIds.get("Crocs")!)).filter((item) =>
        item.summary?.startsWith("Open Stock uploaded"),
      ),
    ).toHaveLength(1);
  });
});
