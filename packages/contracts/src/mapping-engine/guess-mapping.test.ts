import { describe, expect, it } from "vitest";
import { mappingMessages, type LineListMapping, type SingleColumnFieldKey } from "../line-list-mapping.ts";
import {
  applySavedMapping,
  compareHeaders,
  findHeaderRow,
  guessMapping,
  headerFingerprint,
  mappingProblems,
} from "./guess-mapping.ts";
import { crocsMapping } from "./crocs-mapping.ts";
import type { EngineCell } from "./types.ts";

type Row = (EngineCell | undefined)[];

function guess(headers: string[], rows: Row[] = [], extra: { decimalSeparator?: "," | "." | null } = {}) {
  return guessMapping({
    sheet: null,
    headerRow: 1,
    headers,
    rows,
    sheetName: "Spring 2027",
    fileName: "a.xlsx",
    ...extra,
  });
}

const header = ["Style", "Color", "Size", "UPC", "MSRP"];
const data = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => [
    "10001",
    "Black",
    String(4 + index),
    `0850000000${index}0`,
    49.99,
  ]);

describe("findHeaderRow", () => {
  it("is row 1 when the table starts there", () => {
    expect(findHeaderRow([header, ...data(3)])).toBe(1);
  });

  it("skips a title block, blank rows and the empty row a logo stands on", () => {
    const rows: Row[] = [
      [], // the logo, a picture over empty cells
      ["HEY DUDE"],
      ["Spring 2027 Line Sheet"],
      [],
      ["Prices in USD, wholesale before discount"],
      [],
      header,
      ...data(3),
    ];
    expect(findHeaderRow(rows)).toBe(7);
  });

  it("skips a merged title cell (its value stands in the first cell only) and short key/value lines", () => {
    const rows: Row[] = [
      ["Skechers line sheet", undefined, undefined, undefined, undefined],
      ["Brand:", "Skechers"],
      ["Season:", "SS27"],
      ["Buyer:", "Main Street Shoes"],
      [undefined, undefined],
      header,
      ...data(2),
    ];
    expect(findHeaderRow(rows)).toBe(6);
  });

  it("takes a header row whose size headers are number cells, above rows of codes", () => {
    const rows: Row[] = [
      ["Line sheet"],
      ["Style", "Color", 7, 8, 8.5, 9],
      ["40001", "Black", 850000000007, 850000000008, undefined, 850000000009],
      ["40002", "White", 850000000017, 850000000018, 850000000019, undefined],
    ];
    expect(findHeaderRow(rows)).toBe(2);
  });

  it("takes European size headers (36 to 46) for headers too", () => {
    const rows: Row[] = [
      ["Calzature Primavera 2027"],
      ["Article", "Colour", 36, 37, 38, 39, 40, 41],
      ["A-1", "Nero", 8050000000036, 8050000000037, 8050000000038, 8050000000039, undefined, undefined],
    ];
    expect(findHeaderRow(rows)).toBe(2);
  });

  it("falls back to the first row that holds anything", () => {
    expect(findHeaderRow([[], ["only a title"]])).toBe(2);
    expect(findHeaderRow([])).toBe(1);
  });
});

