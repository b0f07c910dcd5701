import { describe, expect, it } from "vitest";
import { errorReportCsv, errorReportFileName } from "./error-report";

describe("errorReportCsv", () => {
  it("has a header and one line per error with row, column, value and message", () => {
    const csv = errorReportCsv([
      { row: 4, column: "MSRP", value: "abc", message: "MSRP must be a number of 0 or more" },
      { row: 9, column: "SKU", message: "SKU is required" },
    ]);
    expect(csv).toBe(
      "Row,Column,Value,Message\r\n" +
        "4,MSRP,abc,MSRP must be a number of 0 or more\r\n" +
        "9,SKU,,SKU is required\r\n",
    );
  });

  it("leaves the row and column empty for an error about the whole file", () => {
    expect(errorReportCsv([{ row: null, column: null, message: "The first sheet is empty" }])).toBe(
      "Row,Column,Value,Message\r\n,,,The first sheet is empty\r\n",
    );
  });

  it("quotes commas, quotes and line breaks", () => {
    const csv = errorReportCsv([
      { row: 2, column: "Image URLs", value: 'a,b "c"\nd', message: "Line one, line two" },
    ]);
    expect(csv.split("\r\n")[1]).toBe('2,Image URLs,"a,b ""c""\nd","Line one, line two"');
  });

  it("keeps spreadsheet formulas from running but leaves negative numbers alone", () => {
    const csv = errorReportCsv([
      { row: 2, column: "MSRP", value: "-5", message: "MSRP must be a number of 0 or more" },
      { row: 3, column: "Color", value: '=HYPERLINK("http://x")', message: "m" },
      { row: 4, column: "Color", value: "@SUM(A1)", message: "m" },
      { row: 5, column: "Color", value: "+1+2", message: "m" },
      { row: 6, column: "MSRP", value: "-1.50", message: "m" },
      { row: 7, column: "Color", value: "+1", message: "m" },
      { row: 8, column: "Color", value: "-2 pairs", message: "m" },
      { row: 9, column: "Color", value: "\tcmd", message: "m" },
    ]);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[1]).toBe("2,MSRP,-5,MSRP must be a number of 0 or more");
    expect(lines[2]).toBe('3,Color,"\'=HYPERLINK(""http://x"")",m');
    expect(lines[3]).toBe("4,Color,'@SUM(A1),m");
    expect(lines[4]).toBe("5,Color,'+1+2,m");
    expect(lines[5]).toBe("6,MSRP,-1.50,m");
    expect(lines[6]).toBe("7,Color,'+1,m");
    expect(lines[7]).toBe("8,Color,'-2 pairs,m");
    expect(lines[8]).toBe("9,Color,'\tcmd,m");
  });

  it("holds every error it is given, beyond the ones a toast shows", () => {
    const errors = Array.from({ length: 250 }, (_, index) => ({
      row: index + 2,
      column: "SKU",
      message: "SKU is required",
    }));
    expect(errorReportCsv(errors).trimEnd().split("\r\n")).toHaveLength(251);
  });
});

describe("errorReportFileName", () => {
  it("names the report after the workbook", () => {
    expect(errorReportFileName("Crocs Spring 2027.xlsx")).toBe("Crocs Spring 2027-errors.csv");
    expect(errorReportFileName("old.XLS")).toBe("old-errors.csv");
    expect(errorReportFileName(undefined)).toBe("line-list-errors.csv");
  });
});
