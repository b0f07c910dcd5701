import type { OrderListItem } from "@cm/contracts/orders";
import { describe, expect, it } from "vitest";
import { ordersToCsv } from "@/features/orders/utils/orders-csv";

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
    source: "staff",
    _revision: 3,
    ...overrides,
  };
}

describe("ordersToCsv", () => {
  it("writes the header and one row per order with the exact total", () => {
    const csv = ordersToCsv([
      order(),
      order({ id: 43, number: "SO-000043", brands: [], totalWhs: "0.00", source: "portal" }),
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Number,Customer,Store,Placed,Type,Status,Source,Brands,Units,Total WHS",
      'SO-000042,Shoe Palace,Downtown,2027-03-01,Pre-Book,Processing,Staff,"Crocs, Hey Dude",120,1234.50',
      "SO-000043,Shoe Palace,Downtown,2027-03-01,Pre-Book,Processing,Portal,,120,0.00",
      "",
    ]);
  });

  it("neutralises a customer, store or brand name that would run as a formula", () => {
    const csv = ordersToCsv([
      order({ organizationName: "=cmd|' /C calc'!A0", storeName: "@store" }),
      order({ organizationName: '=HYPERLINK("http://x")', storeName: "+1", brands: [{ id: 1, name: "-2" }] }),
      order({ organizationName: "@SUM(A1)", storeName: "\tTab" }),
    ]);
    const rows = csv.split("\r\n");
    expect(rows[1]).toContain("'=cmd|' /C calc'!A0");
    expect(rows[1]).toContain(",'@store,");
    expect(rows[2]).toBe(
      `SO-000042,"'=HYPERLINK(""http://x"")",'+1,2027-03-01,Pre-Book,Processing,Staff,'-2,120,1234.50`,
    );
    expect(rows[3]).toContain(",'@SUM(A1),'\tTab,");
  });

  it("keeps numbers numbers", () => {
    const row = ordersToCsv([order({ units: -3, totalWhs: "-12.50" })]).split("\r\n")[1]!;
    expect(row.endsWith(",-3,-12.50")).toBe(true);
  });
});