describe("guessMapping by header name", () => {
  const cases: [string, SingleColumnFieldKey | "image_urls"][] = [
    ...["Style", "Style #", "Style No", "Article", "Model", "Model Code", "Style Number"].map(
      (name) => [name, "model_code"] as [string, "model_code"],
    ),
    ...["SKU", "UPC", "EAN", "GTIN", "Barcode"].map((name) => [name, "sku"] as [string, "sku"]),
    ...["Size", "Sz"].map((name) => [name, "size"] as [string, "size"]),
    ...["Style Name", "Description", "Name", "Silhouette"].map(
      (name) => [name, "silhouette"] as [string, "silhouette"],
    ),
    ...["Color", "Colour", "Color Name", "Colorway"].map((name) => [name, "color"] as [string, "color"]),
    ...["Color Code", "Colour Code", "Color #"].map((name) => [name, "color_code"] as [string, "color_code"]),
    ["Gender", "gender"],
    ...["MSRP", "RRP", "Retail", "SRP", "Retail Price"].map((name) => [name, "msrp"] as [string, "msrp"]),
    ...["Wholesale", "WHS", "Wholesale Price", "Cost"].map(
      (name) => [name, "wholesale_price"] as [string, "wholesale_price"],
    ),
    ...["Expected Ship Date", "Ship Date", "Delivery", "Available"].map(
      (name) => [name, "expected_shipped_date"] as [string, "expected_shipped_date"],
    ),
    ...["Franchise", "Collection", "Category", "Line"].map(
      (name) => [name, "franchise"] as [string, "franchise"],
    ),
  ];

  it.each(cases)("reads %j as %s", (name, field) => {
    const mapping = guess([name]);
    expect(mapping.fields[field as SingleColumnFieldKey]).toBe(name);
    expect(mapping.attributes).toEqual([]);
  });

  it.each(["Image", "Image URL", "Image URLs", "Picture", "Photo"])("reads %j as an image column", (name) => {
    expect(guess([name]).fields.image_urls).toEqual([name]);
  });

  it("takes every image column, in order, and ignores case, spaces and what stands in brackets", () => {
    const mapping = guess(["STYLE_NO", "Image 1", "image 2", "MSRP (USD)", "Photo 3"]);
    expect(mapping.fields).toEqual({
      model_code: "STYLE_NO",
      msrp: "MSRP (USD)",
      image_urls: ["Image 1", "image 2", "Photo 3"],
    });
  });

  it("reads the whole Crocs template as the Crocs mapping", () => {
    const headers = [
      "Franchise",
      "Silhouette",
      "Model Code",
      "Color",
      "Gender",
      "MSRP",
      "Expected Ship Date",
      "Image URLs",
      "Comfort Level",
      "Height Range",
      "Wear Occasion",
      "Target Fit",
      "Size",
      "SKU",
    ];
    const mapping = guess(headers, [
      [
        "Classic",
        "Clog",
        "10001-001",
        "Black",
        "Unisex",
        49.99,
        new Date(Date.UTC(2027, 2, 15)),
        "https://a.example/a.jpg",
        "Iconic",
        "Low",
        "Casual",
        "Roomy",
        "M4/W6",
        "190000000001",
      ],
    ]);
    expect(mapping).toEqual(crocsMapping);
  });

  it("prefers the likelier header when several name a field, and a style number column that holds codes", () => {
    const mapping = guess(
      ["Description", "Style", "Style Number", "Size", "UPC", "Style Name"],
      [["Comfortable slip-on", "Wally Sox", "40003-001", "8", "0850000000017", "Wally"]],
    );
    expect(mapping.fields).toMatchObject({ model_code: "Style Number", silhouette: "Style Name" });
    expect(mapping.attributes.map((attribute) => attribute.column)).toEqual(["Description", "Style"]);
  });

  it("keeps every other column as an attribute under its header, once, and leaves blank headers out", () => {
    const mapping = guess(["Style", "", "Material", "Size", "UPC", "material", "Notes"]);
    expect(mapping.attributes).toEqual([
      { column: "Material", name: "Material" },
      { column: "Notes", name: "Notes" },
    ]);
  });

  it("puts no field on two columns: a second colour column is an attribute", () => {
    const mapping = guess(["Style", "Color", "Colour", "Size", "SKU"]);
    expect(mapping.fields.color).toBe("Color");
    expect(mapping.attributes).toEqual([{ column: "Colour", name: "Colour" }]);
  });

  it("never guesses a required field from nothing", () => {
    const mapping = guess(["Name", "Qty", "Notes"], [["Clog", 12, "call back"]]);
    expect(mapping.fields).toEqual({ silhouette: "Name" });
    expect(
      mappingProblems(mapping, ["Name", "Qty", "Notes"], { unreadableSizes: [], seasonFromSheet: true }),
    ).toEqual([
      mappingMessages.requiredFieldUnmapped("Style number"),
      mappingMessages.requiredFieldUnmapped("SKU or UPC"),
      mappingMessages.requiredFieldUnmapped("Size"),
    ]);
  });
});

