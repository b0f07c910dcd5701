import {
  segmentationFileContentTypes,
  segmentationLimits,
  segmentationMessages,
} from "@cm/contracts/catalog-segmentation";
import { lineListFormatMessages } from "@cm/contracts/line-list-format";
import { genericMessages } from "@cm/contracts/messages";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { modelCode, segmentationKit, type SegmentationKit } from "./segmentation-test-kit.ts";

const csvType = segmentationFileContentTypes.csv;
const xlsxType = segmentationFileContentTypes.xlsx;

const csv = (rows: (string | number)[][]) => rows.map((row) => row.join(",")).join("\r\n");

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Segmentation");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("POST /api/crocs/catalogs/pre-segmented", () => {
  let testApp: TestApp;
  let kit: SegmentationKit;
  let counter = 0;

  const upload = (lineListId: number | string, body: string | Buffer, contentType: string = csvType) =>
    kit.request("POST", `/api/crocs/catalogs/pre-segmented?lineListId=${lineListId}`, body, {
      headers: { "content-type": contentType },
    });
  /** A saved line list of 5 items: 1 in athletic, 2 in boutique and crocs, the rest unsorted. */
  const fresh = async () => {
    const name = `pre${++counter}`;
    const code = (index: number) => modelCode(name, index);
    const lineList = await kit.newLineList({
      name,
      items: 5,
      catalogs: { athletic: [code(0)], boutique: [code(1)], crocs: [code(1)] },
    });
    return { id: lineList.id, code };
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = await segmentationKit(testApp, await signIn(testApp));
  });
  afterAll(() => testApp?.close());

  for (const format of ["csv", "xlsx"] as const) {
    it(`places the items a ${format} file names in exactly its rows' catalogs, once`, async () => {
      const { id, code } = await fresh();
      const rows: (string | number)[][] = [
        ["Notes", "MODEL_CODE", "catalog-type"],
        ["", code(0), "Boutique"],
        ["", code(0), "CROCS"],
        ["", code(1), "unsorted"],
        ["", "", ""],
        ["", code(2), "athletic"],
        ["", code(2), "athletic"],
      ];
      const body = format === "csv" ? csv(rows) : await xlsx(rows);
      const contentType = format === "csv" ? `${csvType}; charset=utf-8` : xlsxType;

      const response = await upload(id, body, contentType);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: segmentationMessages.segmentationApplied(3),
        data: {
          lineListId: id,
          items: [
            { modelCode: code(0), catalogTypes: ["boutique", "crocs"] },
            { modelCode: code(1), catalogTypes: [] },
            { modelCode: code(2), catalogTypes: ["athletic"] },
          ],
          counts: { unsorted: 3, athletic: 1, boutique: 1, crocs: 1 },
        },
      });
      const expected = {
        [code(0)]: ["boutique", "crocs"],
        [code(1)]: [],
        [code(2)]: ["athletic"],
        [code(3)]: [],
        [code(4)]: [],
      };
      expect(Object.fromEntries(await kit.placements(id))).toEqual(expected);

      const again = await upload(id, body, contentType);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(response.json().data);
      expect(Object.fromEntries(await kit.placements(id))).toEqual(expected);
      // One entry for the file, none for sending it again.
      const events = (await historyOf(testApp, "line-list", id)).filter((entry) => entry.action === "move");
      expect(events).toEqual([
        expect.objectContaining({ summary: "3 item(s) placed from a segmentation file" }),
      ]);
    });
  }

  it("reports every bad row with its row and column, and applies nothing", async () => {
    const { id, code } = await fresh();
    const before = await kit.placements(id);
    const body = csv([
      ["Model Code", "Catalog Type"],
      [code(2), "athletic"],
      ["NOT-IN-LIST", "crocs"],
      [code(3), "sandals"],
      [code(4), ""],
      ["", "boutique"],
    ]);
    const response = await upload(id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: segmentationMessages.segmentationRefused,
      data: {
        errors: [
          {
            row: 3,
            column: "Model Code",
            value: "NOT-IN-LIST",
            message: segmentationMessages.segmentationUnknownModelCode("NOT-IN-LIST"),
          },
          {
            row: 4,
            column: "Catalog Type",
            value: "sandals",
            message: segmentationMessages.segmentationUnknownType("sandals"),
          },
          { row: 5, column: "Catalog Type", message: lineListFormatMessages.required("Catalog Type") },
          { row: 6, column: "Model Code", message: lineListFormatMessages.required("Model Code") },
        ],
        errorCount: 4,
      },
    });
    expect(await kit.placements(id)).toEqual(before);
  });

  it(`lists the first ${segmentationLimits.maxSegmentationErrors} errors and counts them all`, async () => {
    const { id } = await fresh();
    const rows = [
      ["Model Code", "Catalog Type"],
      ...Array.from({ length: 150 }, (_, index) => [`GHOST-${index}`, "crocs"]),
    ];
    const response = await upload(id, await xlsx(rows), xlsxType);
    expect(response.statusCode).toBe(400);
    const { data } = response.json();
    expect(data.errorCount).toBe(150);
    expect(data.errors).toHaveLength(segmentationLimits.maxSegmentationErrors);
    expect(data.errors[0]).toMatchObject({ row: 2, column: "Model Code" });
  });

  it("refuses a file without the two columns, an empty file and a CSV sent as a workbook", async () => {
    const { id, code } = await fresh();
    const before = await kit.placements(id);
    const cases: [string, string | Buffer, string, string][] = [
      [
        "no headers",
        csv([
          ["Style", "Type"],
          [code(0), "crocs"],
        ]),
        csvType,
        segmentationMessages.segmentationHeadersMissing,
      ],
      [
        "headers only",
        csv([["Model Code", "Catalog Type"]]),
        csvType,
        segmentationMessages.segmentationFileEmpty,
      ],
      ["empty", "", csvType, segmentationMessages.segmentationFileEmpty],
      ["csv as xlsx", csv([["Model Code", "Catalog Type"]]), xlsxType, lineListFormatMessages.notAWorkbook],
    ];
    for (const [name, body, contentType, message] of cases) {
      const response = await upload(id, body, contentType);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toBe(segmentationMessages.segmentationRefused);
      expect(response.json().data.errors[0].message, name).toBe(message);
    }
    expect(await kit.placements(id)).toEqual(before);
  });

  it("reads a workbook sent as text/csv as the workbook it is", async () => {
    const { id, code } = await fresh();
    const response = await upload(
      id,
      await xlsx([
        ["Model Code", "Catalog Type"],
        [code(4), "crocs"],
      ]),
      csvType,
    );
    expect(response.statusCode).toBe(200);
    expect((await kit.placements(id)).get(code(4))).toEqual(["crocs"]);
  });

  it("refuses other content types with 415 and a file over the limit with 413, changing nothing", async () => {
    const { id, code } = await fresh();
    const before = await kit.placements(id);
    for (const contentType of ["text/plain", "application/octet-stream", "application/json"]) {
      const body =
        contentType === "application/json"
          ? JSON.stringify({ rows: [] })
          : csv([
              ["Model Code", "Catalog Type"],
              [code(4), "crocs"],
            ]);
      const response = await upload(id, body, contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toEqual({
        success: false,
        message: segmentationMessages.segmentationFileType,
        data: null,
      });
    }
    const large = `Model Code,Catalog Type\r\n${`${code(4)},crocs\r\n`.repeat(Math.ceil(segmentationLimits.maxSegmentationFileBytes / 14) + 10)}`;
    const tooLarge = await upload(id, large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      success: false,
      message: segmentationMessages.segmentationFileTooLarge,
      data: null,
    });
    expect(await kit.placements(id)).toEqual(before);
  });

  it('answers 404 "Catalog or line list not found" and 400 for a missing or malformed line list id', async () => {
    const preview = await kit.newLineList({ name: "pre-preview", stage: "preview" });
    const body = csv([
      ["Model Code", "Catalog Type"],
      ["X", "crocs"],
    ]);
    for (const lineListId of [987_654, preview.id]) {
      const response = await upload(lineListId, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(segmentationMessages.catalogOrLineListNotFound);
    }
    for (const lineListId of ["", "abc", "0"]) {
      const response = await upload(lineListId, body);
      expect(response.statusCode, lineListId).toBe(400);
      expect(response.json().message).toBe(genericMessages.wrongInput);
    }
  });
});
