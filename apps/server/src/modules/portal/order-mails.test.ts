import { type Order } from "@cm/contracts/orders";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { stores, users } from "../../db/schema.ts";
import { outboxDir, readOutbox, type OutboxEntry } from "../mail/outbox.ts";
import { createOrderKit, type OrderKit } from "./order-test-kit.ts";

type Auth = { authorization: string };

/** The portal's order mails (docs/portal.md "E-mails"), read from the dev outbox. */
describe("portal order mails", () => {
  let testApp: TestApp;
  let kit: OrderKit;
  let storeId: number;
  let buyer: { id: number; auth: Auth };
  let own: number;

  const line = (lineListId: number, sku: string, quantity: number) => ({ lineListId, sku, quantity });
  async function mailsAbout(subject: string): Promise<OutboxEntry[]> {
    await testApp.app.mailer.idle();
    const mails = await readOutbox(outboxDir(testApp.config.DATA_DIR));
    return mails.filter((mail) => mail.subject === subject).sort((a, b) => a.to.localeCompare(b.to));
  }
  async function moveStatus(order: { id: number; _revision: number }, newStatus: string) {
    const response = await kit.api("PUT", `/api/orders/${order.id}/status`, kit.staff, {
      newStatus,
      revision: order._revision,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Order;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = await createOrderKit(testApp);
    const organizationId = await kit.customer("Mail & <Shoes>");
    storeId = await kit.store(organizationId, "Mail <Main> & Co");
    buyer = await kit.user("mail.buyer@example.com", organizationId, [storeId]);
    const contact = await kit.user("mail.contact@example.com", organizationId, [storeId]);
    await testApp.database.db
      .update(stores)
      .set({ mainContactUserId: contact.id })
      .where(eq(stores.id, storeId));
    own = await kit.lineList("ML");
  });
  afterAll(() => testApp?.close());

  it("confirms each placed order to the buyer and the store's main contact, with its lines and totals", async () => {
    const cart = await kit.cart(buyer.auth, storeId);
    await kit.putCart(buyer.auth, storeId, cart.revision, [line(own, "ML-A-8", 2), line(own, "ML-B-10", 1)]);
    const response = await kit.api("POST", "/api/portal/cart/submit", buyer.auth, {
      storeId,
      revision: cart.revision + 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [order] = (response.json() as { data: { orders: Order[] } }).data.orders;
    const mails = await mailsAbout(portalOrderMessages.confirmationSubject(order!.number));
    expect(mails.map((mail) => mail.to)).toEqual(["mail.buyer@example.com", "mail.contact@example.com"]);
    const [mail] = mails;
    expect(mail!.text).toContain(`Order ${order!.number} for Mail <Main> & Co (Mail & <Shoes>)`);
    expect(mail!.text).toContain("- ML-A · ML A · Black, size M8: 2 × 30.00 = 60.00");
    expect(mail!.text).toContain("- ML-B · ML B · Black, size M10: 1 × 30.00 = 30.00");
    expect(mail!.text).toContain("Total: 3 units, 90.00 WHS");
    expect(mail!.html).toContain("Mail &lt;Main&gt; &amp; Co (Mail &amp; &lt;Shoes&gt;)");
    expect(mail!.html).not.toContain("<Main>");
    expect(mail!.html).toContain(">ML-A</td>");
    expect(mail!.html).toContain(">60.00</td>");
  });

  it("tells the customer who placed the order and the main contact of each status change staff make, and of its undo", async () => {
    const response = await kit.api("POST", "/api/portal/orders", buyer.auth, {
      storeId,
      lines: [line(own, "ML-A-10", 1)],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [order] = (response.json() as { data: { orders: Order[] } }).data.orders;
    const processing = await moveStatus(order!, "processing");
    const moved = await mailsAbout(portalOrderMessages.statusSubject(order!.number, "Processing"));
    expect(moved.map((mail) => mail.to)).toEqual(["mail.buyer@example.com", "mail.contact@example.com"]);
    expect(moved[0]!.text).toContain(`Order ${order!.number} for Mail <Main> & Co is now Processing.`);

    const undo = await kit.api("POST", `/api/orders/${order!.id}/status/undo`, kit.staff, {
      revision: processing._revision,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = await mailsAbout(portalOrderMessages.statusSubject(order!.number, "Pending"));
    expect(undone.map((mail) => mail.to)).toEqual(["mail.buyer@example.com", "mail.contact@example.com"]);
  });

  it("mails a staff order's status change to the main contact only, and nobody when the store has none", async () => {
    const created = await kit.api("POST", "/api/orders", kit.staff, {
      storeId,
      orderType: "open-stock",
      lines: [line(own, "ML-B-8", 1)],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data as Order;
    expect(order.source).toBe("staff");
    expect(await mailsAbout(portalOrderMessages.confirmationSubject(order.number))).toEqual([]);
    await moveStatus(order, "cancelled");
    const mails = await mailsAbout(portalOrderMessages.statusSubject(order.number, "Cancelled"));
    expect(mails.map((mail) => mail.to)).toEqual(["mail.contact@example.com"]);

    await testApp.database.db.update(stores).set({ mainContactUserId: null }).where(eq(stores.id, storeId));
    try {
      const again = await kit.api("POST", "/api/orders", kit.staff, {
        storeId,
        orderType: "open-stock",
        lines: [line(own, "ML-B-8", 1)],
      });
      const other = again.json().data as Order;
      await moveStatus(other, "processing");
      expect(await mailsAbout(portalOrderMessages.statusSubject(other.number, "Processing"))).toEqual([]);
    } finally {
      const [contact] = await testApp.database.db
        .select()
        .from(users)
        .where(eq(users.email, "mail.contact@example.com"));
      await testApp.database.db
        .update(stores)
        .set({ mainContactUserId: contact!.id })
        .where(eq(stores.id, storeId));
    }
  });

  it("sends one confirmation when the buyer is the store's main contact", async () => {
    await testApp.database.db
      .update(stores)
      .set({ mainContactUserId: buyer.id })
      .where(eq(stores.id, storeId));
    const response = await kit.api("POST", "/api/portal/orders", buyer.auth, {
      storeId,
      lines: [line(own, "ML-A-8", 1)],
    });
    expect(response.statusCode, response.body).toBe(201);
    const [order] = (response.json() as { data: { orders: Order[] } }).data.orders;
    const mails = await mailsAbout(portalOrderMessages.confirmationSubject(order!.number));
    expect(mails.map((mail) => mail.to)).toEqual(["mail.buyer@example.com"]);
  });
});
