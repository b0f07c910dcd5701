import { orderMessages } from "@cm/contracts/orders";
import { portalOrderMessages, type Cart } from "@cm/contracts/portal-orders";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { rowsOf } from "../../db/client.ts";
import { catalogs, lineLists } from "../../db/schema.ts";
import { createOrderKit, type OrderKit } from "./order-test-kit.ts";

/** The portal cart (docs/portal.md "The cart and orders"): revisions, visibility, prices, problems. */
describe("the portal cart", () => {
  let testApp: TestApp;
  let kit: OrderKit;
  let storeId: number;
  let otherStoreId: number;
  let organizationId: number;
  let buyer: { id: number; auth: { authorization: string } };
  let own: number;
  let bestOnly: number;
  let unpublished: number;

  const line = (lineListId: number, sku: string, quantity: number) => ({ lineListId, sku, quantity });

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = await createOrderKit(testApp);
    organizationId = await kit.customer("Cart Shoes");
    storeId = await kit.store(organizationId, "Cart Shoes Main", "good");
    const otherOrganizationId = await kit.customer("Other Shoes");
    otherStoreId = await kit.store(otherOrganizationId, "Other Shoes Main");
    buyer = await kit.user("cart.buyer@example.com", organizationId, [storeId]);
    own = await kit.lineList("OW");
    bestOnly = await kit.lineList("BO");
    unpublished = await kit.lineList("UN", { published: false });
    await testApp.database.db
      .update(catalogs)
      .set({ audience: ["best"] })
      .where(eq(catalogs.lineListId, bestOnly));
  });
  afterAll(() => testApp?.close());

  it("answers revision 0 and no lines while the store has no cart", async () => {
    expect(await kit.cart(buyer.auth, storeId)).toEqual({
      storeId,
      revision: 0,
      lines: [],
      units: 0,
      totalWhs: "0.00",
      updatedAt: null,
    });
  });

  it("saves lines at revision 0, then answers them in order, priced as an order would be", async () => {
    const response = await kit.putCart(buyer.auth, storeId, 0, [
      line(own, "OW-B-10", 1),
      line(own, "OW-A-8", 3),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { message: string; data: Cart };
    expect(body.message).toBe(portalOrderMessages.cartSaved);
    expect(body.data).toMatchObject({ storeId, revision: 1, units: 4, totalWhs: "120.00" });
    expect(
      body.data.lines.map((l) => [l.sku, l.size, l.quantity, l.msrp, l.unitWhs, l.lineTotal, l.problem]),
    ).toEqual([
      ["OW-B-10", "M10", 1, "59.99", "30.00", "30.00", null],
      ["OW-A-8", "M8", 3, "59.99", "30.00", "90.00", null],
    ]);
    expect(body.data.lines[0]).toMatchObject({
      lineListId: own,
      lineListName: "OW",
      lineListType: "own-stock",
      orderType: "open-stock",
      brandName: "Crocs",
      modelCode: "OW-B",
      name: "OW B",
      color: "Black",
    });
    expect(await kit.cart(buyer.auth, storeId)).toEqual(body.data);
    // The portal's frame shows the cart's units from GET /api/portal/me before reading the cart.
    const me = await kit.api("GET", "/api/portal/me", buyer.auth);
    expect(me.json().data.stores).toEqual([{ id: storeId, name: "Cart Shoes Main", cartUnits: 4 }]);
  });

  it("lets one of two writers at the same revision through and answers the other 409 with the cart, losing no line", async () => {
    const before = await kit.cart(buyer.auth, storeId);
    const mine = [...before.lines.map((l) => line(l.lineListId, l.sku, l.quantity)), line(own, "OW-A-10", 2)];
    const theirs = [
      ...before.lines.map((l) => line(l.lineListId, l.sku, l.quantity)),
      line(own, "OW-B-8", 5),
    ];
    const answers = await Promise.all([
      kit.putCart(buyer.auth, storeId, before.revision, mine),
      kit.putCart(buyer.auth, storeId, before.revision, theirs),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    const body = refused.json() as { success: false; message: string; data: { cart: Cart } };
    expect(body.message).toBe(portalOrderMessages.cartChanged);
    expect(body.data.cart.revision).toBe(before.revision + 1);
    // The loser applies its change again on the cart it was given.
    const lost = refused === answers[0] ? line(own, "OW-A-10", 2) : line(own, "OW-B-8", 5);
    const again = await kit.putCart(buyer.auth, storeId, body.data.cart.revision, [
      ...body.data.cart.lines.map((l) => line(l.lineListId, l.sku, l.quantity)),
      lost,
    ]);
    expect(again.statusCode, again.body).toBe(200);
    const after = await kit.cart(buyer.auth, storeId);
    expect(after.revision).toBe(before.revision + 2);
    expect(after.lines.map((l) => l.sku).sort()).toEqual(["OW-A-10", "OW-A-8", "OW-B-10", "OW-B-8"]);
  });

  it("keeps the cart across a new sign-in (another device)", async () => {
    const before = await kit.cart(buyer.auth, storeId);
    const again = await signIn(testApp, "cart.buyer@example.com", { fresh: true });
    expect(await kit.cart(again, storeId)).toEqual(before);
  });

  it("refuses lines the store may not see and repeated lines, naming each, and stores nothing", async () => {
    const before = await kit.cart(buyer.auth, storeId);
    const response = await kit.putCart(buyer.auth, storeId, before.revision, [
      line(own, "OW-A-8", 1),
      line(bestOnly, "BO-A-8", 1),
      line(unpublished, "UN-A-8", 1),
      line(own, "OW-C-8", 1),
      line(own, "NOPE", 1),
      line(own, "OW-A-8", 2),
    ]);
    expect(response.statusCode, response.body).toBe(400);
    const notVisible = (sku: string) => [`${sku}: ${portalOrderMessages.lineNotVisible}`];
    expect(response.json()).toEqual({
      success: false,
      message: orderMessages.linesRefused,
      data: {
        "lines.1.sku": notVisible("BO-A-8"),
        "lines.2.sku": notVisible("UN-A-8"),
        "lines.3.sku": notVisible("OW-C-8"),
        "lines.4.sku": notVisible("NOPE"),
        "lines.5.sku": [`OW-A-8: ${orderMessages.skuRepeated}`],
      },
    });
    expect(await kit.cart(buyer.auth, storeId)).toEqual(before);
  });

  it("refuses quantities outside 1..9999 (400) and a stale revision (409)", async () => {
    const before = await kit.cart(buyer.auth, storeId);
    for (const quantity of [0, 10_000]) {
      const response = await kit.putCart(buyer.auth, storeId, before.revision, [
        line(own, "OW-A-8", quantity),
      ]);
      expect(response.statusCode).toBe(400);
    }
    const stale = await kit.putCart(buyer.auth, storeId, 0, []);
    expect(stale.statusCode).toBe(409);
    expect(await kit.cart(buyer.auth, storeId)).toEqual(before);
  });

  it("names what stops a saved line now: the line list unpublished for the store", async () => {
    const before = await kit.cart(buyer.auth, storeId);
    await testApp.database.db.update(lineLists).set({ published: false }).where(eq(lineLists.id, own));
    try {
      const cart = await kit.cart(buyer.auth, storeId);
      expect(cart.lines.map((l) => l.problem)).toEqual(
        before.lines.map(() => portalOrderMessages.lineNotVisible),
      );
      expect(cart.lines[0]!.unitWhs).toBeNull();
      expect(cart.totalWhs).toBe("0.00");

      // Such lines stay while their quantity does not grow: the rest of the cart can still be edited.
      const kept = cart.lines.map((l) => line(l.lineListId, l.sku, l.quantity));
      const lowered = kept.map((l, index) => (index === 0 && l.quantity > 1 ? { ...l, quantity: 1 } : l));
      const edited = await kit.putCart(buyer.auth, storeId, cart.revision, lowered);
      expect(edited.statusCode).toBe(200);
      const grown = lowered.map((l, index) => (index === 0 ? { ...l, quantity: l.quantity + 1 } : l));
      const refused = await kit.putCart(buyer.auth, storeId, edited.json().data.revision, grown);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data).toEqual({
        "lines.0.sku": [`${grown[0]!.sku}: ${portalOrderMessages.lineNotVisible}`],
      });
    } finally {
      await testApp.database.db.update(lineLists).set({ published: true }).where(eq(lineLists.id, own));
    }
  });

  it("answers 404 for another organization's store and for a store the user is not linked to, 403 for staff", async () => {
    for (const id of [otherStoreId, 2_000_000]) {
      const read = await kit.api("GET", `/api/portal/cart?storeId=${id}`, buyer.auth);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(portalOrderMessages.storeNotFound);
      expect((await kit.putCart(buyer.auth, id, 0, [])).statusCode).toBe(404);
    }
    const unlinked = await kit.store(organizationId, "Cart Shoes Unlinked");
    expect((await kit.api("GET", `/api/portal/cart?storeId=${unlinked}`, buyer.auth)).statusCode).toBe(404);
    expect((await kit.api("GET", `/api/portal/cart?storeId=${storeId}`, kit.staff)).statusCode).toBe(403);
    const count = rowsOf<{ n: number }>(
      await testApp.database.db.execute(
        sql`select count(*)::int as n from portal_carts where store_id = ${otherStoreId}`,
      ),
    );
    expect(count).toEqual([{ n: 0 }]);
  });
  it("documents the cart and portal order routes in the OpenAPI document, with their answers", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    for (const [path, method, status] of [
      ["/api/portal/cart", "get", "200"],
      ["/api/portal/cart", "put", "409"],
      ["/api/portal/cart/submit", "post", "201"],
      ["/api/portal/orders", "post", "201"],
      ["/api/portal/orders", "get", "200"],
      ["/api/portal/orders/{id}", "get", "404"],
      ["/api/portal/orders/{id}/cancel", "post", "409"],
      ["/api/portal/orders/{id}/reorder", "post", "409"],
    ] as const) {
      expect(paths[path]?.[method]?.responses[status], `${method} ${path} ${status}`).toBeDefined();
    }
  });
});
