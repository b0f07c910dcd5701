import { genericMessages } from "@cm/contracts/messages";
import { orderMessages, orderSortValues, type Order, type OrderListData } from "@cm/contracts/orders";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { rowsOf } from "../../db/client.ts";
import { countedPastOffset } from "../../lib/pagination.ts";
import { brands, organizations, stores, users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";

type Method = "GET" | "POST" | "PUT";

describe("orders API", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let adminId: number;
  let crocsId: number;
  let skechersId: number;
  let storeId: number;
  /** Published own-stock line lists of Crocs and Skechers, and others to be refused. */
  const lineList: Record<string, number> = {};

  const api = (method: Method, url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: auth });
  const db = () => testApp.database.db;
  const countOrders = async () =>
    rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from orders`))[0]!.n;

  async function customer(
    name: string,
    options: { status?: string; storeStatus?: "active" | "inactive" } = {},
  ) {
    const [organization] = await db()
      .insert(organizations)
      .values({ name, type: "external", status: options.status ?? "active" })
      .returning();
    const [store] = await db()
      .insert(stores)
      .values({
        organizationId: organization!.id,
        name: `${name} Store`,
        logoUrl: "/store-logo-placeholder.svg",
        status: options.storeStatus ?? "active",
      })
      .returning();
    return { organizationId: organization!.id, storeId: store!.id };
  }

  /** A line list of three styles (A, B, C) with two sizes each; A and B sit in a catalog, C in none. */
  async function newLineList(
    name: string,
    options: {
      brandId?: number;
      type?: "own-stock" | "pre-book" | "future-stock" | "brand-ats";
      published?: boolean;
      deadline?: string;
      dateOfAvailability?: string;
      msrp?: [string, string, string];
    } = {},
  ) {
    const msrp = options.msrp ?? ["59.99", "45.00", "20.00"];
    const created = await createLineList(
      db(),
      {
        brandId: options.brandId ?? crocsId,
        name,
        stage: "saved",
        type: options.type ?? "own-stock",
        deadline: options.deadline,
        dateOfAvailability: options.dateOfAvailability,
        products: ["A", "B", "C"].map((style, index) => ({
          modelCode: `${name}-${style}`,
          silhouette: `${name} ${style}`,
          color: "Black",
          msrp: msrp[index],
          sizes: [
            { size: "M8", sku: `${name}-${style}-8` },
            { size: "M10", sku: `${name}-${style}-10` },
          ],
        })),
        catalogs: { crocs: [`${name}-A`], athletic: [`${name}-B`] },
        sortingCompleted: true,
        published: options.published ?? true,
      },
      adminId,
    );
    return created.id;
  }

  const create = async (body: object) => {
    const response = await api("POST", "/api/orders", body);
    return { response, body: response.json() as { data: Order; message: string } };
  };
  const line = (lineListId: number, sku: string, quantity: number) => ({ lineListId, sku, quantity });

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const [admin] = await db().select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    adminId = admin!.id;
    const [crocs] = await db().select().from(brands).where(eq(brands.name, "Crocs"));
    const [skechers] = await db().select().from(brands).where(eq(brands.name, "Skechers"));
    crocsId = crocs!.id;
    skechersId = skechers!.id;
    ({ storeId } = await customer("Sunset Soles"));
    lineList.crocs = await newLineList("CR");
    lineList.skechers = await newLineList("SK", { brandId: skechersId, msrp: ["45.00", "33.33", "10.00"] });
    lineList.unpublished = await newLineList("UP", { published: false });
    lineList.prebookOpen = await newLineList("PB", { type: "pre-book", deadline: "2999-12-31" });
    lineList.prebookClosed = await newLineList("PC", { type: "pre-book", deadline: "2020-01-31" });
    lineList.future = await newLineList("FS", { type: "future-stock", dateOfAvailability: "2027-03-15" });
  });
  afterAll(() => testApp?.close());

  it("needs a signed-in user on every orders route", async () => {
    for (const [method, url] of [
      ["GET", "/api/orders"],
      ["POST", "/api/orders"],
      ["GET", "/api/orders/1"],
      ["PUT", "/api/orders/1/lines"],
      ["PUT", "/api/orders/1/status"],
      ["POST", "/api/orders/1/status/undo"],
      ["GET", "/api/orders/offer?storeId=1&lineListId=1"],
    ] as const) {
      const response = await testApp.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe("prices", () => {
    it("freezes MSRP × the brand's factor, rounded half-up to the cent, and sums the totals exactly", async () => {
      // 59.99 × 0.50 = 29.995 → 30.00; 45.00 × 0.50 = 22.50.
      const { response, body } = await create({
        storeId,
        orderType: "open-stock",
        lines: [line(lineList.crocs!, "CR-A-8", 3), line(lineList.crocs!, "CR-B-10", 1)],
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(body.message).toBe(orderMessages.created);
      const order = body.data;
      expect(order.lines.map((l) => [l.sku, l.size, l.quantity, l.msrp, l.unitWhs, l.lineTotal])).toEqual([
        ["CR-A-8", "M8", 3, "59.99", "30.00", "90.00"],
        ["CR-B-10", "M10", 1, "45.00", "22.50", "22.50"],
      ]);
      expect(order).toMatchObject({
        status: "pending",
        orderType: "open-stock",
        units: 4,
        totalWhs: "112.50",
        multibrand: false,
        brands: [{ id: crocsId, name: "Crocs" }],
        organizationName: "Sunset Soles",
        storeName: "Sunset Soles Store",
        number: `SO-${String(order.id).padStart(6, "0")}`,
        placedBy: { id: adminId },
        nextStatuses: ["processing", "cancelled"],
        _revision: 1,
      });
      expect(order.lines[0]!.style).toMatchObject({ modelCode: "CR-A", name: "CR A", color: "Black" });
      expect(order.history).toEqual([
        {
          fromStatus: null,
          toStatus: "pending",
          changedAt: expect.any(String),
          changedBy: expect.objectContaining({ id: adminId }),
        },
      ]);
    });

    it("applies the organization's discount for the brand and the brand's own factor", async () => {
      const shop = await customer("Discount Shoes");
      await db()
        .update(organizations)
        .set({
          discounts: [
            { brandId: skechersId, percentage: 12.5 },
            { brandId: crocsId, percentage: 10 },
          ],
        })
        .where(eq(organizations.id, shop.organizationId));
      await db().update(brands).set({ wholesaleFactor: "0.35" }).where(eq(brands.id, skechersId));
      try {
        const { response, body } = await create({
          storeId: shop.storeId,
          orderType: "open-stock",
          lines: [
            // 59.99 × 0.50 × 0.90 = 26.9955 → 27.00
            line(lineList.crocs!, "CR-A-10", 2),
            // 45.00 × 0.35 × 0.875 = 13.78125 → 13.78
            line(lineList.skechers!, "SK-A-8", 3),
            // 33.33 × 0.35 × 0.875 = 10.2073… → 10.21
            line(lineList.skechers!, "SK-B-8", 1),
          ],
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(body.data.lines.map((l) => [l.sku, l.unitWhs, l.lineTotal])).toEqual([
          ["CR-A-10", "27.00", "54.00"],
          ["SK-A-8", "13.78", "41.34"],
          ["SK-B-8", "10.21", "10.21"],
        ]);
        expect(body.data).toMatchObject({ units: 6, totalWhs: "105.55", multibrand: true });
        expect(body.data.brands.map((brand) => brand.name)).toEqual(["Crocs", "Skechers"]);

        const offer = await api(
          "GET",
          `/api/orders/offer?storeId=${shop.storeId}&lineListId=${lineList.skechers}`,
        );
        expect(offer.statusCode, offer.body).toBe(200);
        const [offered] = offer.json().data.lineLists;
        expect(offered).toMatchObject({
          id: lineList.skechers,
          discountPercent: 12.5,
          wholesaleFactor: 0.35,
        });
        // Only the styles in a catalog (A and B), with their sizes in order.
        expect(
          offered.styles.map((style: { modelCode: string; unitWhs: string }) => [
            style.modelCode,
            style.unitWhs,
          ]),
        ).toEqual([
          ["SK-A", "13.78"],
          ["SK-B", "10.21"],
        ]);
        expect(offered.styles[0].sizes).toEqual([
          { sku: "SK-A-8", size: "M8" },
          { sku: "SK-A-10", size: "M10" },
        ]);
      } finally {
        await db().update(brands).set({ wholesaleFactor: "0.50" }).where(eq(brands.id, skechersId));
      }
    });

    it("keeps a written line's price when the brand's factor changes later", async () => {
      const { body } = await create({
        storeId,
        orderType: "open-stock",
        lines: [line(lineList.skechers!, "SK-A-10", 1)],
      });
      await db().update(brands).set({ wholesaleFactor: "0.90" }).where(eq(brands.id, skechersId));
      try {
        const read = await api("GET", `/api/orders/${body.data.id}`);
        expect(read.json().data.lines[0].unitWhs).toBe("22.50");
      } finally {
        await db().update(brands).set({ wholesaleFactor: "0.50" }).where(eq(brands.id, skechersId));
      }
    });
  });

  describe("refusals", () => {
    it("names every refused line with its index, SKU and reason, and stores nothing", async () => {
      const before = await countOrders();
      const response = await api("POST", "/api/orders", {
        storeId,
        orderType: "open-stock",
        lines: [
          line(lineList.crocs!, "CR-A-8", 1),
          line(lineList.unpublished!, "UP-A-8", 1),
          line(lineList.crocs!, "NOPE-1", 1),
          line(lineList.crocs!, "CR-C-8", 1),
          line(lineList.prebookOpen!, "PB-A-8", 1),
          line(lineList.crocs!, "CR-A-8", 2),
          line(999_999, "CR-A-8", 1),
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: orderMessages.linesRefused,
        data: {
          "lines.1.sku": [`UP-A-8: ${orderMessages.lineListNotPublished}`],
          "lines.2.sku": [`NOPE-1: ${orderMessages.skuNotFound}`],
          "lines.3.sku": [`CR-C-8: ${orderMessages.styleNotInCatalog}`],
          "lines.4.sku": [`PB-A-8: ${orderMessages.lineListWrongType("Pre-Book", "open-stock")}`],
          "lines.5.sku": [`CR-A-8: ${orderMessages.skuRepeated}`],
          "lines.6.sku": [`CR-A-8: ${orderMessages.lineListNotFound}`],
        },
      });
      expect(await countOrders()).toBe(before);
    });

    it("refuses a pre-book order after its line list's deadline, and takes it before", async () => {
      const late = await api("POST", "/api/orders", {
        storeId,
        orderType: "pre-book",
        lines: [line(lineList.prebookClosed!, "PC-A-8", 1)],
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().data).toEqual({
        "lines.0.sku": [`PC-A-8: ${orderMessages.deadlinePassed("2020-01-31")}`],
      });
      const inTime = await create({
        storeId,
        orderType: "pre-book",
        lines: [line(lineList.prebookOpen!, "PB-A-8", 1)],
      });
      expect(inTime.response.statusCode).toBe(201);
      expect(inTime.body.data).toMatchObject({ orderType: "pre-book", shipDate: null });
    });

    it("takes a line list whose scheduled publication time has passed as published, and refuses one still to come", async () => {
      const scheduled = await newLineList("SC", { published: false });
      const schedule = (when: string) =>
        testApp.database.db.execute(
          sql`update line_lists set publish_at = now() + ${when}::interval where id = ${scheduled}`,
        );
      await schedule("1 day");
      const early = await api("POST", "/api/orders", {
        storeId,
        orderType: "open-stock",
        lines: [line(scheduled, "SC-A-8", 1)],
      });
      expect(early.statusCode).toBe(400);
      expect(early.json().data).toEqual({
        "lines.0.sku": [`SC-A-8: ${orderMessages.lineListNotPublished}`],
      });
      await schedule("-1 minute");
      const onTime = await create({
        storeId,
        orderType: "open-stock",
        lines: [line(scheduled, "SC-A-8", 1)],
      });
      expect(onTime.response.statusCode, onTime.response.body).toBe(201);
    });

    it("gives a future-stock order its line list's date of availability as ship date", async () => {
      const { response, body } = await create({
        storeId,
        orderType: "future-stock",
        lines: [line(lineList.future!, "FS-B-10", 4)],
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(body.data).toMatchObject({ orderType: "future-stock", shipDate: "2027-03-15" });
    });

    it("refuses quantities outside 1..9,999, fractions, no lines and more than 2,000 lines", async () => {
      for (const quantity of [0, 10_000, 1.5, -1]) {
        const response = await api("POST", "/api/orders", {
          storeId,
          orderType: "open-stock",
          lines: [line(lineList.crocs!, "CR-A-8", quantity)],
        });
        expect(response.statusCode, String(quantity)).toBe(400);
        expect(response.json().data["lines.0.quantity"]).toBeDefined();
      }
      const none = await api("POST", "/api/orders", { storeId, orderType: "open-stock", lines: [] });
      expect(none.statusCode).toBe(400);
      const tooMany = await api("POST", "/api/orders", {
        storeId,
        orderType: "open-stock",
        lines: Array.from({ length: 2001 }, (_, index) => line(lineList.crocs!, `X-${index}`, 1)),
      });
      expect(tooMany.statusCode).toBe(400);
    });

    it("writes orders only for active stores of active customers", async () => {
      const inactiveStore = await customer("Closed Store Co", { storeStatus: "inactive" });
      const inactiveCustomer = await customer("Gone Customer", { status: "inactive" });
      const [internalStore] = rowsOf<{ id: number }>(
        await db().execute(sql`
          insert into stores (organization_id, name, logo_url)
          select id, 'HQ shop', '/x.svg' from organizations where type = 'internal' limit 1
          returning id
        `),
      );
      for (const [id, message] of [
        [inactiveStore.storeId, orderMessages.storeInactive],
        [inactiveCustomer.storeId, orderMessages.organizationInactive],
        [internalStore!.id, orderMessages.organizationNotCustomer],
        [999_999, orderMessages.storeNotFound],
      ] as const) {
        const response = await api("POST", "/api/orders", {
          storeId: id,
          orderType: "open-stock",
          lines: [line(lineList.crocs!, "CR-A-8", 1)],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message, data: { storeId: [message] } });
      }
    });
  });

  describe("status and lines", () => {
    const move = (order: { id: number }, newStatus: string, revision: number) =>
      api("PUT", `/api/orders/${order.id}/status`, { newStatus, revision });

    it("moves along Pending → Processing → Shipped → Delivered → Completed, keeping the history", async () => {
      const { body } = await create({
        storeId,
        orderType: "open-stock",
        lines: [line(lineList.crocs!, "CR-B-8", 2)],
      });
      let revision = body.data._revision;
      for (const status of ["processing", "shipped", "delivered", "completed"]) {
        const response = await move(body.data, status, revision);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ message: orderMessages.statusUpdated, data: { status } });
        revision = response.json().nextExpectedStreamVersion;
      }
      const read = (await api("GET", `/api/orders/${body.data.id}`)).json().data as Order;
      expect(read.history.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([
        [null, "pending"],
        ["pending", "processing"],
        ["processing", "shipped"],
        ["shipped", "delivered"],
        ["delivered", "completed"],
      ]);
      expect(read.history.every((entry) => entry.changedBy?.id === adminId)).toBe(true);
      expect(read.nextStatuses).toEqual([]);
    });

    it("refuses any other change with 409 naming the allowed next statuses", async () => {
      const { body } = await create({
        storeId,
        orderType: "open-stock",
        lines: [line(lineList.crocs!, "CR-B-8", 2)],
      });
      const skip = await move(body.data, "shipped", body.data._revision);
      expect(skip.statusCode).toBe(409);
      expect(skip.json().message).toBe(orderMessages.transitionRefused("pending", "shipped"));
      expect(skip.json().message).toContain("Allowed next statuses: Processing, Cancelled.");

      const cancelled = await move(body.data, "cancelled", body.data._revision);
      expect(cancelled.statusCode).toBe(200);
      const back = await move(body.data, "pending", cancelled.json().nextExpectedStreamVersion);
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toContain("Allowed next statuses: none.");
    });

    it("refuses a stale revision with 409 and changes nothing", async () => {
      const { body } = await create({
        storeId,
        orderType: "open-stock",
        lines: [line(lineList.crocs!, "CR-A-8", 1)],
      });
      const first = await move(body.data, "processing", body.data._revision);
      expect(first.statusCode).toBe(200);
      const stale = await move(body.data, "cancelled", body.data._revision);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(genericMessages.staleRevision);
      const staleLines = await api("PUT", `/api/orders/${body.data.id}/lines`, {
        revision: body.data._revision,
        lines: [line(lineList.crocs!, "CR-A-8", 5)],
      });
      expect(staleLines.statusCode).toBe(409);
      const read = (await api("GET", `/api/orders/${body.data.id}`)).json().data as Order;
      expect(read).toMatchObject({ status: "processing", units: 1, _revision: 2 });
    });

    it("replaces lines while Pending, repriced and totalled, and refuses once Processing", async () => {
      const { body } = await create({
        storeId,
        orderType: "open-stock",
        lines: [line(lineList.crocs!, "CR-A-8", 1)],
      });
      const replaced = await api("PUT", `/api/orders/${body.data.id}/lines`, {
        revision: body.data._revision,
        lines: [line(lineList.crocs!, "CR-B-8", 2), line(lineList.skechers!, "SK-B-10", 3)],
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      // 2 × 22.50 + 3 × round(33.33 × 0.5 = 16.665) 16.67 = 45.00 + 50.01
      expect(replaced.json()).toMatchObject({
        message: orderMessages.linesUpdated,
        nextExpectedStreamVersion: 2,
        data: { units: 5, totalWhs: "95.01", multibrand: true },
      });
      const refused = await api("PUT", `/api/orders/${body.data.id}/lines`, {
        revision: 2,
        lines: [line(lineList.crocs!, "CR-C-8", 1)],
      });
      expect(refused.statusCode).toBe(400);
      expect((await api("GET", `/api/orders/${body.data.id}`)).json().data.units).toBe(5);

      const processing = await move(body.data, "processing", 2);
      expect(processing.statusCode).toBe(200);
      const locked = await api("PUT", `/api/orders/${body.data.id}/lines`, {
        revision: 3,
        lines: [line(lineList.crocs!, "CR-A-8", 1)],
      });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().message).toBe(orderMessages.linesLocked);

      // The creation, the lines and the status, once each; the refused writes left nothing.
      const history = (await historyOf(testApp, "order", body.data.id)).reverse();
      expect(history.map(({ action, entityLabel }) => [action, entityLabel])).toEqual([
        ["create", body.data.number],
        ["update", body.data.number],
        ["status", body.data.number],
      ]);
      expect(history[0]!.changes).toEqual(
        expect.arrayContaining([
          { field: "status", before: null, after: "pending" },
          { field: "units", before: null, after: 1 },
        ]),
      );
      expect(history[1]).toMatchObject({
        summary: "2 line(s) added, 1 line(s) removed",
        changes: [
          { field: "units", before: 1, after: 5 },
          { field: "totalWhs", before: body.data.totalWhs, after: "95.01" },
        ],
      });
      expect(history[2]!.changes).toEqual([{ field: "status", before: "pending", after: "processing" }]);
      expect(history.every((entry) => entry.actor?.id === adminId)).toBe(true);
    });

    describe("undoing a status move", () => {
      const undo = (order: { id: number }, revision: number) =>
        api("POST", `/api/orders/${order.id}/status/undo`, { revision });

      async function shippedOrder() {
        const { body } = await create({
          storeId,
          orderType: "open-stock",
          lines: [line(lineList.crocs!, "CR-A-8", 1)],
        });
        const processing = await move(body.data, "processing", body.data._revision);
        const shipped = await move(body.data, "shipped", processing.json().nextExpectedStreamVersion);
        expect(shipped.statusCode, shipped.body).toBe(200);
        return { order: body.data as Order, revision: shipped.json().nextExpectedStreamVersion as number };
      }

      it("moves the order back to the status it left, recorded as an undo", async () => {
        const { order, revision } = await shippedOrder();
        const response = await undo(order, revision);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({
          message: orderMessages.statusUndone("processing"),
          nextExpectedStreamVersion: revision + 1,
          data: { status: "processing", nextStatuses: ["shipped", "cancelled"] },
        });
        const read = response.json().data as Order;
        expect(read.history.map((entry) => [entry.fromStatus, entry.toStatus, entry.undo ?? false])).toEqual([
          [null, "pending", false],
          ["pending", "processing", false],
          ["processing", "shipped", false],
          ["shipped", "processing", true],
        ]);
        const [newest] = await historyOf(testApp, "order", order.id);
        expect(newest).toMatchObject({
          action: "status",
          summary: "Status: Shipped → Processing (undone)",
          changes: [{ field: "status", before: "shipped", after: "processing" }],
          actor: { id: adminId },
        });

        // An undo is not undone in turn; the order moves on as usual.
        const again = await undo(order, revision + 1);
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe(orderMessages.undoNothing);
        expect((await move(order, "shipped", revision + 1)).statusCode).toBe(200);
      });

      it("undoes a cancellation too", async () => {
        const { body } = await create({
          storeId,
          orderType: "open-stock",
          lines: [line(lineList.crocs!, "CR-A-8", 1)],
        });
        const cancelled = await move(body.data, "cancelled", body.data._revision);
        const response = await undo(body.data, cancelled.json().nextExpectedStreamVersion);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().data).toMatchObject({ status: "pending" });
      });

      it("refuses with 409 once the order changed, after the window, for another's move or none", async () => {
        const { order, revision } = await shippedOrder();
        // A revision other than the move's: the caller did not see the order as the move left it.
        const stale = await undo(order, revision - 1);
        expect(stale.statusCode).toBe(409);
        expect(stale.json().message).toBe(orderMessages.undoChangedSince);

        // A write since the move (one that changed nothing still moves the revision on).
        await db().execute(sql`update orders set revision = revision + 1 where id = ${order.id}`);
        const changed = await undo(order, revision + 1);
        expect(changed.statusCode).toBe(409);
        expect(changed.json().message).toBe(orderMessages.undoChangedSince);

        // A write recorded since the move (any other action than a status move), at the revision
        // the caller names: the move is no longer the order's last write.
        const edited = await shippedOrder();
        await db().execute(sql`update orders set revision = revision + 1 where id = ${edited.order.id}`);
        await db().execute(sql`
          insert into history_entries (actor_user_id, entity_type, entity_id, action, before_revision, after_revision)
          values (${adminId}, 'order', ${String(edited.order.id)}, 'update', ${edited.revision}, ${edited.revision + 1})
        `);
        const afterEdit = await undo(edited.order, edited.revision + 1);
        expect(afterEdit.statusCode).toBe(409);
        expect(afterEdit.json().message).toBe(orderMessages.undoChangedSince);

        const late = await shippedOrder();
        await db().execute(
          sql`update order_status_changes set changed_at = now() - interval '31 seconds' where order_id = ${late.order.id}`,
        );
        const tooLate = await undo(late.order, late.revision);
        expect(tooLate.statusCode).toBe(409);
        expect(tooLate.json().message).toBe(orderMessages.undoTooLate);

        const others = await shippedOrder();
        await db().execute(
          sql`update order_status_changes set actor_user_id = null where order_id = ${others.order.id}`,
        );
        const notMine = await undo(others.order, others.revision);
        expect(notMine.statusCode).toBe(409);
        expect(notMine.json().message).toBe(orderMessages.undoNothing);

        const { body } = await create({
          storeId,
          orderType: "open-stock",
          lines: [line(lineList.crocs!, "CR-A-8", 1)],
        });
        const created = await undo(body.data, body.data._revision);
        expect(created.statusCode).toBe(409);
        expect(created.json().message).toBe(orderMessages.undoNothing);

        // Nothing moved.
        for (const { id } of [order, edited.order, late.order, others.order]) {
          expect((await api("GET", `/api/orders/${id}`)).json().data.status).toBe("shipped");
        }
        expect((await undo({ id: 999999 }, 1)).statusCode).toBe(404);
      });
    });

    it("answers 404 for an unknown order and 400 for a bad id", async () => {
      expect((await api("GET", "/api/orders/999999")).statusCode).toBe(404);
      expect((await api("GET", "/api/orders/999999")).json().message).toBe(orderMessages.notFound);
      expect((await api("GET", "/api/orders/abc")).statusCode).toBe(400);
      expect(
        (await api("PUT", "/api/orders/999999/status", { newStatus: "processing", revision: 1 })).statusCode,
      ).toBe(404);
      expect((await api("PUT", "/api/orders/1/status", { newStatus: "lost", revision: 1 })).statusCode).toBe(
        400,
      );
    });
  });

  describe("GET /api/orders", () => {
    let other: { organizationId: number; storeId: number };
    beforeAll(async () => {
      other = await customer("Zebra Boots");
      for (let index = 0; index < 12; index++) {
        await create({
          storeId: other.storeId,
          orderType: "open-stock",
          lines: [
            line(
              index % 2 === 0 ? lineList.crocs! : lineList.skechers!,
              index % 2 === 0 ? "CR-A-8" : "SK-A-8",
              index + 1,
            ),
          ],
        });
      }
    });
    const list = async (query: string) => {
      const response = await api("GET", `/api/orders?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as OrderListData;
    };

    it("pages 10 at a time, newest first, with the total", async () => {
      const page1 = await list(`organizationId=${other.organizationId}`);
      expect(page1.total).toBe(12);
      expect(page1.orders).toHaveLength(10);
      expect(page1.orders.map((order) => order.units)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
      const page2 = await list(`organizationId=${other.organizationId}&page=2`);
      expect(page2.orders.map((order) => order.units)).toEqual([2, 1]);
      expect(page2.orders[0]).toEqual({
        id: expect.any(Number),
        number: expect.stringMatching(/^SO-\d{6}$/),
        organizationId: other.organizationId,
        organizationName: "Zebra Boots",
        storeId: other.storeId,
        storeName: "Zebra Boots Store",
        placedAt: expect.any(String),
        orderType: "open-stock",
        status: "pending",
        multibrand: false,
        brands: [{ id: skechersId, name: "Skechers" }],
        units: 2,
        totalWhs: "45.00",
        source: "staff",
        _revision: 1,
      });
    });

    it("filters by brand, store, status, type, multibrand, line list, dates and search", async () => {
      const zebra = `organizationId=${other.organizationId}`;
      expect((await list(`${zebra}&brandId=${skechersId}`)).total).toBe(6);
      expect((await list(`storeId=${other.storeId}&lineListId=${lineList.crocs}`)).total).toBe(6);
      expect((await list(`${zebra}&status=processing`)).total).toBe(0);
      expect((await list(`${zebra}&orderType=open-stock&multibrand=false`)).total).toBe(12);
      expect((await list(`${zebra}&orderType=pre-book`)).total).toBe(0);
      expect((await list(`${zebra}&multibrand=true`)).total).toBe(0);
      expect((await list("multibrand=true")).orders.every((order) => order.multibrand)).toBe(true);
      expect((await list(`${zebra}&from=2000-01-01&to=2999-01-01`)).total).toBe(12);
      expect((await list(`${zebra}&to=2000-01-01`)).total).toBe(0);
      expect((await list("q=zebra")).total).toBe(12);
      expect((await list("q=100%25")).total).toBe(0);
      const [newest] = (await list(zebra)).orders;
      const byNumber = await list(`q=${newest!.number}`);
      expect(byNumber.orders.map((order) => order.id)).toEqual([newest!.id]);
      expect((await list(`q=${newest!.id}`)).orders.map((order) => order.id)).toContain(newest!.id);
    });

    it("searches the customer's and the store's names, case-insensitively, and the order number", async () => {
      const { orders: everyOrder, total } = await list("pageSize=100");
      expect(everyOrder).toHaveLength(total);
      expect(new Set(everyOrder.map((order) => order.storeName)).size).toBeGreaterThan(1);
      for (const q of ["zebra", "SOLES STORE", "boots", "store", "nobody at all", "_", "%"]) {
        const wanted = q.toLowerCase();
        const expected = everyOrder
          .filter(
            (order) =>
              order.organizationName.toLowerCase().includes(wanted) ||
              order.storeName.toLowerCase().includes(wanted),
          )
          .map((order) => order.id);
        const found = await list(`q=${encodeURIComponent(q)}&pageSize=100`);
        expect(
          found.orders.map((order) => order.id),
          q,
        ).toEqual(expected);
        expect(found.total, q).toBe(expected.length);
      }
      const [newest] = everyOrder;
      const byNumber = await list(`q=${newest!.number.toLowerCase()}`);
      expect(byNumber.orders.map((order) => order.id)).toEqual([newest!.id]);
    });

    it("sorts by total, units, customer and status", async () => {
      const zebra = `organizationId=${other.organizationId}&pageSize=100`;
      const byTotal = await list(`${zebra}&sort=-totalWhs`);
      const totals = byTotal.orders.map((order) => Number(order.totalWhs));
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      const byUnits = await list(`${zebra}&sort=units`);
      expect(byUnits.orders.map((order) => order.units)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      const byCustomer = await list("sort=customer&pageSize=100");
      const names = byCustomer.orders.map((order) => order.organizationName.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it("pages through every sort in the order of the whole list", async () => {
      for (const sort of orderSortValues) {
        const whole = await list(`sort=${sort}&pageSize=100`);
        const pages = await Promise.all(
          [1, 2, 3].map((page) => list(`sort=${sort}&pageSize=4&page=${page}`)),
        );
        expect(
          pages.flatMap((page) => page.orders.map((order) => order.id)),
          sort,
        ).toEqual(whole.orders.slice(0, 12).map((order) => order.id));
      }
    });

    it("counts at most a cap of orders past the page's first row, saying when the total is a lower bound", async () => {
      const yak = await customer("Yak Shoes");
      await db().execute(sql`
        insert into orders (organization_id, store_id, order_type, units, total_whs, placed_at)
        select ${yak.organizationId}, ${yak.storeId}, 'open-stock', 1, 10, now() - i * interval '1 minute'
        from generate_series(1, ${countedPastOffset + 1}) i`);
      try {
        const query = `organizationId=${yak.organizationId}`;
        const first = await list(query);
        expect(first.total).toBe(countedPastOffset);
        expect(first.totalIsLowerBound).toBe(true);
        expect(first.orders).toHaveLength(10);
        // From the second page on, the cap reaches past the last order: the total is exact.
        const second = await list(`${query}&page=2`);
        expect(second.total).toBe(countedPastOffset + 1);
        expect(second).not.toHaveProperty("totalIsLowerBound");
        const last = await list(`${query}&page=${Math.ceil((countedPastOffset + 1) / 10)}`);
        expect(last.orders).toHaveLength(1);
        // Under the cap, exact and without the flag.
        const narrow = await list(
          `${query}&to=${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}`,
        );
        expect(narrow).toEqual({ orders: [], total: 0 });
      } finally {
        await db().execute(sql`delete from orders where organization_id = ${yak.organizationId}`);
      }
    });

    it("refuses bad filters with 400", async () => {
      for (const query of [
        "status=lost",
        "from=yesterday",
        "pageSize=101",
        "page=0",
        "sort=price",
        "multibrand=yes",
      ]) {
        expect((await api("GET", `/api/orders?${query}`)).statusCode, query).toBe(400);
      }
    });
  });
});
