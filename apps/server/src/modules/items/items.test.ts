import type { CrocsItem, CrocsItemInput, PopulatedParentItem } from "@cm/contracts/line-list-preview";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf, historyRowCount } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { crocsBrandId, type Auth } from "../../../test/uploads.ts";
import { rowsOf } from "../../db/client.ts";
import { countedPastOffset } from "../../lib/pagination.ts";
import { createLineList } from "../line-lists/service.ts";
import type { ProductInput } from "../products/repository.ts";
import { productSearch, searchBucketIds } from "./repository.ts";

function style(modelCode: string, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    modelCode,
    franchise: "Classic",
    silhouette: "Clog",
    color: "Black",
    gender: "Unisex",
    msrp: "49.99",
    sizes: [
      { size: "M4/W6", sku: `${modelCode}-4` },
      { size: "M5/W7", sku: `${modelCode}-5` },
    ],
    ...overrides,
  };
}

const input = (modelCode: string, overrides: Partial<CrocsItemInput> = {}): CrocsItemInput => ({
  model_code: modelCode,
  franchise: "Echo",
  silhouette: "Boot",
  color: "Bone",
  gender: "Women",
  msrp: 79.99,
  expected_shipped_date: "2027-03-01",
  image_urls: ["https://images.example.com/a.jpg"],
  attributes: {
    comfort_level: "Cloud Comfort",
    height_range: "Mid",
    wear_occasion: "Outdoor",
    target_fit: "Roomy",
  },
  items: [
    { size: "W6", sku: `${modelCode}-W6` },
    { size: "W7", sku: `${modelCode}-W7` },
  ],
  ...overrides,
});

