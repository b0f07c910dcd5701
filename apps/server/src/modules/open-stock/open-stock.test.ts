import { lineListCsvMessages } from "@cm/contracts/line-list-csv";
import { lineListFormatMessages } from "@cm/contracts/line-list-workbook";
import {
  openStockMessages,
  type OpenStockApplyData,
  type OpenStockPreviewData,
} from "@cm/contracts/open-stock";
import { contentTypeForFileName } from "@cm/contracts/uploads";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { presignRequest, putObject, storageListing } from "../../../test/uploads.ts";
import { rowsOf } from "../../db/client.ts";
import { brands, users } from "../../db/schema.ts";
import { writeLineListXls } from "../file-processing/sample-line-list.ts";
import { createLineList } from "../line-lists/service.ts";
import { openStockRoutes } from "./routes.ts";

type Sheet = { name: string; rows: (string | number | null)[][] };

async function xlsxOf(sheets: Sheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) workbook.addWorksheet(sheet.name).addRows(sheet.rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvOf = (lines: string[]) => Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");

describe("Open Stock API", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let crocsId: number;
  let skechersId: number;

  const db = () => testApp.database.db;

  async function store(fileName: string, bytes: Buffer): Promise<string> {
    const presign = await presignRequest(testApp, auth, {
      purpose: "open-stock",
      fileKey: fileName,
      fileSize: bytes.length,
      contentType: contentTypeForFileName(fileName)!,
      metadata: undefined,
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const { presignedUrl, headers, fileKey } = presign.json().data;
    const put = await putObject(testApp, presignedUrl, bytes, headers);
    expect(put.statusCode, put.body).toBe(200);
    return fileKey as string;
  }

  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: "POST", url, payload, headers: auth });
  async function preview(payload: object): Promise<OpenStockPreviewData> {
    const response = await post("/api/open-stock/preview", payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  async function apply(payload: object): Promise<OpenStockApplyData> {
    const response = await post("/api/open-stock/apply", payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function available(...skus: string[]): Promise<Record<string, (number | null)[]>> {
    const rows = rowsOf<{ sku: string; quantity: number | null }>(
      await db().execute(sql`
        select sku, available_quantity as quantity from product_sizes
        where sku in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb)) order by sku, id
      `),
    );
    const bySku: Record<string, (number | null)[]> = {};
    for (const row of rows) (bySku[row.sku] ??= []).push(row.quantity);
    return bySku;
  }

  async function lineListOf(brandId: number, name: string, skus: string[]) {
    const [admin] = await db().select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    await createLineList(
      db(),
      {
        brandId,
        name,
        stage: "saved",
        type: "own-stock",
        products: [
          {
            modelCode: `${name}-A`,
            msrp: "40.00",
            sizes: skus.map((sku, index) => ({ size: `M${index + 4}`, sku })),
          },
        ],
      },
      admin!.id,
    );
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    if (!testApp.app.hasRoute({ method: "POST", url: "/api/open-stock/preview" })) {
      await testApp.app.register(openStockRoutes());
    }
    auth = await signIn(testApp);
    const [crocs] = await db().select().from(brands).where(eq(brands.name, "Crocs"));
    const [skechers] = await db().select().from(brands).where(eq(brands.name, "Skechers"));
    crocsId = crocs!.id;
    skechersId = skechers!.id;
    await lineListOf(crocsId, "OS", ["OS-A-8", "OS-A-10", "OS-B-8", "012345678905", "SHARED-1"]);
    await lineListOf(skechersId, "SK", ["SK-A-8", "SHARED-1"]);
  });
  afterAll(() => testApp?.close());

  it("previews a CSV: guessed columns, sample values, the counts, unknown SKUs and unreadable quantities; then applies it", async () => {
    const key = await store(
      "stock.csv",
      csvOf(["SKU,Qty", "OS-A-8,5", "OS-A-10,0", "NOPE-1,3", "OS-B-8,abc", "NOPE-2,-2", "OS-A-8,2"]),
    );
    const answer = await preview({ key, fileName: "stock.csv" });
    expect(answer).toMatchObject({
      kind: "csv",
      sheets: [],
      sheet: null,
      headerRow: 1,
      headers: ["SKU", "Qty"],
      samples: [
        ["OS-A-8", "OS-A-10", "NOPE-1"],
        ["5", "0", "3"],
      ],
      rowCount: 6,
      columns: { sku: "SKU", quantity: "Qty" },
      source: "guessed",
      problems: [],
      // OS-A-8 twice: 5 + 2.
      counts: { updated: 2, unknown: 1, duplicates: 1, rowErrors: 2 },
      unknownSkus: ["NOPE-1"],
    });
    expect(openStockMessages.counts(answer.counts!.updated, answer.counts!.unknown)).toBe(
      "2 SKUs updated, 1 unknown SKU",
    );
    expect(answer.rowErrors).toEqual([
      {
        row: 5,
        column: "Qty",
        value: "abc",
        message: `OS-B-8: ${openStockMessages.quantityNotWhole("abc")}`,
      },
      { row: 6, column: "Qty", value: "-2", message: `NOPE-2: ${openStockMessages.quantityNegative("-2")}` },
    ]);
    // A preview changes nothing and keeps the file for the apply.
    expect(await available("OS-A-8")).toEqual({ "OS-A-8": [null] });
    expect(await storageListing(testApp)).toContain(key);

    const counts = await apply({ key, fileName: "stock.csv", columns: { sku: "SKU", quantity: "Qty" } });
    expect(counts).toEqual({ updated: 2, unknown: 1, duplicates: 1, rowErrors: 2 });
    expect(await available("OS-A-8", "OS-A-10", "OS-B-8")).toEqual({
      "OS-A-8": [7],
      "OS-A-10": [0],
      "OS-B-8": [null],
    });
    expect(await storageListing(testApp)).not.toContain(key);
    const history = await historyOf(testApp, "brand", crocsId);
    expect(history[0]).toMatchObject({
      action: "upload",
      entityLabel: "Crocs",
      summary: "Open Stock uploaded: 2 SKUs updated (stock.csv)",
    });
    // The file is gone: a second apply finds nothing.
    const again = await post("/api/open-stock/apply", {
      key,
      fileName: "stock.csv",
      columns: { sku: "SKU", quantity: "Qty" },
    });
    expect(again.statusCode).toBe(404);
  });

  it("reads an .xlsx under a title block, finds UPCs that lost their leading zero, and sets an SKU of every brand", async () => {
    const bytes = await xlsxOf([
      {
        name: "Stock",
        rows: [
          ["Warehouse stock report"],
          [],
          ["Description", "UPC", "Available"],
          ["Clog", 12345678905, 12],
          ["Shared", "SHARED-1", 4],
        ],
      },
    ]);
    const key = await store("report.xlsx", bytes);
    const answer = await preview({ key, fileName: "report.xlsx" });
    expect(answer).toMatchObject({
      kind: "xlsx",
      sheets: ["Stock"],
      sheet: "Stock",
      headerRow: 3,
      headers: ["Description", "UPC", "Available"],
      columns: { sku: "UPC", quantity: "Available" },
      source: "guessed",
      counts: { updated: 2, unknown: 0, duplicates: 0, rowErrors: 0 },
      unknownSkus: [],
    });
    expect(answer.samples[1]).toEqual(["12345678905", "SHARED-1"]);

    await apply({ key, fileName: "report.xlsx", columns: { sku: "UPC", quantity: "Available" } });
    expect(await available("012345678905", "SHARED-1")).toEqual({
      "012345678905": [12],
      "SHARED-1": [4, 4],
    });
    const skechersHistory = await historyOf(testApp, "brand", skechersId);
    expect(skechersHistory[0]?.summary).toBe("Open Stock uploaded: 1 SKU updated (report.xlsx)");
  });

  it("asks for the columns it cannot guess, then reads the next file of that layout with the saved choice", async () => {
    const first = await store("odd.csv", csvOf(["Ref;Pieces;Colour", "OS-A-8;9;Black", "OS-B-8;1;White"]));
    const asked = await preview({ key: first, fileName: "odd.csv" });
    expect(asked).toMatchObject({
      columns: { sku: null },
      source: "guessed",
      problems: [openStockMessages.chooseSkuColumn],
      counts: null,
      headers: ["Ref", "Pieces", "Colour"],
    });
    const chosen = await preview({
      key: first,
      fileName: "odd.csv",
      columns: { sku: "Ref", quantity: "Pieces" },
    });
    expect(chosen).toMatchObject({ source: "given", problems: [], counts: { updated: 2, unknown: 0 } });
    await apply({ key: first, fileName: "odd.csv", columns: { sku: "Ref", quantity: "Pieces" } });

    // The same headers in another order, as an .xls workbook: no question.
    const second = await store(
      "odd again.xls",
      writeLineListXls({
        sheetName: "Sheet1",
        rows: [
          ["Colour", "Pieces", "Ref"],
          ["Black", 3, "OS-A-8"],
        ],
      }),
    );
    const saved = await preview({ key: second, fileName: "odd again.xls" });
    expect(saved).toMatchObject({
      kind: "xls",
      columns: { sku: "Ref", quantity: "Pieces" },
      source: "saved",
      problems: [],
      counts: { updated: 1, unknown: 0 },
    });
  });

  it("reads another sheet or header row when asked, and says which column is missing", async () => {
    const key = await store(
      "two sheets.xlsx",
      await xlsxOf([
        { name: "Notes", rows: [["Read me"]] },
        {
          name: "Counts",
          rows: [
            ["SKU", "On Hand"],
            ["OS-B-8", 6],
          ],
        },
      ]),
    );
    const first = await preview({ key, fileName: "two sheets.xlsx" });
    expect(first).toMatchObject({ sheets: ["Notes", "Counts"], sheet: "Notes", counts: null });
    const counts = await preview({ key, fileName: "two sheets.xlsx", sheet: "Counts" });
    expect(counts).toMatchObject({ sheet: "Counts", columns: { sku: "SKU", quantity: "On Hand" } });

    const missing = await post("/api/open-stock/apply", {
      key,
      fileName: "two sheets.xlsx",
      sheet: "Counts",
      columns: { sku: "SKU", quantity: "Stock" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(openStockMessages.columnNotFound("Stock"));
    const noSheet = await post("/api/open-stock/preview", {
      key,
      fileName: "two sheets.xlsx",
      sheet: "Nope",
    });
    expect(noSheet.statusCode).toBe(400);
    expect(noSheet.json().message).toBe(openStockMessages.sheetNotFound("Nope"));
  });

  it("refuses a file that is not what its name says with the line lists' messages, and keeps nothing of it", async () => {
    const before = await available("OS-A-10");
    const notWorkbook = await store("fake.xlsx", Buffer.from("SKU,Qty\nOS-A-10,99\n"));
    const refused = await post("/api/open-stock/preview", { key: notWorkbook, fileName: "fake.xlsx" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(lineListFormatMessages.notAWorkbook);
    expect(await storageListing(testApp)).not.toContain(notWorkbook);

    const binary = await store("fake.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]));
    const refusedCsv = await post("/api/open-stock/preview", { key: binary, fileName: "fake.csv" });
    expect(refusedCsv.statusCode).toBe(400);
    expect(refusedCsv.json().message).toBe(lineListCsvMessages.notText);
    expect(await storageListing(testApp)).not.toContain(binary);
    expect(await available("OS-A-10")).toEqual(before);

    const unknownKey = await post("/api/open-stock/preview", {
      key: "uploads/00000000-0000-4000-8000-000000000000.csv",
      fileName: "gone.csv",
    });
    expect(unknownKey.statusCode).toBe(404);
  });

  it("refuses to apply a file of unknown SKUs only", async () => {
    const key = await store("unknown.csv", csvOf(["SKU,Qty", "NOPE-9,1"]));
    const response = await post("/api/open-stock/apply", {
      key,
      fileName: "unknown.csv",
      columns: { sku: "SKU", quantity: "Qty" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(openStockMessages.nothingToApply);
  });
});
