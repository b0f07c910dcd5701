import type { OrderDashboard, OrderStatus } from "@cm/contracts/orders";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { rowsOf, type Database } from "../../db/client.ts";

/**
 * The dashboard's summaries (migration 0013) against the same figures computed directly from
 * `orders` and `order_lines`, after writes of every kind made with plain SQL, as any writer could.
 * The summaries must hold exactly the direct figures: no row more (a figure back to nothing is
 * deleted), none less.
 */

/** The summaries as they are computed from scratch, in `timeZone`. */
async function directSummaries(db: Database, timeZone: string) {
  const month = sql`to_char(o.placed_at at time zone ${timeZone}::text, 'YYYY-MM')`;
  const products = rowsOf(
    await db.execute(sql`
      select ${month} as month, l.product_id as "productId", p.model_code as "modelCode",
        sum(l.quantity)::int as units, sum(l.quantity * l.unit_whs)::numeric(18, 2)::text as "totalWhs"
      from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
      where o.status <> 'cancelled'
      group by 1, 2, 3 order by 1, 2`),
  );
  const organizations = rowsOf(
    await db.execute(sql`
      select ${month} as month, o.organization_id as "organizationId",
        (count(*) filter (where not o.multibrand))::int as monobrand,
        (count(*) filter (where o.multibrand))::int as multibrand,
        sum(o.units)::int as units, sum(o.total_whs)::numeric(18, 2)::text as "totalWhs"
      from orders o
      where o.status <> 'cancelled'
      group by 1, 2 order by 1, 2`),
  );
  return { products, organizations };
}

/** The summaries the triggers keep. */
async function storedSummaries(db: Database) {
  const products = rowsOf(
    await db.execute(sql`
      select to_char(s.month, 'YYYY-MM') as month, s.product_id as "productId",
        s.model_code as "modelCode", s.units, s.total_whs::numeric(18, 2)::text as "totalWhs"
      from order_month_products s order by 1, 2`),
  );
  const organizations = rowsOf(
    await db.execute(sql`
      select to_char(s.month, 'YYYY-MM') as month, s.organization_id as "organizationId",
        s.monobrand_orders as monobrand, s.multibrand_orders as multibrand, s.units::int as units,
        s.total_whs::numeric(18, 2)::text as "totalWhs"
      from order_month_organizations s order by 1, 2`),
  );
  return { products, organizations };
}

async function expectSummariesRight(db: Database, timeZone: string, because?: string): Promise<void> {
  expect(await storedSummaries(db), because).toEqual(await directSummaries(db, timeZone));
}

async function storedZone(db: Database): Promise<string> {
  return rowsOf<{ zone: string }>(
    await db.execute(sql`select time_zone as zone from order_summary_settings`),
  )[0]!.zone;
}

/** Plain-SQL writers over one test app's database: customers, styles, orders and lines. */
function writer(db: () => Database) {
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query))[0]!;
  const crocs = async () => (await one<{ id: number }>(sql`select id from brands where name = 'Crocs'`)).id;

  async function customer(name: string) {
    const organization = await one<{ id: number }>(
      sql`insert into organizations (name, type, status) values (${name}, 'external', 'active') returning id`,
    );
    const store = await one<{ id: number }>(
      sql`insert into stores (organization_id, name, logo_url)
          values (${organization.id}, ${`${name} Store`}, '/store-logo-placeholder.svg') returning id`,
    );
    return { organizationId: organization.id, storeId: store.id };
  }

  async function styles(prefix: string, count: number) {
    const brand = await crocs();
    const lineList = await one<{ id: number }>(
      sql`insert into line_lists (brand_id, name, stage, published)
          values (${brand}, ${`${prefix} line list`}, 'saved', true) returning id`,
    );
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      const product = await one<{ id: number }>(
        sql`insert into products (brand_id, model_code, msrp)
            values (${brand}, ${`${prefix}-${String(index).padStart(3, "0")}`}, 100) returning id`,
      );
      ids.push(product.id);
    }
    return { brandId: brand, lineListId: lineList.id, productIds: ids };
  }

  async function order(
    customer: { organizationId: number; storeId: number },
    placedAt: string,
    status: OrderStatus = "pending",
    figures: { units?: number; totalWhs?: string; multibrand?: boolean } = {},
  ) {
    return (
      await one<{ id: number }>(sql`
        insert into orders (organization_id, store_id, order_type, status, placed_at, units, total_whs, multibrand)
        values (${customer.organizationId}, ${customer.storeId}, 'open-stock', ${status}, ${placedAt},
          ${figures.units ?? 0}, ${figures.totalWhs ?? "0.00"}, ${figures.multibrand ?? false})
        returning id`)
    ).id;
  }

  async function lines(
    orderId: number,
    style: { brandId: number; lineListId: number },
    entries: { productId: number; quantity: number; unitWhs: string }[],
  ) {
    if (entries.length === 0) return;
    const values = entries.map(
      (entry, position) =>
        sql`(${orderId}, ${position}, ${style.lineListId}, ${entry.productId}, ${style.brandId},
          ${`SKU-${entry.productId}-${position}`}, 'M9', ${entry.quantity}, 100, ${entry.unitWhs})`,
    );
    await db().execute(sql`
      insert into order_lines (order_id, position, line_list_id, product_id, brand_id, sku, size, quantity, msrp, unit_whs)
      values ${sql.join(values, sql`, `)}`);
  }

  /** The order's own figures from its lines, as the orders service keeps them. */
  async function refreshTotals(orderId: number) {
    await db().execute(sql`
      update orders o set units = coalesce(t.units, 0), total_whs = coalesce(t.total, 0)
      from (select sum(quantity)::int as units, sum(quantity * unit_whs) as total
            from order_lines where order_id = ${orderId}) t
      where o.id = ${orderId}`);
  }

  return { customer, styles, order, lines, refreshTotals };
}

