import { describe, expect, it } from "vitest";
import { seasonFromSheetName, suggestSeason } from "./season.ts";

describe("seasonFromSheetName", () => {
  it.each([
    ["Spring 2027", { season: "Spring", year: 2027 }],
    ["  Fall Winter 2028 ", { season: "Fall Winter", year: 2028 }],
    ["Holiday 2026", { season: "Holiday", year: 2026 }],
  ])("reads %j", (name, expected) => {
    expect(seasonFromSheetName(name)).toEqual(expected);
  });

  it.each(["Spring", "Sheet1", "Spring 27", "2027", "Spring 20271", "SS27 Line Sheet"])(
    "refuses %j",
    (name) => {
      expect(seasonFromSheetName(name)).toBeNull();
    },
  );
});

describe("suggestSeason", () => {
  it.each([
    ["SS27 Line Sheet", "line-sheet.xlsx", { season: "Spring", year: 2027 }],
    ["FW26", "line-sheet.xlsx", { season: "Fall", year: 2026 }],
    ["AW 26 Footwear", "", { season: "Fall", year: 2026 }],
    ["F/W'26", "", { season: "Fall", year: 2026 }],
    ["Fall Winter 2026", "", { season: "Fall Winter", year: 2026 }],
    ["Spring 2027", "FW26.xlsx", { season: "Spring", year: 2027 }],
    ["Line sheet SP27", "", { season: "Spring", year: 2027 }],
    ["Holiday '26", "", { season: "Holiday", year: 2026 }],
  ])("reads the sheet name %j", (sheetName, fileName, expected) => {
    expect(suggestSeason(sheetName, fileName)).toEqual(expected);
  });

  it.each([
    ["HeyDude_SS27_linesheet.xlsx", { season: "Spring", year: 2027 }],
    ["skechers-spring-2027.csv", { season: "Spring", year: 2027 }],
    ["Crocs Fall_Winter 2026 line list.xlsx", { season: "Fall Winter", year: 2026 }],
    ["2027 Summer order sheet.xls", { season: "Summer", year: 2027 }],
    ["pandora FW2026.xlsx", { season: "Fall", year: 2026 }],
  ])("falls back on the file name %j", (fileName, expected) => {
    expect(suggestSeason("Sheet1", fileName)).toEqual(expected);
  });

  it.each([
    ["Sheet1", "line-sheet.xlsx"],
    ["Line Sheet", "prices v2.xlsx"],
    ["Photos", "photo 2027.xlsx"],
    ["Sheet1", "styles_1234.csv"],
  ])("suggests nothing for %j in %j", (sheetName, fileName) => {
    expect(suggestSeason(sheetName, fileName)).toBeNull();
  });
});