describe("Crocs items", () => {
  let testApp: TestApp;
  let auth: Auth;
  let lineListId: number;

  const request = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => testApp.app.inject({ method, url, headers: { ...auth, ...headers }, payload: payload as never });

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const brandId = await crocsBrandId(testApp);
    lineListId = (
      await createLineList(
        testApp.database.db,
        {
          brandId,
          name: "Spring 2027",
          stage: "saved",
          products: [
            style("10001-001"),
            style("10001-100", { color: "White", msrp: "54.99" }),
            style("20002-410", { franchise: "Baya", color: "Navy" }),
          ],
          catalogs: { athletic: ["10001-001"], crocs: ["10001-001", "20002-410"] },
        },
        null,
      )
    ).id;
  });
  afterAll(() => testApp?.close());

  it("lists the brand's items by model code with their sizes, paged and searchable", async () => {
    const page = (await request("GET", "/api/crocs/items?pageSize=2")).json();
    expect(page.pagination).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(page.data.map((item: CrocsItem) => item.model_code)).toEqual(["10001-001", "10001-100"]);
    expect(page.data[0]).toMatchObject({
      msrp: 49.99,
      items: [
        { size: "M4/W6", sku: "10001-001-4" },
        { size: "M5/W7", sku: "10001-001-5" },
      ],
      attributes: { comfort_level: null },
      _revision: 1,
    });
    const search = async (text: string) =>
      (await request("GET", `/api/crocs/items?search=${encodeURIComponent(text)}`))
        .json()
        .data.map((item: CrocsItem) => item.model_code);
    expect(await search("white")).toEqual(["10001-100"]);
    expect(await search("BAYA")).toEqual(["20002-410"]);
    expect(await search("54.99")).toEqual(["10001-100"]);
    expect(await search("_")).toEqual([]);
    // The index reads the fields joined ("… Clog Black …"); a match still lies within one field.
    expect(await search("Clog Black")).toEqual([]);
    expect((await request("GET", "/api/crocs/items?pageSize=0")).statusCode).toBe(400);
  });

  it("finds a search's candidates through the trigram index over the searched fields", async () => {
    // A few rows make a sequential scan cheaper: turned off, the plan shows the index is usable,
    // i.e. the query's expression is the index's (drizzle/0011_items_search_trigram.sql).
    const plan = await testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ "QUERY PLAN": string }>(
        await tx.execute(sql`explain select id from products where ${productSearch("Echo")}`),
      )
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    });
    expect(plan).toMatch(/Bitmap Index Scan on products_search_trgm_idx/);
  });

  it("creates, updates with revisions and deletes an item", async () => {
    const created = await request("POST", "/api/crocs", input("30003-2Y2"));
    expect(created.statusCode).toBe(201);
    const item = created.json().data as CrocsItem;
    expect(created.json()).toMatchObject({
      createdNewStream: true,
      nextExpectedStreamVersion: 1,
      message: "Item created successfully",
    });
    expect(item).toMatchObject({
      model_code: "30003-2Y2",
      msrp: 79.99,
      expected_shipped_date: "2027-03-01",
      items: input("30003-2Y2").items,
    });

    expect((await request("POST", "/api/crocs", input("30003-2Y2"))).statusCode).toBe(409);
    expect((await request("POST", "/api/crocs", { ...input("X"), items: [] })).statusCode).toBe(400);
    const twice = input("40004-001", {
      items: [
        { size: "1", sku: "S" },
        { size: "2", sku: "S" },
      ],
    });
    expect((await request("POST", "/api/crocs", twice)).statusCode).toBe(400);

    const changes = input("30003-2Y2", { color: "Stucco", items: [{ size: "W8", sku: "30003-2Y2-W8" }] });
    const updated = await request("PUT", `/api/crocs/${item.id}`, { ...changes, expectedRevision: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      nextExpectedStreamVersion: 2,
      data: { color: "Stucco", items: [{ size: "W8", sku: "30003-2Y2-W8" }] },
    });
    // A stale revision, a model code another item has (the database refuses it mid-transaction)
    // and an unknown item: none leaves an entry in the history.
    const entries = await historyRowCount(testApp);
    const stale = await request("PUT", `/api/crocs/${item.id}`, changes, { "if-match": "1" });
    expect(stale.statusCode).toBe(409);
    expect((await request("PUT", `/api/crocs/${item.id}`, input("10001-001"))).statusCode).toBe(409);
    expect((await request("PUT", "/api/crocs/999999", changes)).statusCode).toBe(404);
    expect(await historyRowCount(testApp)).toBe(entries);

    expect((await request("DELETE", `/api/crocs/${item.id}`)).json()).toMatchObject({
      success: true,
      data: { id: item.id },
    });
    expect((await request("DELETE", `/api/crocs/${item.id}`)).statusCode).toBe(404);

    const history = (await historyOf(testApp, "item", item.id)).reverse();
    expect(history.map(({ action, entityLabel }) => [action, entityLabel])).toEqual([
      ["create", "30003-2Y2"],
      ["update", "30003-2Y2"],
      ["delete", "30003-2Y2"],
    ]);
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: "msrp", before: null, after: 79.99 },
        { field: "attributes.comfort_level", before: null, after: "Cloud Comfort" },
      ]),
    );
    expect(history[1]!.changes).toEqual([
      { field: "color", before: "Bone", after: "Stucco" },
      { field: "items", before: input("30003-2Y2").items, after: [{ size: "W8", sku: "30003-2Y2-W8" }] },
    ]);
    expect(history[2]!.changes).toEqual(
      expect.arrayContaining([{ field: "color", before: "Stucco", after: null }]),
    );
  });

  it("refuses to delete an item a line list offers", async () => {
    const [offered] = (await request("GET", "/api/crocs/items?search=10001-001")).json().data as CrocsItem[];
    const response = await request("DELETE", `/api/crocs/${offered!.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("This item is offered by a line list and cannot be deleted");
  });

  it("lists a line list's items with their sizes and catalogs, the current line list by default", async () => {
    const response = await request(
      "GET",
      `/api/crocs/pre-book/populated-parent-items?lineListId=${lineListId}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ page: 1, pageSize: 10, total: 3, totalPages: 1 });
    expect(body.data.lineListId).toBe(lineListId);
    expect(body.data.items.map((item: PopulatedParentItem) => [item.model_code, item.catalogTypes])).toEqual([
      ["10001-001", ["athletic", "crocs"]],
      ["10001-100", []],
      ["20002-410", ["crocs"]],
    ]);
    expect(body.data.items[0].items).toHaveLength(2);
    const current = (await request("GET", "/api/crocs/pre-book/populated-parent-items?search=navy")).json();
    expect(current.data.items.map((item: PopulatedParentItem) => item.model_code)).toEqual(["20002-410"]);
    expect(
      (await request("GET", "/api/crocs/pre-book/populated-parent-items?lineListId=999999")).statusCode,
    ).toBe(404);
  });

  it("counts at most a cap of items past the page's first row, saying when the total is only a lower bound", async () => {
    const pagination = async (query: string) =>
      (await request("GET", `/api/crocs/items?${query}`)).json().pagination;
    const before = (await pagination("")).total as number;
    // One more "Mellow" product than the cap, in model code order; all but the last are "Lime".
    const brandId = await crocsBrandId(testApp);
    await testApp.database.db.execute(sql`
      insert into products (brand_id, model_code, franchise, color)
      select ${brandId}, 'M' || lpad(i::text, 4, '0'), 'Mellow',
        case when i > ${countedPastOffset} then 'Pink' else 'Lime' end
      from generate_series(1, ${countedPastOffset + 1}) i`);

    const capped = await request("GET", "/api/crocs/items?search=mellow&pageSize=3");
    expect(capped.json().pagination).toEqual({
      page: 1,
      pageSize: 3,
      total: countedPastOffset,
      totalPages: Math.ceil(countedPastOffset / 3),
      totalIsLowerBound: true,
    });
    expect(capped.json().data.map((item: CrocsItem) => item.model_code)).toEqual(["M0001", "M0002", "M0003"]);
    // A later page counts from its own first row: past the first cap, the last page's total is exact.
    const last = (await request("GET", "/api/crocs/items?search=mellow&pageSize=10&page=101")).json();
    expect(last.pagination).toEqual({
      page: 101,
      pageSize: 10,
      total: countedPastOffset + 1,
      totalPages: 101,
    });
    expect(last.data.map((item: CrocsItem) => item.model_code)).toEqual(["M1001"]);
    // A page one row further on counts one row further: the last match is within its cap.
    expect(await pagination("search=mellow&pageSize=1&page=2")).toEqual({
      page: 2,
      pageSize: 1,
      total: countedPastOffset + 1,
      totalPages: countedPastOffset + 1,
    });

    // Exactly the cap and fewer: exact totals, without the flag.
    expect(await pagination("search=lime")).toEqual({
      page: 1,
      pageSize: 10,
      total: countedPastOffset,
      totalPages: countedPastOffset / 10,
    });
    expect(await pagination("search=pink")).toEqual({ page: 1, pageSize: 10, total: 1, totalPages: 1 });
    // Without a search the brand's items are capped the same way.
    expect(await pagination("")).toEqual({
      page: 1,
      pageSize: 10,
      total: countedPastOffset,
      totalPages: countedPastOffset / 10,
      totalIsLowerBound: true,
    });
    const all = before + countedPastOffset + 1;
    expect(await pagination("page=10")).toEqual({
      page: 10,
      pageSize: 10,
      total: all,
      totalPages: Math.ceil(all / 10),
    });

    // The OpenAPI document (generated from the zod schemas) describes the optional flag.
    const document = (await request("GET", "/api/docs/json")).json();
    const answer = document.paths["/api/crocs/items"].get.responses["200"].content["application/json"].schema;
    expect(answer.properties.pagination.required).not.toContain("totalIsLowerBound");
    expect(answer.properties.pagination.properties.totalIsLowerBound).toMatchObject({
      type: "boolean",
      enum: [true],
    });
  });

  it("counts a search's matches alike whether the newest ids hold enough of them or not", async () => {
    const pagination = async (query: string) =>
      (await request("GET", `/api/crocs/items?${query}`)).json().pagination;
    // The count looks at the newest two buckets of ids first (`searchBucketIds`): ids written far
    // apart put a search's matches among the newest ids, among older ones, or in both.
    const brandId = await crocsBrandId(testApp);
    const newest = 9 * searchBucketIds;
    const insert = (franchise: string, firstId: number, count: number) =>
      testApp.database.db.execute(sql`
        insert into products (id, brand_id, model_code, franchise) overriding system value
        select ${firstId}::int + i, ${brandId}, ${franchise} || '-' || (${firstId}::int + i), ${franchise}
        from generate_series(0, ${count - 1}) i`);
    await insert("Basalt", newest - countedPastOffset, countedPastOffset + 1);
    await insert("Quartz", 2 * searchBucketIds, countedPastOffset);
    await insert("Quartz", newest + 10, 1);
    await insert("Gneiss", 3 * searchBucketIds, 5);
    try {
      const capped = { page: 1, pageSize: 10, total: countedPastOffset, totalPages: countedPastOffset / 10 };
      expect(await pagination("search=basalt")).toEqual({ ...capped, totalIsLowerBound: true });
      expect(await pagination("search=quartz")).toEqual({ ...capped, totalIsLowerBound: true });
      expect(await pagination("search=quartz&page=2")).toEqual({
        page: 2,
        pageSize: 10,
        total: countedPastOffset + 1,
        totalPages: Math.ceil((countedPastOffset + 1) / 10),
      });
      expect(await pagination("search=gneiss")).toEqual({ page: 1, pageSize: 10, total: 5, totalPages: 1 });
    } finally {
      await testApp.database.db.execute(
        sql`delete from products where franchise in ('Basalt', 'Quartz', 'Gneiss')`,
      );
    }
  });

  it("needs a signed-in user", async () => {
    for (const [method, url] of [
      ["GET", "/api/crocs/items"],
      ["POST", "/api/crocs"],
      ["PUT", "/api/crocs/1"],
      ["DELETE", "/api/crocs/1"],
      ["GET", "/api/crocs/pre-book/populated-parent-items"],
    ] as const) {
      expect((await testApp.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
