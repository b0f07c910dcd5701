import { readFile } from "node:fs/promises";
import path from "node:path";
import { lineListFormatMessages } from "@cm/contracts/line-list-format";
import { mappingMessages, type LineListMapping } from "@cm/contracts/line-list-mapping";
import { inspectSampleRows, type InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { headerFingerprint } from "@cm/contracts/mapping-engine/guess-mapping";
import { errorCountHeader, uploadMessages } from "@cm/contracts/uploads";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { snapshot, storageListing, storeWorkbook, uploadAccepted, type Auth } from "../../../test/uploads.ts";
import { rowsOf } from "../../db/client.ts";
import {
  sampleHeaders,
  sampleLineListTable,
  sizeColumnsLineListSheets,
  writeSheetsXlsx,
} from "../file-processing/sample-line-list.ts";
import { xlsx } from "../file-processing/test-workbooks.ts";
import { unitWhsSql } from "../orders/price.ts";

/** A brand's mapping through its routes, the Crocs mapping seeded, and the inspect step's choices and refusals. */
describe("brand mappings and the inspect step", () => {
  let testApp: TestApp;
  let auth: Auth;
  let brandIds: Map<string, number>;

  const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const historyOf = async (brandId: number) =>
    (await request("GET", `/api/history?entityType=brand&entityId=${brandId}`)).json().data as {
      summary: string | null;
      action: string;
      changes: unknown[];
    }[];

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const brands = (await request("GET", "/api/brands")).json().data as { id: number; name: string }[];
    brandIds = new Map(brands.map((brand) => [brand.name, brand.id]));
  });
  afterAll(() => testApp?.close());

  it("Crocs starts with its workbook's mapping, the other brands with none", async () => {
    const crocs = (await request("GET", `/api/brands/${brandIds.get("Crocs")}/mapping`)).json();
    expect(crocs).toMatchObject({
      success: true,
      data: { mapping: crocsMapping, headers: sampleHeaders, updatedBy: null },
    });
    for (const brand of ["Pandora", "Skechers", "Hey Dude"]) {
      expect((await request("GET", `/api/brands/${brandIds.get(brand)}/mapping`)).json()).toMatchObject({
        success: true,
        data: null,
      });
    }
    expect((await request("GET", "/api/brands/987654/mapping")).statusCode).toBe(404);
  });

  it("migration 0020 gives existing Crocs brands the same mapping as the first start's seed", async () => {
    const migration = await readFile(
      path.join(import.meta.dirname, "../../../drizzle/0020_line_list_mappings.sql"),
      "utf8",
    );
    const [, json = "", headers = "", fingerprint = ""] =
      /SELECT "id",\s*'(\{.*\})'::jsonb,\s*ARRAY\[(.*)\]::text\[\],\s*'([^']*)'/s.exec(migration) ?? [];
    expect(JSON.parse(json)).toEqual(crocsMapping);
    const migrationHeaders = headers.split(",").map((header) => header.trim().replace(/^'|'$/g, ""));
    expect(migrationHeaders).toEqual(sampleHeaders);
    expect(fingerprint).toBe(headerFingerprint(sampleHeaders));
  });

  it("saves, keeps and resets a brand's mapping with history entries, refusing one that cannot be confirmed", async () => {
    const brandId = brandIds.get("Pandora")!;
    const headers = ["Item No", "Name", "EAN", "Size", "Retail"];
    const mapping: LineListMapping = {
      sheet: null,
      headerRow: 2,
      layout: "rows",
      fields: { model_code: "Item No", silhouette: "Name", sku: "EAN", size: "Size", msrp: "Retail" },
      sizeColumns: [],
      attributes: [],
      sizeLabels: { OS: "One Size" },
      decimalSeparator: null,
      season: null,
    };
    const saved = await request("PUT", `/api/brands/${brandId}/mapping`, { mapping, headers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: mappingMessages.saved,
      data: { mapping, headers, updatedBy: "Admin User" },
    });
    expect((await request("GET", `/api/brands/${brandId}/mapping`)).json().data).toMatchObject({
      mapping,
      headers,
    });
    const afterSave = await historyOf(brandId);
    expect(afterSave[0]).toMatchObject({ action: "update", summary: mappingMessages.saved, changes: [] });

    // The same mapping again: nothing to record.
    expect((await request("PUT", `/api/brands/${brandId}/mapping`, { mapping, headers })).statusCode).toBe(
      200,
    );
    expect(await historyOf(brandId)).toHaveLength(afterSave.length);

    // A required field without a column, and a column chosen twice: every reason, nothing saved.
    const before = await snapshot(testApp);
    const refused = await request("PUT", `/api/brands/${brandId}/mapping`, {
      mapping: { ...mapping, fields: { model_code: "Item No", size: "Size", msrp: "Item No" } },
      headers,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: mappingMessages.requiredFieldUnmapped("SKU or UPC"),
      data: {
        mapping: [
          mappingMessages.requiredFieldUnmapped("SKU or UPC"),
          mappingMessages.columnUsedTwice("Item No", "Style number", "MSRP"),
        ],
      },
    });
    expect(
      (await request("PUT", `/api/brands/${brandId}/mapping`, { mapping: { sheet: null }, headers }))
        .statusCode,
    ).toBe(400);
    expect((await request("PUT", "/api/brands/987654/mapping", { mapping, headers })).statusCode).toBe(404);
    expect(await snapshot(testApp)).toEqual(before);

    const reset = await request("DELETE", `/api/brands/${brandId}/mapping`);
    expect(reset.json()).toMatchObject({ success: true, message: mappingMessages.reset, data: null });
    expect((await request("GET", `/api/brands/${brandId}/mapping`)).json().data).toBeNull();
    const afterReset = await historyOf(brandId);
    expect(afterReset[0]).toMatchObject({ summary: mappingMessages.reset });
    // Nothing left to reset: answered the same, nothing recorded.
    expect((await request("DELETE", `/api/brands/${brandId}/mapping`)).statusCode).toBe(200);
    expect(await historyOf(brandId)).toHaveLength(afterReset.length);
    // The brand's own revision is not the mapping's: its form's next save is not stale.
    const brand = (await request("GET", "/api/brands"))
      .json()
      .data.find((b: { id: number }) => b.id === brandId);
    expect(brand._revision).toBe(1);
  });

  it("inspects another sheet or header row when asked, and refuses a sheet the workbook lacks keeping the file", async () => {
    const brandId = brandIds.get("Hey Dude")!;
    const bytes = await writeSheetsXlsx(sizeColumnsLineListSheets({ styles: 3 }));
    const stored = await storeWorkbook(testApp, auth, "Hey Dude.xlsx", bytes);
    const inspect = (extra: object) =>
      request("POST", "/api/uploads/inspect", {
        key: stored.fileKey,
        fileName: "Hey Dude.xlsx",
        brandId,
        ...extra,
      });

    const notes = (await inspect({ sheet: "notes" })).json().data as InspectUploadData;
    expect(notes).toMatchObject({ sheet: "Notes", sheets: ["SS27 Line Sheet", "Notes"], headerRow: 1 });
    expect(notes.mapping.sheet).toBe("Notes");
    const lower = (await inspect({ headerRow: 5 })).json().data as InspectUploadData;
    expect(lower).toMatchObject({ sheet: "SS27 Line Sheet", headerRow: 5, rowCount: 2 });
    expect(lower.rows).toHaveLength(2);
    expect(lower.rows.every((row) => row.length === lower.headers.length)).toBe(true);

    const missing = await inspect({ sheet: "Fall 2027" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: mappingMessages.sheetNotFound("Fall 2027") });
    const empty = await inspect({ headerRow: 40 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: mappingMessages.headerRowEmpty(40) });
    expect(await storageListing(testApp)).toContain(stored.fileKey);
    await testApp.app.objectStore.delete(stored.fileKey);
  });

  it("answers at most inspectSampleRows rows, and counts them all", async () => {
    const table = sampleLineListTable({ styles: 60, seed: 11 });
    const stored = await storeWorkbook(testApp, auth, "Big.xlsx", await xlsx(table));
    const answer = await request("POST", "/api/uploads/inspect", {
      key: stored.fileKey,
      fileName: "Big.xlsx",
      brandId: brandIds.get("Crocs"),
    });
    const data = answer.json().data as InspectUploadData;
    expect(table.rows.length - 1).toBeGreaterThan(inspectSampleRows);
    expect(data).toMatchObject({ status: "matches", rowCount: table.rows.length - 1, mapping: crocsMapping });
    expect(data.rows).toHaveLength(inspectSampleRows);
    await testApp.app.objectStore.delete(stored.fileKey);
  });

  it("refuses an unreadable file whole and deletes it; 404 and 409 for keys it cannot inspect", async () => {
    const brandId = brandIds.get("Crocs")!;
    const before = await snapshot(testApp);
    const stored = await storeWorkbook(
      testApp,
      auth,
      "Fake.xlsx",
      Buffer.from("Model Code;Size;SKU\n1;2;3\n"),
    );
    const refused = await request("POST", "/api/uploads/inspect", {
      key: stored.fileKey,
      fileName: "Fake.xlsx",
      brandId,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers[errorCountHeader]).toBe("1");
    expect(refused.json()).toEqual([
      { row: null, column: null, message: lineListFormatMessages.notAWorkbook },
    ]);
    expect(await snapshot(testApp)).toEqual(before);

    const unknown = await request("POST", "/api/uploads/inspect", {
      key: "uploads/00000000-0000-4000-8000-000000000000.xlsx",
      fileName: "x.xlsx",
      brandId,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(uploadMessages.uploadedFileNotFound);

    const bytes = await xlsx(sampleLineListTable({ styles: 2, seed: 12 }));
    const id = await uploadAccepted(testApp, auth, { fileName: "Done.xlsx", bytes });
    const [done] = rowsOf<{ file_key: string }>(
      await testApp.database.db.execute(
        sql`select file_key from line_list_uploads where line_list_id = ${id}`,
      ),
    );
    const again = await request("POST", "/api/uploads/inspect", {
      key: done!.file_key,
      fileName: "Done.xlsx",
      brandId,
    });
    expect(again.statusCode).toBe(409);
    await request("DELETE", `/api/crocs/discard-uploaded-data/${id}`);
  });

  it("processes a Crocs workbook with a mapping that differs from the saved one, saving it for Crocs", async () => {
    const brandId = brandIds.get("Crocs")!;
    const table = sampleLineListTable({ styles: 3, seed: 13 });
    const stored = await storeWorkbook(testApp, auth, "Crocs.xlsx", await xlsx(table));
    const mapping: LineListMapping = {
      ...crocsMapping,
      attributes: [...crocsMapping.attributes.slice(0, 3)],
    };
    const answer = await request("POST", "/api/crocs/line-lists/process", {
      brand: "Crocs",
      type: "own-stock",
      fileName: "Crocs.xlsx",
      key: stored.fileKey,
      mapping,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const id = JSON.parse(answer.body) as number;
    const styles = (await request("GET", `/api/crocs/preview/${id}/styles`)).json().data;
    expect(styles[0].attributes.target_fit).toBeNull();
    expect((await request("GET", `/api/brands/${brandId}/mapping`)).json().data).toMatchObject({
      mapping,
      headers: sampleHeaders,
      updatedBy: "Admin User",
    });
    await request("DELETE", `/api/crocs/discard-uploaded-data/${id}`);
    // Back to the seeded one for the other tests.
    await request("PUT", `/api/brands/${brandId}/mapping`, { mapping: crocsMapping, headers: sampleHeaders });
  });

  it("refuses, keeping the file, a mapping whose season neither the sheet name nor the person gives", async () => {
    const brandId = brandIds.get("Hey Dude")!;
    const bytes = await writeSheetsXlsx(sizeColumnsLineListSheets({ styles: 2, seed: 14 }));
    const stored = await storeWorkbook(testApp, auth, "Hey Dude.xlsx", bytes);
    const inspected = (
      await request("POST", "/api/uploads/inspect", {
        key: stored.fileKey,
        fileName: "Hey Dude.xlsx",
        brandId,
      })
    ).json().data as InspectUploadData;
    const before = await snapshot(testApp);
    const answer = await request("POST", "/functions/process-line-list", {
      brand: "Hey Dude",
      type: "own-stock",
      fileName: "Hey Dude.xlsx",
      key: stored.fileKey,
      mapping: { ...inspected.mapping, season: null },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: mappingMessages.seasonRequired,
      data: { mapping: [mappingMessages.seasonRequired] },
    });
    expect(await snapshot(testApp)).toEqual(before);
    await testApp.app.objectStore.delete(stored.fileKey);
  });

  it("prices a style from its wholesale price where it has one, else from MSRP × the brand's factor", async () => {
    const price = async (msrp: string | null, wholesale: string | null) => {
      const result = await testApp.database.db.execute(
        sql`select ${unitWhsSql({
          msrp: sql`${msrp}::numeric`,
          wholesaleFactor: sql`0.5::numeric`,
          discountPercent: sql`10::numeric`,
          wholesalePrice: sql`${wholesale}::numeric`,
        })}::text as unit`,
      );
      return rowsOf<{ unit: string | null }>(result)[0]!.unit;
    };
    expect(await price("100.00", null)).toBe("45.00");
    expect(await price("100.00", "41.99")).toBe("37.79");
    expect(await price(null, "20.00")).toBe("18.00");
    expect(await price(null, null)).toBeNull();
  });
});
