import type { PortalCatalogs, PortalSeen, PortalStyles } from "@cm/contracts/portal-catalogs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { portalCatalogsFixture, style } from "./portal-catalogs-fixture.ts";

type Auth = { authorization: string };

/**
 * A line list's styles in the portal (docs/portal.md "What a store sees"): paging, search,
 * filters and facets; and what the home marks "New" since the previous visit.
 */
describe("portal catalogs: styles and what is new", () => {
  let testApp: TestApp;
  let f: Awaited<ReturnType<typeof portalCatalogsFixture>>;
  let storeId: number;
  let buyer: { id: number; auth: Auth };
  let colleague: { id: number; auth: Auth };
  let grid: number;

  const execute = (query: ReturnType<typeof sql>) => testApp.database.db.execute(query);
  const styles = async (query = "") => {
    const response = await f.api(
      "GET",
      `/api/portal/line-lists/${grid}/styles?storeId=${storeId}${query}`,
      buyer.auth,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as PortalStyles;
  };
  const codes = async (query: string) => (await styles(query)).styles.map((s) => s.modelCode);

  beforeAll(async () => {
    testApp = await createTestApp();
    f = await portalCatalogsFixture(testApp);
    const organizationId = await f.organization("Sole Mates");
    storeId = await f.store(organizationId, "Uptown", [[f.crocsId, "best"]]);
    buyer = await f.buyer("bea@solemates.test", organizationId, [storeId]);
    colleague = await f.buyer("cole@solemates.test", organizationId, [storeId]);
    // In the line list's order, which is not the model codes' order.
    const specs: [string, string, string, string?][] = [
      ["S-7", "Men", "Black"],
      ["S-3", "Women", "White"],
      ["S-5", "Men", "Red"],
      ["S-1", "Women", "Black"],
      ["S-6", "Unisex", "White"],
      ["S-2", "Men", "Black", "Bayaband"],
      ["S-4", "Women", "Red"],
      ["S-8", "men ", "black"],
      ["S-9", "Kids", "Green"],
    ];
    grid = await f.lineList(
      "Grid",
      specs.map(([code, gender, color, silhouette]) =>
        style(code, { gender, color, ...(silhouette ? { silhouette } : {}) }),
      ),
      // S-9 is in no catalog: no store sees it.
      { crocs: ["S-7", "S-3", "S-5", "S-1", "S-6"], athletic: ["S-1", "S-6", "S-2", "S-4", "S-8"] },
    );
    await f.publish(grid);
  });
  afterAll(() => testApp?.close());

  describe("paging, search, filters and facets", () => {
    it("pages the visible styles in the line list's order with their total", async () => {
      expect(await codes("")).toEqual(["S-7", "S-3", "S-5", "S-1", "S-6", "S-2", "S-4", "S-8"]);
      const pages = await Promise.all([1, 2, 3, 4].map((page) => styles(`&pageSize=3&page=${page}`)));
      expect(pages.map((page) => page.styles.map((s) => s.modelCode))).toEqual([
        ["S-7", "S-3", "S-5"],
        ["S-1", "S-6", "S-2"],
        ["S-4", "S-8"],
        [],
      ]);
      expect(pages.map((page) => page.total)).toEqual([8, 8, 8, 8]);
    });

    it("searches model code, name and colour, case-insensitive, and takes % and _ literally", async () => {
      expect(await codes("&q=s-1")).toEqual(["S-1"]);
      expect(await codes("&q=bayA")).toEqual(["S-2"]);
      expect(await codes("&q=RED")).toEqual(["S-5", "S-4"]);
      expect(await codes("&q=S-9")).toEqual([]);
      const none = await styles("&q=%25");
      expect([none.styles, none.total]).toEqual([[], 0]);
      expect(await codes("&q=S_1")).toEqual([]);
    });

    it("filters by gender, colour and catalog, and keeps the facets of every visible style", async () => {
      expect(await codes("&gender=men")).toEqual(["S-7", "S-5", "S-2", "S-8"]);
      expect(await codes("&color=BLACK")).toEqual(["S-7", "S-1", "S-2", "S-8"]);
      const athleticWomen = await styles("&catalogType=athletic&gender=Women");
      expect(athleticWomen.styles.map((s) => s.modelCode)).toEqual(["S-1", "S-4"]);
      expect(athleticWomen.total).toBe(2);
      // One value per spelling the filters take as the same ("Men", "men "), each filtering as the others.
      const lower = (values: string[]) => values.map((value) => value.toLowerCase());
      expect(lower(athleticWomen.facets.genders)).toEqual(["men", "unisex", "women"]);
      expect(lower(athleticWomen.facets.colors)).toEqual(["black", "red", "white"]);
      expect((await styles("&q=nothing-matches")).facets).toEqual(athleticWomen.facets);
      const men = athleticWomen.facets.genders[0]!;
      expect(await codes(`&gender=${encodeURIComponent(men)}`)).toEqual(["S-7", "S-5", "S-2", "S-8"]);
      expect((await styles("&catalogType=crocs&pageSize=2&page=3")).styles.map((s) => s.modelCode)).toEqual([
        "S-6",
      ]);
    });
  });

  describe("what is new since the previous visit", () => {
    const home = async (auth = buyer.auth) => {
      const response = await f.api("GET", `/api/portal/catalogs?storeId=${storeId}`, auth);
      expect(response.statusCode, response.body).toBe(200);
      return Object.fromEntries(
        (response.json().data as PortalCatalogs).lineLists.map((lineList) => [lineList.name, lineList.isNew]),
      );
    };
    const seen = async () => {
      const response = await f.api("POST", "/api/portal/catalogs/seen", buyer.auth, { storeId });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as PortalSeen;
    };
    const lastOpening = async (ago: string) =>
      execute(sql`update portal_visits set seen_at = now() - ${ago}::interval
        where user_id = ${buyer.id} and store_id = ${storeId}`);

    it("marks nothing new on a first visit", async () => {
      expect(await home()).toEqual({ Grid: false });
      expect((await seen()).previousSeenAt).toBeNull();
      expect(await home()).toEqual({ Grid: false });
    });

    it("marks what was published after the previous visit, through the whole current visit", async () => {
      await execute(sql`update line_lists set published_at = now() - interval '1 day' where id = ${grid}`);
      // The last visit ended two hours ago; "Later" was published an hour ago.
      await lastOpening("2 hours");
      const later = await f.lineList("Later", [style("L-1")], { crocs: ["L-1"] });
      await f.publish(later);
      await execute(sql`update line_lists set published_at = now() - interval '1 hour' where id = ${later}`);
      const [{ lastVisit }] = rowsOf<{ lastVisit: string | Date }>(
        await execute(sql`select seen_at as "lastVisit" from portal_visits where user_id = ${buyer.id}`),
      ) as [{ lastVisit: string | Date }];

      // Before and after the home records this visit, and on every opening within it: the same.
      expect(await home()).toEqual({ Later: true, Grid: false });
      expect((await seen()).previousSeenAt).toBe(new Date(lastVisit).toISOString());
      expect(await home()).toEqual({ Later: true, Grid: false });
      expect((await seen()).previousSeenAt).toBe(new Date(lastVisit).toISOString());
      expect(await home()).toEqual({ Later: true, Grid: false });
      const laterStyles = await f.api(
        "GET",
        `/api/portal/line-lists/${later}/styles?storeId=${storeId}`,
        buyer.auth,
      );
      expect((laterStyles.json().data as PortalStyles).lineList.isNew).toBe(true);

      // Each user has their own visits: a colleague's first visit shows nothing new.
      expect(await home(colleague.auth)).toEqual({ Later: false, Grid: false });
      // Staff viewing as the store see nothing new.
      const viewed = await f.api("GET", `/api/stores/${storeId}/portal-view/catalogs`, f.staff);
      expect((viewed.json().data as PortalCatalogs).lineLists.map((l) => l.isNew)).toEqual([false, false]);
    });

    it("stops marking it once a visit after its publication is over", async () => {
      // This visit saw "Later" and ended 40 minutes ago.
      await lastOpening("40 minutes");
      expect(await home()).toEqual({ Later: false, Grid: false });
      await seen();
      expect(await home()).toEqual({ Later: false, Grid: false });
    });
  });
});
