import { eq } from "drizzle-orm";
import type { PreviewStyleRow, PreviewSummary } from "@cm/contracts/line-list-preview";
import { uploadMessages } from "@cm/contracts/uploads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  processRequest,
  snapshot,
  storageListing,
  storeWorkbook,
  uploadAccepted,
  uploadWorkbook,
  type Auth,
} from "../../../test/uploads.ts";
import { catalogs, lineListItems, lineLists, productSizes, products, stagedStyles } from "../../db/schema.ts";
import { sampleLineListTable, type LineListTable } from "../file-processing/sample-line-list.ts";
import { xls, xlsx } from "../file-processing/test-workbooks.ts";

/** Columns of the sample tables (the template's order). */
const col = { franchise: 0, modelCode: 2, color: 3, msrp: 5, size: 12, sku: 13 } as const;

/** The table with every model code (and SKU) prefixed, so tables of the same sample do not share styles. */
function recoded(table: LineListTable, prefix: string): LineListTable {
  return {
    sheetName: table.sheetName,
    rows: table.rows.map((row, index) =>
      index === 0
        ? row
        : row.map((cell, column) =>
            column === col.modelCode || column === col.sku ? `${prefix}${String(cell)}` : cell,
          ),
    ),
  };
}

/** The model codes of a table, in order. */
function modelCodes(table: LineListTable): string[] {
  return [...new Set(table.rows.slice(1).map((row) => String(row[col.modelCode])))];
}

