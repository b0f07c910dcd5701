import {
  lineListFormatMessages as formatMessages,
  type LineListRowError,
} from "@cm/contracts/line-list-format";
import { mappingMessages } from "@cm/contracts/line-list-mapping";
import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { errorCountHeader, uploadMessages, workbookContentTypes } from "@cm/contracts/uploads";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { brands } from "../../db/schema.ts";
import {
  crocsBrandId,
  presignRequest,
  processRequest,
  snapshot,
  storeWorkbook,
  uploadWorkbook,
  type Auth,
} from "../../../test/uploads.ts";
import {
  sampleLineListTable,
  type LineListTable,
  type SampleCell,
} from "../file-processing/sample-line-list.ts";
import { table, xls, xlsx, zipBombWorkbook } from "../file-processing/test-workbooks.ts";

const col = { modelCode: 2, msrp: 5, size: 12, sku: 13 } as const;
const base = () => sampleLineListTable({ styles: 3, seed: 5 });

function withCell(source: LineListTable, sheetRow: number, column: number, value: SampleCell): LineListTable {
  const rows = source.rows.map((row) => [...row]);
  rows[sheetRow - 1]![column] = value;
  return { ...source, rows };
}

function withoutColumn(source: LineListTable, column: number): LineListTable {
  return { ...source, rows: source.rows.map((row) => row.filter((_, index) => index !== column)) };
}

/**
 * Every refused upload answers 422 with the errors that name row and column, and leaves the
 * database (every table's row count) and the storage folder exactly as they were before it began.
 */