describe("guessMapping by sample values", () => {
  it("takes a column of 8 to 14 digit codes as the SKU, a column of prices as MSRP and one of dates as the ship date", () => {
    const rows: Row[] = [
      ["10001", "8", "0850000000017", "$49.99", "2027-03-15", 12],
      ["10001", "9", 850000000018, "$49.99", new Date(Date.UTC(2027, 2, 15)), 8],
      ["10002", "8", "00850000000019", "$59.00", "2027-04-01", 3],
    ];
    const mapping = guess(["Art.", "Size", "Code", "Price", "Launch", "Qty"], rows);
    expect(mapping.fields).toMatchObject({ sku: "Code", msrp: "Price", expected_shipped_date: "Launch" });
    // Quantities are whole numbers, not prices; "Art." names no field.
    expect(mapping.attributes.map((attribute) => attribute.column)).toEqual(["Art.", "Qty"]);
  });

  it("takes text dates as the ship date, in the order their values tell, else the decimal separator's", () => {
    const withDates = (dates: string[], decimalSeparator: "," | "." | null = null) =>
      guess(
        ["Style", "Size", "UPC", "Ship Date"],
        dates.map((date, index): Row => ["10001", String(8 + index), `085000000001${index}`, date]),
        { decimalSeparator },
      );
    expect(withDates(["03/15/2027", "04/01/2027"])).toMatchObject({
      fields: { expected_shipped_date: "Ship Date" },
      dateOrder: "month-first",
    });
    expect(withDates(["15.03.2027", "01.04.2027"]).dateOrder).toBe("day-first");
    // 03/04 could be either: decimal commas write day first, points month first.
    expect(withDates(["03/04/2027"], ",").dateOrder).toBe("day-first");
    expect(withDates(["03/04/2027"], ".").dateOrder).toBe("month-first");
    expect(withDates(["2027-03-04"]).dateOrder ?? null).toBeNull();
  });

  it("reads prices with the file's decimal comma", () => {
    const rows: Row[] = [
      ["A", "8", "1", "49,99"],
      ["B", "8", "2", "1.059,00"],
    ];
    expect(guess(["Style", "Size", "SKU", "VK"], rows, { decimalSeparator: "," }).fields.msrp).toBe("VK");
    expect(guess(["Style", "Size", "SKU", "VK"], rows, { decimalSeparator: "," }).decimalSeparator).toBe(",");
  });

  it("checks the values of a header that only contains a field's word", () => {
    const rows: Row[] = [
      ["A", "8", "0850000000017", "1 pair"],
      ["B", "8", "0850000000018", "2 pairs"],
    ];
    const mapping = guess(["Style", "Size", "UPC/EAN code", "Retail pack"], rows);
    expect(mapping.fields.sku).toBe("UPC/EAN code");
    expect(mapping.fields.msrp).toBeUndefined();
  });
});

describe("guessMapping's layout", () => {
  const headers = ["Style", "Color", "MSRP", "7", "8", "8.5", "Size 9", "M10/W12", "13"];
  const rows: Row[] = [
    [
      "40001",
      "Black",
      69.99,
      "0850000000007",
      850000000008,
      undefined,
      "0850000000009",
      "0850000000010",
      undefined,
    ],
    ["40002", "White", 69.99, "0850000000017", undefined, "0850000000018", undefined, undefined, undefined],
  ];

  it("is sizes as columns when headers read as sizes and hold codes, each column's size as its header says", () => {
    const mapping = guess(headers, rows);
    expect(mapping.layout).toBe("size-columns");
    expect(mapping.sizeColumns).toEqual([
      { column: "7", size: "7" },
      { column: "8", size: "8" },
      { column: "8.5", size: "8.5" },
      { column: "Size 9", size: "9" },
      { column: "M10/W12", size: "M10/W12" },
      // No style of the sample offers it, but it stands with the other sizes.
      { column: "13", size: "13" },
    ]);
    expect(mapping.fields).toEqual({ model_code: "Style", color: "Color", msrp: "MSRP" });
    expect(mapping.attributes).toEqual([]);
    expect(mappingProblems(mapping, headers, { unreadableSizes: [], seasonFromSheet: true })).toEqual([]);
  });

  it("proposes a run of plain numbers past the US sizes as EU sizes", () => {
    const mapping = guess(
      ["Article", "Colour", "36", "37", "38,5", "46"],
      [["A-1", "Nero", "8050000000036", "8050000000037", "8050000000038", undefined]],
    );
    expect(mapping.layout).toBe("size-columns");
    expect(mapping.sizeColumns).toEqual([
      { column: "36", size: "EU 36" },
      { column: "37", size: "EU 37" },
      { column: "38,5", size: "EU 38,5" },
      { column: "46", size: "EU 46" },
    ]);
  });

  it("is one row per SKU when no size header holds codes", () => {
    const mapping = guess(["Style", "Size", "SKU", "10"], [["A", "8", "0850000000007", "x"]]);
    expect(mapping.layout).toBe("rows");
    expect(mapping.sizeColumns).toEqual([]);
    expect(mapping.attributes).toEqual([{ column: "10", name: "10" }]);
  });

  it("keeps the sheet, header row and decimal separator it was given, and leaves the season to the person", () => {
    const mapping = guessMapping({
      sheet: "Line Sheet",
      headerRow: 4,
      headers,
      rows,
      sheetName: "SS27",
      fileName: "a.csv",
      decimalSeparator: ",",
    });
    expect(mapping).toMatchObject({
      sheet: "Line Sheet",
      headerRow: 4,
      decimalSeparator: ",",
      season: null,
      sizeLabels: {},
    });
  });
});

