import { portalCatalogMessages, type PortalCatalogs, type PortalStyles } from "@cm/contracts/portal-catalogs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { roles, stores } from "../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { portalCatalogsFixture, style } from "./portal-catalogs-fixture.ts";

type Auth = { authorization: string };

/**
 * What a store sees (issue 34, docs/portal.md "What a store sees"): the visibility rule through
 * the portal's catalog reads, prices, sizes, and staff's "View as store".
 */
describe("portal catalogs: what a store sees", () => {
  let testApp: TestApp;
  let f: Awaited<ReturnType<typeof portalCatalogsFixture>>;
  const store: Record<string, number> = {};
  const lineList: Record<string, number> = {};
  let buyerA: { id: number; auth: Auth };
  let buyerB: { id: number; auth: Auth };

  const get = async (url: string, auth: Auth) => {
    const response = await f.api("GET", url, auth);
    return { status: response.statusCode, body: response.json() as { message: string; data: unknown } };
  };
  const catalogs = async (storeId: number, auth = buyerA.auth) => {
    const { status, body } = await get(`/api/portal/catalogs?storeId=${storeId}`, auth);
    expect(status, JSON.stringify(body)).toBe(200);
    return (body.data as PortalCatalogs).lineLists;
  };
  const styles = async (storeId: number, lineListId: number, query = "", auth = buyerA.auth) => {
    const { status, body } = await get(
      `/api/portal/line-lists/${lineListId}/styles?storeId=${storeId}${query}`,
      auth,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as PortalStyles;
  };
  const sizesOf = (data: PortalStyles, modelCode: string) =>
    data.styles.find((s) => s.modelCode === modelCode)!.sizes;
  const execute = (query: ReturnType<typeof sql>) => testApp.database.db.execute(query);

  beforeAll(async () => {
    testApp = await createTestApp();
    f = await portalCatalogsFixture(testApp);
    const { crocsId, skechersId } = f;
    const orgA = await f.organization("Sole Mates", { discounts: [{ brandId: crocsId, percentage: 10 }] });
    const orgB = await f.organization("Other Feet");
    const closedOrg = await f.organization("Closed Shoes", { status: "inactive" });
    const internalOrg = await f.organization("Our Warehouse", { type: "internal" });
    store.best = await f.store(orgA, "Uptown", [[crocsId, "best"]]);
    store.good = await f.store(orgA, "Downtown", [[crocsId, "good"]]);
    store.runners = await f.store(orgA, "Runners", [[skechersId, "best"]]);
    store.closed = await f.store(orgA, "Closed Corner", [[crocsId, "best"]], "inactive");
    store.other = await f.store(orgB, "Other Main", [[crocsId, "best"]]);
    store.closedOrg = await f.store(closedOrg, "Closed Main", [[crocsId, "best"]]);
    store.internal = await f.store(internalOrg, "Warehouse", [[crocsId, "best"]]);
    buyerA = await f.buyer("bea@solemates.test", orgA, [
      store.best!,
      store.good!,
      store.runners!,
      store.closed!,
    ]);
    buyerB = await f.buyer("bo@otherfeet.test", orgB, [store.other!]);

    const sizesA = [
      { size: "M10", sku: "A-10" },
      { size: "M8", sku: "A-8" },
      { size: "M9", sku: "A-9" },
    ];
    lineList.spring = await f.lineList(
      "Spring",
      [
        style("A", { msrp: "100.00", sizes: sizesA }),
        style("B", { msrp: "59.99", wholesalePrice: "30.00" }),
        style("C", { msrp: "33.33" }),
        style("D"),
      ],
      { crocs: ["A", "B"], athletic: ["B", "C"] },
    );
    await f.publish(lineList.spring, { audiences: { athletic: ["best"] } });
    lineList.prebook = await f.lineList(
      "Prebook",
      [style("A", { msrp: "200.00", sizes: sizesA })],
      { crocs: ["A"] },
      {
        type: "pre-book",
      },
    );
    await f.publish(lineList.prebook);
    lineList.goodOnly = await f.lineList("Good only", [style("G")], { boutique: ["G"] });
    await f.publish(lineList.goodOnly, { audiences: { boutique: ["good"] } });
    lineList.skechers = await f.lineList(
      "Skechers run",
      [style("SK1")],
      { athletic: ["SK1"] },
      { brandId: skechersId },
    );
    await f.publish(lineList.skechers);
    lineList.hidden = await f.lineList("Hidden", [style("H")], { crocs: ["H"] });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    lineList.future = await f.lineList("Future", [style("F")], { crocs: ["F"] });
    await f.publish(lineList.future, { publishAt: tomorrow });
    lineList.past = await f.lineList("Past", [style("P")], { crocs: ["P"] });
    await f.publish(lineList.past, { publishAt: tomorrow });
    // Its time has come though the publication scheduler has not run yet.
    await execute(
      sql`update line_lists set publish_at = now() - interval '1 hour' where id = ${lineList.past}`,
    );
    await execute(sql`update product_sizes set available_quantity = case sku when 'A-8' then 5 when 'A-9' then 0 end
      where sku in ('A-8', 'A-9')`);
  });
  afterAll(() => testApp?.close());

  describe("the visibility rule", () => {
    it("lists, newest publication first, the line lists whose catalogs reach the store's brand focus and segmentation", async () => {
      const best = await catalogs(store.best!);
      expect(best.map((l) => [l.name, l.catalogs])).toEqual([
        ["Prebook", [{ type: "crocs", itemsCount: 1 }]],
        [
          "Spring",
          [
            { type: "athletic", itemsCount: 2 },
            { type: "crocs", itemsCount: 2 },
          ],
        ],
        ["Past", [{ type: "crocs", itemsCount: 1 }]],
      ]);
      expect(best[0]).toMatchObject({
        brandName: "Crocs",
        type: "pre-book",
        deadline: "2999-12-31",
        isNew: false,
      });
      // The athletic catalog is for best stores only; Good only's boutique for good stores only.
      expect((await catalogs(store.good!)).map((l) => [l.name, l.catalogs.map((c) => c.type)])).toEqual([
        ["Good only", ["boutique"]],
        ["Prebook", ["crocs"]],
        ["Spring", ["crocs"]],
        ["Past", ["crocs"]],
      ]);
      // No Crocs in its brand focus: only Skechers.
      expect((await catalogs(store.runners!)).map((l) => l.name)).toEqual(["Skechers run"]);
    });

    it("shows a scheduled line list once its time has passed, at that time, and not before", async () => {
      const [{ publishAt }] = rowsOf<{ publishAt: string | Date }>(
        // The scheduler, when it has run meanwhile, publishes it at that same time.
        await execute(
          sql`select coalesce(publish_at, published_at) as "publishAt" from line_lists where id = ${lineList.past}`,
        ),
      ) as [{ publishAt: string | Date }];
      const past = (await catalogs(store.best!)).find((l) => l.id === lineList.past)!;
      expect(past.publishedAt).toBe(new Date(publishAt).toISOString());
      expect((await styles(store.best!, lineList.past!)).styles.map((s) => s.modelCode)).toEqual(["P"]);
    });

    it("answers 404 for the styles of a line list or catalog the store does not see", async () => {
      const notFound = async (storeId: number, lineListId: number, query = "") => {
        const { status, body } = await get(
          `/api/portal/line-lists/${lineListId}/styles?storeId=${storeId}${query}`,
          buyerA.auth,
        );
        expect(status, `${lineListId}${query}`).toBe(404);
        expect(body.message).toBe(portalCatalogMessages.lineListNotFound);
      };
      await notFound(store.best!, lineList.hidden!); // unpublished
      await notFound(store.best!, lineList.future!); // scheduled for tomorrow
      await notFound(store.best!, lineList.goodOnly!); // audience good only
      await notFound(store.best!, lineList.skechers!); // not in the brand focus
      await notFound(store.good!, lineList.spring!, "&catalogType=athletic"); // audience best only
      await notFound(store.best!, lineList.spring!, "&catalogType=boutique"); // holds no style
      await notFound(store.best!, 999_999);
    });

    it("shows only the styles placed in a visible catalog, in the line list's order, with the catalogs they are in", async () => {
      const best = await styles(store.best!, lineList.spring!);
      expect(best.styles.map((s) => [s.modelCode, s.catalogTypes])).toEqual([
        ["A", ["crocs"]],
        ["B", ["athletic", "crocs"]],
        ["C", ["athletic"]],
      ]);
      expect(best.total).toBe(3);
      expect(best.lineList).toMatchObject({ id: lineList.spring, name: "Spring", type: "own-stock" });
      const good = await styles(store.good!, lineList.spring!);
      expect(good.styles.map((s) => [s.modelCode, s.catalogTypes])).toEqual([
        ["A", ["crocs"]],
        ["B", ["crocs"]],
      ]);
      const athletic = await styles(store.best!, lineList.spring!, "&catalogType=athletic");
      expect(athletic.styles.map((s) => s.modelCode)).toEqual(["B", "C"]);
      expect(athletic.total).toBe(2);
    });

    it("shows nothing once the audience, the brand focus or the store changes", async () => {
      await execute(sql`update catalogs set audience = '{good}' where line_list_id = ${lineList.prebook}`);
      expect((await catalogs(store.best!)).map((l) => l.name)).not.toContain("Prebook");
      await execute(
        sql`update catalogs set audience = '{good,better,best}' where line_list_id = ${lineList.prebook}`,
      );
      await execute(
        sql`update store_brand_segmentations set segmentation = 'better' where store_id = ${store.good}`,
      );
      expect((await catalogs(store.good!)).map((l) => l.name)).toEqual(["Prebook", "Spring", "Past"]);
      await execute(
        sql`update store_brand_segmentations set segmentation = 'good' where store_id = ${store.good}`,
      );
      await execute(sql`update stores set status = 'inactive' where id = ${store.good}`);
      expect((await get(`/api/portal/catalogs?storeId=${store.good}`, buyerA.auth)).status).toBe(404);
      await execute(sql`update stores set status = 'active' where id = ${store.good}`);
      expect(await catalogs(store.good!)).toHaveLength(4);
    });
  });

  describe("whose stores", () => {
    it("answers 404 Store not found for another organization's store, an unlinked or inactive one", async () => {
      for (const [storeId, auth] of [
        [store.other!, buyerA.auth],
        [store.closed!, buyerA.auth],
        [store.best!, buyerB.auth],
      ] as const) {
        for (const url of [
          `/api/portal/catalogs?storeId=${storeId}`,
          `/api/portal/line-lists/${lineList.spring}/styles?storeId=${storeId}`,
        ]) {
          const { status, body } = await get(url, auth);
          expect(status, url).toBe(404);
          expect(body).toEqual({ success: false, message: portalCatalogMessages.storeNotFound, data: null });
        }
        const seen = await f.api("POST", "/api/portal/catalogs/seen", auth, { storeId });
        expect(seen.statusCode).toBe(404);
      }
      // Organization B's own store sees what its rule gives it.
      expect((await catalogs(store.other!, buyerB.auth)).map((l) => l.name)).toEqual([
        "Prebook",
        "Spring",
        "Past",
      ]);
    });

    it("lets in customer roles that see catalogs only", async () => {
      const { db } = testApp.database;
      const [viewer] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.name, "Store Viewer"), eq(roles.type, "external")));
      const [admins] = await db
        .insert(roles)
        .values({ name: "Colleague admins", type: "external", permissions: ["portal.users.manage"] })
        .returning();
      const orgA = (await db.select().from(stores).where(eq(stores.id, store.best!)))[0]!.organizationId;
      const storeViewer = await f.buyer("sam@solemates.test", orgA, [store.best!], viewer!.id);
      expect((await catalogs(store.best!, storeViewer.auth)).map((l) => l.name)).toEqual([
        "Prebook",
        "Spring",
        "Past",
      ]);
      const admin = await f.buyer("ada@solemates.test", orgA, [store.best!], admins!.id);
      expect((await get(`/api/portal/catalogs?storeId=${store.best}`, admin.auth)).status).toBe(403);
      expect(
        (await get(`/api/portal/line-lists/${lineList.spring}/styles?storeId=${store.best}`, admin.auth))
          .status,
      ).toBe(403);
    });

    it("keeps staff out of the portal reads and customers out of View as store", async () => {
      expect((await get(`/api/portal/catalogs?storeId=${store.best}`, f.staff)).status).toBe(403);
      expect((await get(`/api/stores/${store.best}/portal-view/catalogs`, buyerA.auth)).status).toBe(403);
    });

    it("documents the routes in the OpenAPI document with their permissions", async () => {
      const document = (await f.api("GET", "/api/docs/json", f.staff)).json() as {
        paths: Record<string, Record<string, { "x-permission": unknown }>>;
      };
      const permission = (path: string, method = "get") => document.paths[path]?.[method]?.["x-permission"];
      expect(permission("/api/portal/catalogs")).toBe("portal.catalogs.view");
      expect(permission("/api/portal/catalogs/seen", "post")).toBe("portal.catalogs.view");
      expect(permission("/api/portal/line-lists/{id}/styles")).toBe("portal.catalogs.view");
      expect(permission("/api/stores/{storeId}/portal-view/catalogs")).toBe("catalogs.view");
      expect(permission("/api/stores/{storeId}/portal-view/line-lists/{lineListId}/styles")).toBe(
        "catalogs.view",
      );
    });

    it("refuses bad input with 400", async () => {
      for (const url of [
        "/api/portal/catalogs",
        `/api/portal/catalogs?storeId=abc`,
        `/api/portal/line-lists/${lineList.spring}/styles?storeId=${store.best}&pageSize=101`,
        `/api/portal/line-lists/${lineList.spring}/styles?storeId=${store.best}&catalogType=sandals`,
      ])
        expect((await get(url, buyerA.auth)).status, url).toBe(400);
    });
  });

  describe("prices and sizes", () => {
    it("prices each style from its line list's offer at the organization's discount, as strings", async () => {
      // Factor 0.50, discount 10%: 100 → 45.00; wholesale 30.00 → 27.00; 33.33 × 0.5 = 16.665 → 14.9985 → 15.00.
      const best = await styles(store.best!, lineList.spring!);
      expect(best.styles.map((s) => [s.modelCode, s.msrp, s.unitWhs])).toEqual([
        ["A", "100.00", "45.00"],
        ["B", "59.99", "27.00"],
        ["C", "33.33", "15.00"],
      ]);
      // No discount: 16.665 rounds half-up to 16.67.
      const other = await styles(store.other!, lineList.spring!, "", buyerB.auth);
      expect(other.styles.map((s) => s.unitWhs)).toEqual(["50.00", "30.00", "16.67"]);
    });

    it("answers each line list's own price for the same product", async () => {
      const prebook = await styles(store.best!, lineList.prebook!);
      expect(prebook.styles.map((s) => [s.modelCode, s.msrp, s.unitWhs])).toEqual([["A", "200.00", "90.00"]]);
      expect((await styles(store.best!, lineList.spring!)).styles[0]).toMatchObject({
        msrp: "100.00",
        unitWhs: "45.00",
      });
    });

    it("gives name, colour, gender and first image as staff screens show them, and sizes in the scale's order", async () => {
      const spring = await styles(store.best!, lineList.spring!);
      expect(spring.styles[0]).toMatchObject({
        modelCode: "A",
        name: "A Clog",
        color: "Black",
        gender: "Unisex",
        imageUrl: "https://img.example/A-1.jpg",
      });
      expect(sizesOf(spring, "A").map((s) => s.size)).toEqual(["M8", "M9", "M10"]);
      // The same order as staff's New Order offer.
      const offer = await get(
        `/api/orders/offer?storeId=${store.best}&lineListId=${lineList.spring}`,
        f.staff,
      );
      const offered = (
        offer.body.data as { lineLists: { styles: { modelCode: string; sizes: { size: string }[] }[] }[] }
      ).lineLists[0]!.styles.find((s) => s.modelCode === "A")!;
      expect(sizesOf(spring, "A").map((s) => s.size)).toEqual(offered.sizes.map((s) => s.size));
    });

    it("shows the available quantity on own-stock line lists only", async () => {
      expect(sizesOf(await styles(store.best!, lineList.spring!), "A")).toEqual([
        { sku: "A-8", size: "M8", available: 5 },
        { sku: "A-9", size: "M9", available: 0 },
        { sku: "A-10", size: "M10", available: null },
      ]);
      expect(sizesOf(await styles(store.best!, lineList.prebook!), "A").map((s) => s.available)).toEqual([
        null,
        null,
        null,
      ]);
    });
  });

  describe("View as store", () => {
    it("answers exactly what the store's buyer gets, with nothing new", async () => {
      for (const storeId of [store.best!, store.good!]) {
        const viewed = await get(`/api/stores/${storeId}/portal-view/catalogs`, f.staff);
        expect(viewed.status).toBe(200);
        const buyers = await catalogs(storeId);
        expect(viewed.body.data).toEqual({
          lineLists: buyers.map((l) => ({ ...l, isNew: false })),
          store: { id: storeId, name: expect.any(String) },
        });
        for (const query of ["", "&catalogType=crocs&pageSize=1&page=2"]) {
          const viewedStyles = await get(
            `/api/stores/${storeId}/portal-view/line-lists/${lineList.spring}/styles?${query.slice(1)}`,
            f.staff,
          );
          const bought = await styles(storeId, lineList.spring!, query);
          expect(viewedStyles.body.data).toEqual({
            ...bought,
            lineList: { ...bought.lineList, isNew: false },
          });
        }
      }
    });

    it("shows nothing for an inactive store or organization and 404 for other stores", async () => {
      for (const storeId of [store.closed!, store.closedOrg!]) {
        const viewed = await get(`/api/stores/${storeId}/portal-view/catalogs`, f.staff);
        expect(viewed.body.data).toEqual({ lineLists: [], store: { id: storeId, name: expect.any(String) } });
        const styles = await get(
          `/api/stores/${storeId}/portal-view/line-lists/${lineList.spring}/styles`,
          f.staff,
        );
        expect(styles.status).toBe(404);
      }
      for (const storeId of [store.internal!, 999_999]) {
        const viewed = await get(`/api/stores/${storeId}/portal-view/catalogs`, f.staff);
        expect(viewed.status).toBe(404);
        expect(viewed.body.message).toBe(portalCatalogMessages.storeNotFound);
      }
      const hidden = await get(
        `/api/stores/${store.best}/portal-view/line-lists/${lineList.hidden}/styles`,
        f.staff,
      );
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe(portalCatalogMessages.lineListNotFound);
    });
  });
});
