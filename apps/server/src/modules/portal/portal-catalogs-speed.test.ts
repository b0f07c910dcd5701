import type { PortalStyles } from "@cm/contracts/portal-catalogs";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { listPortalStyles } from "./catalogs.service.ts";
import { portalCatalogsFixture, style } from "./portal-catalogs-fixture.ts";

const styleCount = 5000;

/**
 * A page of a 5,000-style line list (issue 34, "Speed"): read in two statements whatever the
 * line list's size, never one per style.
 */
describe("portal catalogs: a 5,000-style line list", () => {
  let testApp: TestApp;
  let f: Awaited<ReturnType<typeof portalCatalogsFixture>>;
  let store: { id: number; name: string; organizationId: number };
  let buyer: { authorization: string };
  let lineListId: number;
  const code = (index: number) => `BIG-${String(index).padStart(4, "0")}`;

  beforeAll(async () => {
    testApp = await createTestApp();
    f = await portalCatalogsFixture(testApp);
    const organizationId = await f.organization("Big Buyer", {
      discounts: [{ brandId: f.crocsId, percentage: 5 }],
    });
    const storeId = await f.store(organizationId, "Big Store", [[f.crocsId, "best"]]);
    store = { id: storeId, name: "Big Store", organizationId };
    buyer = (await f.buyer("big@buyer.test", organizationId, [storeId])).auth;
    const codes = Array.from({ length: styleCount }, (_, index) => code(index));
    lineListId = await f.lineList(
      "Everything",
      codes.map((modelCode, index) =>
        style(modelCode, {
          gender: index % 2 ? "Men" : "Women",
          color: ["Black", "White", "Red"][index % 3],
        }),
      ),
      { crocs: codes, athletic: codes.filter((_, index) => index % 2 === 0) },
    );
    await f.publish(lineListId);
  }, 300_000);
  afterAll(() => testApp?.close());

  it("answers any page of 48 with the total and facets", async () => {
    const page = async (query: string) => {
      const response = await f.api(
        "GET",
        `/api/portal/line-lists/${lineListId}/styles?storeId=${store.id}${query}`,
        buyer,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as PortalStyles;
    };
    const first = await page("");
    expect(first.styles.map((s) => s.modelCode)).toEqual(
      Array.from({ length: 48 }, (_, index) => code(index)),
    );
    expect(first.total).toBe(styleCount);
    expect(first.facets).toEqual({ genders: ["Men", "Women"], colors: ["Black", "Red", "White"] });
    const last = await page("&page=105");
    expect(last.styles.map((s) => s.modelCode)).toEqual(
      Array.from({ length: 8 }, (_, index) => code(4992 + index)),
    );
    const searched = await page("&catalogType=athletic&gender=Women&q=BIG-49");
    expect(searched.styles.map((s) => s.modelCode)).toEqual(
      Array.from({ length: 50 }, (_, index) => code(4900 + 2 * index)).slice(0, 48),
    );
    expect(searched.total).toBe(50);
  });

  it("reads a page in two statements: the line list, then the styles with their total and facets", async () => {
    const { db } = testApp.database;
    const statements: SQL[] = [];
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "execute")
          return (query: SQL) => {
            statements.push(query);
            return target.execute(query);
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as DbExecutor;
    const answer = await listPortalStyles(counting, store, lineListId, { page: 60, pageSize: 48 }, null);
    expect(answer.styles).toHaveLength(48);
    expect(statements).toHaveLength(2);

    // Through indexes: the line list's items, their catalogs and products, never a whole table.
    const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(sql`explain ${statements[1]!}`))
      .map((row) => row["QUERY PLAN"])
      .join("\n");
    expect(plan).toContain("line_list_items_line_list_position_idx");
    expect(plan).not.toMatch(/Seq Scan on (line_list_items|catalog_items|products|product_sizes)\b/);
  });
});
