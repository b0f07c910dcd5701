import type { PreviewStyleRow, PreviewSummary } from "@cm/contracts/line-list-preview";
import { previewMessages } from "@cm/contracts/line-list-preview";
import { lineListFormatMessages } from "@cm/contracts/line-list-workbook";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { snapshot, uploadAccepted, type Auth } from "../../../test/uploads.ts";
import { sampleLineListTable } from "../file-processing/sample-line-list.ts";
import { xlsx } from "../file-processing/test-workbooks.ts";

/** Columns of the sample tables (the template's order). */
const col = { modelCode: 2, sku: 13 } as const;

describe("Add new item: a style typed on the preview", () => {
  let testApp: TestApp;
  let auth: Auth;
  let lineListId: number;
  let fileModelCode: string;
  let fileSku: string;

  const add = (id: number, payload: object) =>
    testApp.app.inject({ method: "POST", url: `/api/crocs/preview/${id}/styles`, headers: auth, payload });
  const summaryOf = async (id: number): Promise<PreviewSummary> =>
    (await testApp.app.inject({ method: "GET", url: `/api/crocs/preview/${id}`, headers: auth })).json().data;
  const stylesOf = async (id: number): Promise<PreviewStyleRow[]> =>
    (
      await testApp.app.inject({
        method: "GET",
        url: `/api/crocs/preview/${id}/styles?pageSize=1000`,
        headers: auth,
      })
    ).json().data;

  const handStyle = {
    modelCode: "HAND-001",
    franchise: "Classic",
    silhouette: "Clog",
    color: "Lime",
    gender: "Unisex",
    msrp: "$54.99",
    expectedShipDate: "2028-02-01",
    imageUrls: "No Image",
    sizes: [
      { size: "M4/W6", sku: "HAND-001-4" },
      { size: "M5/W7", sku: "HAND-001-5" },
    ],
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const table = sampleLineListTable({ styles: 3, season: "Fall", year: 2028, seed: 11 });
    fileModelCode = String(table.rows[1]![col.modelCode]);
    fileSku = String(table.rows[1]![col.sku]);
    lineListId = await uploadAccepted(testApp, auth, {
      fileName: "Fall 2028 hand.xlsx",
      bytes: await xlsx(table),
    });
  });
  afterAll(() => testApp?.close());

  it("adds the style after the file's, as the file's rows are read (MSRP as money, the style's values on each size)", async () => {
    const response = await add(lineListId, handStyle);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: previewMessages.itemAdded("HAND-001"),
      data: { lineListId, modelCode: "HAND-001", position: 3 },
    });
    const styles = await stylesOf(lineListId);
    expect(styles).toHaveLength(4);
    expect(styles.at(-1)).toMatchObject({
      model_code: "HAND-001",
      color: "Lime",
      msrp: 54.99,
      expected_shipped_date: "2028-02-01",
      image_urls: [],
      status: "new",
      items: [
        { size: "M4/W6", sku: "HAND-001-4" },
        { size: "M5/W7", sku: "HAND-001-5" },
      ],
    });
    expect((await summaryOf(lineListId)).counts).toMatchObject({ all: 4, new: 4 });
  });

  it("refuses a model code or SKU already in the file with 409 on its field, adding nothing", async () => {
    const before = await snapshot(testApp);
    const sameCode = await add(lineListId, {
      ...handStyle,
      modelCode: fileModelCode,
      sizes: [{ size: "M9", sku: "NEW-9" }],
    });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toMatchObject({
      message: previewMessages.modelCodeInFile(fileModelCode),
      data: { modelCode: [previewMessages.modelCodeInFile(fileModelCode)] },
    });
    const typedTwice = await add(lineListId, { ...handStyle, sizes: [{ size: "M9", sku: "X-9" }] });
    expect(typedTwice.statusCode).toBe(409);

    const sameSku = await add(lineListId, {
      ...handStyle,
      modelCode: "HAND-002",
      sizes: [
        { size: "M4", sku: "HAND-002-4" },
        { size: "M5", sku: fileSku },
      ],
    });
    expect(sameSku.statusCode).toBe(409);
    expect(sameSku.json().data).toEqual({
      "sizes.1.sku": [previewMessages.skuInFile(fileSku, fileModelCode)],
    });
    expect(await snapshot(testApp)).toEqual(before);
  });

  it("refuses what the workbook's rules refuse, with the upload's messages on the fields", async () => {
    const before = await snapshot(testApp);
    const response = await add(lineListId, {
      modelCode: "HAND-003",
      msrp: "about fifty",
      expectedShipDate: "next spring",
      imageUrls: "ftp://pictures/1.jpg",
      sizes: [
        { size: "M4", sku: "HAND-003-4" },
        { size: "", sku: "" },
        { size: "M4", sku: "HAND-003-4" },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: previewMessages.itemHasErrors,
      data: {
        msrp: [lineListFormatMessages.msrpInvalid],
        expectedShipDate: [lineListFormatMessages.dateInvalid],
        imageUrls: [lineListFormatMessages.imageUrlsInvalid],
        "sizes.1.size": [lineListFormatMessages.required("Size")],
        "sizes.1.sku": [lineListFormatMessages.required("SKU")],
        "sizes.2.sku": [lineListFormatMessages.duplicateSku(2)],
      },
    });
    const blankCode = await add(lineListId, { modelCode: "  ", sizes: [{ size: "M4", sku: "Z-4" }] });
    expect(blankCode.statusCode).toBe(400);
    expect(blankCode.json().data).toEqual({ modelCode: [lineListFormatMessages.required("Model Code")] });
    const noSize = await add(lineListId, { modelCode: "HAND-004", sizes: [] });
    expect(noSize.statusCode).toBe(400);
    expect(await snapshot(testApp)).toEqual(before);
  });

  it("answers 404 where no upload waits, and saving the preview makes the typed style a product of the line list", async () => {
    expect((await add(999_999, handStyle)).statusCode).toBe(404);
    const confirm = await testApp.app.inject({
      method: "POST",
      url: `/api/crocs/preview/${lineListId}/confirm`,
      headers: auth,
    });
    expect(confirm.statusCode).toBe(200);
    const saved = await stylesOf(lineListId);
    expect(saved.map((style) => style.model_code)).toContain("HAND-001");
    const afterSave = await add(lineListId, { ...handStyle, modelCode: "HAND-005" });
    expect(afterSave.statusCode).toBe(404);
    expect(afterSave.json().message).toBe(previewMessages.noPreview);
  });
});
