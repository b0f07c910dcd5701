import { describe, expect, it } from "vitest";
import { loadSheetJs } from "./sheetjs.ts";
import { copiedSheetJsVersion } from "./xlsx/stream-reader.ts";

describe("SheetJS", () => {
  it("is the release the streaming .xlsx reader copies", async () => {
    const XLSX = await loadSheetJs();
    expect(
      XLSX.version,
      `SheetJS ${XLSX.version} is installed, but the streaming .xlsx reader copies ${copiedSheetJsVersion}: ` +
        "run the tests of file-processing/xlsx/ (the cell-for-cell comparison with SheetJS, random rows included), " +
        "bring the reader in line with the new release where they differ, then set copiedSheetJsVersion",
    ).toBe(copiedSheetJsVersion);
  });

  it("is loaded once", async () => {
    expect(await loadSheetJs()).toBe(await loadSheetJs());
  });
});