async function dashboardOf(testApp: TestApp, month: string): Promise<OrderDashboard> {
  const response = await testApp.app.inject({
    method: "GET",
    url: `/api/orders/dashboard?month=${month}`,
    headers: await signIn(testApp),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: OrderDashboard }).data;
}

describe("dashboard summaries kept by the database", () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const write = writer(db);
  const check = (because?: string) => expectSummariesRight(db(), "UTC", because);

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());

  it("start in UTC, as the migration made them", async () => {
    expect(await storedZone(db())).toBe("UTC");
    await check();
  });

  it("follow orders and lines inserted with plain SQL, and edits of the lines", async () => {
    const customer = await write.customer("Plain Writer");
    const style = await write.styles("71000", 3);
    const [a, b, c] = style.productIds as [number, number, number];
    const order = await write.order(customer, "2018-05-10T12:00:00Z", "processing");
    await write.lines(order, style, [
      { productId: a, quantity: 3, unitWhs: "10.00" },
      { productId: b, quantity: 2, unitWhs: "7.50" },
      { productId: a, quantity: 1, unitWhs: "12.25" },
    ]);
    await write.refreshTotals(order);
    await check("inserted");
    const may = await dashboardOf(testApp, "2018-05");
    expect(may.totalWhs.value).toBe("57.25");
    expect(may.mostUnitsSold.map((entry) => [entry.productId, entry.units, entry.totalWhs])).toEqual([
      [a, 4, "42.25"],
      [b, 2, "15.00"],
    ]);

    await db().execute(
      sql`update order_lines set quantity = quantity + 5 where order_id = ${order} and product_id = ${b}`,
    );
    await check("a quantity changed");
    await db().execute(
      sql`update order_lines set product_id = ${c} where order_id = ${order} and position = 2`,
    );
    await check("a line's product changed");
    await db().execute(sql`delete from order_lines where order_id = ${order} and product_id = ${a}`);
    await write.refreshTotals(order);
    await check("a line deleted");
    // Replaced whole, as the orders service does: delete, insert, totals.
    await db().execute(sql`delete from order_lines where order_id = ${order}`);
    await write.lines(order, style, [{ productId: c, quantity: 9, unitWhs: "1.10" }]);
    await write.refreshTotals(order);
    await check("lines replaced");
    const after = await dashboardOf(testApp, "2018-05");
    expect(after.totalWhs.value).toBe("9.90");
    expect(after.mostUnitsSold.map((entry) => [entry.productId, entry.units])).toEqual([[c, 9]]);

    // A line moved to another order of another month.
    const other = await write.order(customer, "2018-06-02T00:00:00Z", "shipped");
    await db().execute(sql`update order_lines set order_id = ${other} where order_id = ${order}`);
    await write.refreshTotals(order);
    await write.refreshTotals(other);
    await check("a line moved to another order");
    expect((await dashboardOf(testApp, "2018-05")).mostUnitsSold).toEqual([]);
  });

  it("move an order's figures when it is cancelled, un-cancelled or placed in another month", async () => {
    const customer = await write.customer("Status Changer");
    const style = await write.styles("72000", 1);
    const order = await write.order(customer, "2018-08-31T23:30:00Z", "pending");
    await write.lines(order, style, [{ productId: style.productIds[0]!, quantity: 4, unitWhs: "25.00" }]);
    await write.refreshTotals(order);
    await check();
    expect((await dashboardOf(testApp, "2018-08")).totalWhs.value).toBe("100.00");

    await db().execute(sql`update orders set status = 'cancelled' where id = ${order}`);
    await check("cancelled");
    const cancelled = await dashboardOf(testApp, "2018-08");
    expect(cancelled.totalWhs.value).toBe("0.00");
    expect(cancelled.mostUnitsSold).toEqual([]);
    expect(cancelled.topCustomers).toEqual([]);

    await db().execute(sql`update orders set status = 'processing' where id = ${order}`);
    await check("un-cancelled");
    expect((await dashboardOf(testApp, "2018-08")).totalWhs.value).toBe("100.00");

    // One hour later is September.
    await db().execute(sql`update orders set placed_at = placed_at + interval '1 hour' where id = ${order}`);
    await check("moved across the month's end");
    const august = await dashboardOf(testApp, "2018-08");
    const september = await dashboardOf(testApp, "2018-09");
    expect(august.totalWhs.value).toBe("0.00");
    expect(august.mostUnitsSold).toEqual([]);
    expect(september.totalWhs).toMatchObject({ value: "100.00", previous: "0.00" });
    expect(september.mostUnitsSold.map((entry) => entry.units)).toEqual([4]);

    // Cancelled and moved back in one statement, then un-cancelled.
    await db().execute(
      sql`update orders set status = 'cancelled', placed_at = '2018-08-15T00:00:00Z' where id = ${order}`,
    );
    await check("cancelled and moved");
    await db().execute(sql`update orders set status = 'delivered' where id = ${order}`);
    await check("un-cancelled in August");
    expect((await dashboardOf(testApp, "2018-08")).mostUnitsSold.map((entry) => entry.units)).toEqual([4]);

    // Another customer, and multibrand.
    const other = await write.customer("Status Changer Two");
    await db().execute(
      sql`update orders set organization_id = ${other.organizationId}, store_id = ${other.storeId}, multibrand = true where id = ${order}`,
    );
    await check("organization and multibrand changed");
    const moved = await dashboardOf(testApp, "2018-08");
    expect(moved.multibrandOrders.value).toBe(1);
    expect(moved.monobrandOrders.value).toBe(0);
    expect(moved.topCustomers.map((entry) => entry.organizationId)).toEqual([other.organizationId]);
  });

  it("take a deleted order off with its lines, and follow statements over many orders", async () => {
    const customer = await write.customer("Deleter");
    const style = await write.styles("73000", 2);
    const [a, b] = style.productIds as [number, number];
    const orders: number[] = [];
    for (const [day, status] of [
      ["03", "processing"],
      ["04", "cancelled"],
      ["05", "pending"],
    ] as const) {
      const order = await write.order(customer, `2018-10-${day}T08:00:00Z`, status);
      await write.lines(order, style, [
        { productId: a, quantity: 2, unitWhs: "3.00" },
        { productId: b, quantity: 1, unitWhs: "4.00" },
      ]);
      await write.refreshTotals(order);
      orders.push(order);
    }
    await check();
    await db().execute(sql`delete from orders where id = ${orders[0]!}`);
    await check("an order deleted, its lines by the cascade");
    await db().execute(sql`delete from orders where id = ${orders[1]!}`);
    await check("a cancelled order deleted");
    expect((await dashboardOf(testApp, "2018-10")).mostUnitsSold.map((entry) => entry.units)).toEqual([2, 1]);

    await db().execute(
      sql`update orders set status = 'cancelled' where organization_id = ${customer.organizationId}`,
    );
    await check("every order of a customer cancelled in one statement");
    await db().execute(
      sql`update orders set status = 'completed', placed_at = placed_at - interval '1 year'
          where organization_id = ${customer.organizationId}`,
    );
    await check("and brought back a year earlier");
    await db().execute(sql`delete from orders where organization_id = ${customer.organizationId}`);
    await check("all deleted");
  });
});

