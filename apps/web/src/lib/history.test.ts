import { describe, expect, it } from "vitest";
import {
  formatExactTime,
  formatHistoryValue,
  formatTimeAgo,
  type HistoryValueContext,
  historyChangeLines,
  humanizeField,
} from "@/lib/history";

const store: HistoryValueContext = {
  entityType: "store",
  names: {
    organizations: { "2": "Ocean Retail" },
    users: { "2": "Maria Lopez", "3": "Tom Reyes" },
    brands: { "1": "Crocs" },
  },
};

describe("humanizeField", () => {
  it.each([
    ["wholesaleFactor", "Wholesale factor"],
    ["brandFocusType.storeType", "Brand focus type › Store type"],
    ["addresses.0.city", "Addresses 1 › City"],
    ["expected_shipped_date", "Expected shipped date"],
  ])("%s → %s", (field, label) => {
    expect(humanizeField(field)).toBe(label);
  });

  it.each([
    ["organizationId", "Organization"],
    ["roleId", "Role"],
    ["mainContactUserId", "Main contact"],
    ["userIds", "Users"],
    ["storeId", "Store"],
    ["brandId", "Brand"],
    ["discounts.0.brandId", "Discounts 1 › Brand"],
  ])("names a reference without its id: %s → %s", (field, label) => {
    expect(humanizeField(field)).toBe(label);
  });

  it.each([
    ["totalWhs", "Total WHS"],
    ["logoUrl", "Logo URL"],
    ["msrp", "MSRP"],
    ["image_urls", "Image URLs"],
    ["items.0.sku", "Items 1 › SKU"],
  ])("writes acronyms in capitals: %s → %s", (field, label) => {
    expect(humanizeField(field)).toBe(label);
  });
});

