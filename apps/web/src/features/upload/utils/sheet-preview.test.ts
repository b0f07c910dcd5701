import { describe, expect, it } from "vitest";
import { extractSheetPreview, readSheetPreview } from "./sheet-preview";

const header = ["Franchise", "Silhouette", "Model Code", "Color", "Gender", "MSRP", "Size", "SKU"];
const dataRow = (index: number) => [
  "Classic",
  "Clog",
  `10001-${index}`,
  "Black",
  "Unisex",
  49.99,
  "M4",
  `SKU${index}`,
];

describe("extractSheetPreview", () => {
  it("shows 4 columns after the first, row 1 as column names, and at most 14 data rows of the first 15", () => {
    const rows = [header, ...Array.from({ length: 40 }, (_, index) => dataRow(index))];
    const preview = extractSheetPreview("Spring 2027", rows);
    expect(preview.columns).toEqual(["Silhouette", "Model Code", "Color", "Gender"]);
    expect(preview.rows).toHaveLength(14);
    expect(preview.rows[0]).toEqual(["Clog", "10001-0", "Black", "Unisex"]);
    expect(preview.sheetName).toBe("Spring 2027");
  });

  it("keeps only the columns the sheet has and drops blank rows", () => {
    const preview = extractSheetPreview("Fall 2027", [["A", "B", "C"], [], ["1", "2", "3"], ["", "", ""]]);
    expect(preview.columns).toEqual(["B", "C"]);
    expect(preview.rows).toEqual([["2", "3"]]);
  });

  it("an empty sheet gives no columns and no rows", () => {
    expect(extractSheetPreview("Sheet1", [])).toEqual({ sheetName: "Sheet1", columns: [], rows: [] });
  });
});

describe("readSheetPreview", () => {
  it("reads the first sheet of a real workbook", async () => {
    const XLSX = await import("@e965/xlsx");
    const workbook = XLSX.utils.book_new();
    const rows = [header, ...Array.from({ length: 30 }, (_, index) => dataRow(index))];
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Summer 2027");
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["Notes"]]), "Instructions");
    const bytes = XLSX.write(workbook, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
    const preview = await readSheetPreview(new File([bytes], "summer.xlsx"));
    expect(preview.sheetName).toBe("Summer 2027");
    expect(preview.columns).toEqual(["Silhouette", "Model Code", "Color", "Gender"]);
    expect(preview.rows).toHaveLength(14);
    expect(preview.rows.at(-1)).toEqual(["Clog", "10001-13", "Black", "Unisex"]);
  });
});
