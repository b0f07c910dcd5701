import { orderFormLayout, orderFormMessages } from "@cm/contracts/order-forms";
import { portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import { portalOrderFormMessages, type PortalOrderFormPreview } from "@cm/contracts/portal-users";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  brands,
  catalogs,
  organizations,
  roles,
  storeBrandSegmentations,
  storeUsers,
  stores,
  users,
} from "../../db/schema.ts";
import { rowsOf } from "../../db/client.ts";
import { createLineList } from "../line-lists/service.ts";

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The portal's order form (issue 34): a line list's form for a store, with only what the store sees
 * at its organization's prices, and a filled one read into the lines the store may order.
 */
describe("portal order form", () => {
  let testApp: TestApp;
  let staff: { authorization: string };
  let buyerA: { authorization: string };
  let viewerA: { authorization: string };
  const ids = { crocs: 0, storeA: 0, storeB: 0, visible: 0, hidden: 0 };

  const get = (url: string, headers: { authorization: string }) =>
    testApp.app.inject({ method: "GET", url, headers });
  const preview = (storeId: number, bytes: Buffer, headers = buyerA, type = xlsxType) =>
    testApp.app.inject({
      method: "POST",
      url: `/api/portal/order-form/preview?storeId=${storeId}`,
      headers: { ...headers, "content-type": type },
      payload: bytes,
    });

  async function newLineList(name: string, adminId: number): Promise<number> {
    const style = (code: string, msrp: string, sizes: string[]) => ({
      modelCode: `${name}-${code}`,
      silhouette: `Clog ${code}`,
      color: "Black",
      msrp,
      sizes: sizes.map((size) => ({ size, sku: `${name}-${code}-${size}` })),
    });
    const created = await createLineList(
      testApp.database.db,
      {
        brandId: ids.crocs,
        name,
        stage: "saved",
        type: "pre-book",
        deadline: "2999-12-31",
        products: [style("A", "60.00", ["M8", "M10"]), style("B", "45.00", ["M6", "M8"])],
        catalogs: { crocs: [`${name}-A`], athletic: [`${name}-B`] },
        sortingCompleted: true,
        published: true,
      },
      adminId,
    );
    return created.id;
  }

  /** The form's quantity cells by SKU, from its hidden sheet of references. */
  async function formCells(
    bytes: Buffer,
  ): Promise<{ workbook: ExcelJS.Workbook; cells: Map<string, string> }> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const cells = new Map<string, string>();
    workbook.getWorksheet(orderFormLayout.refsSheetName)!.eachRow((row) => {
      const [address, sku] = [row.getCell(1).text, row.getCell(2).text];
      if (/^[A-Z]+\d+$/.test(address)) cells.set(sku, address);
    });
    return { workbook, cells };
  }

  async function filled(bytes: Buffer, quantities: Record<string, number | string>): Promise<Buffer> {
    const { workbook, cells } = await formCells(bytes);
    const sheet = workbook.getWorksheet(orderFormLayout.sheetName)!;
    for (const [sku, quantity] of Object.entries(quantities)) sheet.getCell(cells.get(sku)!).value = quantity;
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    staff = await signIn(testApp);
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const [crocs] = await db.select().from(brands).where(eq(brands.name, "Crocs"));
    ids.crocs = crocs!.id;
    const external = await db.select().from(roles).where(eq(roles.type, "external"));
    const [orgA, orgB] = await db
      .insert(organizations)
      .values([
        { name: "Alpha Shoes", type: "external", discounts: [{ brandId: ids.crocs, percentage: 10 }] },
        { name: "Bravo Boots", type: "external" },
      ])
      .returning();
    const logoUrl = "/store-logo-placeholder.svg";
    const [storeA, storeB] = await db
      .insert(stores)
      .values([
        { organizationId: orgA!.id, name: "Alpha Downtown", logoUrl },
        { organizationId: orgB!.id, name: "Bravo Main", logoUrl },
      ])
      .returning();
    ids.storeA = storeA!.id;
    ids.storeB = storeB!.id;
    await db.insert(storeBrandSegmentations).values([
      { storeId: storeA!.id, brandId: ids.crocs, position: 0, segmentation: "best" },
      { storeId: storeB!.id, brandId: ids.crocs, position: 0, segmentation: "good" },
    ]);
    const addUser = async (email: string, organizationId: number, role: string, storeId: number) => {
      const [user] = await db
        .insert(users)
        .values({
          email,
          firstName: "Pat",
          lastName: "Buyer",
          type: "external",
          organizationId,
          roleId: external.find((candidate) => candidate.name === role)!.id,
        })
        .returning();
      await db.insert(storeUsers).values({ storeId, userId: user!.id });
    };
    await addUser("buyer@alpha.example", orgA!.id, "Buyer", storeA!.id);
    await addUser("viewer@alpha.example", orgA!.id, "Store Viewer", storeA!.id);
    await addUser("buyer@bravo.example", orgB!.id, "Buyer", storeB!.id);
    buyerA = await signIn(testApp, "buyer@alpha.example");
    viewerA = await signIn(testApp, "viewer@alpha.example");

    // The athletic catalog (style B) is for "good" stores only: Alpha (best) sees style A alone.
    ids.visible = await newLineList("VIS", admin!.id);
    await db
      .update(catalogs)
      .set({ audience: ["good"] })
      .where(and(eq(catalogs.lineListId, ids.visible), eq(catalogs.type, "athletic")));
    // Seen by "good" stores only: Bravo's, never Alpha's.
    ids.hidden = await newLineList("HID", admin!.id);
    await db
      .update(catalogs)
      .set({ audience: ["good"] })
      .where(eq(catalogs.lineListId, ids.hidden));
  });
  afterAll(() => testApp?.close());

  it("downloads the form of a visible line list with the store's styles only, at the organization's WHS", async () => {
    const response = await get(
      `/api/portal/line-lists/${ids.visible}/order-form?storeId=${ids.storeA}`,
      viewerA,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain(xlsxType);
    expect(response.headers["content-disposition"]).toContain("order form.xlsx");
    const { workbook, cells } = await formCells(response.rawPayload);
    expect([...cells.keys()].sort()).toEqual(["VIS-A-M10", "VIS-A-M8"]);
    const sheet = workbook.getWorksheet(orderFormLayout.sheetName)!;
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
    expect(texts).toEqual(
      expect.arrayContaining(["Alpha Shoes", "Alpha Downtown", "VIS-A", portalOrderFormMessages.whsNote]),
    );
    expect(texts).not.toContain(orderFormMessages.whsNote);
    expect(texts).not.toContain("VIS-B");
    const [expected] = rowsOf<{ whs: number }>(
      await testApp.database.db.execute(
        sql`select round(60.00 * wholesale_factor * 0.9, 2)::float as whs from brands where id = ${ids.crocs}`,
      ),
    );
    const row = sheet.getRow(Number(/\d+/.exec(cells.get("VIS-A-M8")!)![0]));
    const numbers = (row.values as unknown[]).filter((value) => typeof value === "number");
    expect(numbers).toContain(expected!.whs);
  });

  it("reads a filled form into the lines the store may order, naming every refused cell", async () => {
    const form = (await get(`/api/portal/line-lists/${ids.visible}/order-form?storeId=${ids.storeA}`, buyerA))
      .rawPayload;
    const response = await preview(ids.storeA, await filled(form, { "VIS-A-M8": 3, "VIS-A-M10": "two" }));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(portalOrderFormMessages.preview);
    const data = response.json().data as PortalOrderFormPreview;
    expect(data.lineListId).toBe(ids.visible);
    expect(data.lines).toEqual([{ lineListId: ids.visible, sku: "VIS-A-M8", quantity: 3 }]);
    expect(data.refusedCount).toBe(1);
    expect(data.refused[0]).toMatchObject({ value: "two", modelCode: "VIS-A" });
  });

  it("refuses the cells of styles the store does not see (a form made for another audience)", async () => {
    const staffForm = (await get(`/api/line-lists/${ids.visible}/order-form`, staff)).rawPayload;
    const response = await preview(ids.storeA, await filled(staffForm, { "VIS-A-M10": 2, "VIS-B-M6": 4 }));
    expect(response.statusCode).toBe(200);
    const data = response.json().data as PortalOrderFormPreview;
    expect(data.lines).toEqual([{ lineListId: ids.visible, sku: "VIS-A-M10", quantity: 2 }]);
    expect(data.refused).toEqual([expect.objectContaining({ reason: portalOrderMessages.lineNotVisible })]);
  });

  it("answers 404 for a line list the store does not see and for another organization's store", async () => {
    const hidden = await get(`/api/portal/line-lists/${ids.hidden}/order-form?storeId=${ids.storeA}`, buyerA);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(portalCatalogMessages.lineListNotFound);
    const otherStore = await get(
      `/api/portal/line-lists/${ids.visible}/order-form?storeId=${ids.storeB}`,
      buyerA,
    );
    expect(otherStore.statusCode).toBe(404);
    expect(otherStore.body).not.toContain("Bravo");

    const hiddenForm = (await get(`/api/line-lists/${ids.hidden}/order-form`, staff)).rawPayload;
    const hiddenPreview = await preview(ids.storeA, await filled(hiddenForm, { "HID-A-M8": 1 }));
    expect(hiddenPreview.statusCode).toBe(404);
    const visibleForm = (await get(`/api/line-lists/${ids.visible}/order-form`, staff)).rawPayload;
    const otherPreview = await preview(ids.storeB, await filled(visibleForm, { "VIS-A-M8": 1 }));
    expect(otherPreview.statusCode).toBe(404);
  });

  it("refuses a file that is no order form (400), another content type (415), and a viewer (403)", async () => {
    const notAForm = await preview(ids.storeA, Buffer.from("just some text"));
    expect(notAForm.statusCode).toBe(400);
    expect(notAForm.json().message).toBe(orderFormMessages.notAnOrderForm);
    const json = await testApp.app.inject({
      method: "POST",
      url: `/api/portal/order-form/preview?storeId=${ids.storeA}`,
      headers: buyerA,
      payload: { lines: [] },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(portalOrderFormMessages.fileType);
    expect((await preview(ids.storeA, Buffer.from("x"), viewerA)).statusCode).toBe(403);
  });
});
