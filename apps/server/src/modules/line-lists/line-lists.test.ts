import { genericMessages } from "@cm/contracts/messages";
import { nameMessages } from "@cm/contracts/names";
import { lineListMessages, type LineList, type LineListWithCatalogs } from "@cm/contracts/line-lists";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  brands,
  catalogItems,
  lineListItems,
  lineLists,
  productSizes,
  products,
  users,
} from "../../db/schema.ts";
import type { ProductInput } from "../products/repository.ts";
import { createLineList } from "./service.ts";

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

describe("line lists", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;
  let crocsId: number;
  let otherBrandId: number;
  /** Created oldest first: pre-book (published, sorted), future-stock (sorted), own-stock (pending), other brand's. */
  const created: LineList[] = [];
  let previewId: number;

  const api = (url: string) => testApp.app.inject({ method: "GET", url, headers: auth });
  const ids = (lists: { id: number }[]) => lists.map((lineList) => lineList.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    adminId = admin!.id;
    const [crocs] = await db.select().from(brands).where(eq(brands.name, "Crocs"));
    const [pandora] = await db.select().from(brands).where(eq(brands.name, "Pandora"));
    crocsId = crocs!.id;
    otherBrandId = pandora!.id;
    auth = await signIn(testApp);

    created.push(
      await createLineList(
        db,
        {
          brandId: crocsId,
          name: "Spring 2027 Pre-Book",
          description: "Pre-book of spring",
          type: "pre-book",
          stage: "saved",
          season: "Spring",
          year: 2027,
          sentOn: "2026-09-01",
          dateSent: "2026-09-01",
          deadline: "2026-10-31",
          products: ["A-1", "A-2", "A-3", "A-4"].map((code) => style(code)),
          catalogs: { athletic: ["A-1", "A-2"], boutique: ["A-2"], crocs: [] },
          sortingCompleted: true,
          published: true,
        },
        adminId,
      ),
    );
    created.push(
      await createLineList(
        db,
        {
          brandId: crocsId,
          name: "Summer 2027 Future Stock",
          type: "future-stock",
          stage: "saved",
          season: "Summer",
          year: 2027,
          dateOfAvailability: "2027-04-01",
          products: ["A-3", "B-1", "B-2"].map((code) => style(code, { color: "White" })),
          catalogs: { crocs: ["A-3", "B-1", "B-2"] },
          sortingCompleted: true,
        },
        adminId,
      ),
    );
    created.push(
      await createLineList(
        db,
        {
          brandId: crocsId,
          name: "Fall 2027 Own Stock",
          stage: "saved",
          products: [style("C-1")],
        },
        adminId,
      ),
    );
    created.push(
      await createLineList(
        db,
        {
          brandId: otherBrandId,
          name: "Charms 2027",
          type: "brand-ats",
          stage: "saved",
          products: [style("P-1")],
        },
        adminId,
      ),
    );
    previewId = (await createLineList(db, { brandId: crocsId, name: "Uploading", stage: "preview" }, adminId))
      .id;
  });
  afterAll(() => testApp?.close());

  describe("the domain service", () => {
    it("creates the line list with its products, items and catalogs, recorded as one entry", async () => {
      const [preBook] = created;
      expect(preBook).toMatchObject({
        name: "Spring 2027 Pre-Book",
        type: "pre-book",
        stage: "saved",
        brandName: "Crocs",
        itemsCount: 4,
        published: 1,
        sortingCompleted: 1,
        dateSent: "2026-09-01",
        deadline: "2026-10-31",
        dateOfAvailability: null,
      });
      const { db } = testApp.database;
      const [product] = await db.select().from(products).where(eq(products.modelCode, "A-1"));
      expect(product).toMatchObject({ brandId: crocsId, msrp: "49.99", imageUrls: [] });
      expect(await db.$count(productSizes, eq(productSizes.productId, product!.id))).toBe(2);
      expect(await historyOf(testApp, "line-list", preBook!.id)).toEqual([
        expect.objectContaining({
          action: "create",
          actor: { id: adminId, name: "Admin User" },
          entityLabel: "Crocs Spring 2027 Pre-Book",
          changes: expect.arrayContaining([
            { field: "name", before: null, after: "Spring 2027 Pre-Book" },
            { field: "itemsCount", before: null, after: 4 },
            { field: "published", before: null, after: 1 },
          ]),
        }),
      ]);
      // A preview is an upload under review: only its save is recorded.
      expect(await historyOf(testApp, "line-list", previewId)).toEqual([]);
    });

    it("updates a product another line list already offers instead of duplicating it", async () => {
      const { db } = testApp.database;
      const rows = await db.select().from(products).where(eq(products.modelCode, "A-3"));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ color: "White", revision: 2 });
      expect(await db.$count(lineListItems, eq(lineListItems.productId, rows[0]!.id))).toBe(2);
    });

    it("defaults the type to own-stock", () => {
      expect(created[2]!.type).toBe("own-stock");
    });

    it("refuses an unknown brand and inconsistent input, creating nothing", async () => {
      const { db } = testApp.database;
      const counts = async () => [
        await db.$count(lineLists),
        await db.$count(products),
        await db.$count(catalogItems),
      ];
      const before = await counts();
      await expect(
        createLineList(db, { brandId: 987_654, name: "Nobody's", stage: "saved" }, adminId),
      ).rejects.toMatchObject({
        status: 404,
        message: "Brand not found",
      });
      const invalid = [
        { name: "Twice", products: [style("D-1"), style("D-1", { sizes: [{ size: "1", sku: "other" }] })] },
        {
          name: "Same SKU",
          products: [style("E-1"), style("E-2", { sizes: [{ size: "1", sku: "E-1-4" }] })],
        },
        { name: "Stranger", products: [style("F-1")], catalogs: { athletic: ["Z-9"] } },
        { name: " ", products: [style("G-1")] },
      ];
      for (const input of invalid) {
        await expect(
          createLineList(db, { brandId: crocsId, stage: "saved", ...input }, adminId),
          input.name,
        ).rejects.toMatchObject({
          status: 400,
          message: genericMessages.wrongInput,
        });
      }
      await expect(
        createLineList(
          db,
          { brandId: crocsId, name: "Preview", stage: "preview", products: [style("H-1")] },
          adminId,
        ),
      ).rejects.toMatchObject({ status: 400 });
      expect(await counts()).toEqual(before);
    });
  });

  describe("GET /api/line-lists", () => {
    it("needs a signed-in user", async () => {
      expect((await testApp.app.inject({ method: "GET", url: "/api/line-lists" })).statusCode).toBe(401);
      expect(
        (await testApp.app.inject({ method: "GET", url: "/api/line-lists/with-catalogs-info" })).statusCode,
      ).toBe(401);
    });

    it("lists saved line lists newest first, never previews, with calendar dates and 0/1 flags", async () => {
      const response = await api("/api/line-lists");
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(ids(data.lineLists)).toEqual(ids([...created].reverse()));
      expect(ids(data.lineLists)).not.toContain(previewId);
      expect(data.lineLists[3]).toEqual({
        id: created[0]!.id,
        name: "Spring 2027 Pre-Book",
        description: "Pre-book of spring",
        type: "pre-book",
        brandId: crocsId,
        brandName: "Crocs",
        stage: "saved",
        season: "Spring",
        year: 2027,
        sentOn: "2026-09-01",
        dateSent: "2026-09-01",
        deadline: "2026-10-31",
        dateOfAvailability: null,
        published: 1,
        publishAt: null,
        sortingCompleted: 1,
        itemsCount: 4,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        _revision: 1,
      });
    });

    it("filters by line list, brand, publication status and type", async () => {
      const list = async (query: string) =>
        ids((await api(`/api/line-lists?${query}`)).json().data.lineLists);
      expect(await list(`lineListId=${created[1]!.id}`)).toEqual([created[1]!.id]);
      expect(await list(`lineListId=${previewId}`)).toEqual([]);
      expect(await list(`brandId=${otherBrandId}`)).toEqual([created[3]!.id]);
      expect(await list("status=published")).toEqual([created[0]!.id]);
      expect(await list("status=unpublished")).toEqual(ids([created[3]!, created[2]!, created[1]!]));
      expect(await list("status=all")).toHaveLength(4);
      expect(await list("type=future-stock")).toEqual([created[1]!.id]);
      expect(await list(`brandId=${crocsId}&status=unpublished&type=own-stock`)).toEqual([created[2]!.id]);
    });

    it("refuses bad filters as wrong input", async () => {
      for (const query of ["status=archived", "type=update", "brandId=abc", "lineListId=0"]) {
        const response = await api(`/api/line-lists?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message).toBe(genericMessages.wrongInput);
      }
    });
  });

  describe("GET /api/line-lists/with-catalogs-info", () => {
    it("pages saved line lists with their catalogs' item counts and the unsorted count", async () => {
      const response = await api("/api/line-lists/with-catalogs-info");
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.pagination).toEqual({ page: 1, pageSize: 10, total: 4, totalPages: 1 });
      const byId = new Map((body.data as LineListWithCatalogs[]).map((lineList) => [lineList.id, lineList]));
      expect(byId.get(created[0]!.id)).toMatchObject({
        brandName: "Crocs",
        type: "pre-book",
        published: 1,
        sortingCompleted: 1,
        itemsCount: 4,
        catalogs: [
          { type: "athletic", itemsCount: 2 },
          { type: "boutique", itemsCount: 1 },
          { type: "crocs", itemsCount: 0 },
        ],
        // A-2 is in two catalogs; in none.
        unsortedItemsCount: 2,
      });
      expect(byId.get(created[1]!.id)).toMatchObject({
        unsortedItemsCount: 0,
        published: 0,
        sortingCompleted: 1,
      });
      // No catalogs created yet: every item is unsorted.
      expect(byId.get(created[2]!.id)).toMatchObject({
        catalogs: [],
        unsortedItemsCount: 1,
        sortingCompleted: 0,
      });
      expect(byId.has(previewId)).toBe(false);
    });

    it("pages newest first and filters like the list", async () => {
      const page = async (query: string) => (await api(`/api/line-lists/with-catalogs-info?${query}`)).json();
      const first = await page("page=1&pageSize=3");
      expect(ids(first.data)).toEqual(ids([created[3]!, created[2]!, created[1]!]));
      expect(first.pagination).toEqual({ page: 1, pageSize: 3, total: 4, totalPages: 2 });
      const second = await page("page=2&pageSize=3");
      expect(ids(second.data)).toEqual([created[0]!.id]);
      const beyond = await page("page=5&pageSize=3");
      expect(beyond.data).toEqual([]);
      expect(beyond.pagination.total).toBe(4);

      const published = await page("status=published");
      expect(ids(published.data)).toEqual([created[0]!.id]);
      expect(published.pagination.total).toBe(1);
      expect(ids((await page(`status=unpublished&brandId=${crocsId}`)).data)).toEqual(
        ids([created[2]!, created[1]!]),
      );
      expect(ids((await page("type=brand-ats")).data)).toEqual([created[3]!.id]);
    });

    it("answers bad parameters with the spec's 400 message", async () => {
      for (const query of [
        "page=0",
        "page=x",
        "pageSize=0",
        "pageSize=101",
        "status=archived",
        "type=update",
        "brandId=-1",
      ]) {
        const response = await api(`/api/line-lists/with-catalogs-info?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toMatchObject({
          success: false,
          message: lineListMessages.wrongCatalogsInfoParameters,
          data: expect.any(Object),
        });
      }
    });
  });

  describe("renaming", () => {
    const rename = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      testApp.app.inject({
        method: "PATCH",
        url: `/api/line-lists/${id}`,
        headers: { ...auth, ...headers },
        payload,
      });

    it("gives a saved line list a new name at its revision, answers the new revision and records the change", async () => {
      const lineList = (await api(`/api/line-lists?lineListId=${created[2]!.id}`)).json().data.lineLists[0];
      const response = await rename(lineList.id, {
        name: "  Fall 2027 Core  ",
        expectedRevision: lineList._revision,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: lineListMessages.renamed,
        data: { id: lineList.id, name: "Fall 2027 Core", _revision: lineList._revision + 1 },
        nextExpectedStreamVersion: lineList._revision + 1,
      });
      const listed = (await api(`/api/line-lists?lineListId=${lineList.id}`)).json().data.lineLists[0];
      expect(listed.name).toBe("Fall 2027 Core");
      expect((await historyOf(testApp, "line-list", lineList.id))[0]).toMatchObject({
        action: "update",
        changes: [{ field: "name", before: "Fall 2027 Own Stock", after: "Fall 2027 Core" }],
      });
    });

    it("renames a line list still in preview", async () => {
      const response = await rename(previewId, { name: "Spring 2028 from the brand" });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ name: "Spring 2028 from the brand", stage: "preview" });
    });

    it("refuses a stale revision with 409, and a blank, invisible or too long name with 400, changing nothing", async () => {
      const before = (await api(`/api/line-lists?lineListId=${created[0]!.id}`)).json().data.lineLists[0];
      const stale = await rename(before.id, { name: "Stale" }, { "if-match": String(before._revision + 1) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(genericMessages.staleRevision);
      for (const [name, message] of [
        ["   ", lineListMessages.nameRequired],
        ["Spring\u202E2027", nameMessages.invisibleCharacters],
        ["x".repeat(256), lineListMessages.nameTooLong],
      ] as const) {
        const refused = await rename(before.id, { name });
        expect(refused.statusCode, name).toBe(400);
        expect(JSON.stringify(refused.json()), name).toContain(message);
      }
      const after = (await api(`/api/line-lists?lineListId=${before.id}`)).json().data.lineLists[0];
      expect(after).toMatchObject({ name: before.name, _revision: before._revision });
    });

    it("answers 404 for a line list that does not exist", async () => {
      const response = await rename(999_999, { name: "Nothing" });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(lineListMessages.lineListNotFound);
    });
  });
});
