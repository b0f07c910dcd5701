import { genericMessages } from "@cm/contracts/messages";
import {
  orderMessages,
  type OrderDashboard,
  type OrderMonthlyTotals,
  type OrderStatus,
} from "@cm/contracts/orders";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import type { Config } from "../../env.ts";
import {
  brands,
  lineLists,
  orderBrands,
  orderLines,
  orders,
  organizations,
  products,
  stores,
} from "../../db/schema.ts";
import { currentMonth, shiftMonth } from "./service.ts";

/**
 * Dashboard arithmetic over rows written straight into the tables, so every expected figure below
 * can be checked by hand from the orders each test writes. The fixed months lie in 2019, far from
 * the months around today that the monthly totals read.
 */

interface Customer {
  organizationId: number;
  storeId: number;
}
interface Style {
  productId: number;
  brandId: number;
  lineListId: number;
  modelCode: string;
}
interface Line {
  style: Style;
  quantity: number;
  unitWhs: string;
  /** Another line list than the style's own. */
  lineListId?: number;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const amount = (value: number) => (value / 100).toFixed(2);

/** Seeding helpers over one test app's database. */
function seeder(testApp: () => TestApp) {
  const db = () => testApp().database.db;

  async function brandId(name: string) {
    const [brand] = await db().select().from(brands).where(eq(brands.name, name));
    return brand!.id;
  }

  async function customer(
    name: string,
    options: { status?: string; type?: "external" | "internal"; createdAt?: string } = {},
  ): Promise<Customer> {
    const [organization] = await db()
      .insert(organizations)
      .values({
        name,
        type: options.type ?? "external",
        status: options.status ?? "active",
        ...(options.createdAt ? { createdAt: new Date(options.createdAt) } : {}),
      })
      .returning();
    const [store] = await db()
      .insert(stores)
      .values({
        organizationId: organization!.id,
        name: `${name} Store`,
        logoUrl: "/store-logo-placeholder.svg",
      })
      .returning();
    return { organizationId: organization!.id, storeId: store!.id };
  }

  async function lineList(brand: number, name: string) {
    const [row] = await db()
      .insert(lineLists)
      .values({ brandId: brand, name, stage: "saved", published: true })
      .returning();
    return row!.id;
  }

  async function style(
    brand: number,
    lineListId: number,
    modelCode: string,
    details: { silhouette?: string; color?: string; imageUrls?: string[] } = {},
  ): Promise<Style> {
    const [product] = await db()
      .insert(products)
      .values({ brandId: brand, modelCode, msrp: "100.00", ...details })
      .returning();
    return { productId: product!.id, brandId: brand, lineListId, modelCode };
  }

  /** An order with its lines, brands and the totals the orders service would keep. */
  async function order(
    customer: Customer,
    placedAt: string,
    lines: Line[],
    status: OrderStatus = "processing",
  ) {
    const brandIds = [...new Set(lines.map((line) => line.style.brandId))];
    const total = lines.reduce((sum, line) => sum + line.quantity * cents(line.unitWhs), 0);
    const [row] = await db()
      .insert(orders)
      .values({
        organizationId: customer.organizationId,
        storeId: customer.storeId,
        orderType: "open-stock",
        status,
        multibrand: brandIds.length > 1,
        units: lines.reduce((sum, line) => sum + line.quantity, 0),
        totalWhs: amount(total),
        placedAt: new Date(placedAt),
      })
      .returning();
    await db()
      .insert(orderLines)
      .values(
        lines.map((line, position) => ({
          orderId: row!.id,
          position,
          lineListId: line.lineListId ?? line.style.lineListId,
          productId: line.style.productId,
          brandId: line.style.brandId,
          sku: `${line.style.modelCode}-${position}`,
          size: "M9",
          quantity: line.quantity,
          msrp: "100.00",
          unitWhs: line.unitWhs,
        })),
      );
    await db()
      .insert(orderBrands)
      .values(brandIds.map((brand) => ({ orderId: row!.id, brandId: brand })));
    return row!.id;
  }

  return { brandId, customer, lineList, style, order };
}

async function openApp(overrides: Partial<Config> = {}) {
  const testApp = await createTestApp(overrides);
  const auth = await signIn(testApp);
  const get = async <T>(url: string) => {
    const response = await testApp.app.inject({ method: "GET", url, headers: auth });
    return { response, body: response.json() as { success: boolean; message: string; data: T } };
  };
  const dashboard = async (month?: string) => {
    const { response, body } = await get<OrderDashboard>(
      `/api/orders/dashboard${month ? `?month=${month}` : ""}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return body.data;
  };
  const put = async (url: string, payload: Record<string, unknown>) => {
    const response = await testApp.app.inject({ method: "PUT", url, headers: auth, payload });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { testApp, get, put, dashboard };
}

describe("month helpers", () => {
  it("reads the current month in the configured zone", () => {
    // 04:59 UTC on March 1 is still February 28 in New York (UTC−5).
    const instant = new Date("2019-03-01T04:59:00Z");
    expect(currentMonth("UTC", instant)).toBe("2019-03");
    expect(currentMonth("America/New_York", instant)).toBe("2019-02");
    expect(currentMonth("Asia/Tokyo", new Date("2019-12-31T15:00:00Z"))).toBe("2020-01");
  });

  it("moves across years", () => {
    expect(shiftMonth("2019-01", -1)).toBe("2018-12");
    expect(shiftMonth("2019-12", 1)).toBe("2020-01");
    expect(shiftMonth("2019-03", -14)).toBe("2018-01");
  });
});

describe("orders dashboard API (UTC)", () => {
  let app: Awaited<ReturnType<typeof openApp>>;
  const seed = seeder(() => app.testApp);

  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(() => app?.testApp.close());

  it("needs a signed-in user", async () => {
    for (const url of ["/api/orders/dashboard", "/api/orders/monthly-totals"]) {
      const response = await app.testApp.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("refuses a month or a count it cannot read as wrong input", async () => {
    for (const query of ["month=2019-13", "month=2019-3", "month=March", "month=2019-00"]) {
      const { response, body } = await app.get(`/api/orders/dashboard?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(body).toMatchObject({
        success: false,
        message: genericMessages.wrongInput,
        data: { month: expect.any(Array) },
      });
    }
    const yearZero = await app.get("/api/orders/dashboard?month=0000-06");
    expect(yearZero.response.statusCode).toBe(400);
    expect(yearZero.body).toEqual({
      success: false,
      message: genericMessages.wrongInput,
      data: { month: [orderMessages.monthBeforeYearOne] },
    });
    for (const query of ["months=0", "months=37", "months=two"]) {
      const { response, body } = await app.get(`/api/orders/monthly-totals?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(body).toMatchObject({ success: false, data: { months: expect.any(Array) } });
    }
  });

  it("counts a month's orders against the month before, leaving cancelled orders out of every figure", async () => {
    const crocs = await seed.brandId("Crocs");
    const skechers = await seed.brandId("Skechers");
    const crocsSpring = await seed.lineList(crocs, "Crocs Spring 2019");
    const skechersSpring = await seed.lineList(skechers, "Skechers Spring 2019");
    const skechersSummer = await seed.lineList(skechers, "Skechers Summer 2019");
    // Created before their namesakes that rank first, so a tie broken by id would show.
    const sk2 = await seed.style(skechers, skechersSpring, "20002-001", {
      silhouette: "Go Walk",
      color: "Navy",
    });
    const sk1 = await seed.style(skechers, skechersSpring, "20001-001", {
      silhouette: "D'Lites",
      color: "White",
    });
    const cr2 = await seed.style(crocs, crocsSpring, "10002-001", {
      silhouette: "Echo Clog",
      color: "Black",
    });
    const cr1 = await seed.style(crocs, crocsSpring, "10001-001", {
      silhouette: "Classic Clog",
      color: "Lime",
      imageUrls: ["https://img.example/10001-001.png", "https://img.example/10001-001-side.png"],
    });
    const dune = await seed.customer("Dune Walkers");
    const cedar = await seed.customer("Cedar Boots");
    const beach = await seed.customer("Beach Feet");
    const alpine = await seed.customer("Alpine Shoes");

    // March 2019: 185.00 + 150.50 + 442.00 + 185.00 = 962.50.
    const alpineOrder = await seed.order(alpine, "2019-03-01T00:00:00Z", [
      { style: cr1, quantity: 10, unitWhs: "12.50" }, // 125.00
      { style: cr2, quantity: 2, unitWhs: "30.00" }, // 60.00
    ]);
    const beachOrder = await seed.order(beach, "2019-03-31T23:59:59Z", [
      { style: cr1, quantity: 4, unitWhs: "12.50" }, // 50.00
      { style: sk1, quantity: 5, unitWhs: "20.10", lineListId: skechersSummer }, // 100.50
    ]);
    const cedarOrder = await seed.order(cedar, "2019-03-15T12:00:00Z", [
      { style: sk1, quantity: 20, unitWhs: "20.10" }, // 402.00
      { style: sk2, quantity: 4, unitWhs: "10.00" }, // 40.00
    ]);
    const duneOrder = await seed.order(dune, "2019-03-10T08:30:00Z", [
      { style: cr1, quantity: 10, unitWhs: "12.50" },
      { style: cr2, quantity: 2, unitWhs: "30.00" },
    ]);
    // Cancelled: it would top every ranking and add 3000.00.
    await seed.order(
      alpine,
      "2019-03-20T10:00:00Z",
      [{ style: cr2, quantity: 100, unitWhs: "30.00" }],
      "cancelled",
    );
    // Just outside March on either side.
    await seed.order(beach, "2019-04-01T00:00:00Z", [{ style: sk2, quantity: 50, unitWhs: "10.00" }]);
    await seed.order(alpine, "2019-02-28T23:59:59Z", [{ style: cr1, quantity: 8, unitWhs: "12.50" }]); // 100.00
    await seed.order(
      cedar,
      "2019-02-10T09:00:00Z",
      [{ style: sk1, quantity: 1, unitWhs: "20.10" }],
      "cancelled",
    );

    const data = await app.dashboard("2019-03");
    expect(data.month).toBe("2019-03");
    expect(data.previousMonth).toBe("2019-02");
    // (962.50 − 100.00) / 100.00 = 862.5 %.
    expect(data.totalWhs).toEqual({ value: "962.50", previous: "100.00", changePercent: 862.5 });
    // Alpine, Cedar and Dune against Alpine's February order: +200 %.
    expect(data.monobrandOrders).toEqual({ value: 3, previous: 1, changePercent: 200 });
    // Nothing to compare with.
    expect(data.multibrandOrders).toEqual({ value: 1, previous: 0, changePercent: null });

    expect(data.lastOrders.map((order) => order.id)).toEqual([
      beachOrder,
      cedarOrder,
      duneOrder,
      alpineOrder,
    ]);
    expect(data.lastOrders[0]).toEqual({
      id: beachOrder,
      number: `SO-${String(beachOrder).padStart(6, "0")}`,
      organizationId: beach.organizationId,
      organizationName: "Beach Feet",
      storeId: beach.storeId,
      storeName: "Beach Feet Store",
      placedAt: "2019-03-31T23:59:59.000Z",
      orderType: "open-stock",
      status: "processing",
      multibrand: true,
      brands: [
        { id: crocs, name: "Crocs" },
        { id: skechers, name: "Skechers" },
      ],
      units: 9,
      totalWhs: "150.50",
      source: "staff",
      _revision: 1,
    });
    expect(data.lastOrders.map((order) => order.totalWhs)).toEqual(["150.50", "442.00", "185.00", "185.00"]);

    // Alpine and Dune tie at 185.00: by name.
    expect(data.topCustomers).toEqual([
      {
        organizationId: cedar.organizationId,
        organizationName: "Cedar Boots",
        orders: 1,
        units: 24,
        totalWhs: "442.00",
      },
      {
        organizationId: alpine.organizationId,
        organizationName: "Alpine Shoes",
        orders: 1,
        units: 12,
        totalWhs: "185.00",
      },
      {
        organizationId: dune.organizationId,
        organizationName: "Dune Walkers",
        orders: 1,
        units: 12,
        totalWhs: "185.00",
      },
      {
        organizationId: beach.organizationId,
        organizationName: "Beach Feet",
        orders: 1,
        units: 9,
        totalWhs: "150.50",
      },
    ]);

    // 20001-001: 5 + 20 units, 100.50 + 402.00; its latest line (Beach, March 31) is from the summer
    // line list. 10001-001: 10 + 4 + 10. 10002-001 and 20002-001 tie at 4 units: by model code.
    expect(data.mostUnitsSold).toEqual([
      {
        productId: sk1.productId,
        modelCode: "20001-001",
        name: "D'Lites",
        color: "White",
        imageUrl: null,
        brand: { id: skechers, name: "Skechers" },
        lineListId: skechersSummer,
        units: 25,
        totalWhs: "502.50",
      },
      {
        productId: cr1.productId,
        modelCode: "10001-001",
        name: "Classic Clog",
        color: "Lime",
        imageUrl: "https://img.example/10001-001.png",
        brand: { id: crocs, name: "Crocs" },
        lineListId: crocsSpring,
        units: 24,
        totalWhs: "300.00",
      },
      expect.objectContaining({ modelCode: "10002-001", units: 4, totalWhs: "120.00" }),
      expect.objectContaining({
        modelCode: "20002-001",
        units: 4,
        totalWhs: "40.00",
        lineListId: skechersSpring,
      }),
    ]);

    // February seen from its own page: one order, and January empty.
    const february = await app.dashboard("2019-02");
    expect(february.totalWhs).toEqual({ value: "100.00", previous: "0.00", changePercent: null });
    expect(february.monobrandOrders).toEqual({ value: 1, previous: 0, changePercent: null });
    expect(february.lastOrders.map((order) => order.organizationName)).toEqual(["Alpine Shoes"]);
  });

  it("keeps 10 last orders, 5 customers and 5 styles", async () => {
    const crocs = await seed.brandId("Crocs");
    const lineList = await seed.lineList(crocs, "Crocs Summer 2019");
    const customers: Customer[] = [];
    const styles: Style[] = [];
    for (let index = 1; index <= 6; index++) {
      customers.push(await seed.customer(`Limit Customer ${index}`));
      styles.push(await seed.style(crocs, lineList, `30000-00${index}`));
    }
    // Order n (1 to 11) on June n: customer and style (n − 1) mod 6 + 1, n units at 1.00.
    const ids: number[] = [];
    for (let n = 1; n <= 11; n++) {
      const slot = (n - 1) % 6;
      const day = String(n).padStart(2, "0");
      ids.push(
        await seed.order(customers[slot]!, `2019-06-${day}T10:00:00Z`, [
          { style: styles[slot]!, quantity: n, unitWhs: "1.00" },
        ]),
      );
    }

    const data = await app.dashboard("2019-06");
    expect(data.totalWhs.value).toBe("66.00");
    expect(data.lastOrders.map((order) => order.id)).toEqual(ids.slice(1).reverse());
    // Customer 5: orders 5 and 11; customer 6 only order 6 and is left out.
    expect(data.topCustomers.map((entry) => [entry.organizationName, entry.orders, entry.totalWhs])).toEqual([
      ["Limit Customer 5", 2, "16.00"],
      ["Limit Customer 4", 2, "14.00"],
      ["Limit Customer 3", 2, "12.00"],
      ["Limit Customer 2", 2, "10.00"],
      ["Limit Customer 1", 2, "8.00"],
    ]);
    expect(data.mostUnitsSold.map((entry) => [entry.modelCode, entry.units])).toEqual([
      ["30000-005", 16],
      ["30000-004", 14],
      ["30000-003", 12],
      ["30000-002", 10],
      ["30000-001", 8],
    ]);
  });

  it("shows an empty month as zeros and empty lists", async () => {
    const data = await app.dashboard("2018-07");
    expect(data).toMatchObject({
      month: "2018-07",
      previousMonth: "2018-06",
      totalWhs: { value: "0.00", previous: "0.00", changePercent: null },
      monobrandOrders: { value: 0, previous: 0, changePercent: null },
      multibrandOrders: { value: 0, previous: 0, changePercent: null },
      lastOrders: [],
      topCustomers: [],
      mostUnitsSold: [],
    });
  });

  it("shows the current month by default", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const data = await app.dashboard();
    expect(data.month).toBe(month);
    expect(data.previousMonth).toBe(shiftMonth(month, -1));
  });

  it("totals the last months oldest first, months without orders as zero", async () => {
    const crocs = await seed.brandId("Crocs");
    const lineList = await seed.lineList(crocs, "Crocs Totals");
    const style = await seed.style(crocs, lineList, "40000-001");
    const customer = await seed.customer("Totals Customer");
    const month = new Date().toISOString().slice(0, 7);
    const firstInstant = (shift: number) => `${shiftMonth(month, shift)}-01T00:00:00Z`;
    const lastInstant = (shift: number) => new Date(Date.parse(firstInstant(shift + 1)) - 1000).toISOString();
    const orderOf = (placedAt: string, unitWhs: string, status?: OrderStatus) =>
      seed.order(customer, placedAt, [{ style, quantity: 1, unitWhs }], status);

    await orderOf(lastInstant(-4), "1000.00"); // the month before the range
    await orderOf(firstInstant(-3), "10.00");
    await orderOf(firstInstant(-1), "5.25");
    await orderOf(lastInstant(-1), "4.75");
    await orderOf(lastInstant(-1), "99.00", "cancelled");
    await orderOf(firstInstant(0), "0.50");

    const { response, body } = await app.get<OrderMonthlyTotals>("/api/orders/monthly-totals?months=4");
    expect(response.statusCode, response.body).toBe(200);
    expect(body.data.months).toEqual([
      { month: shiftMonth(month, -3), totalWhs: "10.00", orders: 1 },
      { month: shiftMonth(month, -2), totalWhs: "0.00", orders: 0 },
      { month: shiftMonth(month, -1), totalWhs: "10.00", orders: 2 },
      { month, totalWhs: "0.50", orders: 1 },
    ]);

    const twelve = await app.get<OrderMonthlyTotals>("/api/orders/monthly-totals");
    expect(twelve.response.statusCode).toBe(200);
    expect(twelve.body.data.months.map((entry) => entry.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => shiftMonth(month, index - 11)),
    );
    expect(twelve.body.data.months.at(-1)).toEqual({ month, totalWhs: "0.50", orders: 1 });
  });
});

describe("orders dashboard API (America/New_York)", () => {
  let app: Awaited<ReturnType<typeof openApp>>;
  const seed = seeder(() => app.testApp);
  const timeZone = "America/New_York";

  beforeAll(async () => {
    app = await openApp({ TZ: timeZone });
  });
  afterAll(() => app?.testApp.close());

  it("cuts months at midnight in the configured zone, daylight saving included", async () => {
    const crocs = await seed.brandId("Crocs");
    const lineList = await seed.lineList(crocs, "Crocs New York");
    const style = await seed.style(crocs, lineList, "50000-001");
    const customer = await seed.customer("Hudson Footwear");
    const orderOf = (placedAt: string, quantity: number, unitWhs: string) =>
      seed.order(customer, placedAt, [{ style, quantity, unitWhs }]);

    // New York is UTC−5 until March 10, 2019 and UTC−4 after.
    const lastOfFebruary = await orderOf("2019-03-01T04:59:00Z", 2, "25.00"); // Feb 28, 23:59 local: 50.00
    const firstOfMarch = await orderOf("2019-03-01T05:00:00Z", 1, "100.25"); // Mar 1, 00:00 local
    const lastOfMarch = await orderOf("2019-04-01T03:59:00Z", 1, "1134.25"); // Mar 31, 23:59 local
    const firstOfApril = await orderOf("2019-04-01T04:00:00Z", 1, "7.00"); // Apr 1, 00:00 local

    const march = await app.dashboard("2019-03");
    // (1234.50 − 50.00) / 50.00 = 2369 %.
    expect(march.totalWhs).toEqual({ value: "1234.50", previous: "50.00", changePercent: 2369 });
    expect(march.monobrandOrders).toEqual({ value: 2, previous: 1, changePercent: 100 });
    expect(march.lastOrders.map((order) => [order.id, order.placedAt])).toEqual([
      [lastOfMarch, "2019-04-01T03:59:00.000Z"],
      [firstOfMarch, "2019-03-01T05:00:00.000Z"],
    ]);

    const february = await app.dashboard("2019-02");
    expect(february.totalWhs).toEqual({ value: "50.00", previous: "0.00", changePercent: null });
    expect(february.lastOrders.map((order) => order.id)).toEqual([lastOfFebruary]);

    const april = await app.dashboard("2019-04");
    // (7.00 − 1234.50) / 1234.50 = −99.43 %.
    expect(april.totalWhs).toEqual({ value: "7.00", previous: "1234.50", changePercent: -99.4 });
    expect(april.lastOrders.map((order) => order.id)).toEqual([firstOfApril]);
  });

  it("shows the zone's current month by default and totals its months", async () => {
    const month = currentMonth(timeZone);
    expect((await app.dashboard()).month).toBe(month);
    const { body } = await app.get<OrderMonthlyTotals>("/api/orders/monthly-totals?months=2");
    expect(body.data.months.map((entry) => entry.month)).toEqual([shiftMonth(month, -1), month]);
  });
});

describe("inactive accounts", () => {
  let app: Awaited<ReturnType<typeof openApp>>;
  const seed = seeder(() => app.testApp);

  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(() => app?.testApp.close());

  it("counts active customers without an order in the 90 days up to the month's end", async () => {
    const crocs = await seed.brandId("Crocs");
    const lineList = await seed.lineList(crocs, "Crocs Inactivity");
    const style = await seed.style(crocs, lineList, "60000-001");
    // Customers since 2018, so each has been one for the whole of every window below.
    const createdAt = "2018-01-01T00:00:00Z";
    const customer = (name: string, options: { status?: string; type?: "internal" } = {}) =>
      seed.customer(name, { createdAt, ...options });
    const orderFor = async (name: string, placedAt: string, status?: OrderStatus) =>
      seed.order(await customer(name), placedAt, [{ style, quantity: 1, unitWhs: "1.00" }], status);

    // March 2019 ends at April 1, 00:00; 90 days earlier is January 1, 00:00 (31 + 28 + 31 days).
    // February's window runs from December 1, 2018 to March 1, 2019 (31 + 31 + 28 days).
    await orderFor("Ordered 89 days before", "2019-01-02T00:00:00Z"); // active in both windows
    await orderFor("Ordered 90 days before", "2019-01-01T00:00:00Z"); // active in both windows
    await orderFor("Ordered 91 days before", "2018-12-31T00:00:00Z"); // inactive in March only
    const neverOrdered = await customer("Never ordered"); // inactive in both
    await orderFor("Only cancelled", "2019-03-05T00:00:00Z", "cancelled"); // inactive in both
    await orderFor("Ordered after the month", "2019-04-02T00:00:00Z"); // inactive in both
    // Never counted: not active, or not a customer (the seeded company is internal too).
    const closed = await customer("Closed customer", { status: "inactive" });
    await customer("Second company", { type: "internal" });

    const march = await app.dashboard("2019-03");
    // 4 against 3: (4 − 3) / 3 = 33.3 %.
    expect(march.inactiveAccounts).toEqual({ value: 4, previous: 3, changePercent: 33.3 });
    expect(march).toMatchObject({ toDate: false, through: "2019-03-31", previousThrough: "2019-02-28" });

    // By April's end only "Ordered after the month" has ordered within 90 days.
    const april = await app.dashboard("2019-04");
    expect(april.inactiveAccounts).toEqual({ value: 5, previous: 4, changePercent: 25 });

    // What happens today leaves past months as they were at their end: a customer added today,
    // one closed today, one reopened today.
    await seed.customer("Added today");
    await app.put(`/api/organizations/${neverOrdered.organizationId}/status`, { status: "inactive" });
    await app.put(`/api/organizations/${closed.organizationId}/status`, { status: "active" });
    expect((await app.dashboard("2019-03")).inactiveAccounts).toEqual(march.inactiveAccounts);
    expect((await app.dashboard("2019-04")).inactiveAccounts).toEqual(april.inactiveAccounts);
  });

  it("counts a customer once it has been one for 90 days: added, or first ordering, 90 days before", async () => {
    const crocs = await seed.brandId("Crocs");
    const lineList = await seed.lineList(crocs, "Crocs Newcomers");
    const style = await seed.style(crocs, lineList, "60000-002");
    // June 2019 ends at July 1, 00:00; its window starts 90 days earlier, April 2, 00:00.
    const before = await app.dashboard("2019-06");
    await seed.customer("Added April 2", { createdAt: "2019-04-02T00:00:00Z" }); // counted
    await seed.customer("Added April 3", { createdAt: "2019-04-03T00:00:00Z" }); // new, not yet
    // Added later, but a customer since its first order (dated back, as an import would).
    const imported = await seed.customer("Imported", { createdAt: "2019-06-15T00:00:00Z" });
    await seed.order(imported, "2019-03-01T00:00:00Z", [{ style, quantity: 1, unitWhs: "1.00" }]);

    const june = await app.dashboard("2019-06");
    expect(june.inactiveAccounts.value - before.inactiveAccounts.value).toBe(2);
  });
});

describe("the current month, to date", () => {
  let app: Awaited<ReturnType<typeof openApp>>;
  const seed = seeder(() => app.testApp);

  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(() => app?.testApp.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The server's clock at `instant` (only `Date`: timers and the database run as usual). */
  function today(instant: string) {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(instant) });
  }

  it("compares the month so far with the same days of the month before", async () => {
    const crocs = await seed.brandId("Crocs");
    const lineList = await seed.lineList(crocs, "Crocs To Date");
    const style = await seed.style(crocs, lineList, "70000-001");
    const createdAt = "2020-01-01T00:00:00Z";
    const orderFor = async (name: string, placedAt: string) => {
      const customer = await seed.customer(name, { createdAt });
      await seed.order(customer, placedAt, [{ style, quantity: 1, unitWhs: "10.00" }]);
      return customer;
    };

    // Today is March 20, 2021, noon (UTC): its 90 days start December 20, 2020, noon; those of
    // February 20, noon (the same moment a month before) start November 22, noon.
    await orderFor("Ordered December 1", "2020-12-01T00:00:00Z"); // inactive today only
    await orderFor("Ordered December 25", "2020-12-25T00:00:00Z"); // active both days
    const regular = await orderFor("Ordered February 10", "2021-02-10T00:00:00Z"); // active both days
    await orderFor("Ordered February 25", "2021-02-25T00:00:00Z"); // inactive on February 20 only
    await seed.order(regular, "2021-03-05T00:00:00Z", [{ style, quantity: 1, unitWhs: "10.00" }]);
    await seed.customer("Added October 1", { createdAt: "2020-10-01T00:00:00Z" }); // inactive both
    await seed.customer("Added December 1", { createdAt: "2020-12-01T00:00:00Z" }); // new on February 20
    await seed.customer("Added February 1", { createdAt: "2021-02-01T00:00:00Z" }); // new both days

    today("2021-03-20T12:00:00Z");
    const march = await app.dashboard();
    expect(march).toMatchObject({
      month: "2021-03",
      previousMonth: "2021-02",
      toDate: true,
      through: "2021-03-20",
      previousThrough: "2021-02-20",
    });
    // Inactive today: December 1, October 1, December 1 (added); on February 20: February 25, October 1.
    expect(march.inactiveAccounts).toEqual({ value: 3, previous: 2, changePercent: 50 });
    // March 5 against February 10: February 25 comes after February 20.
    expect(march.totalWhs).toEqual({ value: "10.00", previous: "10.00", changePercent: 0 });
    expect(march.monobrandOrders).toEqual({ value: 1, previous: 1, changePercent: 0 });
    // A past month is read whole, to its end, whatever today is.
    expect(await app.dashboard("2021-02")).toMatchObject({
      toDate: false,
      through: "2021-02-28",
      monobrandOrders: { value: 2, previous: 0 },
    });

    // March 30: February has no 30th, so the whole of February is compared.
    today("2021-03-30T12:00:00Z");
    expect(await app.dashboard()).toMatchObject({
      toDate: true,
      through: "2021-03-30",
      previousThrough: "2021-02-28",
      monobrandOrders: { value: 1, previous: 2 },
    });
  });
});