describe("line list upload: presign, PUT, process, preview, save", () => {
  let testApp: TestApp;
  let auth: Auth;

  const get = (url: string) => testApp.app.inject({ method: "GET", url, headers: auth });
  const post = (url: string) => testApp.app.inject({ method: "POST", url, headers: auth });
  const summaryOf = async (id: number): Promise<PreviewSummary> =>
    (await get(`/api/crocs/preview/${id}`)).json().data;
  const stylesOf = async (
    id: number,
    query = "",
  ): Promise<{ data: PreviewStyleRow[]; pagination: { total: number } }> =>
    (
      await get(
        `/api/crocs/preview/${id}/styles?${query.includes("pageSize") ? "" : "pageSize=1000&"}${query}`,
      )
    ).json();

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  it("turns an .xlsx line list into a preview of new styles, then into saved products with catalogs", async () => {
    const table = sampleLineListTable({ styles: 12, season: "Spring", year: 2027 });
    const before = await storageListing(testApp);
    const { presigned, process } = await uploadWorkbook(testApp, auth, {
      fileName: "Crocs Spring 2027.xlsx",
      bytes: await xlsx(table),
      type: "pre-book",
      attributes: { sentOn: "2026-09-01", deadline: "2026-10-31", season: "SPRING", year: 2027 },
    });
    expect(process.statusCode).toBe(200);
    expect(process.headers["content-type"]).toMatch(/^text\/plain/);
    const id = JSON.parse(process.body) as number;
    expect(Number.isInteger(id)).toBe(true);
    expect(await storageListing(testApp)).toEqual([...before, presigned.fileKey].sort());

    const summary = await summaryOf(id);
    expect(summary).toMatchObject({
      id,
      type: "pre-book",
      brand: "Crocs",
      dateSent: "2026-09-01",
      dateReceived: "2026-10-31",
      futureDateOfAvailability: null,
      action: "new",
      fileName: "Crocs Spring 2027.xlsx",
      season: "Spring",
      year: 2027,
      rowCount: table.rows.length - 1,
      counts: { all: 12, new: 12, changed: 0, old: 0 },
      dropped: { count: 0, styles: [] },
      lineList: { id, name: "Crocs Spring 2027", stage: "preview", itemsCount: 0 },
    });

    const page = await stylesOf(id, "page=1&pageSize=5");
    expect(page.pagination).toMatchObject({ page: 1, pageSize: 5, total: 12, totalPages: 3 });
    const codes = modelCodes(table);
    expect(page.data.map((style) => style.model_code)).toEqual(codes.slice(0, 5));
    const first = page.data[0]!;
    expect(first).toMatchObject({ status: "new", changedFields: [], previous: null, removedItems: [] });
    const firstRows = table.rows.slice(1).filter((row) => row[col.modelCode] === codes[0]);
    expect(first.items).toEqual(
      firstRows.map((row) => ({ size: row[col.size], sku: row[col.sku], status: "new" })),
    );
    expect(first.msrp).toBe(firstRows[0]![col.msrp]);

    // Nothing touches products before Save; the preview is not listed.
    const { db } = testApp.database;
    expect(await db.$count(products)).toBe(0);
    expect((await get("/api/line-lists")).json().data.lineLists).toEqual([]);

    const confirm = await post(`/api/crocs/preview/${id}/confirm`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({
      success: true,
      message: "Preview saved successfully",
      data: {
        created: 12,
        updated: 0,
        unchanged: 0,
        alreadyConfirmed: false,
        lineList: { stage: "saved", itemsCount: 12 },
      },
    });
    expect(await db.$count(products)).toBe(12);
    expect(await db.$count(productSizes)).toBe(table.rows.length - 1);
    expect(await db.$count(lineListItems, eq(lineListItems.lineListId, id))).toBe(12);
    expect(await db.$count(catalogs, eq(catalogs.lineListId, id))).toBe(3);
    expect(await db.$count(stagedStyles)).toBe(0);
    const listed = (await get("/api/line-lists")).json().data.lineLists;
    expect(listed).toEqual([
      expect.objectContaining({ id, stage: "saved", type: "pre-book", itemsCount: 12 }),
    ]);
    const withCatalogs = (await get("/api/line-lists/with-catalogs-info")).json().data;
    expect(withCatalogs[0]).toMatchObject({
      id,
      unsortedItemsCount: 12,
      catalogs: [{ type: "athletic" }, { type: "boutique" }, { type: "crocs" }],
    });

    // Sent twice: applied once.
    const again = await post(`/api/crocs/preview/${id}/confirm`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({
      created: 0,
      updated: 0,
      alreadyConfirmed: true,
      lineList: { id, stage: "saved" },
    });
    expect(await db.$count(products)).toBe(12);
    expect(await db.$count(lineListItems, eq(lineListItems.lineListId, id))).toBe(12);

    // Saved: the preview shows the line list's own styles (Edit on the brand's line lists).
    expect(await summaryOf(id)).toMatchObject({
      id,
      mode: "saved",
      action: null,
      fileName: "Crocs Spring 2027.xlsx",
      season: "Spring",
      year: 2027,
      rowCount: table.rows.length - 1,
      counts: { all: 12, new: 0, changed: 0, old: 12 },
      dropped: { count: 0, styles: [] },
      lineList: { id, stage: "saved", itemsCount: 12 },
    });
    const saved = await stylesOf(id, "page=1&pageSize=5");
    expect(saved.pagination).toMatchObject({ page: 1, pageSize: 5, total: 12, totalPages: 3 });
    expect(saved.data.map((style) => style.model_code)).toEqual(codes.slice(0, 5));
    expect(saved.data[0]).toMatchObject({
      status: "old",
      changedFields: [],
      previous: null,
      removedItems: [],
      msrp: firstRows[0]![col.msrp],
      items: firstRows.map((row) => ({ size: row[col.size], sku: row[col.sku], status: "old" })),
    });
    expect((await stylesOf(id, `search=${codes[3]!.toLowerCase()}`)).data.map((s) => s.model_code)).toEqual([
      codes[3],
    ]);
    expect((await stylesOf(id, "view=old")).pagination.total).toBe(12);
    expect((await stylesOf(id, "view=new")).pagination.total).toBe(0);
    expect((await stylesOf(id, "view=changed")).data).toEqual([]);

    // Saved, nothing waiting: discarding is refused and changes nothing.
    const beforeDiscard = await snapshot(testApp);
    const discard = await testApp.app.inject({
      method: "DELETE",
      url: `/api/crocs/discard-uploaded-data/${id}`,
      headers: auth,
    });
    expect(discard.statusCode).toBe(409);
    expect(await snapshot(testApp)).toEqual(beforeDiscard);
  });

  it("reads an .xls line list the same way", async () => {
    const table = recoded(sampleLineListTable({ styles: 4, season: "Fall", year: 2028, seed: 7 }), "X");
    const id = await uploadAccepted(testApp, auth, {
      fileName: "Fall 2028.xls",
      bytes: xls(table),
      type: "future-stock",
      attributes: { dateOfAvailability: "2028-03-01" },
    });
    expect(await summaryOf(id)).toMatchObject({
      mode: "upload",
      type: "future-stock",
      futureDateOfAvailability: "2028-03-01",
      season: "Fall",
      year: 2028,
      counts: { all: 4, new: 4 },
    });
    const discard = await testApp.app.inject({
      method: "DELETE",
      url: `/api/crocs/discard-uploaded-data/${id}`,
      headers: auth,
    });
    expect(discard.json().data).toEqual({ lineListId: id, discardedStyles: 4, lineListDeleted: true });
  });

  it("names the new line list as the person set it, or after the file without its extension", async () => {
    const table = recoded(sampleLineListTable({ styles: 2, season: "Fall", year: 2028, seed: 9 }), "N");
    const bytes = await xlsx(table);
    const named = await storeWorkbook(testApp, auth, "LL_export_0412.xlsx", bytes);
    const process = await processRequest(testApp, auth, {
      brand: "Crocs",
      type: "own-stock",
      fileName: "LL_export_0412.xlsx",
      key: named.fileKey,
      name: "  Crocs Fall 2028 Core  ",
    });
    expect(process.statusCode).toBe(200);
    const id = JSON.parse(process.body) as number;
    expect((await summaryOf(id)).lineList).toMatchObject({
      name: "Crocs Fall 2028 Core",
      description: "LL_export_0412",
    });

    const unnamed = await uploadAccepted(testApp, auth, {
      fileName: "Fall 2028 extra.xlsx",
      bytes: await xlsx(recoded(table, "M")),
    });
    expect((await summaryOf(unnamed)).lineList.name).toBe("Fall 2028 extra");

    for (const lineListId of [id, unnamed]) {
      await testApp.app.inject({
        method: "DELETE",
        url: `/api/crocs/discard-uploaded-data/${lineListId}`,
        headers: auth,
      });
    }
  });

  it("refuses a blank or invisible name before reading the file", async () => {
    const bytes = await xlsx(sampleLineListTable({ styles: 1 }));
    const stored = await storeWorkbook(testApp, auth, "a.xlsx", bytes);
    for (const name of ["   ", "Fall\u200B2028"]) {
      const process = await processRequest(testApp, auth, {
        brand: "Crocs",
        type: "own-stock",
        fileName: "a.xlsx",
        key: stored.fileKey,
        name,
      });
      expect(process.statusCode, name).toBe(400);
    }
  });

  it("refuses a pre-book without its dates and a future-stock without availability, storing nothing", async () => {
    const bytes = await xlsx(sampleLineListTable({ styles: 1 }));
    for (const type of ["pre-book", "future-stock"] as const) {
      const before = await snapshot(testApp);
      const { process } = await uploadWorkbook(testApp, auth, { fileName: "a.xlsx", bytes, type });
      expect(process.statusCode).toBe(400);
      expect(process.json().message).toBe(uploadMessages.datesRequired[type]);
      expect(await snapshot(testApp)).toEqual(before);
    }
  });

  it("searches and filters the preview", async () => {
    const table = recoded(sampleLineListTable({ styles: 8, seed: 3 }), "S");
    const id = await uploadAccepted(testApp, auth, { fileName: "Search.xlsx", bytes: await xlsx(table) });
    const [firstCode] = modelCodes(table);
    const search = async (text: string) => {
      const body = await stylesOf(id, `search=${encodeURIComponent(text)}`);
      if (!body.data) throw new Error(JSON.stringify(body));
      return body.data.map((style) => style.model_code);
    };
    expect(await search(firstCode!.toLowerCase())).toEqual([firstCode]);
    const franchise = String(table.rows[1]![col.franchise]);
    const byFranchise = table.rows.slice(1).filter((row) => row[col.franchise] === franchise);
    expect(await search(franchise.toUpperCase())).toEqual([
      ...new Set(byFranchise.map((row) => String(row[col.modelCode]))),
    ]);
    const msrp = Number(table.rows[1]![col.msrp]).toFixed(2);
    expect(await search(msrp)).toContain(firstCode);
    expect(await search("no such thing")).toEqual([]);
    expect(await search("%")).toEqual([]);
    expect((await stylesOf(id, "view=new")).pagination.total).toBe(8);
    expect((await stylesOf(id, "view=old")).pagination.total).toBe(0);
    expect((await stylesOf(id, "view=changed")).pagination.total).toBe(0);
    expect((await get(`/api/crocs/preview/${id}/styles?view=dropped`)).statusCode).toBe(400);
    await testApp.app.inject({
      method: "DELETE",
      url: `/api/crocs/discard-uploaded-data/${id}`,
      headers: auth,
    });
  });

  it("shows a saved line list that never came from an upload, read only", async () => {
    const { createLineList } = await import("../line-lists/service.ts");
    const { demoProducts } = await import("../../demo/seed.ts");
    const brandId = (await get("/api/brands"))
      .json()
      .data.find((b: { name: string }) => b.name === "Crocs").id;
    const products3 = demoProducts(40).slice(37);
    const lineList = await createLineList(
      testApp.database.db,
      { brandId, name: "Seeded", type: "own-stock", stage: "saved", products: products3 },
      null,
    );
    expect(await summaryOf(lineList.id)).toMatchObject({
      mode: "saved",
      action: null,
      fileName: null,
      uploadedAt: null,
      season: null,
      year: null,
      rowCount: products3.reduce((sum, product) => sum + product.sizes.length, 0),
      counts: { all: 3, new: 0, changed: 0, old: 3 },
    });
    const { data } = await stylesOf(lineList.id);
    expect(data.map((style) => style.model_code)).toEqual(products3.map((product) => product.modelCode));
    expect(data[1]!.items).toEqual(products3[1]!.sizes.map((size) => ({ ...size, status: "old" })));
    expect(data[1]!.image_urls).toEqual([]);
    // Confirming has nothing to apply: there was never an upload.
    expect((await post(`/api/crocs/preview/${lineList.id}/confirm`)).statusCode).toBe(404);
  });

  it("needs a signed-in user for every step but the PUT", async () => {
    for (const [method, url] of [
      ["POST", "/api/uploads/get-presigned-upload-url"],
      ["POST", "/functions/process-line-list"],
      ["GET", "/api/crocs/preview/1"],
      ["GET", "/api/crocs/preview/1/styles"],
      ["POST", "/api/crocs/preview/1/confirm"],
      ["DELETE", "/api/crocs/discard-uploaded-data/1"],
    ] as const) {
      expect(
        (await testApp.app.inject({ method, url, payload: method === "POST" ? {} : undefined })).statusCode,
        url,
      ).toBe(401);
    }
  });

  it("answers 404 for a line list that does not exist or, in preview, has nothing waiting", async () => {
    expect((await get("/api/crocs/preview/999999")).json()).toMatchObject({ message: "Line list not found" });
    expect((await post("/api/crocs/preview/999999/confirm")).statusCode).toBe(404);
    const discard = await testApp.app.inject({
      method: "DELETE",
      url: "/api/crocs/discard-uploaded-data/999999",
      headers: auth,
    });
    expect(discard.statusCode).toBe(404);
    expect((await get("/api/crocs/preview/999999/styles")).statusCode).toBe(404);
    // A line list in preview whose upload is gone (not reachable through the API) has nothing to show.
    const { createLineList } = await import("../line-lists/service.ts");
    const orphan = await createLineList(
      testApp.database.db,
      { brandId: (await get("/api/brands")).json().data[0].id, name: "Orphan", stage: "preview" },
      null,
    );
    expect((await get(`/api/crocs/preview/${orphan.id}`)).json()).toMatchObject({
      message: "No preview found for this line list",
    });
    expect((await get(`/api/crocs/preview/${orphan.id}/styles`)).statusCode).toBe(404);
    await testApp.database.db.delete(lineLists).where(eq(lineLists.id, orphan.id));
  });
});
