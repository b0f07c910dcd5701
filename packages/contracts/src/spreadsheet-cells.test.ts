import { describe, expect, it } from "vitest";
import {
  csvField,
  csvText,
  decimalCell,
  escapeSpreadsheetText,
  spreadsheetCellValue,
  unescapeSpreadsheetText,
} from "./spreadsheet-cells.ts";

const hostile = ['=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\tcmd", "\rcmd"];

describe("escapeSpreadsheetText", () => {
  it.each(hostile)("puts an apostrophe before text a spreadsheet would run: %j", (text) => {
    expect(escapeSpreadsheetText(text)).toBe(`'${text}`);
  });

  it("leaves other text as it is, including formula characters after the first", () => {
    for (const text of ["Shoe Palace", "Smith-Jones", "a=b", "", "'quoted", "10001-001", " =1"]) {
      expect(escapeSpreadsheetText(text)).toBe(text);
    }
  });

  it("is undone exactly, also for text that already started with apostrophes", () => {
    for (const text of [...hostile, "'=1+2", "''-3", "'plain", "plain", "", "'"]) {
      expect(unescapeSpreadsheetText(escapeSpreadsheetText(text))).toBe(text);
    }
    expect(escapeSpreadsheetText("'=1+2")).toBe("''=1+2");
  });
});

describe("spreadsheetCellValue", () => {
  it("escapes text but leaves numbers, negative ones too, as numbers", () => {
    expect(spreadsheetCellValue("-2")).toBe("'-2");
    expect(spreadsheetCellValue(-2)).toBe(-2);
    expect(spreadsheetCellValue(-59.99)).toBe(-59.99);
  });
});

describe("csvField", () => {
  it("escapes formula starts, then quotes per RFC 4180", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\rcmd")).toBe('"\'\rcmd"');
    expect(csvField("Crocs, Hey Dude")).toBe('"Crocs, Hey Dude"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
  });

  it("writes numbers as numbers and nothing for a missing value", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(120)).toBe("120");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("writes a decimal's exact text as a number, and escapes text that only looks like one", () => {
    expect(csvField(decimalCell("-1.50"))).toBe("-1.50");
    expect(csvField(decimalCell("1234.50"))).toBe("1234.50");
    expect(csvField(decimalCell("+1"))).toBe("'+1");
    expect(csvField(decimalCell("-2+3"))).toBe("'-2+3");
    expect(csvField(decimalCell("-"))).toBe("'-");
  });
});

it("csvText ends every record with CRLF", () => {
  expect(
    csvText([
      ["a", "-b"],
      [1, -2],
    ]),
  ).toBe("a,'-b\r\n1,-2\r\n");
});
