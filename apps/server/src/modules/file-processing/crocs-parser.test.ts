import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { lineListFormatMessages as messages, type LineListRowError } from "@cm/contracts/line-list-format";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ParseFailure, ParseResult, ParseSuccess } from "./line-list-parser.ts";
import { parseWorkbook } from "./parse-workbook.ts";
import { sampleHeaders, type SampleCell } from "./sample-line-list.ts";
import { table, validTable, xls, xlsx } from "./test-workbooks.ts";
import type { WorkbookLimits } from "./workbook-reader.ts";
import { defaultWorkbookLimits } from "./workbook-reader.ts";

// The rules, checked through the whole in-thread pipeline (archive guard, SheetJS, parser) on
// workbooks written by exceljs. parse-line-list-file.test.ts covers the worker around it.

/** The Crocs mapping's reading of the file, without what the reader says of the file itself. */
async function parse(
  bytes: Buffer,
  fileName = "line-list.xlsx",
  limits?: WorkbookLimits,
): Promise<ParseResult> {
  const { read: _read, ...result } = await parseWorkbook({
    mapping: crocsMapping,
    fileName,
    bytes,
    ...(limits ? { limits } : {}),
  });
  return result;
}

function expectOk(result: ParseResult): ParseSuccess {
  if (!result.ok)
    expect.fail(`expected the workbook to be accepted, got ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result;
}

function expectErrors(result: ParseResult): LineListRowError[] {
  if (result.ok) expect.fail("expected the workbook to be refused");
  expect((result as ParseFailure).errorCount).toBe(result.errors.length);
  return result.errors;
}

const shipDate = new Date(Date.UTC(2027, 2, 15));
const baseRow: Record<string, SampleCell> = {
  Franchise: "Classic",
  Silhouette: "Clog",
  "Model Code": "10001-001",
  Color: "Black",
  Gender: "Unisex",
  MSRP: 49.99,
  "Expected Ship Date": shipDate,
  "Image URLs": "https://images.example.com/crocs/10001-001_1.jpg",
  "Comfort Level": "Iconic Crocs Comfort",
  "Height Range": "Low",
  "Wear Occasion": "Casual",
  "Target Fit": "Roomy",
  Size: "M4/W6",
  SKU: "190000000001",
};

/** A data row in the template's column order: the base row with some cells changed. */
function line(changes: Record<string, SampleCell> = {}, headers: string[] = sampleHeaders): SampleCell[] {
  const values = { ...baseRow, ...changes };
  return headers.map((header) => values[header] ?? null);
}

/** Rows of one style, one per size, each with its own SKU. */
function styleRows(
  modelCode: string,
  sizes: string[],
  changes: Record<string, SampleCell> = {},
  skuStart = 1,
) {
  return sizes.map((size, index) =>
    line({
      "Model Code": modelCode,
      Size: size,
      SKU: `19${String(skuStart + index).padStart(10, "0")}`,
      ...changes,
    }),
  );
}

const oneStyle = () => [sampleHeaders, ...styleRows("10001-001", ["M4/W6", "M5/W7"])];

describe("a valid Crocs line list", () => {
  it("becomes one style per Model Code with its sizes, and the season and year of the sheet name", async () => {
    const lineList = validTable(3);
    const result = expectOk(await parse(await xlsx(lineList)));

    expect(result).toMatchObject({ season: "Spring", year: 2027, missingColumns: [] });
    expect(result.rowCount).toBe(lineList.rows.length - 1);
    const dataRows = lineList.rows.slice(1);
    const modelCodes = [...new Set(dataRows.map((row) => row[2]))];
    expect(result.styles.map((style) => style.model_code)).toEqual(modelCodes);

    const first = result.styles[0];
    const firstRow = dataRows[0] ?? [];
    const firstRows = dataRows.filter((row) => row[2] === first?.model_code);
    expect(first).toEqual({
      franchise: firstRow[0],
      silhouette: firstRow[1],
      model_code: firstRow[2],
      color: firstRow[3],
      gender: firstRow[4],
      msrp: firstRow[5],
      expected_shipped_date: (firstRow[6] as Date).toISOString().slice(0, 10),
      image_urls: String(firstRow[7]).split(/, |\n/),
      attributes: {
        comfort_level: firstRow[8],
        height_range: firstRow[9],
        wear_occasion: firstRow[10],
        target_fit: firstRow[11],
      },
      items: firstRows.map((row) => ({ size: row[12], sku: row[13] })),
    });
  });

  it("takes the season from every word before the year", async () => {
    const result = expectOk(await parse(await xlsx(table(oneStyle(), "  Fall Winter 2028 "))));
    expect(result).toMatchObject({ season: "Fall Winter", year: 2028 });
  });

  it("matches headers ignoring case, spaces, dashes and underscores, in any order, and ignores extra columns", async () => {
    const headers = [
      "SKU",
      "Buyer Notes",
      "model_code",
      " SIZE ",
      "franchise",
      "Silhouette",
      "COLOR",
      "gender",
      "msrp",
      "Expected-Ship_Date",
      "image urls",
      "Comfort  Level",
      "height-range",
      "WEAR_OCCASION",
      "TargetFit",
      "Wholesale Price",
    ];
    const canonical = [
      "SKU",
      "Buyer Notes",
      "Model Code",
      "Size",
      "Franchise",
      "Silhouette",
      "Color",
      "Gender",
      "MSRP",
      "Expected Ship Date",
      "Image URLs",
      "Comfort Level",
      "Height Range",
      "Wear Occasion",
      "Target Fit",
      "Wholesale Price",
    ];
    const row = line({ "Buyer Notes": "call back", "Wholesale Price": "not a number" }, canonical);
    const result = expectOk(await parse(await xlsx(table([headers, row]))));
    expect(result.missingColumns).toEqual([]);
    expect(result.styles).toEqual([
      expect.objectContaining({
        model_code: "10001-001",
        franchise: "Classic",
        msrp: 49.99,
        attributes: expect.objectContaining({ target_fit: "Roomy", comfort_level: "Iconic Crocs Comfort" }),
        items: [{ size: "M4/W6", sku: "190000000001" }],
      }),
    ]);
  });

  it("skips blank rows, including rows with only spaces or only an extra column filled", async () => {
    const headers = [...sampleHeaders, "Notes"];
    const rows = [
      headers,
      [],
      ...styleRows("10001-001", ["M4/W6"]),
      [],
      sampleHeaders.map(() => "   "),
      [...sampleHeaders.map(() => null), "just a note"],
      ...styleRows("10001-001", ["M5/W7"], {}, 2),
      [],
    ];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.rowCount).toBe(2);
    expect(result.styles[0]?.items).toEqual([
      { size: "M4/W6", sku: "190000000001" },
      { size: "M5/W7", sku: "190000000002" },
    ]);
  });

  it("reads Expected Ship Date from date cells and from ISO text alike", async () => {
    const rows = [
      sampleHeaders,
      line({ "Model Code": "A-1", SKU: "1", "Expected Ship Date": new Date(Date.UTC(2027, 0, 31)) }),
      line({ "Model Code": "A-2", SKU: "2", "Expected Ship Date": "2027-01-31" }),
      line({ "Model Code": "A-3", SKU: "3", "Expected Ship Date": "2027-01-31T00:00:00" }),
      line({ "Model Code": "A-4", SKU: "4", "Expected Ship Date": " 2028-02-29 " }),
      line({ "Model Code": "A-5", SKU: "5", "Expected Ship Date": null }),
    ];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.styles.map((style) => style.expected_shipped_date)).toEqual([
      "2027-01-31",
      "2027-01-31",
      "2027-01-31",
      "2028-02-29",
      null,
    ]);
  });

  it("keeps dates on their calendar day whatever the server's time zone", async () => {
    const bytes = await xlsx(
      table([sampleHeaders, line({ "Expected Ship Date": new Date(Date.UTC(2027, 11, 31)) })]),
    );
    // eslint-disable-next-line no-restricted-properties -- the time zone is what this test varies
    const env = process.env;
    const original = env.TZ;
    try {
      for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles", "UTC"]) {
        env.TZ = zone;
        const result = expectOk(await parse(bytes));
        expect(result.styles[0]?.expected_shipped_date).toBe("2027-12-31");
      }
    } finally {
      if (original === undefined) delete env.TZ;
      else env.TZ = original;
    }
  });

  it("accepts MSRP as a number or as numeric text, rounded to cents", async () => {
    const rows = [
      sampleHeaders,
      line({ "Model Code": "A-1", SKU: "1", MSRP: 49.99 }),
      line({ "Model Code": "A-2", SKU: "2", MSRP: "49.99" }),
      line({ "Model Code": "A-3", SKU: "3", MSRP: " $1,299.00 " }),
      line({ "Model Code": "A-4", SKU: "4", MSRP: 0 }),
      line({ "Model Code": "A-5", SKU: "5", MSRP: 12.345 }),
      line({ "Model Code": "A-6", SKU: "6", MSRP: null }),
    ];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.styles.map((style) => style.msrp)).toEqual([49.99, 49.99, 1299, 0, 12.35, null]);
  });

  it("splits Image URLs on commas and line breaks, and reads No Image or a blank cell as none", async () => {
    const a = "https://images.example.com/a.jpg";
    const b = "https://images.example.com/b.jpg?w=800";
    const c = "http://images.example.com/c.png";
    const rows = [
      sampleHeaders,
      line({ "Model Code": "A-1", SKU: "1", "Image URLs": `${a}, ${b}` }),
      line({ "Model Code": "A-2", SKU: "2", "Image URLs": `${a},${b},${c}` }),
      line({ "Model Code": "A-3", SKU: "3", "Image URLs": `${a}\n${b}` }),
      line({ "Model Code": "A-4", SKU: "4", "Image URLs": `${a}\r\n${b},\n ${c}\n` }),
      line({ "Model Code": "A-5", SKU: "5", "Image URLs": `${a}, ${a}` }),
      line({ "Model Code": "A-6", SKU: "6", "Image URLs": "No Image" }),
      line({ "Model Code": "A-7", SKU: "7", "Image URLs": " no image " }),
      line({ "Model Code": "A-8", SKU: "8", "Image URLs": null }),
    ];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.styles.map((style) => style.image_urls)).toEqual([
      [a, b],
      [a, b, c],
      [a, b],
      [a, b, c],
      [a],
      [],
      [],
      [],
    ]);
  });

  it("stores numbers, booleans and formula-looking text in text columns as text", async () => {
    const rows = [
      sampleHeaders,
      line({ SKU: 190000000001, Size: 9, Color: "=1+1", Gender: true, Franchise: "  Classic  " }),
      line({ SKU: "00012345", Size: "9.5", Color: "=1+1", Gender: true }),
    ];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.styles[0]).toMatchObject({
      color: "=1+1",
      gender: "TRUE",
      franchise: "Classic",
      items: [
        { size: "9", sku: "190000000001" },
        { size: "9.5", sku: "00012345" },
      ],
    });
  });

  it("lets a style's values stand on one of its rows only: blank cells take the style's value", async () => {
    const blanks = {
      Franchise: null,
      Color: null,
      MSRP: null,
      "Expected Ship Date": null,
      "Image URLs": null,
    };
    const rows = [
      sampleHeaders,
      line({ Size: "M4/W6", SKU: "1", ...blanks }),
      line({ Size: "M5/W7", SKU: "2" }),
      line({ Size: "M6/W8", SKU: "3", ...blanks, "Target Fit": null }),
    ];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.styles).toHaveLength(1);
    expect(result.styles[0]).toMatchObject({
      franchise: "Classic",
      color: "Black",
      msrp: 49.99,
      expected_shipped_date: "2027-03-15",
      image_urls: ["https://images.example.com/crocs/10001-001_1.jpg"],
      attributes: { target_fit: "Roomy" },
    });
    expect(result.styles[0]?.items.map((item) => item.size)).toEqual(["M4/W6", "M5/W7", "M6/W8"]);
  });

  it("accepts a sheet without optional columns and says which ones are missing", async () => {
    const headers = ["Model Code", "Size", "SKU", "Color"];
    const rows = [headers, line({}, headers)];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.missingColumns).toEqual(sampleHeaders.filter((header) => !headers.includes(header)));
    expect(result.styles[0]).toMatchObject({
      color: "Black",
      franchise: null,
      msrp: null,
      expected_shipped_date: null,
      image_urls: [],
      attributes: { comfort_level: null, height_range: null, wear_occasion: null, target_fit: null },
    });
  });

  it("takes a formula's cached value and never computes one", async () => {
    const rows = [
      sampleHeaders,
      line({
        "Model Code": "A-1",
        SKU: "1",
        // The cached result deliberately disagrees with the formula: only evaluation would give 2.
        MSRP: { formula: "1+1", result: 59.99 },
        Color: { formula: '"Bl"&"ack"', result: "Black" },
      }),
      line({ "Model Code": "A-2", SKU: "2", MSRP: { formula: "'[prices.xlsx]Sheet1'!A1", result: 39.99 } }),
      line({ "Model Code": "A-3", SKU: "3", MSRP: { formula: "1+1" } as ExcelJS.CellFormulaValue }),
    ];
    const result = expectOk(await parse(await xlsx(table(rows))));
    expect(result.styles.map((style) => style.msrp)).toEqual([59.99, 39.99, null]);
    expect(result.styles[0]?.color).toBe("Black");
  });
});

describe("a line list with errors is refused whole, with every error's row and column", () => {
  it("names each missing required column", async () => {
    const headers = sampleHeaders.filter((header) => !["Model Code", "Size", "SKU"].includes(header));
    const errors = expectErrors(await parse(await xlsx(table([headers, line({}, headers)]))));
    expect(errors).toEqual([
      { row: 1, column: "Model Code", message: messages.missingColumn("Model Code") },
      { row: 1, column: "Size", message: messages.missingColumn("Size") },
      { row: 1, column: "SKU", message: messages.missingColumn("SKU") },
    ]);
  });

  it("refuses a column that appears twice", async () => {
    const headers = [...sampleHeaders, "sku"];
    const errors = expectErrors(await parse(await xlsx(table([headers, [...line(), "190000000002"]]))));
    expect(errors).toEqual([
      { row: 1, column: "SKU", value: "sku", message: messages.duplicateColumn("SKU", "N") },
    ]);
  });

  it("requires Model Code, Size and SKU on every row", async () => {
    const rows = [
      sampleHeaders,
      line({ SKU: "1" }),
      line({ "Model Code": null, SKU: "2" }),
      line({ Size: "  ", SKU: "3" }),
      line({ SKU: null, Size: "M9/W11" }),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors).toEqual([
      { row: 3, column: "Model Code", message: messages.required("Model Code") },
      { row: 4, column: "Size", message: messages.required("Size") },
      { row: 5, column: "SKU", message: messages.required("SKU") },
    ]);
  });

  it("refuses an MSRP that is not a number or is negative", async () => {
    const rows = [
      sampleHeaders,
      line({ "Model Code": "A-1", SKU: "1", MSRP: "forty" }),
      line({ "Model Code": "A-2", SKU: "2", MSRP: -5 }),
      line({ "Model Code": "A-3", SKU: "3", MSRP: "-5" }),
      line({ "Model Code": "A-4", SKU: "4", MSRP: "49,99" }),
      line({ "Model Code": "A-5", SKU: "5", MSRP: true }),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors).toEqual(
      [
        [2, "forty"],
        [3, "-5"],
        [4, "-5"],
        [5, "49,99"],
        [6, "TRUE"],
      ].map(([row, value]) => ({ row, column: "MSRP", value, message: messages.msrpInvalid })),
    );
  });

  it("refuses an Expected Ship Date that is neither a date cell nor an ISO date", async () => {
    const rows = [
      sampleHeaders,
      line({ "Model Code": "A-1", SKU: "1", "Expected Ship Date": "03/15/2027" }),
      line({ "Model Code": "A-2", SKU: "2", "Expected Ship Date": "2027-02-30" }),
      line({ "Model Code": "A-3", SKU: "3", "Expected Ship Date": 46461 }),
      line({ "Model Code": "A-4", SKU: "4", "Expected Ship Date": "next spring" }),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors).toEqual(
      [
        [2, "03/15/2027"],
        [3, "2027-02-30"],
        [4, "46461"],
        [5, "next spring"],
      ].map(([row, value]) => ({ row, column: "Expected Ship Date", value, message: messages.dateInvalid })),
    );
  });

  it("refuses Image URLs that are not web addresses", async () => {
    const rows = [
      sampleHeaders,
      line({ "Model Code": "A-1", SKU: "1", "Image URLs": "front.jpg" }),
      line({
        "Model Code": "A-2",
        SKU: "2",
        "Image URLs": "https://images.example.com/a.jpg, ftp://files.example.com/b.jpg",
      }),
      line({ "Model Code": "A-3", SKU: "3", "Image URLs": "javascript:alert(1)" }),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [2, "Image URLs", messages.imageUrlsInvalid],
      [3, "Image URLs", messages.imageUrlsInvalid],
      [4, "Image URLs", messages.imageUrlsInvalid],
    ]);
  });

  it("refuses a SKU that appears twice, anywhere in the sheet", async () => {
    const rows = [
      sampleHeaders,
      ...styleRows("10001-001", ["M4/W6", "M5/W7"]),
      ...styleRows("10001-100", ["M4/W6", "M5/W7"], { Color: "White" }, 2),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors).toEqual([
      { row: 4, column: "SKU", value: "190000000002", message: messages.duplicateSku(3) },
    ]);
  });

  it("refuses a size that appears twice in one style", async () => {
    const rows = [sampleHeaders, line({ SKU: "1" }), line({ SKU: "2", Size: "M5/W7" }), line({ SKU: "3" })];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors).toEqual([
      { row: 4, column: "Size", value: "M4/W6", message: messages.duplicateSize("10001-001", 2) },
    ]);
  });

  it("refuses rows of one style that disagree on a style's value, naming the row they disagree with", async () => {
    const rows = [
      sampleHeaders,
      line({ SKU: "1", Size: "M4/W6" }),
      line({ SKU: "2", Size: "M5/W7", MSRP: "49.99", Color: null }),
      line({ SKU: "3", Size: "M6/W8", MSRP: 54.99, Color: "Navy", "Target Fit": "Standard" }),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors).toEqual([
      {
        row: 4,
        column: "Color",
        value: "Navy",
        message: messages.conflictingStyleValue("Color", "10001-001", 2),
      },
      {
        row: 4,
        column: "MSRP",
        value: "54.99",
        message: messages.conflictingStyleValue("MSRP", "10001-001", 2),
      },
      {
        row: 4,
        column: "Target Fit",
        value: "Standard",
        message: messages.conflictingStyleValue("Target Fit", "10001-001", 2),
      },
    ]);
  });

  it("refuses cells holding formula errors", async () => {
    const rows = [sampleHeaders, line({ MSRP: { error: "#N/A" }, Color: { error: "#REF!" } })];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors).toEqual([
      { row: 2, column: "Color", value: "#REF!", message: messages.errorValue },
      { row: 2, column: "MSRP", value: "#N/A", message: messages.errorValue },
    ]);
  });

  it.each(["Spring", "Sheet1", "Spring 27", "2027", "Spring 20271"])(
    "refuses a first sheet named %j, which has no season and 4-digit year",
    async (sheetName) => {
      const errors = expectErrors(await parse(await xlsx(table(oneStyle(), sheetName))));
      expect(errors).toEqual([
        { row: null, column: null, value: sheetName, message: messages.sheetName(sheetName) },
      ]);
    },
  );

  it("reports every error at once: the sheet's first, then row by row", async () => {
    const rows = [
      sampleHeaders,
      ...Array.from({ length: 150 }, (_, index) =>
        line({ Size: `S${index}`, SKU: String(index), MSRP: "n/a" }),
      ),
      line({ Size: "S0", SKU: "0" }),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows, "Spring"))));
    expect(errors).toHaveLength(1 + 150 + 2);
    expect(errors[0]).toMatchObject({ row: null, message: messages.sheetName("Spring") });
    expect(errors.slice(1, 151).map((error) => error.row)).toEqual(
      Array.from({ length: 150 }, (_, index) => index + 2),
    );
    expect(errors.slice(151)).toEqual([
      { row: 152, column: "Size", value: "S0", message: messages.duplicateSize("10001-001", 2) },
      { row: 152, column: "SKU", value: "0", message: messages.duplicateSku(2) },
    ]);
  });

  it("lists a row's errors of every kind left to right, as the row reads", async () => {
    const rows = [
      sampleHeaders,
      line({ SKU: "1", Size: "M4/W6" }),
      // Color disagrees with row 2, MSRP is no number, Image URLs hold an error, the size and
      // the SKU were already used, and Target Fit disagrees again.
      line({
        SKU: "1",
        Size: "M4/W6",
        Color: "Navy",
        MSRP: "n/a",
        "Image URLs": { error: "#N/A" },
        "Target Fit": "Standard",
      }),
    ];
    const errors = expectErrors(await parse(await xlsx(table(rows))));
    expect(errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [3, "Color", messages.conflictingStyleValue("Color", "10001-001", 2)],
      [3, "MSRP", messages.msrpInvalid],
      [3, "Image URLs", messages.errorValue],
      [3, "Target Fit", messages.conflictingStyleValue("Target Fit", "10001-001", 2)],
      [3, "Size", messages.duplicateSize("10001-001", 2)],
      [3, "SKU", messages.duplicateSku(2)],
    ]);
  });
  it("refuses an empty first sheet, and one with headers but no data rows", async () => {
    expect(expectErrors(await parse(await xlsx(table([]))))).toEqual([
      { row: null, column: null, message: messages.emptySheet },
    ]);
    expect(expectErrors(await parse(await xlsx(table([sampleHeaders, [], []]))))).toEqual([
      { row: null, column: null, message: messages.noDataRows },
    ]);
  });

  it("reads only the first sheet", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Notes").addRow(["nothing to see"]);
    const sheet = workbook.addWorksheet("Spring 2027");
    for (const row of oneStyle()) sheet.addRow(row);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const errors = expectErrors(await parse(bytes));
    expect(errors).toContainEqual({
      row: null,
      column: null,
      value: "Notes",
      message: messages.sheetName("Notes"),
    });
  });

  it("refuses a sheet with more than 100,000 data rows, and accepts one with exactly that many", async () => {
    async function sparseSheet(lastRow: number): Promise<Buffer> {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Spring 2027");
      sheet.getRow(1).values = sampleHeaders;
      sheet.getRow(2).values = line({ SKU: "1" });
      sheet.getRow(lastRow).values = line({ SKU: "2", Size: "M5/W7" });
      return Buffer.from(await workbook.xlsx.writeBuffer());
    }
    expect(expectErrors(await parse(await sparseSheet(100_002)))).toEqual([
      { row: 100_002, column: null, message: messages.tooManyRows },
    ]);
    expect(expectOk(await parse(await sparseSheet(100_001))).rowCount).toBe(2);
  });

  it("refuses a sheet using more than 256 columns, and ignores extra columns up to that", async () => {
    async function wideSheet(lastColumn: number): Promise<Buffer> {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Spring 2027");
      sheet.addRow(sampleHeaders);
      sheet.addRow(line());
      sheet.getRow(2).getCell(lastColumn).value = "far away";
      return Buffer.from(await workbook.xlsx.writeBuffer());
    }
    expect(expectErrors(await parse(await wideSheet(257)))).toEqual([
      { row: 2, column: "IW", message: messages.tooManyColumns },
    ]);
    expect(expectOk(await parse(await wideSheet(256))).rowCount).toBe(1);
  });

  it("applies the row limit to .xlsx and .xls alike", async () => {
    const limits = { ...defaultWorkbookLimits, maxDataRows: 5 };
    const lineList = table([
      sampleHeaders,
      ...styleRows("10001-001", ["M4/W6", "M5/W7", "M6/W8", "M7/W9", "M8/W10", "M9/W11"]),
    ]);
    const expected = [{ row: 7, column: null, message: messages.tooManyRows }];
    expect(expectErrors(await parse(await xlsx(lineList), "a.xlsx", limits))).toEqual(expected);
    expect(expectErrors(await parse(xls(lineList), "a.xls", limits))).toEqual(expected);
  });
});

describe(".xls workbooks", () => {
  it("give the same styles as the same line list in .xlsx", async () => {
    const lineList = validTable(5);
    lineList.rows.splice(3, 0, []);
    const fromXls = expectOk(await parse(xls(lineList), "line-list.xls"));
    const fromXlsx = expectOk(await parse(await xlsx(lineList), "line-list.xlsx"));
    expect(fromXls).toEqual(fromXlsx);
    expect(fromXls.rowCount).toBe(lineList.rows.length - 2);
  });

  it("refuse the same errors as .xlsx", async () => {
    const lineList = table(
      [sampleHeaders, line({ SKU: "1", MSRP: "-1" }), line({ SKU: "1", Size: "M5/W7" })],
      "Fall",
    );
    const fromXls = expectErrors(await parse(xls(lineList), "line-list.xls"));
    expect(fromXls).toEqual(expectErrors(await parse(await xlsx(lineList))));
    expect(fromXls.map((error) => [error.row, error.column])).toEqual([
      [null, null],
      [2, "MSRP"],
      [3, "SKU"],
    ]);
  });

  it("are refused above their size cap", async () => {
    const limits = { ...defaultWorkbookLimits, maxXlsFileBytes: 4096 };
    expect(expectErrors(await parse(xls(validTable(3)), "line-list.xls", limits))).toEqual([
      { row: null, column: null, message: messages.fileTooLarge(4096) },
    ]);
  });
});
