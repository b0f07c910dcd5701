import { lineListColumns } from "@cm/contracts/line-list-format";
import { readSizeLabel } from "@cm/contracts/size-scales";
import { describe, expect, it } from "vitest";
import { readCsv } from "./csv/read-csv.ts";
import { sampleLineListTable, sizeColumnHeaders, writeSampleLineList } from "./sample-line-list.ts";
import { readFirstSheet, readSheets } from "./workbook-reader.ts";

/**
 * The sample files of each layout, read back by the server's own readers as an upload would be:
 * what a demo, a test or a benchmark feeds the mapping engine is the shape the layout promises.
 */

const upc = /^\d{12}$/;

describe("sample line lists", () => {
  it("crocs (the default): the template's headers, one row per SKU, the sheet named with the season", async () => {
    const sample = await writeSampleLineList({ styles: 12, season: "Fall", year: 2028 });
    expect(sample.extension).toBe("xlsx");
    const grid = await readFirstSheet(sample.bytes, undefined, "crocs.xlsx", "streaming-only");
    expect(grid.name).toBe("Fall 2028");
    expect(grid.rows[0]).toEqual(lineListColumns.map((column) => column.header));
    expect(grid.rows).toHaveLength(sample.rows + 1);
    // The file holds the table's rows (dates and text as written).
    expect(grid.rows[1]!.slice(0, 6)).toEqual(
      sampleLineListTable({ styles: 12, season: "Fall", year: 2028 }).rows[1]!.slice(0, 6),
    );
  });

  it("size-columns: a title block above the headers, one row per style and colour, a UPC per offered size", async () => {
    const sample = await writeSampleLineList({ styles: 40, layout: "size-columns", year: 2027 });
    expect(sample).toMatchObject({ extension: "xlsx", styles: 40, rows: 40 });
    // Read by the streaming reader (the benchmark's fast path), both sheets.
    const [sheet, notes] = await readSheets(sample.bytes, [0, 1], undefined, "hey.xlsx", "streaming-only");
    expect(sheet!.name).toBe("SS27 Line Sheet");
    expect(notes!.name).toBe("Notes");
    const rows = sheet!.rows;
    expect(String(rows[0]![0])).toMatch(/^Hey Dude SS27/);
    expect(rows[2]?.every((cell) => cell === undefined || cell === "") ?? true).toBe(true);
    expect(rows[3]).toEqual([
      "Style #",
      "Style Name",
      "Colour",
      "Colour Code",
      "Gender",
      "RRP",
      "Wholesale",
      "Delivery",
      "Image",
      "Material",
      ...sizeColumnHeaders,
    ]);
    expect(sizeColumnHeaders.slice(0, 3)).toEqual(["7", "7.5", "8"]);
    expect(sizeColumnHeaders.at(-1)).toBe("13");
    for (const header of sizeColumnHeaders) expect(readSizeLabel(header).ok, header).toBe(true);
    const data = rows.slice(4);
    expect(data).toHaveLength(40);
    const styleNumbers = data.map((row) => row![0]);
    expect(new Set(styleNumbers).size).toBe(40);
    const seen = new Set<string>();
    let blanks = 0;
    for (const row of data) {
      expect(row![0]).toMatch(/^\d{5}-\d{3}$/);
      expect(typeof row![5]).toBe("number");
      expect(row![6]).toBeLessThan(row![5] as number);
      expect(row![7]).toBeInstanceOf(Date);
      const sizes = sizeColumnHeaders.map((_, index) => row![10 + index]);
      for (const cell of sizes) {
        if (cell === undefined || cell === null || cell === "") {
          blanks += 1;
          continue;
        }
        expect(String(cell)).toMatch(upc);
        seen.add(String(cell));
      }
    }
    // Not every size is offered in every row, and no UPC is given twice.
    expect(blanks).toBeGreaterThan(0);
    expect(seen.size).toBe(40 * sizeColumnHeaders.length - blanks);
  });

  it("csv-semicolon: semicolons, quoted text, decimal commas, Windows-1252 with an accented colour, one row per SKU", async () => {
    const sample = await writeSampleLineList({ styles: 27, layout: "csv-semicolon" });
    expect(sample).toMatchObject({ extension: "csv", rows: 270 });
    const text = sample.bytes.toString("latin1");
    expect(text.split("\r\n")[0]).toBe('"Style";"Description";"Color";"Size";"UPC";"MSRP";"Ship Date"');
    // Not UTF-8: "è" is one byte (0xE8), as Windows-1252 writes it.
    expect(sample.bytes.includes(Buffer.from([0xe8]))).toBe(true);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(sample.bytes)).toThrow();

    const { sheet, dialect } = readCsv(sample.bytes, { fileName: "skechers.csv" });
    expect(dialect).toEqual({
      delimiter: ";",
      encoding: "windows-1252",
      hadBom: false,
      decimalSeparator: ",",
    });
    const [header, ...rows] = sheet.rows;
    expect(header).toEqual(["Style", "Description", "Color", "Size", "UPC", "MSRP", "Ship Date"]);
    expect(rows).toHaveLength(270);
    expect(rows.map((row) => row![2])).toContain("Crème");
    // A quoted description holding a semicolon and quotes reads whole.
    const descriptions = new Set(rows.map((row) => row![1]));
    expect(descriptions).toContain("BOBS Sport Squad; Chaos");
    expect(descriptions).toContain('Slip-ins: Ultra Flex 3.0 "Smooth Step"');
    for (const row of rows) {
      expect(row![0]).toMatch(/^\d{6}-[A-Z]{3}$/);
      expect(readSizeLabel(String(row![3])).ok).toBe(true);
      expect(row![4]).toMatch(upc);
      expect(row![5]).toMatch(/^\d+,\d{2}$/);
      expect(row![6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(rows.map((row) => row![4])).size).toBe(270);
    // Ten sizes a style: 5,000 styles are the benchmark's 50,000 rows.
    const sizesPerStyle = new Map<string, number>();
    for (const row of rows) sizesPerStyle.set(String(row![0]), (sizesPerStyle.get(String(row![0])) ?? 0) + 1);
    expect(new Set(sizesPerStyle.values())).toEqual(new Set([10]));
  });

  it("one-size: one row per SKU, every size One Size or OS, the sheet named with the season", async () => {
    const sample = await writeSampleLineList({
      styles: 25,
      layout: "one-size",
      season: "Summer",
      year: 2027,
    });
    expect(sample).toMatchObject({ extension: "xlsx", rows: 25 });
    const grid = await readFirstSheet(sample.bytes, undefined, "pandora.xlsx", "streaming-only");
    expect(grid.name).toBe("Summer 2027");
    const [header, ...rows] = grid.rows;
    expect(header).toEqual(["Item No", "Name", "Collection", "Metal", "Size", "EAN", "Retail", "Image URL"]);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((row) => row![0])).size).toBe(25);
    expect(new Set(rows.map((row) => row![4]))).toEqual(new Set(["OS", "One Size"]));
    for (const row of rows) {
      expect(readSizeLabel(String(row![4]))).toMatchObject({ ok: true });
      expect(row![5]).toMatch(/^\d{13}$/);
      expect(typeof row![6]).toBe("number");
    }
  });

  // How fast (bench:import writes them on each run) is the benchmarks' to say, not a test's.
  it("writes 5,000 styles of every layout, as the benchmarks need", async () => {
    for (const layout of ["size-columns", "csv-semicolon", "one-size"] as const) {
      const sample = await writeSampleLineList({ styles: 5_000, layout });
      expect(sample.styles, layout).toBe(5_000);
    }
  });

  it("writes the workbook layouts as .xls too", async () => {
    const sample = await writeSampleLineList({ styles: 6, layout: "size-columns", format: "xls" });
    expect(sample.extension).toBe("xls");
    const [sheet] = await readSheets(sample.bytes, [0], undefined, "hey.xls");
    expect(sheet!.name).toBe("SS27 Line Sheet");
    expect(sheet!.rows[3]![0]).toBe("Style #");
    expect(sheet!.rows).toHaveLength(10);
  });
});
