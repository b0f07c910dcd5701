import { lineListFormatMessages } from "@cm/contracts/line-list-format";
import {
  orderFormFileName,
  orderFormLayout,
  orderFormMessages,
  type OrderFormError,
  type OrderFormLineLists,
  type OrderFormPreview,
} from "@cm/contracts/order-forms";
import { orderMessages } from "@cm/contracts/orders";
import { contentTypeForFileName, uploadMessages } from "@cm/contracts/uploads";
import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  presignRequest,
  putObject,
  snapshot,
  storageListing,
  uploadWorkbook,
  type Auth,
} from "../../../test/uploads.ts";
import { brands, organizations, stores, users } from "../../db/schema.ts";
import {
  manyRowsWorkbook,
  measured,
  refusalBounds,
  validTable,
  xls,
  xlsx,
} from "../file-processing/test-workbooks.ts";
import { createLineList } from "../line-lists/service.ts";
import { sizeColumns } from "./form-writer.ts";

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("order forms", () => {
  let testApp: TestApp;
  let auth: Auth;
  let adminId: number;
  let crocsId: number;
  let storeId: number;
  const lineList: Record<string, number> = {};

  const download = (id: number | string, headers: Record<string, string> = auth) =>
    testApp.app.inject({ method: "GET", url: `/api/line-lists/${id}/order-form`, headers });

  /** A saved line list: A (M8, M10) and B (M6, M8) in catalogs; C in none; D without MSRP. */
  async function newLineList(
    name: string,
    options: { type?: "pre-book" | "own-stock"; deadline?: string; published?: boolean } = {},
  ): Promise<number> {
    const style = (code: string, msrp: string | undefined, sizes: string[]) => ({
      modelCode: `${name}-${code}`,
      silhouette: `Clog ${code}`,
      color: "Black",
      msrp,
      sizes: sizes.map((size) => ({ size, sku: `${name}-${code}-${size}` })),
    });
    const created = await createLineList(
      testApp.database.db,
      {
        brandId: crocsId,
        name,
        stage: "saved",
        type: options.type ?? "pre-book",
        deadline: options.deadline ?? (options.type === "own-stock" ? undefined : "2999-12-31"),
        products: [
          style("A", "59.99", ["M8", "M10"]),
          style("B", "45.00", ["M6", "M8"]),
          style("C", "20.00", ["M8"]),
          style("D", undefined, ["M8"]),
        ],
        catalogs: { crocs: [`${name}-A`], athletic: [`${name}-B`, `${name}-D`] },
        sortingCompleted: true,
        published: options.published ?? true,
      },
      adminId,
    );
    return created.id;
  }

  async function downloadForm(id: number): Promise<Buffer> {
    const response = await download(id);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  /** Presign (as an order form) and PUT: the file stored under the key the server chose. */
  async function storeForm(bytes: Buffer, fileName = "filled form.xlsx"): Promise<string> {
    const presign = await presignRequest(testApp, auth, {
      purpose: "order-form",
      fileKey: fileName,
      fileSize: bytes.length,
      contentType: contentTypeForFileName(fileName)!,
      metadata: undefined,
    });
    expect(presign.statusCode).toBe(200);
    const { presignedUrl, headers, fileKey } = presign.json().data;
    const put = await putObject(testApp, presignedUrl, bytes, headers);
    expect(put.statusCode).toBe(200);
    return fileKey as string;
  }

  /** `store` null: none chosen, the form's names decide. */
  const previewRequest = (fileKey: string, store: number | null = storeId) =>
    testApp.app.inject({
      method: "POST",
      url: "/api/orders/order-form/preview",
      headers: auth,
      payload: { fileKey, ...(store !== null && { storeId: store }) },
    });

  async function importForm(bytes: Buffer) {
    const fileKey = await storeForm(bytes);
    const response = await previewRequest(fileKey);
    return { fileKey, response };
  }

  /** The downloaded form with cells of its first sheet set, saved by another program (exceljs). */
  async function filled(id: number, cells: Record<string, string | number>): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloadForm(id)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(orderFormLayout.sheetName)!;
    for (const [address, value] of Object.entries(cells)) sheet.getCell(address).value = value;
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const { db } = testApp.database;
    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    adminId = admin!.id;
    const [crocs] = await db.select().from(brands).where(eq(brands.name, "Crocs"));
    crocsId = crocs!.id;
    const [organization] = await db
      .insert(organizations)
      .values({
        name: "Sunset Soles",
        type: "external",
        status: "active",
        discounts: [{ brandId: crocsId, percentage: 10 }],
      })
      .returning();
    const [store] = await db
      .insert(stores)
      .values({
        organizationId: organization!.id,
        name: "Beach Store",
        logoUrl: "/store-logo-placeholder.svg",
      })
      .returning();
    storeId = store!.id;
    lineList.published = await newLineList("OF");
    lineList.unpublished = await newLineList("UN", { published: false });
    lineList.closed = await newLineList("CL", { deadline: "2020-01-31" });
  });
  afterAll(() => testApp?.close());

  it("needs a signed-in user", async () => {
    expect((await download(lineList.published!, {})).statusCode).toBe(401);
    const preview = await testApp.app.inject({
      method: "POST",
      url: "/api/orders/order-form/preview",
      payload: { fileKey: "uploads/x.xlsx", storeId },
    });
    expect(preview.statusCode).toBe(401);
  });

  it("names the file after the brand and line list, and merges the styles' sizes in their order", () => {
    expect(orderFormFileName("Crocs", "Spring 2027")).toBe("Crocs Spring 2027 order form.xlsx");
    expect(orderFormFileName("Crocs", "crocs Core Own Stock")).toBe("crocs Core Own Stock order form.xlsx");
    const sizes = (...lists: string[][]) => lists.map((list) => ({ sizes: list.map((size) => ({ size })) }));
    expect(sizeColumns(sizes(["M8", "M10"], ["M6", "M8"]))).toEqual(["M6", "M8", "M10"]);
    expect(sizeColumns(sizes(["4", "5", "7"], ["5", "6", "7", "8"]))).toEqual(["4", "5", "6", "7", "8"]);
    expect(sizeColumns([])).toEqual([]);
  });

  it("downloads a published line list's form: header block, styles by sizes, hidden references", async () => {
    const response = await download(lineList.published!);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(xlsxType);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Crocs OF order form.xlsx"; filename*=UTF-8''Crocs%20OF%20order%20form.xlsx`,
    );

    const workbook = XLSX.read(response.rawPayload, { type: "buffer" });
    expect(workbook.SheetNames).toEqual([orderFormLayout.sheetName, orderFormLayout.refsSheetName]);
    expect(workbook.Workbook?.Sheets?.map((sheet) => sheet.Hidden ?? 0)).toEqual([0, 1]);

    const form = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[orderFormLayout.sheetName]!, {
      header: 1,
      raw: false,
      blankrows: true,
      defval: null,
    });
    expect(form.slice(0, 8)).toEqual([
      ["Order form", null, null, null, null, null, null, null],
      ["Brand", "Crocs", null, null, null, null, null, null],
      ["Line list", "OF", null, null, null, null, null, null],
      ["Type", "Pre-Book", null, null, null, null, null, null],
      ["Deadline for orders", "12/31/2999", null, null, null, null, null, null],
      ["Customer", null, null, null, null, null, null, null],
      ["Store", null, null, null, null, null, null, null],
      [orderFormMessages.whsNote, null, null, null, null, null, null, null],
    ]);
    const header = form.findIndex((row) => row[0] === "Model Code");
    expect(form[header]).toEqual(["Model Code", "Name", "Color", "MSRP", "WHS", "M6", "M8", "M10"]);
    // C is in no catalog and D has no MSRP: neither can be ordered, neither is on the form.
    // WHS is MSRP × the brand's factor (0.50), before the customer's discount; quantities are empty.
    expect(form.slice(header + 1)).toEqual([
      ["OF-A", "Clog A", "Black", "59.99", "30.00", orderFormLayout.noSizeMarker, null, null],
      ["OF-B", "Clog B", "Black", "45.00", "22.50", null, null, orderFormLayout.noSizeMarker],
    ]);

    const refs = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[orderFormLayout.refsSheetName]!, {
      header: 1,
    });
    expect(refs[0]).toEqual([orderFormLayout.marker, orderFormLayout.version]);
    expect(refs[1]).toEqual(["lineListId", lineList.published]);
    const row = header + 2;
    expect(refs.slice(-4)).toEqual([
      [`G${row}`, "OF-A-M8", "OF-A", "M8"],
      [`H${row}`, "OF-A-M10", "OF-A", "M10"],
      [`F${row + 1}`, "OF-B-M6", "OF-B", "M6"],
      [`G${row + 1}`, "OF-B-M8", "OF-B", "M8"],
    ]);
  });

  it("escapes names a spreadsheet would run as formulas, and reads its own escaped form back", async () => {
    const hostile = { link: '=HYPERLINK("http://x")', plus: "+1", minus: "-2", at: "@SUM(A1)" };
    const created = await createLineList(
      testApp.database.db,
      {
        brandId: crocsId,
        name: hostile.link,
        stage: "saved",
        type: "own-stock",
        products: [
          {
            modelCode: hostile.link,
            silhouette: hostile.plus,
            color: hostile.minus,
            msrp: "59.99",
            sizes: [{ size: hostile.at, sku: hostile.minus }],
          },
          {
            modelCode: hostile.at,
            silhouette: "\tTab",
            color: "Black",
            msrp: "20.00",
            sizes: [{ size: "M8", sku: "=1+2" }],
          },
        ],
        catalogs: { crocs: [hostile.link, hostile.at] },
        sortingCompleted: true,
        published: true,
      },
      adminId,
    );
    const workbook = XLSX.read(await downloadForm(created.id), { type: "buffer" });
    const form = workbook.Sheets[orderFormLayout.sheetName]!;
    const cells = XLSX.utils.sheet_to_json<(string | number)[]>(form, { header: 1, raw: true });
    expect(cells[2]).toEqual(["Line list", `'${hostile.link}`]);
    const header = cells.findIndex((row) => row[0] === "Model Code");
    expect(cells[header]).toEqual(
      expect.arrayContaining(["Model Code", "Name", "Color", "MSRP", "WHS", `'${hostile.at}`, "M8"]),
    );
    const rowOf = (modelCode: string) => cells.findIndex((row) => row[0] === `'${modelCode}`) + 1;
    const columnOf = (size: string) => XLSX.utils.encode_col(cells[header]!.indexOf(size));
    const linkRow = rowOf(hostile.link);
    const atRow = rowOf(hostile.at);
    // Text is escaped, numbers stay numbers.
    expect(cells[linkRow - 1]!.slice(0, 5)).toEqual([
      `'${hostile.link}`,
      `'${hostile.plus}`,
      `'${hostile.minus}`,
      59.99,
      30,
    ]);
    expect(cells[atRow - 1]!.slice(0, 5)).toEqual([`'${hostile.at}`, "'\tTab", "Black", 20, 10]);
    expect(form[`D${linkRow}`]).toMatchObject({ t: "n", v: 59.99 });
    const refs = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets[orderFormLayout.refsSheetName]!, {
      header: 1,
    });
    const linkCell = `${columnOf(`'${hostile.at}`)}${linkRow}`;
    const atCell = `${columnOf("M8")}${atRow}`;
    expect(refs.slice(-2)).toEqual(
      expect.arrayContaining([
        [linkCell, `'${hostile.minus}`, `'${hostile.link}`, `'${hostile.at}`],
        [atCell, "'=1+2", `'${hostile.at}`, "M8"],
      ]),
    );

    const { response } = await importForm(await filled(created.id, { [linkCell]: 2, [atCell]: 1 }));
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data as OrderFormPreview;
    expect(preview.errors).toEqual([]);
    expect(preview.lines).toHaveLength(2);
    expect(preview.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          modelCode: hostile.link,
          size: hostile.at,
          sku: hostile.minus,
          quantity: 2,
        }),
        expect.objectContaining({ modelCode: hostile.at, size: "M8", sku: "=1+2", quantity: 1 }),
      ]),
    );
  });

  it("offers the published line lists that can still be ordered from, and counts the pre-books past their deadline", async () => {
    const response = await testApp.app.inject({
      method: "GET",
      url: "/api/orders/order-form/line-lists",
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    const { lineLists, pastDeadline } = response.json().data as OrderFormLineLists;
    const offered = lineLists.map((offer) => offer.id);
    expect(offered).toContain(lineList.published);
    expect(offered).not.toContain(lineList.unpublished);
    expect(offered).not.toContain(lineList.closed);
    expect(pastDeadline).toBe(1);
    expect(lineLists.find((offer) => offer.id === lineList.published)).toEqual({
      id: lineList.published,
      name: "OF",
      brandId: crocsId,
      brandName: "Crocs",
      type: "pre-book",
      deadline: "2999-12-31",
      dateOfAvailability: null,
    });
    const unsigned = await testApp.app.inject({ method: "GET", url: "/api/orders/order-form/line-lists" });
    expect(unsigned.statusCode).toBe(401);
  });

  it("answers 404 for an unknown line list and 409 for one not published", async () => {
    const unknown = await download(2_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: orderFormMessages.lineListNotFound });
    const unpublished = await download(lineList.unpublished!);
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().message).toBe(orderFormMessages.lineListNotPublished);
    expect((await download("abc")).statusCode).toBe(400);
  });

  it("previews a filled form: its lines priced for the store, totals, and every bad cell", async () => {
    const form = XLSX.read(await downloadForm(lineList.published!), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(form.Sheets[orderFormLayout.sheetName]!, { header: 1 });
    const a = rows.findIndex((row) => row[0] === "OF-A") + 1;
    const b = a + 1;
    const bytes = await filled(lineList.published!, {
      [`G${a}`]: 3,
      [`H${a}`]: "2",
      // Over the "no such size" marker.
      [`F${a}`]: 4,
      [`F${b}`]: 1.5,
      // Zero is no quantity.
      [`G${b}`]: 0,
      [`H${b}`]: "x",
      // Beyond the size columns: the writer's own note.
      [`J${a}`]: "rush please",
    });
    const before = await snapshot(testApp);
    const { fileKey, response } = await importForm(bytes);
    expect(response.statusCode).toBe(200);
    const preview = response.json().data as OrderFormPreview;

    expect(preview.lineList).toMatchObject({
      id: lineList.published,
      name: "OF",
      brandName: "Crocs",
      type: "pre-book",
      orderType: "pre-book",
      deadline: "2999-12-31",
    });
    expect(preview.store).toMatchObject({
      id: storeId,
      name: "Beach Store",
      organizationName: "Sunset Soles",
    });
    // 59.99 × 0.50 × (1 − 10%) = 26.9955 → 27.00.
    expect(preview.lines).toEqual([
      expect.objectContaining({
        row: a,
        column: "G",
        lineListId: lineList.published,
        modelCode: "OF-A",
        styleName: "Clog A",
        sku: "OF-A-M8",
        size: "M8",
        quantity: 3,
        msrp: "59.99",
        unitWhs: "27.00",
        lineTotal: "81.00",
      }),
      expect.objectContaining({ row: a, column: "H", sku: "OF-A-M10", quantity: 2, lineTotal: "54.00" }),
    ]);
    expect(preview.totals).toEqual({ lines: 2, units: 5, totalWhs: "135.00" });
    const error = (
      row: number,
      column: string,
      size: string,
      value: string,
      reason: string,
    ): OrderFormError => ({
      row,
      column,
      size,
      modelCode: row === a ? "OF-A" : "OF-B",
      value,
      reason,
    });
    expect(preview.errors).toEqual([
      error(a, "F", "M6", "4", orderFormMessages.sizeNotOffered("M6")),
      error(b, "F", "M6", "1.5", orderFormMessages.quantityRange),
      error(b, "H", "M10", "x", orderFormMessages.sizeNotOffered("M10")),
    ]);
    expect(preview.errorCount).toBe(3);

    // Nothing stored: no order, and the uploaded file is gone.
    expect(await snapshot(testApp)).toEqual(before);
    expect(await storageListing(testApp)).not.toContain(fileKey);
  });

  it("names the lines the order would refuse with their cells", async () => {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(await downloadForm(lineList.closed!), { type: "buffer" }).Sheets[orderFormLayout.sheetName]!,
      { header: 1 },
    );
    const a = rows.findIndex((row) => row[0] === "CL-A") + 1;
    const { response } = await importForm(
      await filled(lineList.closed!, { [`G${a}`]: 12, [`H${a}`]: 10_000 }),
    );
    expect(response.statusCode).toBe(200);
    const preview = response.json().data as OrderFormPreview;
    expect(preview.lines).toEqual([]);
    expect(preview.totals).toEqual({ lines: 0, units: 0, totalWhs: "0.00" });
    expect(preview.errors).toEqual([
      {
        row: a,
        column: "G",
        size: "M8",
        modelCode: "CL-A",
        value: "12",
        reason: orderMessages.deadlinePassed("2020-01-31"),
      },
      {
        row: a,
        column: "H",
        size: "M10",
        modelCode: "CL-A",
        value: "10000",
        reason: orderFormMessages.quantityRange,
      },
    ]);
  });

  it("refuses a form whose rows were moved, and checks the store", async () => {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(await downloadForm(lineList.published!), { type: "buffer" }).Sheets[
        orderFormLayout.sheetName
      ]!,
      { header: 1 },
    );
    const a = rows.findIndex((row) => row[0] === "OF-A") + 1;
    // Sorted by model code descending: B's row is now where A's was.
    const sorted = await filled(lineList.published!, {
      [`A${a}`]: "OF-B",
      [`A${a + 1}`]: "OF-A",
      [`G${a}`]: 1,
    });
    const moved = await importForm(sorted);
    expect(moved.response.statusCode).toBe(400);
    expect(moved.response.json().message).toBe(orderFormMessages.layoutChanged);
    expect(await storageListing(testApp)).not.toContain(moved.fileKey);

    const fine = await filled(lineList.published!, { [`G${a}`]: 1 });
    const unknownStore = await previewRequest(await storeForm(fine), 2_000_000);
    expect(unknownStore.statusCode).toBe(400);
    expect(unknownStore.json()).toMatchObject({
      message: orderMessages.storeNotFound,
      data: { storeId: [orderMessages.storeNotFound] },
    });
  });

  it("writes the customer and store into a form downloaded for a store, and proposes the store a form names", async () => {
    const forStore = await testApp.app.inject({
      method: "GET",
      url: `/api/line-lists/${lineList.published}/order-form?storeId=${storeId}`,
      headers: auth,
    });
    expect(forStore.statusCode).toBe(200);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(
      XLSX.read(forStore.rawPayload, { type: "buffer" }).Sheets[orderFormLayout.sheetName]!,
      { header: 1 },
    );
    expect(rows.filter((row) => row[0] === "Customer" || row[0] === "Store")).toEqual([
      ["Customer", "Sunset Soles"],
      ["Store", "Beach Store"],
    ]);
    const unknown = await testApp.app.inject({
      method: "GET",
      url: `/api/line-lists/${lineList.published}/order-form?storeId=2000000`,
      headers: auth,
    });
    expect(unknown.statusCode).toBe(400);

    // No store chosen: the one the form names, as the customer typed it, is priced and proposed.
    const a = rows.findIndex((row) => row[0] === "OF-A") + 1;
    const customerRow = rows.findIndex((row) => row[0] === "Customer") + 1;
    const typed = await filled(lineList.published!, {
      [`B${customerRow}`]: "  sunset soles ",
      [`B${customerRow + 1}`]: "BEACH STORE",
      [`G${a}`]: 2,
    });
    const proposed = await previewRequest(await storeForm(typed), null);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({
      store: { id: storeId, name: "Beach Store", organizationName: "Sunset Soles" },
      named: {
        customerName: "sunset soles",
        storeName: "BEACH STORE",
        match: { storeId, organizationId: expect.any(Number) },
      },
      totals: { units: 2 },
    });

    // A store chosen wins; the preview still says what the form names.
    const [other] = await testApp.database.db
      .insert(organizations)
      .values({ name: "Maple Feet", type: "external", status: "active" })
      .returning();
    const [otherStore] = await testApp.database.db
      .insert(stores)
      .values({ organizationId: other!.id, name: "Toronto", logoUrl: "/store-logo-placeholder.svg" })
      .returning();
    const chosen = await previewRequest(await storeForm(typed), otherStore!.id);
    expect(chosen.json().data).toMatchObject({
      store: { id: otherStore!.id },
      named: { customerName: "sunset soles", match: { storeId } },
    });

    // A customer named alone matches its only active store.
    const customerOnly = await filled(lineList.published!, {
      [`B${customerRow}`]: "Maple Feet",
      [`G${a}`]: 1,
    });
    const byCustomer = await previewRequest(await storeForm(customerOnly), null);
    expect(byCustomer.json().data).toMatchObject({
      store: { id: otherStore!.id },
      named: { customerName: "Maple Feet", storeName: null, match: { storeId: otherStore!.id } },
    });

    // Names matching nothing, or nothing named, with no store chosen: 400 on storeId.
    for (const cells of [{ [`B${customerRow}`]: "Nobody Inc" }, {}]) {
      const bytes = await filled(lineList.published!, { ...cells, [`G${a}`]: 1 });
      const { response, fileKey } = await (async () => {
        const key = await storeForm(bytes);
        return { response: await previewRequest(key, null), fileKey: key };
      })();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: orderFormMessages.storeNotNamed,
        data: { storeId: [orderFormMessages.storeNotNamed] },
      });
      expect(await storageListing(testApp)).not.toContain(fileKey);
    }
  });

  it("refuses a workbook that is not an order form, and a file that is no workbook, storing nothing", async () => {
    const before = await snapshot(testApp);
    const workbook = await importForm(await xlsx(validTable()));
    expect(workbook.response.statusCode).toBe(400);
    expect(workbook.response.json()).toMatchObject({
      success: false,
      message: orderFormMessages.notAnOrderForm,
    });

    const text = await importForm(Buffer.from("model code,size,quantity\nOF-A,M8,3\n"));
    expect(text.response.statusCode).toBe(400);
    expect(text.response.json()).toMatchObject({
      message: orderFormMessages.notAnOrderForm,
      data: { file: [expect.any(String)] },
    });
    expect(await snapshot(testApp)).toEqual(before);

    // A key that was never stored, or one the server could not have made.
    expect((await previewRequest("uploads/00000000-0000-4000-8000-000000000000.xlsx")).statusCode).toBe(404);
    const forged = await previewRequest("../db/data.xlsx");
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(uploadMessages.uploadedFileNotFound);
  });

  it.each<[string, string, () => Promise<Buffer>, string]>([
    [
      "a workbook of 1,000,000 rows",
      "filled form.xlsx",
      async () => manyRowsWorkbook(1_000_000, orderFormLayout.sheetName),
      lineListFormatMessages.tooManyRows,
    ],
    [
      "an .xls renamed .xlsx",
      "filled form.xlsx",
      async () => xls({ sheetName: orderFormLayout.sheetName, rows: [["Model Code"], ["OF-A"]] }),
      lineListFormatMessages.extensionMismatch("xls", "xlsx"),
    ],
    [
      "an .xlsx renamed .xls",
      "filled form.xls",
      () => downloadForm(lineList.published!),
      lineListFormatMessages.extensionMismatch("xlsx", "xls"),
    ],
  ])(
    "refuses %s quickly, saying why, storing nothing",
    { timeout: 120_000 },
    async (label, fileName, build, reason) => {
      const bytes = await build();
      const before = await snapshot(testApp);
      const fileKey = await storeForm(bytes, fileName);
      const { result, ms, rssGrowthMb } = await measured(() => previewRequest(fileKey));
      console.info(
        `order form import refused, ${label}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB file, ${Math.round(ms)} ms, RSS +${Math.round(rssGrowthMb)} MB`,
      );
      expect(result.statusCode).toBe(400);
      expect(result.json()).toEqual({
        success: false,
        message: orderFormMessages.notAnOrderForm,
        data: { file: [reason] },
      });
      expect(ms).toBeLessThan(refusalBounds.maxMs);
      expect(rssGrowthMb).toBeLessThan(refusalBounds.maxRssGrowthMb);
      expect(await snapshot(testApp)).toEqual(before);
    },
  );

  it("never reads nor deletes a line list upload's file", async () => {
    const { presigned, process } = await uploadWorkbook(testApp, auth, {
      fileName: "Crocs Fall 2027.xlsx",
      bytes: await xlsx(validTable()),
    });
    expect(process.statusCode).toBe(200);
    const response = await previewRequest(presigned.fileKey);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(uploadMessages.uploadAlreadyProcessed);
    expect(await storageListing(testApp)).toContain(presigned.fileKey);
  });

  it("presigns an order form without metadata, but not a line list", async () => {
    const lineListUpload = await presignRequest(testApp, auth, {
      fileKey: "Spring 2027.xlsx",
      fileSize: 10,
      contentType: xlsxType,
      metadata: undefined,
    });
    expect(lineListUpload.statusCode).toBe(400);
    expect(lineListUpload.json().data).toEqual({ metadata: [uploadMessages.metadataRequired] });
  });

  it("describes both routes in the OpenAPI document", async () => {
    const document = (await testApp.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const download = document.paths["/api/line-lists/{id}/order-form"].get;
    expect(download.responses["200"].content[xlsxType].schema).toMatchObject({
      type: "string",
      format: "binary",
    });
    expect(document.paths["/api/orders/order-form/preview"].post).toBeDefined();
  });
});
