import { type InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { mappingMessages, type LineListMapping } from "@cm/contracts/line-list-mapping";
import {
  previewFieldValues,
  type PreviewStyleRow,
  type PreviewSummary,
} from "@cm/contracts/line-list-preview";
import { contentTypeForFileName, type PresignUploadData } from "@cm/contracts/uploads";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { rowsOf } from "../../db/client.ts";
import { putObject, snapshot, type Auth } from "../../../test/uploads.ts";
import {
  semicolonCsvLineListTable,
  sizeColumnsLineListSheets,
  writeSemicolonCsv,
  writeSheetsXlsx,
  type SampleSheet,
} from "../file-processing/sample-line-list.ts";
import { titledRowsLineList } from "../file-processing/test-workbooks.ts";

/**
 * Every layout end to end, for brands other than Crocs, through the real path: presign, PUT,
 * inspect (a guessed mapping for a brand without one), process with the mapping the person
 * confirmed (saved for the brand), preview, save; then the same layout again goes straight
 * through with the saved mapping, and a renamed header asks for the mapping step again.
 */

describe("line lists of every layout, mapped once per brand", () => {
  let testApp: TestApp;
  let auth: Auth;
  let brandIds: Map<string, number>;

  const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const brands = (await request("GET", "/api/brands")).json().data as { id: number; name: string }[];
    brandIds = new Map(brands.map((brand) => [brand.name, brand.id]));
  });
  afterAll(() => testApp?.close());

  async function store(brand: string, fileName: string, bytes: Buffer): Promise<PresignUploadData> {
    const presign = await request("POST", "/api/uploads/get-presigned-upload-url", {
      fileKey: fileName,
      fileSize: bytes.length,
      contentType: contentTypeForFileName(fileName),
      metadata: { brandId: brandIds.get(brand), lineListType: "own-stock" },
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const presigned = presign.json().data as PresignUploadData;
    const put = await putObject(testApp, presigned.presignedUrl, bytes, presigned.headers);
    expect(put.statusCode, put.body).toBe(200);
    return presigned;
  }

  async function inspect(
    brand: string,
    fileName: string,
    key: string,
    extra: object = {},
  ): Promise<InspectUploadData> {
    const answer = await request("POST", "/api/uploads/inspect", {
      key,
      fileName,
      brandId: brandIds.get(brand),
      ...extra,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as InspectUploadData;
  }

  const process = (brand: string, fileName: string, key: string, extra: object = {}) =>
    request("POST", "/functions/process-line-list", {
      brand,
      type: "own-stock",
      fileName,
      key,
      ...extra,
    });

  async function processed(
    brand: string,
    fileName: string,
    key: string,
    extra: object = {},
  ): Promise<number> {
    const answer = await process(brand, fileName, key, extra);
    expect(answer.statusCode, answer.body).toBe(200);
    return JSON.parse(answer.body) as number;
  }

  const summaryOf = async (id: number): Promise<PreviewSummary> =>
    (await request("GET", `/api/crocs/preview/${id}`)).json().data;
  const stylesOf = async (id: number): Promise<PreviewStyleRow[]> =>
    (await request("GET", `/api/crocs/preview/${id}/styles?pageSize=1000`)).json().data;

  /** The whole round: first upload mapped, saved, then the same layout again and a renamed header. */
  async function roundTrip(options: {
    brand: string;
    fileName: string;
    /** The file, and the same layout with one header renamed. */
    write: (renamed?: { from: string; to: string }) => Promise<Buffer> | Buffer;
    styles: number;
    /** What the person changes in the guessed mapping before confirming it. */
    confirm: (inspected: InspectUploadData) => LineListMapping;
    check: (inspected: InspectUploadData, styles: PreviewStyleRow[]) => void;
    rename: { from: string; to: string };
  }): Promise<void> {
    const { brand, fileName } = options;
    const first = await store(brand, fileName, await options.write());
    const inspected = await inspect(brand, fileName, first.fileKey);
    expect(inspected).toMatchObject({
      status: "new",
      savedMapping: null,
      columnChanges: { added: [], missing: [] },
    });

    // Before the mapping step, the brand has none: the process step asks for it, keeping the file.
    const unmapped = await process(brand, fileName, first.fileKey);
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().message).toBe(mappingMessages.mappingRequired(brand));
    // A question for "Map columns", told by the field it names rather than by the text.
    expect(unmapped.json().data).toEqual({ mapping: [mappingMessages.mappingRequired(brand)] });

    const mapping = options.confirm(inspected);
    const id = await processed(brand, fileName, first.fileKey, { mapping });
    const summary = await summaryOf(id);
    expect(summary).toMatchObject({
      brand,
      mode: "upload",
      counts: { all: options.styles, new: options.styles },
    });
    const styles = await stylesOf(id);
    expect(styles).toHaveLength(options.styles);
    options.check(inspected, styles);

    // Saved for the brand with the upload, with its history entry.
    const saved = (await request("GET", `/api/brands/${brandIds.get(brand)}/mapping`)).json().data;
    expect(saved).toMatchObject({ mapping, headers: inspected.headers, updatedBy: "Admin User" });
    const history = (
      await request("GET", `/api/history?entityType=brand&entityId=${brandIds.get(brand)}`)
    ).json().data as { summary: string | null; actor: { name: string } | null }[];
    expect(history[0]).toMatchObject({ summary: mappingMessages.saved, actor: { name: "Admin User" } });

    const confirm = await request("POST", `/api/crocs/preview/${id}/confirm`);
    expect(confirm.json().data).toMatchObject({ created: options.styles, updated: 0 });

    // The same layout again: no mapping question, straight to the preview.
    const again = await store(brand, fileName, await options.write());
    const reinspected = await inspect(brand, fileName, again.fileKey);
    expect(reinspected).toMatchObject({ status: "matches", savedMapping: mapping, mapping });
    const second = await processed(brand, fileName, again.fileKey, { action: "update", linelist_id: id });
    expect(second).toBe(id);
    expect(await summaryOf(id)).toMatchObject({
      action: "update",
      counts: { all: options.styles, new: 0, changed: 0, old: options.styles },
    });
    await request("DELETE", `/api/crocs/discard-uploaded-data/${id}`);

    // A header renamed: the step opens again with the saved choices and the change marked.
    const renamed = await store(brand, fileName, await options.write(options.rename));
    const changed = await inspect(brand, fileName, renamed.fileKey);
    expect(changed).toMatchObject({
      status: "changed",
      savedMapping: mapping,
      columnChanges: { added: [options.rename.to], missing: [options.rename.from] },
    });
    const before = await snapshot(testApp);
    const refused = await process(brand, fileName, renamed.fileKey);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: mappingMessages.headersChanged(brand),
      data: { mapping: [mappingMessages.headersChanged(brand)] },
    });
    expect(await snapshot(testApp)).toEqual(before);
  }

  function renamedSheets(sheets: SampleSheet[], renamed?: { from: string; to: string }): SampleSheet[] {
    if (!renamed) return sheets;
    return sheets.map((sheet, index) =>
      index > 0
        ? sheet
        : {
            ...sheet,
            rows: sheet.rows.map((row, r) =>
              r === (sheet.headerRow ?? 1) - 1
                ? row.map((cell) => (cell === renamed.from ? renamed.to : cell))
                : row,
            ),
          },
    );
  }

  it("a jewellery brand's rows layout under a title block, with its own headers and a wholesale price", async () => {
    const sheet = titledRowsLineList({ styles: 9, seed: 3 });
    await roundTrip({
      brand: "Pandora",
      fileName: "Pandora Spring 2027.xlsx",
      styles: 9,
      write: (renamed) => writeSheetsXlsx(renamedSheets([sheet], renamed)),
      confirm: (inspected) => {
        expect(inspected).toMatchObject({
          kind: "xlsx",
          sheets: ["Spring 2027"],
          sheet: "Spring 2027",
          seasonFromSheet: { season: "Spring", year: 2027 },
          headerRow: 4,
          rowCount: 9,
          csv: null,
        });
        expect(inspected.headers).toEqual(sheet.rows[3]);
        expect(inspected.rows).toHaveLength(9);
        expect(inspected.rows[0]).toEqual(sheet.rows[4]!.map((cell) => cell ?? null));
        expect(inspected.mapping).toMatchObject({
          sheet: null,
          headerRow: 4,
          layout: "rows",
          fields: { model_code: "Item No", sku: "EAN", size: "Size" },
        });
        return {
          ...inspected.mapping,
          fields: { ...inspected.mapping.fields, msrp: "Retail", wholesale_price: "WHS", silhouette: "Name" },
          attributes: [{ column: "Metal", name: "Metal" }],
        };
      },
      check: (_inspected, styles) => {
        const first = sheet.rows[4]!;
        expect(styles[0]).toMatchObject({
          model_code: first[0],
          silhouette: first[1],
          msrp: first[6],
          wholesale_price: first[8],
          extra_attributes: { Metal: first[3] },
          items: [{ size: first[4], sku: first[5], status: "new" }],
        });
      },
      rename: { from: "EAN", to: "EAN-13" },
    });
  });

  it("shows a changed wholesale price and extra attribute in the preview, and saves them into the product", async () => {
    // Pandora's mapping is saved by the test above; a new line list of the same layout, one style changed.
    const sheet = titledRowsLineList({ styles: 9, seed: 3 });
    const changed = {
      ...sheet,
      rows: sheet.rows.map((row, r) =>
        r === 5 ? row.map((cell, c) => (c === 8 ? Number(cell) + 1 : c === 3 ? "Platinum" : cell)) : row,
      ),
    };
    const fileName = "Pandora Spring 2027.xlsx";
    const stored = await store("Pandora", fileName, await writeSheetsXlsx([changed]));
    expect((await inspect("Pandora", fileName, stored.fileKey)).status).toBe("matches");
    const id = await processed("Pandora", fileName, stored.fileKey);
    expect(await summaryOf(id)).toMatchObject({ counts: { all: 9, new: 0, changed: 1, old: 8 } });
    const style = (await stylesOf(id)).find((row) => row.status === "changed")!;
    const [before, after] = [sheet.rows[5]!, changed.rows[5]!];
    expect(style).toMatchObject({
      model_code: after[0],
      wholesale_price: after[8],
      extra_attributes: { Metal: "Platinum" },
      previous: { wholesale_price: before[8], extra_attributes: { Metal: before[3] } },
    });
    // The contract's preview fields name what changed (the price and the attributes, where it lists them).
    expect(style.changedFields).toEqual(
      previewFieldValues.filter(
        (field) => (field as string) === "wholesale_price" || (field as string) === "extra_attributes",
      ),
    );
    expect((await request("POST", `/api/crocs/preview/${id}/confirm`)).json().data).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 8,
    });
    const [product] = rowsOf<{ wholesale_price: string; extra_attributes: Record<string, string> }>(
      await testApp.database.db.execute(
        sql`select wholesale_price::text, extra_attributes from products where model_code = ${String(after[0])}`,
      ),
    );
    expect(product).toEqual({
      wholesale_price: Number(after[8]).toFixed(2),
      extra_attributes: { Metal: "Platinum" },
    });
  });

  it("sizes as columns: a UPC per size column, the season suggested from the sheet name", async () => {
    const sheets = sizeColumnsLineListSheets({ styles: 12, seed: 4 });
    await roundTrip({
      brand: "Hey Dude",
      fileName: "Hey Dude SS27.xlsx",
      styles: 12,
      write: (renamed) => writeSheetsXlsx(renamedSheets(sheets, renamed)),
      confirm: (inspected) => {
        expect(inspected).toMatchObject({
          kind: "xlsx",
          sheets: ["SS27 Line Sheet", "Notes"],
          sheet: "SS27 Line Sheet",
          seasonFromSheet: null,
          suggestedSeason: { season: "Spring", year: 2027 },
          headerRow: 4,
          rowCount: 12,
        });
        expect(inspected.mapping).toMatchObject({
          layout: "size-columns",
          fields: { model_code: "Style #" },
        });
        expect(inspected.mapping.sizeColumns.map((entry) => entry.column)).toEqual(
          sheets[0]!.rows[3]!.slice(10),
        );
        // The season is the person's: the sheet name only suggests it.
        return { ...inspected.mapping, season: inspected.suggestedSeason };
      },
      check: (_inspected, styles) => {
        const row = sheets[0]!.rows[4]!;
        const sizes = sheets[0]!.rows[3]!.slice(10).flatMap((size, index) => {
          const upc = row[10 + index];
          return upc === null || upc === undefined ? [] : [{ size, sku: String(upc), status: "new" }];
        });
        expect(styles[0]).toMatchObject({ model_code: row[0], items: sizes });
      },
      rename: { from: "Colour", to: "Colorway" },
    });
    const summary = (await request("GET", "/api/line-lists?pageSize=100")).json().data.lineLists as {
      brandName: string;
      season: string | null;
      year: number | null;
    }[];
    expect(summary.find((lineList) => lineList.brandName === "Hey Dude")).toMatchObject({
      season: "Spring",
      year: 2027,
    });
  });

  it("a semicolon CSV in Windows-1252 with decimal commas", async () => {
    const table = semicolonCsvLineListTable({ styles: 6, seed: 5 });
    const rename = (renamed?: { from: string; to: string }) =>
      renamed
        ? {
            ...table,
            rows: table.rows.map((row, r) =>
              r === 0 ? row.map((cell) => (cell === renamed.from ? renamed.to : cell)) : row,
            ),
          }
        : table;
    await roundTrip({
      brand: "Skechers",
      fileName: "Skechers Spring 2027.csv",
      styles: 6,
      write: (renamed) => writeSemicolonCsv(rename(renamed)),
      confirm: (inspected) => {
        expect(inspected).toMatchObject({
          kind: "csv",
          sheets: ["Skechers Spring 2027"],
          headerRow: 1,
          seasonFromSheet: null,
          suggestedSeason: { season: "Spring", year: 2027 },
          csv: { delimiter: ";", encoding: "windows-1252", decimalSeparator: "," },
          rowCount: table.rows.length - 1,
        });
        expect(inspected.mapping).toMatchObject({
          layout: "rows",
          decimalSeparator: ",",
          fields: { model_code: "Style", size: "Size", sku: "UPC", msrp: "MSRP" },
        });
        return { ...inspected.mapping, season: { season: "Spring", year: 2027 } };
      },
      check: (_inspected, styles) => {
        const first = table.rows[1]!;
        expect(styles[0]).toMatchObject({
          model_code: first[0],
          color: first[2],
          msrp: Number(String(first[5]).replace(",", ".")),
          expected_shipped_date: first[6],
        });
        // Accented colour names survive Windows-1252.
        const colours = new Set(styles.map((style) => style.color));
        expect([...colours].some((colour) => /[èé]/.test(colour ?? ""))).toBe(true);
      },
      rename: { from: "Color", to: "Colour" },
    });
  });
});