describe("saved mappings and changed headers", () => {
  it("fingerprints headers whatever their order, case, spacing or blank cells", () => {
    expect(headerFingerprint(["Style", "Size", "SKU"])).toBe(
      headerFingerprint(["sku", "", " SIZE ", "style"]),
    );
    expect(headerFingerprint(["Style", "Size", "SKU"])).not.toBe(headerFingerprint(["Style", "Size", "UPC"]));
    expect(headerFingerprint(["Model Code", "SKU"])).toBe("modelcode|sku");
  });

  it("lists added and missing headers, as each file writes them", () => {
    expect(
      compareHeaders(["Style", "Size", "SKU", "Notes"], ["STYLE", "Size", "UPC", "", "Material"]),
    ).toEqual({
      added: ["UPC", "Material"],
      missing: ["SKU", "Notes"],
    });
    expect(compareHeaders(["A", "B"], ["b", "a"])).toEqual({ added: [], missing: [] });
  });

  it("applies a saved mapping as this file spells its headers, dropping the columns it no longer has", () => {
    const saved: LineListMapping = {
      ...crocsMapping,
      fields: { ...crocsMapping.fields, image_urls: ["Image URLs", "Image 2"] },
      sizeColumns: [],
      sizeLabels: { "8+": "8.5" },
      season: { season: "Spring", year: 2027 },
    };
    const headers = ["MODEL CODE", "Size", "SKU", "Color", "image urls", "Comfort Level", "Target Fit"];
    const applied = applySavedMapping(saved, headers);
    expect(applied).toEqual({
      ...saved,
      fields: {
        model_code: "MODEL CODE",
        color: "Color",
        image_urls: ["image urls"],
        size: "Size",
        sku: "SKU",
      },
      attributes: [
        { column: "Comfort Level", name: "Comfort Level" },
        { column: "Target Fit", name: "Target Fit" },
      ],
    });
    expect(
      applySavedMapping(
        {
          ...saved,
          layout: "size-columns",
          sizeColumns: [
            { column: "8", size: "8" },
            { column: "9", size: "9" },
          ],
        },
        ["Model Code", "9"],
      ).sizeColumns,
    ).toEqual([{ column: "9", size: "9" }]);
  });
});

describe("mappingProblems", () => {
  const headers = ["Style", "Size", "UPC", "Name", "8", "9"];
  const base: LineListMapping = {
    sheet: null,
    headerRow: 1,
    layout: "rows",
    fields: { model_code: "Style", size: "Size", sku: "UPC" },
    sizeColumns: [],
    attributes: [],
    sizeLabels: {},
    decimalSeparator: null,
    season: null,
  };
  const fine = { unreadableSizes: [], seasonFromSheet: true };

  it("allows confirming a complete mapping", () => {
    expect(mappingProblems(base, headers, fine)).toEqual([]);
  });

  it("names a required field without a column, or whose column this file lacks", () => {
    expect(mappingProblems({ ...base, fields: { size: "Size", sku: "Barcode" } }, headers, fine)).toEqual([
      "Choose the column that holds Style number",
      "Choose the column that holds SKU or UPC",
    ]);
  });

  it("needs size columns, not a size or SKU column, when sizes are columns", () => {
    const sizeColumns: LineListMapping = { ...base, layout: "size-columns", fields: { model_code: "Style" } };
    expect(mappingProblems(sizeColumns, headers, fine)).toEqual([mappingMessages.noSizeColumns]);
    expect(
      mappingProblems({ ...sizeColumns, sizeColumns: [{ column: "8", size: "8" }] }, headers, fine),
    ).toEqual([]);
  });

  it("names a column chosen for two fields, once", () => {
    const twice: LineListMapping = {
      ...base,
      fields: { ...base.fields, silhouette: "Style", franchise: "style" },
      attributes: [
        { column: "Name", name: "Name" },
        { column: "UPC", name: "Barcode" },
      ],
    };
    expect(mappingProblems(twice, headers, fine)).toEqual([
      'Column "Style" is chosen for both Style number and Style name',
      'Column "UPC" is chosen for both SKU or UPC and Barcode',
    ]);
  });

  it("counts the size labels that cannot be read, and asks for a season the sheet name does not give", () => {
    expect(mappingProblems(base, headers, { unreadableSizes: ["8+"], seasonFromSheet: false })).toEqual([
      "1 size label cannot be read: say which size it is",
      "Enter the season and year of this line list",
    ]);
    expect(
      mappingProblems({ ...base, season: { season: "Spring", year: 2027 } }, headers, {
        unreadableSizes: ["8+", "Tall"],
        seasonFromSheet: false,
      }),
    ).toEqual(["2 size labels cannot be read: say which size each is"]);
  });
});
