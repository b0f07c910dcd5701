import { describe, expect, it } from "vitest";
import { detectDecimalSeparator, parseDecimal, priceColumnIndex } from "./decimal-separator.ts";

describe("parseDecimal", () => {
  it.each([
    ["1.234,56", ",", 1234.56],
    ["49,99", ",", 49.99],
    ["1,234.56", ".", 1234.56],
    ["49.99", ".", 49.99],
    ["49", ",", 49],
    ["€ 1.234,56", ",", 1234.56],
    ["49,99 €", ",", 49.99],
    ["$1,234.56", ".", 1234.56],
    ["1\u202f234,56", ",", 1234.56],
    ["1'234.56", ".", 1234.56],
  ] as const)("reads %j with %j as %d", (text, separator, expected) => {
    expect(parseDecimal(text, separator)).toBe(expected);
  });

  it.each([
    ["49,99", "."],
    ["49.99", ","],
    ["1,234.56", ","],
    ["1.234,56", "."],
    ["12,34,5", "."],
    ["n/a", "."],
    ["", ","],
  ] as const)("refuses %j read with %j rather than guess", (text, separator) => {
    expect(parseDecimal(text, separator)).toBeNull();
  });

  it("takes numbers as they are and refuses anything else", () => {
    expect(parseDecimal(49.99, ",")).toBe(49.99);
    expect(parseDecimal(undefined, ".")).toBeNull();
    expect(parseDecimal(true, ".")).toBeNull();
  });
});

describe("detectDecimalSeparator", () => {
  const header = ["Style", "Name", "MSRP"];

  it.each([
    [["1.234,56", "49,99", "12"], ","],
    [["1,234.56", "49.99", "12"], "."],
    [["49,99"], ","],
    [["49.99"], "."],
  ] as const)("reads %j as decimal %j", (prices, expected) => {
    const rows = prices.map((price) => ["A1", "Clog", price]);
    expect(detectDecimalSeparator(header, rows)).toBe(expected);
  });

  it("says nothing when the prices could be read either way, or there is no price column", () => {
    expect(
      detectDecimalSeparator(header, [
        ["A1", "Clog", "1,234"],
        ["A2", "Clog", "49"],
      ]),
    ).toBeUndefined();
    expect(detectDecimalSeparator(["Style", "Weight"], [["A1", "49,99"]])).toBeUndefined();
  });

  it("reads the retail price before another price column", () => {
    expect(priceColumnIndex(["Wholesale Price", "Style", "Retail (EUR)"])).toBe(2);
    expect(priceColumnIndex(["Style", "Unit price"])).toBe(1);
    expect(priceColumnIndex(["Style", "Size"])).toBe(-1);
    expect(detectDecimalSeparator(["WHS Price", "MSRP"], [["1,234.00", "49,99"]])).toBe(",");
  });
});