describe("dashboard summaries and the configured time zone", () => {
  it("are rebuilt when the server starts with another TZ, and not when it starts with the same", async () => {
    const first = await createTestApp();
    try {
      const db = first.database.db;
      const write = writer(() => db);
      const customer = await write.customer("Zone Shifter");
      const style = await write.styles("74000", 1);
      // March 1, 03:00 UTC is still February in New York.
      const order = await write.order(customer, "2019-03-01T03:00:00Z", "processing");
      await write.lines(order, style, [{ productId: style.productIds[0]!, quantity: 6, unitWhs: "5.00" }]);
      await write.refreshTotals(order);
      await expectSummariesRight(db, "UTC");
      expect((await dashboardOf(first, "2019-03")).totalWhs.value).toBe("30.00");

      const newYork = await buildApp(
        { ...first.config, TZ: "America/New_York" },
        { database: first.database },
      );
      try {
        expect(await storedZone(db)).toBe("America/New_York");
        await expectSummariesRight(db, "America/New_York", "rebuilt in New York's months");
        const february = await dashboardOf({ ...first, app: newYork }, "2019-02");
        expect(february.totalWhs.value).toBe("30.00");
        expect(february.mostUnitsSold.map((entry) => entry.units)).toEqual([6]);
        expect((await dashboardOf({ ...first, app: newYork }, "2019-03")).totalWhs.value).toBe("0.00");
        // Writes from now on are cut in New York's months.
        await db.execute(sql`update orders set placed_at = '2019-04-01T02:00:00Z' where id = ${order}`);
        await expectSummariesRight(db, "America/New_York", "moved to March, New York time");
      } finally {
        await newYork.close();
      }

      // The same zone again: nothing rebuilt (a summary row altered by hand stays as it is).
      await db.execute(sql`update order_month_organizations set units = units + 1000`);
      const again = await buildApp({ ...first.config, TZ: "America/New_York" }, { database: first.database });
      await again.close();
      const [row] = rowsOf<{ units: number }>(
        await db.execute(sql`select units::int as units from order_month_organizations
          where organization_id = ${customer.organizationId}`),
      );
      expect(row!.units).toBe(1006);
    } finally {
      await first.close();
    }
  });
});