describe("formatHistoryValue", () => {
  it("shows the names of the records a field names by id", () => {
    expect(formatHistoryValue(2, "organizationId", store)).toBe("Ocean Retail");
    expect(formatHistoryValue(3, "mainContactUserId", store)).toBe("Tom Reyes");
    expect(formatHistoryValue([2, 3], "userIds", store)).toBe("Maria Lopez, Tom Reyes");
    expect(
      formatHistoryValue(4, "storeId", { entityType: "order", names: { stores: { "4": "Main Store" } } }),
    ).toBe("Main Store");
    expect(formatHistoryValue(5, "roleId", { entityType: "user", names: { roles: { "5": "Buyer" } } })).toBe(
      "Buyer",
    );
  });

  it("shows #id for a record with no name (deleted since), and nothing as nothing", () => {
    expect(formatHistoryValue([2, 9], "userIds", store)).toBe("Maria Lopez, #9");
    expect(formatHistoryValue(7, "brandId", { entityType: "organization" })).toBe("#7");
    expect(formatHistoryValue(null, "mainContactUserId", store)).toBe("—");
    expect(formatHistoryValue([], "userIds", store)).toBe("—");
  });

  it.each<[HistoryValueContext["entityType"], string, string, string]>([
    ["order", "status", "delivered", "Delivered"],
    ["order", "orderType", "pre-book", "Pre-Book"],
    ["order", "orderType", "open-stock", "Open Stock"],
    ["store", "status", "inactive", "Inactive"],
    ["brand", "status", "active", "Active"],
    ["user", "type", "internal", "Staff"],
    ["user", "type", "external", "Customer"],
    ["role", "type", "external", "Customer"],
    ["line-list", "type", "brand-ats", "Brand ATS"],
    ["organization", "type", "internal", "Distributor"],
    ["organization", "type", "external", "Customer"],
    ["catalog", "type", "athletic", "Athletic"],
    ["store", "brandFocusType.storeType", "multi-brand", "Multibrand"],
    ["store", "addresses.0.type", "registered_office", "Registered office"],
  ])("a %s's %s %s reads %s", (entityType, field, value, label) => {
    expect(formatHistoryValue(value, field, { entityType })).toBe(label);
  });

  it("keeps a code it has no label for as it is", () => {
    expect(formatHistoryValue("archived", "status", { entityType: "store" })).toBe("archived");
    expect(formatHistoryValue("draft", "stage", { entityType: "line-list" })).toBe("draft");
    expect(formatHistoryValue("internal", "type", { entityType: "store" })).toBe("internal");
  });

  it("shows money in dollars", () => {
    expect(formatHistoryValue("2752.50", "totalWhs", { entityType: "order" })).toBe("$2,752.50");
    expect(formatHistoryValue(49.9, "msrp", { entityType: "item" })).toBe("$49.90");
    expect(formatHistoryValue("n/a", "msrp", { entityType: "item" })).toBe("n/a");
  });

  it("writes an address on one line, its type first", () => {
    const billing = {
      city: "Miami Beach",
      type: "billing",
      line1: "1200 Ocean Drive",
      state: "FL",
      country: "US",
      postalCode: "33139",
    };
    expect(formatHistoryValue(billing, "address", { entityType: "organization" })).toBe(
      "Billing: 1200 Ocean Drive, Miami Beach, FL 33139, United States",
    );
    expect(
      formatHistoryValue(
        [
          billing,
          {
            type: "shipping",
            line1: "8 Dock Road",
            line2: "Unit 4",
            city: "Doral",
            state: "FL",
            country: "US",
            latitude: 25.8,
            longitude: -80.3,
          },
        ],
        "addresses",
        store,
      ),
    ).toBe(
      "Billing: 1200 Ocean Drive, Miami Beach, FL 33139, United States; Shipping: 8 Dock Road, Unit 4, Doral, FL, United States",
    );
  });

  it("keeps every pair of an address with a field it does not know", () => {
    expect(
      formatHistoryValue(
        { type: "billing", line1: "1 Main St", city: "Miami", attention: "Accounts" },
        "address",
        store,
      ),
    ).toBe("Type: Billing, Address line 1: 1 Main St, City: Miami, Attention: Accounts");
  });

  it("applies the rules to the keys inside a value", () => {
    expect(
      formatHistoryValue(
        {
          storeType: "monobrand",
          brandSegmentation: [
            { brandId: 1, segmentation: "best" },
            { brandId: 8, segmentation: "good" },
          ],
        },
        "brandFocusType",
        store,
      ),
    ).toBe("Store type: Monobrand, Brand segmentation: Crocs: Best; #8: Good");
    expect(
      formatHistoryValue(
        [
          { brandId: 1, percentage: 10 },
          { brandId: 8, percentage: 12.5 },
        ],
        "discounts",
        store,
      ),
    ).toBe("Crocs: 10%; #8: 12.5%");
  });

  it("reads a field it has no rule for as before: text, numbers, Yes / No, lists and pairs", () => {
    expect(formatHistoryValue("Main Store", "name", store)).toBe("Main Store");
    expect(formatHistoryValue(0.5, "wholesaleFactor", { entityType: "brand" })).toBe("0.5");
    expect(formatHistoryValue(true, "published", { entityType: "line-list" })).toBe("Yes");
    expect(
      formatHistoryValue(["orders.view", "not.a-permission"], "permissions", { entityType: "role" }),
    ).toBe("orders.view, not.a-permission");
    expect(formatHistoryValue({ sku: "205089-001", size: "M9" }, "items.0", { entityType: "item" })).toBe(
      "SKU: 205089-001, Size: M9",
    );
    expect(formatHistoryValue("", "description", store)).toBe("—");
  });

  it("reads a catalog's audience by segmentation and a scheduled publication as a date and time", () => {
    const lineList: HistoryValueContext = { entityType: "line-list" };
    expect(formatHistoryValue(["good", "better", "best"], "audience.athletic", lineList)).toBe(
      "Good, Better, Best",
    );
    expect(formatHistoryValue(["best"], "audience.crocs", lineList)).toBe("Best only");
    expect(formatHistoryValue("2027-03-01T15:30:00.000Z", "publishAt", lineList)).toMatch(/2027/);
  });

  it("without a field or an entry, reads a value as before; the keys inside it keep their rules", () => {
    expect(formatHistoryValue(2)).toBe("2");
    expect(formatHistoryValue("active")).toBe("active");
    expect(formatHistoryValue({ organizationId: 2, status: "active" })).toBe(
      "Organization: #2, Status: Active",
    );
  });
});

