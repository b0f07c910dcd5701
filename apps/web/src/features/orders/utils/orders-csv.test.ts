import type { OrderListItem } from "@cm/contracts/orders";
import { describe, expect, it } from "vitest";
import { csvCell, ordersToCsv, toCsv } from "@/features/orders/utils/orders-csv";

function order(overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: 42,
    number: "SO-000042",
    organizationId: 1,
    organizationName: "Shoe Palace",
    storeId: 2,
    storeName: "Downtown",
    placedAt: "2027-03-01T23:30:00.000Z",
    orderType: "pre-book",
    status: "processing",
    multibrand: true,
    brands: [
      { id: 1, name: "Crocs" },
      { id: 2, name: "Hey Dude" },
    ],
    units: 120,
    totalWhs: "1234.50",
    _revision: 3,
    ...overrides,
  };
}

describe("csvCell", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvCell("Shoe Palace")).toBe("Shoe Palace");
    expect(csvCell(120)).toBe("120");
    expect(csvCell("1234.50")).toBe("1234.50");
    expect(csvCell("")).toBe("");
  });

  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1 555", "'+1 555"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
  ])("neutralises a cell starting a formula: %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("escapes only a leading formula character", () => {
    expect(csvCell("Smith-Jones")).toBe("Smith-Jones");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("quotes commas, quotes and line breaks, doubling inner quotes (RFC 4180)", () => {
    expect(csvCell("Crocs, Hey Dude")).toBe('"Crocs, Hey Dude"');
    expect(csvCell('The "Big" Store')).toBe('"The ""Big"" Store"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
  });
});

describe("toCsv", () => {
  it("ends every record with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        [1, 2],
      ]),
    ).toBe("a,b\r\n1,2\r\n");
  });
});

describe("ordersToCsv", () => {
  it("writes the header and one row per order with the exact total", () => {
    const csv = ordersToCsv([order(), order({ id: 43, number: "SO-000043", brands: [], totalWhs: "0.00" })]);
    expect(csv.split("\r\n")).toEqual([
      "Number,Customer,Store,Placed,Type,Status,Brands,Units,Total WHS",
      'SO-000042,Shoe Palace,Downtown,2027-03-01,Pre-Book,Processing,"Crocs, Hey Dude",120,1234.50',
      "SO-000043,Shoe Palace,Downtown,2027-03-01,Pre-Book,Processing,,120,0.00",
      "",
    ]);
  });

  it("neutralises a customer or store name that would run as a formula", () => {
    const csv = ordersToCsv([order({ organizationName: "=cmd|' /C calc'!A0", storeName: "@store" })]);
    const row = csv.split("\r\n")[1]!;
    expect(row).toContain("'=cmd|' /C calc'!A0");
    expect(row).toContain(",'@store,");
  });
});
