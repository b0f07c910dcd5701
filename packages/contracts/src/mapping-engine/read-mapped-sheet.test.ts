import { describe, expect, it } from "vitest";
import { lineListFormatMessages as messages } from "../line-list-workbook.ts";
import { mappingMessages, type LineListMapping } from "../line-list-mapping.ts";
import { crocsMapping } from "./crocs-mapping.ts";
import { readMappedSheet } from "./read-mapped-sheet.ts";
import type { EngineCell, MappedSheetResult, ParseSuccess } from "./types.ts";

type Row = (EngineCell | undefined)[];

function mapping(changes: Partial<LineListMapping>): LineListMapping {
  return {
    sheet: null,
    headerRow: 1,
    layout: "rows",
    fields: {},
    sizeColumns: [],
    attributes: [],
    sizeLabels: {},
    decimalSeparator: null,
    season: null,
    ...changes,
  };
}

function expectOk(result: MappedSheetResult): ParseSuccess & { unreadableSizes: string[] } {
  if (!result.ok)
    expect.fail(`expected the sheet to be read, got ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result;
}

function expectErrors(result: MappedSheetResult) {
  if (result.ok) expect.fail("expected the sheet to be refused");
  expect(result.errorCount).toBe(result.errors.length);
  return result.errors;
}

// A Skechers-like list: a title block, the headers on row 3, one row per SKU, its own header names.
const rowsMapping = mapping({
  headerRow: 3,
  fields: {
    model_code: "Style #",
    color_code: "Color Code",
    color: "Colour",
    silhouette: "Description",
    size: "Size",
    sku: "UPC",
    msrp: "RRP",
    wholesale_price: "WHS",
    expected_shipped_date: "Delivery",
    image_urls: ["Image 1", "Image 2"],
  },
  attributes: [
    { column: "Material", name: "Material" },
    { column: "Fit", name: "Target Fit" },
  ],
});
const rowsHeaders = [
  "Style #",
  "Color Code",
  "Colour",
  "Description",
  "Size",
  "UPC",
  "RRP",
  "WHS",
  "Delivery",
  "Image 1",
  "Image 2",
  "Material",
  "Fit",
];
function rowsLine(changes: Record<string, EngineCell | undefined> = {}): Row {
  const values: Record<string, EngineCell | undefined> = {
    "Style #": "232045",
    "Color Code": "BLK",
    Colour: "Black",
    Description: "Go Walk 7",
    Size: "8",
    UPC: "0195204000001",
    RRP: 79.99,
    WHS: 40,
    Delivery: new Date(Date.UTC(2027, 1, 15)),
    "Image 1": "https://img.example.com/232045-blk-1.jpg",
    "Image 2": "https://img.example.com/232045-blk-2.jpg",
    Material: "Mesh",
    Fit: "Regular",
    ...changes,
  };
  return rowsHeaders.map((header) => values[header]);
}
const titleBlock: Row[] = [["Skechers Spring 2027 line sheet"], []];

describe("readMappedSheet's text dates", () => {
  const dated = (delivery: string, dateOrder: LineListMapping["dateOrder"]) =>
    readMappedSheet(
      { name: "Spring 2027", rows: [...titleBlock, rowsHeaders, rowsLine({ Delivery: delivery })] },
      { ...rowsMapping, dateOrder },
    );

  it("reads 03/15/2027 month first and 15.03.2027 day first, and two-digit years as 20YY", () => {
    expect(expectOk(dated("03/15/2027", "month-first")).styles[0]!.expected_shipped_date).toBe("2027-03-15");
    expect(expectOk(dated("3/4/27", "month-first")).styles[0]!.expected_shipped_date).toBe("2027-03-04");
    expect(expectOk(dated("15.03.2027", "day-first")).styles[0]!.expected_shipped_date).toBe("2027-03-15");
    expect(expectOk(dated("04/03/2027", "day-first")).styles[0]!.expected_shipped_date).toBe("2027-03-04");
    // ISO dates read whatever the order.
    expect(expectOk(dated("2027-03-15", "day-first")).styles[0]!.expected_shipped_date).toBe("2027-03-15");
  });

  it("refuses a date the order makes impossible, and text dates where the mapping names no order", () => {
    expect(expectErrors(dated("03/15/2027", "day-first"))).toEqual([
      { row: 4, column: "Delivery", value: "03/15/2027", message: messages.dateInvalid },
    ]);
    expect(expectErrors(dated("03/15/2027", null))).toHaveLength(1);
    expect(expectErrors(dated("02/30/2027", "month-first"))).toHaveLength(1);
  });
});

describe("readMappedSheet, one row per SKU", () => {
  it("reads a style from its rows under a title block, with the colour code in its model code", () => {
    const sheet = {
      name: "Spring 2027",
      rows: [
        ...titleBlock,
        rowsHeaders,
        rowsLine({ Size: "9", UPC: "0195204000002" }),
        rowsLine(),
        rowsLine({ Size: "8.5", UPC: "0195204000003", RRP: undefined, "Image 2": undefined }),
      ],
    };
    const result = expectOk(readMappedSheet(sheet, rowsMapping));
    expect(result).toMatchObject({
      season: "Spring",
      year: 2027,
      rowCount: 3,
      missingColumns: [],
      unreadableSizes: [],
    });
    expect(result.styles).toEqual([
      {
        franchise: null,
        silhouette: "Go Walk 7",
        model_code: "232045-BLK",
        color: "Black",
        gender: null,
        msrp: 79.99,
        wholesale_price: 40,
        expected_shipped_date: "2027-02-15",
        image_urls: ["https://img.example.com/232045-blk-1.jpg", "https://img.example.com/232045-blk-2.jpg"],
        attributes: { comfort_level: null, height_range: null, wear_occasion: null, target_fit: "Regular" },
        extra_attributes: { Material: "Mesh" },
        // In scale order, not as the rows came.
        items: [
          { size: "8", sku: "0195204000001" },
          { size: "8.5", sku: "0195204000003" },
          { size: "9", sku: "0195204000002" },
        ],
      },
    ]);
  });

  it("keeps a style number that already ends with its colour code, and takes the code as the colour without a name", () => {
    const noName = mapping({
      fields: { model_code: "Style", color_code: "Color #", size: "Size", sku: "SKU" },
    });
    const rows = [
      ["Style", "Color #", "Size", "SKU"],
      ["10001-001", "001", "M4/W6", "1"],
      ["40001", "001", "9", "2"],
      ["40001", "100", "9", "3"],
      ["50001", undefined, "9", "4"],
    ];
    const result = expectOk(readMappedSheet({ name: "Fall 2026", rows }, noName));
    expect(result.styles.map((style) => [style.model_code, style.color])).toEqual([
      ["10001-001", "001"],
      ["40001-001", "001"],
      ["40001-100", "100"],
      ["50001", null],
    ]);
    expect(result.styles[0]).not.toHaveProperty("wholesale_price");
    expect(result.styles[0]).not.toHaveProperty("extra_attributes");
  });

  it("names the file's column and Excel's row number in errors, below a header row that is not row 1", () => {
    const rows = [
      ...titleBlock,
      rowsHeaders,
      rowsLine(),
      [],
      rowsLine({ "Style #": undefined, UPC: "0195204000009", RRP: "n/a", WHS: -1, Delivery: "15/02/2027" }),
      rowsLine({
        Size: "9",
        UPC: "0195204000001",
        Colour: "Navy",
        "Image 1": "front.jpg",
        Fit: { error: "#N/A" },
      }),
    ];
    const errors = expectErrors(readMappedSheet({ name: "Spring 2027", rows }, rowsMapping));
    expect(errors).toEqual([
      { row: 6, column: "Style #", message: messages.required("Style #") },
      { row: 6, column: "RRP", value: "n/a", message: messages.msrpInvalid },
      { row: 6, column: "WHS", value: "-1", message: mappingMessages.wholesalePriceInvalid },
      { row: 6, column: "Delivery", value: "15/02/2027", message: messages.dateInvalid },
      {
        row: 7,
        column: "Colour",
        value: "Navy",
        message: messages.conflictingStyleValue("Colour", "232045-BLK", 4),
      },
      { row: 7, column: "UPC", value: "0195204000001", message: messages.duplicateSku(4) },
      { row: 7, column: "Image 1", value: "front.jpg", message: messages.imageUrlsInvalid },
      { row: 7, column: "Fit", value: "#N/A", message: messages.errorValue },
    ]);
  });

  it("names a missing required column and a column given twice by the header row they were looked for in", () => {
    const headers = rowsHeaders.filter((header) => header !== "UPC");
    const missing = expectErrors(
      readMappedSheet({ name: "Spring 2027", rows: [...titleBlock, headers, rowsLine()] }, rowsMapping),
    );
    expect(missing).toEqual([{ row: 3, column: "UPC", message: mappingMessages.missingColumn("UPC", 3) }]);

    const twice = expectErrors(
      readMappedSheet(
        { name: "Spring 2027", rows: [...titleBlock, [...rowsHeaders, "rrp"], rowsLine()] },
        rowsMapping,
      ),
    );
    expect(twice).toEqual([
      { row: 3, column: "RRP", value: "rrp", message: mappingMessages.duplicateColumn("RRP", 3, "G") },
    ]);
  });

  it("lists the optional columns the file lacks, as the mapping names them", () => {
    const headers = rowsHeaders.filter((header) => !["WHS", "Image 2", "Material"].includes(header));
    const rows = [...titleBlock, headers, headers.map((header) => rowsLine()[rowsHeaders.indexOf(header)])];
    const result = expectOk(readMappedSheet({ name: "Spring 2027", rows }, rowsMapping));
    expect(result.missingColumns).toEqual(["WHS", "Image 2", "Material"]);
    expect(result.styles[0]).toMatchObject({ wholesale_price: null, extra_attributes: {} });
  });

  it("reads text prices with the mapping's decimal comma, and with a point as $1,299.00 when it names none", () => {
    const prices = mapping({
      fields: { model_code: "Style", size: "Size", sku: "SKU", msrp: "UVP", wholesale_price: "EK" },
    });
    const rows = [
      ["Style", "Size", "SKU", "UVP", "EK"],
      ["A", "8", "1", "49,99", "1.234,50 €"],
      ["B", "8", "2", 59.5, "20"],
    ];
    const comma = expectOk(
      readMappedSheet({ name: "Spring 2027", rows }, { ...prices, decimalSeparator: "," }),
    );
    expect(comma.styles.map((style) => [style.msrp, style.wholesale_price])).toEqual([
      [49.99, 1234.5],
      [59.5, 20],
    ]);

    const point = readMappedSheet(
      { name: "Spring 2027", rows: [rows[0]!, ["A", "8", "1", "$1,299.00", "49,99"]] },
      prices,
    );
    expect(expectErrors(point)).toEqual([
      { row: 2, column: "EK", value: "49,99", message: mappingMessages.wholesalePriceInvalid },
    ]);
  });

  it("takes the season from the sheet name first, then from the mapping, and refuses a sheet with neither", () => {
    const simple = mapping({ fields: { model_code: "Style", size: "Size", sku: "SKU" } });
    const rows = [
      ["Style", "Size", "SKU"],
      ["A", "8", "1"],
    ];
    const withSeason = { ...simple, season: { season: "Spring", year: 2027 } };
    expect(expectOk(readMappedSheet({ name: "Fall 2026", rows }, withSeason))).toMatchObject({
      season: "Fall",
      year: 2026,
    });
    expect(expectOk(readMappedSheet({ name: "SS27 Line Sheet", rows }, withSeason))).toMatchObject({
      season: "Spring",
      year: 2027,
    });
    // A CSV file's "sheet" is its file name, which the season is not read from.
    expect(
      expectOk(
        readMappedSheet({ name: "Skechers Fall 2026", rows }, withSeason, { seasonFromSheetName: false }),
      ),
    ).toMatchObject({ season: "Spring", year: 2027 });
    expect(
      expectErrors(
        readMappedSheet({ name: "Skechers Fall 2026", rows }, simple, { seasonFromSheetName: false }),
      ),
    ).toEqual([{ row: null, column: null, message: mappingMessages.seasonRequired }]);
    expect(expectErrors(readMappedSheet({ name: "Sheet1", rows }, simple))).toEqual([
      { row: null, column: null, value: "Sheet1", message: messages.sheetName("Sheet1") },
    ]);
    expect(
      expectErrors(readMappedSheet({ name: "Line Sheet", rows }, { ...simple, sheet: "Line Sheet" })),
    ).toEqual([
      { row: null, column: null, value: "Line Sheet", message: mappingMessages.sheetName("Line Sheet") },
    ]);
  });
});

describe("readMappedSheet's limits, counted from the header row", () => {
  const simple = mapping({ headerRow: 3, fields: { model_code: "Style", size: "Size", sku: "SKU" } });
  const head: Row[] = [["Title"], [], ["Style", "Size", "SKU"]];

  it("refuses more than 100,000 data rows below the header row, and accepts exactly that many", () => {
    const rows: (Row | undefined)[] = [...head, ["A", "8", "1"]];
    rows[2 + 100_000] = ["A", "9", "2"];
    expect(expectOk(readMappedSheet({ name: "Spring 2027", rows }, simple)).rowCount).toBe(2);
    rows[2 + 100_001] = ["A", "10", "3"];
    expect(expectErrors(readMappedSheet({ name: "Spring 2027", rows }, simple))).toEqual([
      { row: 100_004, column: null, message: messages.tooManyRows },
    ]);
  });

  it("refuses a row using more than 256 columns", () => {
    const wide: Row = ["A", "8", "1"];
    wide[256] = "far away";
    expect(expectErrors(readMappedSheet({ name: "Spring 2027", rows: [...head, wide] }, simple))).toEqual([
      { row: 4, column: "IW", message: messages.tooManyColumns },
    ]);
  });
});

describe("readMappedSheet, sizes as columns", () => {
  const sizeColumnsMapping = mapping({
    layout: "size-columns",
    headerRow: 2,
    fields: { model_code: "Style", color: "Color", msrp: "MSRP" },
    sizeColumns: [
      { column: "7", size: "7" },
      { column: "8", size: "8" },
      { column: "8.5", size: "8½" },
      { column: "9", size: "9" },
      { column: "10", size: "10" },
    ],
  });
  const headers = ["Style", "Color", "MSRP", "10", "7", "8", "8.5", "9"];

  it("reads one row per style with each size column's SKU, blank cells being sizes not offered, in scale order", () => {
    const rows: Row[] = [
      ["Hey Dude line sheet"],
      headers,
      ["40001", "Black", 69.99, "0850000000010", "0850000000007", 850000000008, undefined, "0850000000009"],
      ["40002", "White", 69.99, undefined, undefined, "0850000000018", "0850000000185", undefined],
    ];
    const result = expectOk(readMappedSheet({ name: "Spring 2027", rows }, sizeColumnsMapping));
    expect(result.rowCount).toBe(2);
    expect(result.styles.map((style) => [style.model_code, style.color, style.items])).toEqual([
      [
        "40001",
        "Black",
        [
          { size: "7", sku: "0850000000007" },
          { size: "8", sku: "850000000008" },
          { size: "9", sku: "0850000000009" },
          { size: "10", sku: "0850000000010" },
        ],
      ],
      [
        "40002",
        "White",
        [
          { size: "8", sku: "0850000000018" },
          { size: "8½", sku: "0850000000185" },
        ],
      ],
    ]);
  });

  it("refuses a row without any SKU, a SKU given twice and a size a style already has", () => {
    const rows: Row[] = [
      [],
      headers,
      ["40001", "Black", 69.99, undefined, "1", "2"],
      ["40001", "Black", 69.99, undefined, undefined, "3"],
      ["40002", "Black", 69.99, undefined, "1"],
      ["40003", "Black", 69.99],
    ];
    const errors = expectErrors(readMappedSheet({ name: "Spring 2027", rows }, sizeColumnsMapping));
    expect(errors).toEqual([
      { row: 4, column: "8", value: "3", message: messages.duplicateSize("40001", 3) },
      { row: 5, column: "7", value: "1", message: messages.duplicateSku(3) },
      { row: 6, column: null, message: mappingMessages.noSizeSkus },
    ]);
  });

  it("reads each size column's size through the value map, and lists a size it cannot read", () => {
    const odd = mapping({
      layout: "size-columns",
      fields: { model_code: "Style" },
      sizeColumns: [
        { column: "8", size: "8" },
        { column: "8+", size: "8+" },
        { column: "Tall", size: "Tall" },
      ],
    });
    const rows: Row[] = [
      ["Style", "8", "8+", "Tall"],
      ["A", "1", "2", "3"],
    ];
    const refused = readMappedSheet({ name: "Spring 2027", rows }, odd);
    expect(refused.unreadableSizes).toEqual(["8+", "Tall"]);
    expect(refused.ok).toBe(false);
    const read = expectOk(
      readMappedSheet(
        { name: "Spring 2027", rows },
        { ...odd, sizeLabels: { "8+": "8.5", Tall: "One Size" } },
      ),
    );
    expect(read.styles[0]?.items).toEqual([
      { size: "8", sku: "1" },
      { size: "8.5", sku: "2" },
      { size: "One Size", sku: "3" },
    ]);
  });

  it("needs at least one of its size columns in the file", () => {
    const rows: Row[] = [[], ["Style", "Color", "MSRP"], ["40001", "Black", 69.99]];
    expect(expectErrors(readMappedSheet({ name: "Spring 2027", rows }, sizeColumnsMapping))).toEqual(
      ["7", "8", "8.5", "9", "10"].map((column) => ({
        row: 2,
        column,
        message: mappingMessages.missingColumn(column, 2),
      })),
    );
  });
});

describe("readMappedSheet, size labels", () => {
  const simple = mapping({ fields: { model_code: "Style", size: "Size", sku: "SKU" } });

  it("returns each label it cannot read once, and fails the file with one error naming them", () => {
    const rows = [
      ["Style", "Size", "SKU"],
      ["A", "8+", "1"],
      ["A", "9", "2"],
      ["B", "8+", "3"],
      ["B", "Tall", "4"],
    ];
    const result = readMappedSheet({ name: "Spring 2027", rows }, simple);
    expect(result.unreadableSizes).toEqual(["8+", "Tall"]);
    expect(expectErrors(result)).toEqual([
      { row: null, column: null, message: mappingMessages.unreadableSizeLabels(["8+", "Tall"]) },
    ]);
    expect(mappingMessages.unreadableSizeLabels(["8+", "Tall"])).toBe(
      'The sizes "8+", "Tall" cannot be read: say which size each is in the column mapping',
    );
  });

  it("reads labels through the mapping's value map, showing the label it gives", () => {
    const rows = [
      ["Style", "Size", "SKU"],
      ["A", "9", "2"],
      ["A", " 8+ ", "1"],
      ["A", "Tall", "3"],
    ];
    const mapped = { ...simple, sizeLabels: { "8+": "8.5", Tall: "XL" } };
    const result = expectOk(readMappedSheet({ name: "Spring 2027", rows }, mapped));
    expect(result.unreadableSizes).toEqual([]);
    expect(result.styles[0]?.items).toEqual([
      { size: "8.5", sku: "1" },
      { size: "9", sku: "2" },
      { size: "XL", sku: "3" },
    ]);
  });

  it("orders sizes by scale, never as text: 9.5 before 10, letters S to XXL, men's/women's by the men's size", () => {
    const sizes = ["10", "XXL", "9.5", "S", "M10/W12", "M", "M4/W6", "8"];
    const rows = [["Style", "Size", "SKU"], ...sizes.map((size, index) => ["A", size, String(index)])];
    const result = expectOk(readMappedSheet({ name: "Spring 2027", rows }, simple));
    expect(result.styles[0]?.items.map((item) => item.size)).toEqual([
      "8",
      "9.5",
      "10",
      "M4/W6",
      "M10/W12",
      "S",
      "M",
      "XXL",
    ]);
  });
});

describe("readMappedSheet, a style with very many sizes", () => {
  it("still finds a size given twice and orders them all", () => {
    const sizes = Array.from({ length: 37 }, (_, index) => String(22 - index / 2));
    const rows = [
      ["Style", "Size", "SKU"],
      ...sizes.map((size, index) => ["A", size, String(index)]),
      ["A", "4", "99"],
      ["A", "22", "98"],
    ];
    const simple = mapping({ fields: { model_code: "Style", size: "Size", sku: "SKU" } });
    expect(expectErrors(readMappedSheet({ name: "Spring 2027", rows }, simple))).toEqual([
      { row: 39, column: "Size", value: "4", message: messages.duplicateSize("A", 38) },
      { row: 40, column: "Size", value: "22", message: messages.duplicateSize("A", 2) },
    ]);
    const result = expectOk(readMappedSheet({ name: "Spring 2027", rows: rows.slice(0, -2) }, simple));
    expect(result.styles[0]?.items.map((item) => item.size)).toEqual([...sizes].reverse());
  });
});

describe("readMappedSheet's live preview (maxStyles)", () => {
  const styleRows = (count: number, sizes = 10) =>
    Array.from({ length: count * sizes }, (_, index) => [
      `S-${Math.floor(index / sizes)}`,
      String(4 + (index % sizes)),
      String(100_000_000 + index),
    ]);

  it("stops once it has that many styles", () => {
    const rows = [["Style", "Size", "SKU"], ...styleRows(40)];
    const mapped = mapping({ fields: { model_code: "Style", size: "Size", sku: "SKU" } });
    const result = expectOk(readMappedSheet({ name: "Spring 2027", rows }, mapped, { maxStyles: 20 }));
    expect(result.styles).toHaveLength(20);
    expect(result.rowCount).toBe(200);
    expect(result.styles.at(-1)?.items).toHaveLength(10);
  });

  // Its speed (the live preview answers within 200 ms of a change) is npm run bench:review's.
  it("reads the first 20 styles of 400 rows of the Crocs template for the live preview", () => {
    const rows = [
      [
        "Franchise",
        "Silhouette",
        "Model Code",
        "Color",
        "MSRP",
        "Image URLs",
        "Comfort Level",
        "Size",
        "SKU",
      ],
      ...styleRows(40).map(([style, size, sku]) => [
        "Classic",
        "Clog",
        style,
        "Black",
        49.99,
        "https://images.example.com/a.jpg",
        "Iconic",
        size,
        sku,
      ]),
    ];
    const result = expectOk(readMappedSheet({ name: "Spring 2027", rows }, crocsMapping, { maxStyles: 20 }));
    expect(result.styles).toHaveLength(20);
    expect(result.styles[0]).toMatchObject({ franchise: "Classic", msrp: 49.99 });
  });
});
