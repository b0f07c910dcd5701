import { orderMessages, type Order, type OrderListData } from "@cm/contracts/orders";
import { portalOrderMessages, type Cart } from "@cm/contracts/portal-orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableChecksums } from "../../../test/table-checksums.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { catalogs } from "../../db/schema.ts";
import { createOrderKit, type OrderKit } from "./order-test-kit.ts";

type Auth = { authorization: string };

/**
 * Ordering in the portal (docs/portal.md "The cart and orders"): submitting the cart as one order
 * per order type, placing directly, the organization's orders, cancelling and reordering.
 */
describe("portal orders", () => {
  let testApp: TestApp;
  let kit: OrderKit;
  let organizationId: number;
  let uptown: number;
  let downtown: number;
  let otherStore: number;
  let buyer: { id: number; auth: Auth };
  let colleague: { id: number; auth: Auth };
  let manager: { id: number; auth: Auth };
  let stranger: { id: number; auth: Auth };
  let own: number;
  let prebook: number;
  let closed: number;
  let reorderable: number;

  const line = (lineListId: number, sku: string, quantity: number) => ({ lineListId, sku, quantity });
  const submit = (auth: Auth, storeId: number, revision: number) =>
    kit.api("POST", "/api/portal/cart/submit", auth, { storeId, revision });
  const place = (auth: Auth, storeId: number, lines: ReturnType<typeof line>[]) =>
    kit.api("POST", "/api/portal/orders", auth, { storeId, lines });
  async function fillCart(auth: Auth, storeId: number, lines: ReturnType<typeof line>[]): Promise<Cart> {
    const cart = await kit.cart(auth, storeId);
    const response = await kit.putCart(auth, storeId, cart.revision, lines);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Cart }).data;
  }
  async function placed(auth: Auth, storeId: number, lines: ReturnType<typeof line>[]): Promise<Order[]> {
    const response = await place(auth, storeId, lines);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: { orders: Order[] } }).data.orders;
  }
  async function listIds(auth: Auth, query = ""): Promise<number[]> {
    const response = await kit.api("GET", `/api/portal/orders${query}`, auth);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { orders: { id: number }[] } }).data.orders.map((order) => order.id);
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = await createOrderKit(testApp);
    organizationId = await kit.customer("Order Shoes");
    uptown = await kit.store(organizationId, "Order Shoes Uptown");
    downtown = await kit.store(organizationId, "Order Shoes Downtown");
    const otherOrganizationId = await kit.customer("Stranger Shoes");
    otherStore = await kit.store(otherOrganizationId, "Stranger Shoes Main");
    const role = await kit.api("POST", "/api/roles", kit.staff, {
      name: "Portal Manager",
      type: "external",
      portalPermissions: ["portal.catalogs.view", "portal.orders.manage", "portal.users.manage"],
    });
    expect(role.statusCode, role.body).toBe(201);
    buyer = await kit.user("order.buyer@example.com", organizationId, [uptown]);
    colleague = await kit.user("order.colleague@example.com", organizationId, [downtown]);
    manager = await kit.user("order.manager@example.com", organizationId, [uptown], role.json().data.id);
    stranger = await kit.user("order.stranger@example.com", otherOrganizationId, [otherStore]);
    own = await kit.lineList("OS");
    prebook = await kit.lineList("PB", { type: "pre-book", deadline: "2999-12-31" });
    closed = await kit.lineList("PC", { type: "pre-book", deadline: "2020-01-31" });
    reorderable = await kit.lineList("RO");
  });
  afterAll(() => testApp?.close());

  describe("submitting the cart", () => {
    it("places one Pending portal order per order type, placed by the buyer, and empties the cart", async () => {
      const cart = await fillCart(buyer.auth, uptown, [
        line(own, "OS-A-8", 2),
        line(prebook, "PB-A-8", 3),
        line(own, "OS-B-10", 1),
      ]);
      const response = await submit(buyer.auth, uptown, cart.revision);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json() as { message: string; data: { orders: Order[] } };
      expect(body.message).toBe(portalOrderMessages.submitted(2));
      const orders = body.data.orders;
      expect(
        orders.map((order) => [order.orderType, order.status, order.source, order.placedBy?.id]),
      ).toEqual([
        ["open-stock", "pending", "portal", buyer.id],
        ["pre-book", "pending", "portal", buyer.id],
      ]);
      expect(orders[0]!.lines.map((l) => [l.sku, l.quantity, l.unitWhs])).toEqual([
        ["OS-A-8", 2, "30.00"],
        ["OS-B-10", 1, "30.00"],
      ]);
      expect(orders[1]).toMatchObject({ storeId: uptown, units: 3, totalWhs: "90.00" });
      expect(await kit.cart(buyer.auth, uptown)).toMatchObject({ revision: cart.revision + 1, lines: [] });

      const staffList = await kit.api("GET", `/api/orders?storeId=${uptown}`, kit.staff);
      const listed = (staffList.json() as { data: OrderListData }).data.orders;
      expect(
        listed.filter((order) => orders.some((o) => o.id === order.id)).map((order) => order.source),
      ).toEqual(["portal", "portal"]);
    });

    it("refuses an empty cart (400) and a stale revision (409 with the cart)", async () => {
      const cart = await kit.cart(buyer.auth, uptown);
      const empty = await submit(buyer.auth, uptown, cart.revision);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(portalOrderMessages.cartEmpty);
      const stale = await submit(buyer.auth, uptown, cart.revision + 5);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().data.cart).toMatchObject({ revision: cart.revision });
    });

    it("refuses the whole submit naming every refused line by its cart index, and stores nothing", async () => {
      const cart = await fillCart(buyer.auth, uptown, [
        line(own, "OS-A-8", 1),
        line(closed, "PC-A-8", 1),
        line(prebook, "PB-B-8", 1),
        line(closed, "PC-B-10", 2),
      ]);
      const before = await tableChecksums(testApp.database.db);
      const response = await submit(buyer.auth, uptown, cart.revision);
      expect(response.statusCode, response.body).toBe(400);
      const passed = orderMessages.deadlinePassed("2020-01-31");
      expect(response.json()).toEqual({
        success: false,
        message: orderMessages.linesRefused,
        data: { "lines.1.sku": [`PC-A-8: ${passed}`], "lines.3.sku": [`PC-B-10: ${passed}`] },
      });
      expect(await tableChecksums(testApp.database.db)).toEqual(before);
      expect((await kit.cart(buyer.auth, uptown)).lines.map((l) => l.problem)).toEqual([
        null,
        passed,
        null,
        passed,
      ]);
      await fillCart(buyer.auth, uptown, []);
    });
  });

  describe("placing directly", () => {
    it("places the lines as one order per type (201)", async () => {
      const orders = await placed(buyer.auth, uptown, [line(own, "OS-A-10", 4)]);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        orderType: "open-stock",
        source: "portal",
        units: 4,
        totalWhs: "120.00",
      });
    });

    it("refuses lines not visible to the store, naming each, and stores nothing", async () => {
      await testApp.database.db
        .update(catalogs)
        .set({ audience: ["good"] })
        .where(eq(catalogs.lineListId, prebook));
      try {
        const before = await tableChecksums(testApp.database.db);
        const response = await place(buyer.auth, uptown, [
          line(own, "OS-A-8", 1),
          line(prebook, "PB-A-8", 1),
          line(own, "OS-C-8", 1),
        ]);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().data).toEqual({
          "lines.1.sku": [`PB-A-8: ${portalOrderMessages.lineNotVisible}`],
          "lines.2.sku": [`OS-C-8: ${portalOrderMessages.lineNotVisible}`],
        });
        expect(await tableChecksums(testApp.database.db)).toEqual(before);
      } finally {
        await testApp.database.db
          .update(catalogs)
          .set({ audience: ["good", "better", "best"] })
          .where(eq(catalogs.lineListId, prebook));
      }
    });

    it("answers 404 for another organization's store and 403 to a staff token", async () => {
      const response = await place(buyer.auth, otherStore, [line(own, "OS-A-8", 1)]);
      expect(response.statusCode).toBe(404);
      expect((await place(kit.staff, uptown, [line(own, "OS-A-8", 1)])).statusCode).toBe(403);
    });
  });

  describe("the organization's orders", () => {
    it("lists the user's stores' orders, all the organization's for users.manage, newest first; other ids 404", async () => {
      const [downtownOrder] = await placed(colleague.auth, downtown, [line(own, "OS-B-8", 1)]);
      const [strangerOrder] = await placed(stranger.auth, otherStore, [line(own, "OS-B-8", 1)]);
      const buyerIds = await listIds(buyer.auth);
      expect(buyerIds.length).toBeGreaterThan(0);
      expect(buyerIds).toEqual([...buyerIds].sort((a, b) => b - a));
      expect(buyerIds).not.toContain(downtownOrder!.id);
      expect(await listIds(colleague.auth)).toEqual([downtownOrder!.id]);
      const managerIds = await listIds(manager.auth);
      expect(managerIds).toEqual([downtownOrder!.id, ...buyerIds]);
      expect(managerIds).not.toContain(strangerOrder!.id);
      expect(await listIds(manager.auth, `?storeId=${downtown}`)).toEqual([downtownOrder!.id]);
      expect(await listIds(buyer.auth, `?status=cancelled`)).toEqual([]);

      for (const [auth, query] of [
        [buyer.auth, `?storeId=${downtown}`],
        [manager.auth, `?storeId=${otherStore}`],
      ] as const) {
        const response = await kit.api("GET", `/api/portal/orders${query}`, auth);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(portalOrderMessages.storeNotFound);
      }
      const mine = await kit.api("GET", `/api/portal/orders/${buyerIds[0]}`, buyer.auth);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data).toMatchObject({ id: buyerIds[0], source: "portal" });
      for (const [auth, id] of [
        [buyer.auth, downtownOrder!.id],
        [buyer.auth, strangerOrder!.id],
        [stranger.auth, buyerIds[0]!],
        [manager.auth, strangerOrder!.id],
      ] as const) {
        const response = await kit.api("GET", `/api/portal/orders/${id}`, auth);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          success: false,
          message: portalOrderMessages.notFound,
          data: null,
        });
      }
    });

    it("lets a Store Viewer read the orders of their stores but neither order nor cancel (403)", async () => {
      const viewer = await kit.user("order.viewer@example.com", organizationId, [uptown], kit.viewerRoleId);
      const ids = await listIds(viewer.auth);
      expect(ids).toEqual(await listIds(buyer.auth));
      expect((await kit.api("GET", `/api/portal/orders/${ids[0]}`, viewer.auth)).statusCode).toBe(200);
      expect((await kit.api("GET", `/api/portal/cart?storeId=${uptown}`, viewer.auth)).statusCode).toBe(403);
      expect((await place(viewer.auth, uptown, [line(own, "OS-A-8", 1)])).statusCode).toBe(403);
      const cancel = await kit.api("POST", `/api/portal/orders/${ids[0]}/cancel`, viewer.auth, {
        revision: 1,
      });
      expect(cancel.statusCode).toBe(403);
    });

    it("cancels only a Pending order, recorded the staff way with the buyer as actor", async () => {
      const [order] = await placed(buyer.auth, uptown, [line(own, "OS-A-8", 1)]);
      expect(
        (await kit.api("POST", `/api/portal/orders/${order!.id}/cancel`, stranger.auth, { revision: 1 }))
          .statusCode,
      ).toBe(404);
      const cancelled = await kit.api("POST", `/api/portal/orders/${order!.id}/cancel`, buyer.auth, {
        revision: order!._revision,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const body = cancelled.json() as { message: string; data: Order };
      expect(body.message).toBe(portalOrderMessages.cancelled);
      expect(body.data.status).toBe("cancelled");
      expect(body.data.history.at(-1)).toMatchObject({
        fromStatus: "pending",
        toStatus: "cancelled",
        changedBy: { id: buyer.id },
      });
      const again = await kit.api("POST", `/api/portal/orders/${order!.id}/cancel`, buyer.auth, {
        revision: body.data._revision,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(portalOrderMessages.cancelOnlyPending);

      const [processing] = await placed(buyer.auth, uptown, [line(own, "OS-A-8", 1)]);
      const moved = await kit.api("PUT", `/api/orders/${processing!.id}/status`, kit.staff, {
        newStatus: "processing",
        revision: processing!._revision,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const refused = await kit.api("POST", `/api/portal/orders/${processing!.id}/cancel`, buyer.auth, {
        revision: moved.json().data._revision,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(portalOrderMessages.cancelOnlyPending);
    });

    it("reorders into the cart, adding to lines there (at most 9,999) and naming lines no longer orderable", async () => {
      const [order] = await placed(buyer.auth, uptown, [
        line(own, "OS-A-8", 5),
        line(reorderable, "RO-A-8", 2),
        line(own, "OS-B-8", 1),
      ]);
      await testApp.database.db
        .update(catalogs)
        .set({ audience: ["good"] })
        .where(eq(catalogs.lineListId, reorderable));
      const cart = await fillCart(buyer.auth, uptown, [line(own, "OS-A-8", 9_998)]);
      const stale = await kit.api("POST", `/api/portal/orders/${order!.id}/reorder`, buyer.auth, {
        revision: cart.revision - 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().data.cart.revision).toBe(cart.revision);

      const response = await kit.api("POST", `/api/portal/orders/${order!.id}/reorder`, buyer.auth, {
        revision: cart.revision,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as {
        message: string;
        data: { cart: Cart; added: number; skipped: { sku: string; modelCode: string; reason: string }[] };
      };
      expect(body.data.added).toBe(2);
      expect(body.data.skipped).toEqual([
        { sku: "RO-A-8", modelCode: "RO-A", reason: portalOrderMessages.lineNotVisible },
      ]);
      expect(body.message).toBe(
        `${portalOrderMessages.reordered(2)}. ${portalOrderMessages.reorderSkipped(1)}`,
      );
      expect(body.data.cart.revision).toBe(cart.revision + 1);
      expect(body.data.cart.lines.map((l) => [l.sku, l.quantity])).toEqual([
        ["OS-A-8", 9_999],
        ["OS-B-8", 1],
      ]);
      const strangers = await kit.api("POST", `/api/portal/orders/${order!.id}/reorder`, stranger.auth, {
        revision: 0,
      });
      expect(strangers.statusCode).toBe(404);
    });
  });
});
