import { describe, expect, it } from "vitest";
import { crocsMapping } from "./crocs-mapping.ts";
import { readMappedSheet } from "./read-mapped-sheet.ts";
import { fromSampleCell, sampleSheet, toSampleCell } from "./sample-cells.ts";
import type { EngineCell } from "./types.ts";

describe("sample cells", () => {
  it("carry every kind of cell through JSON and back", () => {
    const cells: (EngineCell | undefined)[] = [
      "0850000000017",
      49.99,
      true,
      new Date(Date.UTC(2027, 2, 15)),
      { error: "#N/A" },
      undefined,
    ];
    const json = JSON.parse(JSON.stringify(cells.map(toSampleCell)));
    expect(json).toEqual([
      "0850000000017",
      49.99,
      true,
      { date: "2027-03-15T00:00:00.000Z" },
      { error: "#N/A" },
      null,
    ]);
    expect(json.map(fromSampleCell)).toEqual(cells);
  });

  it("turn what cannot be carried into blanks", () => {
    expect(toSampleCell(Number.NaN)).toBeNull();
    expect(toSampleCell(new Date(Number.NaN))).toBeNull();
    expect(fromSampleCell({ date: "not a date" })).toBeUndefined();
  });

  it("rebuild the sheet below its header row, so the preview's errors give Excel's row numbers", () => {
    const sheet = sampleSheet({
      name: "Spring 2027",
      headerRow: 3,
      headers: ["Model Code", "Size", "SKU", ""],
      rows: [
        ["10001-001", "M4/W6", "1", null],
        ["10001-001", "M5/W7", "1", null],
      ],
    });
    const result = readMappedSheet(sheet, { ...crocsMapping, headerRow: 3 });
    expect(result.ok ? [] : result.errors.map((error) => [error.row, error.column])).toEqual([[5, "SKU"]]);
  });
});