describe("permissions and calendar dates", () => {
  const role: HistoryValueContext = { entityType: "role" };

  it("reads a role's permissions by area, in the roles screen's order", () => {
    expect(
      formatHistoryValue(
        ["orders.manage", "catalogs.view", "orders.view", "catalogs.publish"],
        "permissions",
        role,
      ),
    ).toBe("Catalogs: View, Publish; Orders: View, Manage");
    expect(formatHistoryValue([], "permissions", role)).toBe("—");
  });

  it("writes calendar dates as the screens do", () => {
    const lineList: HistoryValueContext = { entityType: "line-list" };
    expect(formatHistoryValue("2026-10-31", "deadline", lineList)).toBe("10/31/2026");
    expect(formatHistoryValue("2027-03-01", "dateOfAvailability", lineList)).toBe("03/01/2027");
    expect(formatHistoryValue("2027-01-15", "shipDate", { entityType: "order" })).toBe("01/15/2027");
    expect(formatHistoryValue("2027-02-01", "expected_shipped_date", { entityType: "item" })).toBe(
      "02/01/2027",
    );
    // Not a date after all: shown as recorded.
    expect(formatHistoryValue("soon", "deadline", lineList)).toBe("soon");
  });
});

describe("a line list's stage", () => {
  it("reads as Preview or Saved", () => {
    expect(formatHistoryValue("preview", "stage", { entityType: "line-list" })).toBe("Preview");
    expect(formatHistoryValue("saved", "stage", { entityType: "line-list" })).toBe("Saved");
    // Another entity's stage, if one ever has one, is shown as recorded.
    expect(formatHistoryValue("saved", "stage", { entityType: "order" })).toBe("saved");
  });
});

describe("values as people read them", () => {
  it("reads a line list's 1 / 0 flags as Yes / No", () => {
    const lineList: HistoryValueContext = { entityType: "line-list" };
    expect(formatHistoryValue(0, "published", lineList)).toBe("No");
    expect(formatHistoryValue(1, "published", lineList)).toBe("Yes");
    expect(formatHistoryValue(1, "sortingCompleted", lineList)).toBe("Yes");
    // A count stays a count.
    expect(formatHistoryValue(1, "itemsCount", lineList)).toBe("1");
    expect(historyChangeLines({ field: "published", before: 0, after: 1 }, lineList)).toEqual([
      { key: "published", label: "Published", before: "No", after: "Yes" },
    ]);
  });

  it("reads a brand focus change as the brands it moved: Crocs: Good → Best", () => {
    const focus = (storeType: string, ...segmentations: [number, string][]) => ({
      storeType,
      brandSegmentation: segmentations.map(([brandId, segmentation]) => ({ brandId, segmentation })),
    });
    const names: HistoryValueContext = {
      entityType: "store",
      names: { brands: { "1": "Crocs", "2": "HEYDUDE" } },
    };
    const lines = (before: unknown, after: unknown) =>
      historyChangeLines({ field: "brandFocusType", before, after }, names).map(
        ({ label, before: was, after: now }) => `${label}: ${was} → ${now}`,
      );

    expect(lines(focus("monobrand", [1, "good"]), focus("monobrand", [1, "best"]))).toEqual([
      "Crocs: Good → Best",
    ]);
    expect(lines(focus("monobrand", [1, "good"]), focus("multi-brand", [1, "good"], [2, "better"]))).toEqual([
      "Store type: Monobrand → Multibrand",
      "HEYDUDE: — → Better",
    ]);
    expect(lines(focus("multi-brand", [1, "good"], [9, "best"]), focus("monobrand", [1, "good"]))).toEqual([
      "Store type: Multibrand → Monobrand",
      "#9: Best → —",
    ]);
    // A store's first brand focus, as its creation lists it.
    expect(lines(undefined, focus("monobrand", [1, "best"]))).toEqual([
      "Store type: — → Monobrand",
      "Crocs: — → Best",
    ]);
    // One brand's place alone reads the same way.
    expect(formatHistoryValue({ brandId: 1, segmentation: "better" }, "brandSegmentation.0", names)).toBe(
      "Crocs: Better",
    );
  });

  it("keeps a brand focus of a shape it does not know as one line", () => {
    expect(
      historyChangeLines(
        { field: "brandFocusType", before: "odd", after: { storeType: "monobrand" } },
        store,
      ),
    ).toHaveLength(1);
  });
});

describe("times of changes", () => {
  it("from a week on, writes the day as MM/DD/YYYY", () => {
    const now = new Date(2027, 2, 20, 12);
    expect(formatTimeAgo(new Date(2027, 2, 4, 9).toISOString(), now)).toBe("03/04/2027");
    expect(formatExactTime(new Date(2027, 2, 4, 9, 30).toISOString())).toBe("03/04/2027, 9:30 AM");
  });
});