describe("dashboard summaries after random writes (property)", () => {
  let testApp: TestApp;
  const timeZone = "America/New_York";
  const db = () => testApp.database.db;
  const write = writer(db);
  let customers: { organizationId: number; storeId: number }[] = [];
  let style: Awaited<ReturnType<typeof write.styles>>;

  beforeAll(async () => {
    testApp = await createTestApp({ TZ: timeZone });
    customers = [await write.customer("Random One"), await write.customer("Random Two")];
    style = await write.styles("75000", 4);
  });
  afterAll(() => testApp?.close());

  const statuses: OrderStatus[] = ["pending", "processing", "cancelled", "completed"];
  // Instants around New York's and UTC's month ends, so a move often crosses one or the other.
  const instants = [
    "2020-01-31T23:00:00Z",
    "2020-02-01T03:00:00Z",
    "2020-02-01T06:00:00Z",
    "2020-02-29T23:30:00Z",
    "2020-03-01T04:30:00Z",
    "2020-03-15T12:00:00Z",
  ];
  const lineArb = fc.record({
    product: fc.nat(3),
    quantity: fc.integer({ min: 1, max: 20 }),
    cents: fc.integer({ min: 0, max: 5000 }),
  });
  const operationArb = fc.oneof(
    fc.record({
      kind: fc.constant("create" as const),
      customer: fc.nat(1),
      instant: fc.nat(instants.length - 1),
      status: fc.constantFrom(...statuses),
      lines: fc.array(lineArb, { maxLength: 4 }),
    }),
    fc.record({
      kind: fc.constant("status" as const),
      order: fc.nat(),
      status: fc.constantFrom(...statuses),
    }),
    fc.record({ kind: fc.constant("move" as const), order: fc.nat(), instant: fc.nat(instants.length - 1) }),
    fc.record({ kind: fc.constant("customer" as const), order: fc.nat(), customer: fc.nat(1) }),
    fc.record({ kind: fc.constant("multibrand" as const), order: fc.nat() }),
    fc.record({
      kind: fc.constant("addLines" as const),
      order: fc.nat(),
      lines: fc.array(lineArb, { maxLength: 3 }),
    }),
    fc.record({
      kind: fc.constant("quantity" as const),
      order: fc.nat(),
      delta: fc.integer({ min: -3, max: 3 }),
    }),
    fc.record({ kind: fc.constant("deleteLine" as const), order: fc.nat() }),
    fc.record({ kind: fc.constant("deleteOrder" as const), order: fc.nat() }),
    fc.record({ kind: fc.constant("cancelAllOf" as const), customer: fc.nat(1) }),
  );
  type Operation = typeof operationArb extends fc.Arbitrary<infer T> ? T : never;

  async function liveOrders(): Promise<number[]> {
    return rowsOf<{ id: number }>(
      await db().execute(
        sql`select id from orders where store_id in (${sql.join(
          customers.map((customer) => sql`${customer.storeId}`),
          sql`, `,
        )}) order by id`,
      ),
    ).map((row) => row.id);
  }

  async function apply(operation: Operation): Promise<void> {
    const ids = await liveOrders();
    const pick = (index: number) => ids[index % ids.length];
    const toLines = (lines: { product: number; quantity: number; cents: number }[]) =>
      lines.map((line) => ({
        productId: style.productIds[line.product]!,
        quantity: line.quantity,
        unitWhs: (line.cents / 100).toFixed(2),
      }));
    if (operation.kind === "create") {
      const order = await write.order(
        customers[operation.customer]!,
        instants[operation.instant]!,
        operation.status,
      );
      await write.lines(order, style, toLines(operation.lines));
      await write.refreshTotals(order);
      return;
    }
    if (operation.kind === "cancelAllOf") {
      await db().execute(
        sql`update orders set status = 'cancelled' where store_id = ${customers[operation.customer]!.storeId}`,
      );
      return;
    }
    const order = ids.length ? pick(operation.order) : undefined;
    if (order === undefined) return;
    switch (operation.kind) {
      case "status":
        await db().execute(sql`update orders set status = ${operation.status} where id = ${order}`);
        break;
      case "move":
        await db().execute(
          sql`update orders set placed_at = ${instants[operation.instant]!} where id = ${order}`,
        );
        break;
      case "customer": {
        const customer = customers[operation.customer]!;
        await db().execute(
          sql`update orders set organization_id = ${customer.organizationId}, store_id = ${customer.storeId} where id = ${order}`,
        );
        break;
      }
      case "multibrand":
        await db().execute(sql`update orders set multibrand = not multibrand where id = ${order}`);
        break;
      case "addLines":
        await write.lines(order, style, toLines(operation.lines));
        await write.refreshTotals(order);
        break;
      case "quantity":
        await db().execute(
          sql`update order_lines set quantity = greatest(1, quantity + ${operation.delta}) where order_id = ${order}`,
        );
        await write.refreshTotals(order);
        break;
      case "deleteLine":
        await db().execute(
          sql`delete from order_lines where id = (select min(id) from order_lines where order_id = ${order})`,
        );
        await write.refreshTotals(order);
        break;
      case "deleteOrder":
        await db().execute(sql`delete from orders where id = ${order}`);
        break;
    }
  }

  it("count inactive accounts as orders alone do, at the window's edges in the zone", async () => {
    // April 2019's window in New York starts January 31, 00:00 local (05:00 UTC). The customers
    // are added today: each is one from its first order (an imported history).
    const placed = [
      ["Window Edge Before", "2019-01-31T04:59:00Z", "processing"],
      ["Window Edge First", "2019-01-31T05:00:00Z", "processing"],
      ["Window Edge Cancelled", "2019-01-31T12:00:00Z", "cancelled"],
      ["Window Edge February", "2019-02-01T05:00:00Z", "pending"],
      ["Window Edge Late", "2019-04-30T23:00:00Z", "pending"],
    ] as const;
    for (const [name, instant, status] of placed) {
      await write.order(await write.customer(name), instant, status);
    }
    const direct = async (month: string, shift: number) => {
      const start = sql`((${`${month}-01`}::date + make_interval(months => ${shift + 1}::int, days => -90))::timestamp at time zone ${timeZone}::text)`;
      const end = sql`((${`${month}-01`}::date + make_interval(months => ${shift + 1}::int))::timestamp at time zone ${timeZone}::text)`;
      return rowsOf<{ count: number }>(
        await db().execute(sql`
          select count(*)::int as count from organizations org
          where org.type = 'external' and org.status = 'active'
            and (org.created_at <= ${start} or exists (
              select 1 from orders o where o.organization_id = org.id and o.status <> 'cancelled'
                and o.placed_at < ${start}))
            and not exists (
              select 1 from orders o where o.organization_id = org.id and o.status <> 'cancelled'
                and o.placed_at >= ${start} and o.placed_at < ${end})`),
      )[0]!.count;
    };
    for (const month of ["2019-01", "2019-02", "2019-03", "2019-04", "2019-05", "2019-06"]) {
      const { inactiveAccounts } = await dashboardOf(testApp, month);
      expect([inactiveAccounts.value, inactiveAccounts.previous], month).toEqual([
        await direct(month, 0),
        await direct(month, -1),
      ]);
    }
  });

  it("hold what orders and lines add up to, in the configured zone", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const operation of operations) await apply(operation);
        await expectSummariesRight(db(), timeZone, JSON.stringify(operations));
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