describe("refused uploads store nothing", () => {
  let testApp: TestApp;
  let auth: Auth;

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
  });
  afterAll(() => testApp?.close());

  async function refused(fileName: string, bytes: Buffer | Promise<Buffer>): Promise<LineListRowError[]> {
    const before = await snapshot(testApp);
    const { process } = await uploadWorkbook(testApp, auth, { fileName, bytes: await bytes });
    expect(process.statusCode, process.body).toBe(422);
    const errors = process.json() as LineListRowError[];
    expect(Number(process.headers[errorCountHeader])).toBeGreaterThanOrEqual(errors.length);
    expect(await snapshot(testApp)).toEqual(before);
    return errors;
  }

  const cases: [string, () => LineListTable, Partial<LineListRowError>][] = [
    [
      "a row without Model Code",
      () => withCell(base(), 3, col.modelCode, null),
      { row: 3, column: "Model Code", message: formatMessages.required("Model Code") },
    ],
    [
      "a row without Size",
      () => withCell(base(), 4, col.size, null),
      { row: 4, column: "Size", message: formatMessages.required("Size") },
    ],
    [
      "a row without SKU",
      () => withCell(base(), 2, col.sku, null),
      { row: 2, column: "SKU", message: formatMessages.required("SKU") },
    ],
    [
      "a non-numeric MSRP",
      () => withCell(base(), 2, col.msrp, "cheap"),
      { row: 2, column: "MSRP", value: "cheap", message: formatMessages.msrpInvalid },
    ],
    [
      "a negative MSRP",
      () => withCell(base(), 3, col.msrp, -5),
      { row: 3, column: "MSRP", message: formatMessages.msrpInvalid },
    ],
    [
      "a SKU twice",
      () => {
        const source = base();
        return withCell(source, 5, col.sku, source.rows[1]![col.sku]!);
      },
      { row: 5, column: "SKU", message: formatMessages.duplicateSku(2) },
    ],
    [
      "a sheet name without a year",
      () => ({ ...base(), sheetName: "Spring" }),
      { row: null, column: null, message: formatMessages.sheetName("Spring") },
    ],
    ["an empty sheet", () => table([]), { row: null, column: null, message: formatMessages.emptySheet }],
  ];

  it.each(cases)(".xlsx with %s", async (_name, build, expected) => {
    const errors = await refused("Refused.xlsx", xlsx(build()));
    expect(errors).toContainEqual(expect.objectContaining(expected));
  });

  it.each(cases.filter(([name]) => name !== "an empty sheet"))(
    ".xls with %s",
    async (_name, build, expected) => {
      const errors = await refused("Refused.xls", xls(build()));
      expect(errors).toContainEqual(expect.objectContaining(expected));
    },
  );

  it.each([
    ["xlsx", (source: LineListTable) => xlsx(source)],
    ["xls", (source: LineListTable) => Promise.resolve(xls(source))],
  ] as const)(
    ".%s without a required header: the saved mapping's headers changed, so 400 asks for the mapping step and keeps the file for it",
    async (extension, write) => {
      const before = await snapshot(testApp);
      const { presigned, process } = await uploadWorkbook(testApp, auth, {
        fileName: `Refused.${extension}`,
        bytes: await write(withoutColumn(base(), col.sku)),
      });
      expect(process.statusCode).toBe(400);
      expect(process.json()).toMatchObject({
        success: false,
        message: mappingMessages.headersChanged("Crocs"),
      });
      // Only the file stays, for POST /api/uploads/inspect and a second request with the mapping.
      expect(await snapshot(testApp)).toEqual({
        ...before,
        storage: [...before.storage, presigned.fileKey].sort(),
      });
      // With the Crocs mapping sent, the missing column is the mapping's problem, said as the step says it.
      const mapped = await processRequest(testApp, auth, {
        brand: "Crocs",
        type: "own-stock",
        fileName: `Refused.${extension}`,
        key: presigned.fileKey,
        mapping: crocsMapping,
      });
      expect(mapped.statusCode).toBe(400);
      expect(mapped.json()).toMatchObject({
        message: mappingMessages.requiredFieldUnmapped("SKU or UPC"),
        data: { mapping: [mappingMessages.requiredFieldUnmapped("SKU or UPC")] },
      });
      await testApp.app.objectStore.delete(presigned.fileKey);
      expect(await snapshot(testApp)).toEqual(before);
    },
  );

  it("a file that is not a workbook", async () => {
    const errors = await refused("Not really.xlsx", Buffer.from("Model Code,Size,SKU\n10001-001,M4,1900\n"));
    expect(errors).toEqual([expect.objectContaining({ row: null, column: null })]);
  });

  it("a zip bomb, quickly", async () => {
    const started = performance.now();
    const errors = await refused("Bomb.xlsx", zipBombWorkbook({ inflatedMb: 400 }));
    expect(errors[0]).toMatchObject({ row: null, column: null });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("lists the first 100 errors, says how many there are, and gives every one when asked", async () => {
    const source = sampleLineListTable({ styles: 15, seed: 6 });
    const rows = source.rows.map((row, index) =>
      index === 0 ? row : row.map((cell, column) => (column === col.msrp ? "n/a" : cell)),
    );
    const bytes = await xlsx({ ...source, rows });
    const dataRows = rows.length - 1;
    expect(dataRows).toBeGreaterThan(100);

    const before = await snapshot(testApp);
    const first = await uploadWorkbook(testApp, auth, { fileName: "Many errors.xlsx", bytes });
    expect(first.process.statusCode).toBe(422);
    expect(first.process.json()).toHaveLength(100);
    expect(first.process.headers[errorCountHeader]).toBe(String(dataRows));
    expect(first.process.json()[0]).toEqual({
      row: 2,
      column: "MSRP",
      value: "n/a",
      message: formatMessages.msrpInvalid,
    });

    const all = await uploadWorkbook(testApp, auth, {
      fileName: "Many errors.xlsx",
      bytes,
      errorLimit: 100_000,
    });
    expect(all.process.json()).toHaveLength(dataRows);
    expect(await snapshot(testApp)).toEqual(before);
  });

  it("a brand without a mapping, none sent: 400 naming it, nothing stored but the file for the mapping step", async () => {
    const before = await snapshot(testApp);
    const presigned = await storeWorkbook(testApp, auth, "Pandora.xlsx", await xlsx(base()));
    const answer = await processRequest(testApp, auth, {
      brand: "Pandora",
      type: "own-stock",
      fileName: "Pandora.xlsx",
      key: presigned.fileKey,
      action: "new",
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      success: false,
      message: mappingMessages.mappingRequired("Pandora"),
    });
    expect(await snapshot(testApp)).toEqual({
      ...before,
      storage: [...before.storage, presigned.fileKey].sort(),
    });
    await testApp.app.objectStore.delete(presigned.fileKey);
  });

  it("an update of a line list that does not exist: 404, nothing stored", async () => {
    const before = await snapshot(testApp);
    const { process } = await uploadWorkbook(testApp, auth, {
      fileName: "Update.xlsx",
      bytes: await xlsx(base()),
      action: "update",
      lineListId: 987_654,
    });
    expect(process.statusCode).toBe(404);
    expect(process.json().message).toBe(uploadMessages.lineListToUpdateNotFound);
    expect(await snapshot(testApp)).toEqual(before);
  });

  it("processing a key that was never stored, or twice", async () => {
    const missing = await processRequest(testApp, auth, {
      brand: "Crocs",
      type: "own-stock",
      fileName: "x.xlsx",
      key: "uploads/00000000-0000-4000-8000-000000000000.xlsx",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(uploadMessages.uploadedFileNotFound);
    const outside = await processRequest(testApp, auth, {
      brand: "Crocs",
      type: "own-stock",
      fileName: "x.xlsx",
      key: "../db/secret.xlsx",
    });
    expect(outside.statusCode).toBe(404);

    const { presigned, process } = await uploadWorkbook(testApp, auth, {
      fileName: "Twice.xlsx",
      bytes: await xlsx(base()),
    });
    expect(process.statusCode).toBe(200);
    const before = await snapshot(testApp);
    const again = await processRequest(testApp, auth, {
      brand: "Crocs",
      type: "own-stock",
      fileName: "Twice.xlsx",
      key: presigned.fileKey,
    });
    expect(again.statusCode).toBe(409);
    expect(await snapshot(testApp)).toEqual(before);
    await testApp.app.inject({
      method: "DELETE",
      url: `/api/crocs/discard-uploaded-data/${process.body}`,
      headers: auth,
    });
  });

  describe("the presign step", () => {
    it("refuses unknown or inactive brands, other files and too large files, storing nothing", async () => {
      const crocs = await crocsBrandId(testApp);
      const pandora = (await testApp.app.inject({ method: "GET", url: "/api/brands", headers: auth }))
        .json()
        .data.find((brand: { name: string }) => brand.name === "Pandora").id as number;
      const before = await snapshot(testApp);
      const ask = (changes: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
        presignRequest(testApp, auth, {
          fileKey: "Spring 2027.xlsx",
          fileSize: 1000,
          contentType: workbookContentTypes.xlsx,
          ...changes,
          metadata: { brandId: crocs, lineListType: "pre-book", ...metadata },
        });

      // Every active brand's line lists are uploaded (issue 32); an unknown or inactive one is not.
      expect((await ask({}, { brandId: pandora })).statusCode).toBe(200);
      const inactive = await testApp.database.db
        .insert(brands)
        .values({ name: "Retired Brand", categoryId: 1, status: "inactive" })
        .returning({ id: brands.id });
      for (const brandId of [inactive[0]!.id, 987_654]) {
        const response = await ask({}, { brandId });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe("Failed to generate presigned url: non-recognized brand");
      }
      await testApp.database.db.delete(brands).where(eq(brands.id, inactive[0]!.id));
      const csvFile = await ask({ fileKey: "Spring 2027.csv", contentType: "text/csv; charset=utf-8" });
      expect(csvFile.json().data).toMatchObject({
        fileKey: expect.stringMatching(/^uploads\/[0-9a-f-]{36}\.csv$/),
        headers: { "Content-Type": "text/csv" },
      });
      const wrongType = await ask({ fileKey: "Spring 2027.txt", contentType: "text/plain" });
      expect(wrongType.json()).toMatchObject({ message: uploadMessages.wrongFileType });
      const csvWithWorkbookType = await ask({
        fileKey: "Spring 2027.csv",
        contentType: workbookContentTypes.xlsx,
      });
      expect(csvWithWorkbookType.statusCode).toBe(400);
      expect(csvWithWorkbookType.json().data).toHaveProperty("contentType");
      const csvOrderForm = await presignRequest(testApp, auth, {
        purpose: "order-form",
        fileKey: "Order form.csv",
        fileSize: 1000,
        contentType: "text/csv",
      } as Parameters<typeof presignRequest>[2]);
      expect(csvOrderForm.statusCode).toBe(400);
      expect(csvOrderForm.json().message).toBe(uploadMessages.orderFormFileType);
      const mismatch = await ask({ contentType: workbookContentTypes.xls });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().data).toHaveProperty("contentType");
      const tooLarge = await ask({ fileSize: 25 * 1024 * 1024 + 1 });
      expect(tooLarge.json()).toMatchObject({ message: uploadMessages.fileTooLarge(25 * 1024 * 1024) });
      expect((await ask({ fileSize: 0 })).statusCode).toBe(400);
      expect((await ask({ fileSize: 25 * 1024 * 1024 })).statusCode).toBe(200);
      const xlsFile = await ask({
        fileKey: "Old.XLS",
        contentType: `${workbookContentTypes.xls}; charset=binary`,
      });
      expect(xlsFile.json().data).toMatchObject({
        fileKey: expect.stringMatching(/^uploads\/[0-9a-f-]{36}\.xls$/),
        method: "PUT",
        headers: { "Content-Type": workbookContentTypes.xls },
        maxFileBytes: 25 * 1024 * 1024,
      });
      expect(await snapshot(testApp)).toEqual(before);
    });

    it("follows UPLOAD_MAX_BYTES", async () => {
      const small = await createTestApp({ UPLOAD_MAX_BYTES: 1000 });
      try {
        const smallAuth = await signIn(small);
        const response = await presignRequest(small, smallAuth, {
          fileKey: "a.xlsx",
          fileSize: 1001,
          contentType: workbookContentTypes.xlsx,
          metadata: { brandId: await crocsBrandId(small), lineListType: "own-stock" },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(uploadMessages.fileTooLarge(1000));
      } finally {
        await small.close();
      }
    });
  });
});
