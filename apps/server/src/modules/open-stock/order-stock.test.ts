import type { Order } from "@cm/contracts/orders";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { rowsOf } from "../../db/client.ts";
import { brands, organizations, stores, users } from "../../db/schema.ts";
import { createLineList } from "../line-lists/service.ts";
import { getOrderOffer } from "../orders/service.ts";

describe("open-stock orders and the available quantities", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let storeId: number;
  const lineList: Record<string, number> = {};

  const db = () => testApp.database.db;
  const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: auth });

  async function newLineList(name: string, type: "own-stock" | "pre-book") {
    const [admin] = await db().select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const [crocs] = await db().select().from(brands).where(eq(brands.name, "Crocs"));
    const created = await createLineList(
      db(),
      {
        brandId: crocs!.id,
        name,
        stage: "saved",
        type,
        ...(type === "pre-book" && { deadline: "2999-12-31" }),
        products: [
          {
            modelCode: `${name}-A`,
            silhouette: "Clog",
            msrp: "50.00",
            sizes: [
              { size: "M8", sku: `${name}-8` },
              { size: "M9", sku: `${name}-9` },
              { size: "M10", sku: `${name}-10` },
            ],
          },
        ],
        catalogs: { crocs: [`${name}-A`] },
        sortingCompleted: true,
        published: true,
      },
      admin!.id,
    );
    return created.id;
  }

  async function setAvailable(values: Record<string, number | null>) {
    for (const [sku, quantity] of Object.entries(values)) {
      await db().execute(sql`update product_sizes set available_quantity = ${quantity} where sku = ${sku}`);
    }
  }
  async function available(...skus: string[]): Promise<Record<string, number | null>> {
    const rows = rowsOf<{ sku: string; quantity: number | null }>(
      await db().execute(sql`
        select sku, available_quantity as quantity from product_sizes
        where sku in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))
      `),
    );
    return Object.fromEntries(rows.map((row) => [row.sku, row.quantity]));
  }

  async function order(
    orderType: "open-stock" | "pre-book",
    lines: [number, string, number][],
  ): Promise<Order> {
    const response = await api("POST", "/api/orders", {
      storeId,
      orderType,
      lines: lines.map(([lineListId, sku, quantity]) => ({ lineListId, sku, quantity })),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }
  async function move(current: Order, newStatus: string): Promise<Order> {
    const response = await api("PUT", `/api/orders/${current.id}/status`, {
      newStatus,
      revision: current._revision,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const [organization] = await db()
      .insert(organizations)
      .values({ name: "Stock Shoes", type: "external", status: "active" })
      .returning();
    const [store] = await db()
      .insert(stores)
      .values({
        organizationId: organization!.id,
        name: "Stock Store",
        logoUrl: "/store-logo-placeholder.svg",
      })
      .returning();
    storeId = store!.id;
    lineList.own = await newLineList("OWN", "own-stock");
    lineList.prebook = await newLineList("PRE", "pre-book");
  });
  afterAll(() => testApp?.close());

  it("takes the quantities at Processing, keeps them through Shipped, and takes nothing of an unknown SKU", async () => {
    await setAvailable({ "OWN-8": 10, "OWN-9": 1, "OWN-10": null });
    let written = await order("open-stock", [
      [lineList.own!, "OWN-8", 3],
      [lineList.own!, "OWN-9", 4],
      [lineList.own!, "OWN-10", 2],
    ]);
    // A pending order takes nothing.
    expect(await available("OWN-8", "OWN-9", "OWN-10")).toEqual({ "OWN-8": 10, "OWN-9": 1, "OWN-10": null });

    written = await move(written, "processing");
    // Over-sold stock goes below 0: the grid warned, the order is not refused.
    expect(await available("OWN-8", "OWN-9", "OWN-10")).toEqual({ "OWN-8": 7, "OWN-9": -3, "OWN-10": null });

    written = await move(written, "shipped");
    await move(written, "delivered");
    expect(await available("OWN-8", "OWN-9", "OWN-10")).toEqual({ "OWN-8": 7, "OWN-9": -3, "OWN-10": null });
  });

  it("gives back what it took when cancelled from Processing, and nothing for a Pending order", async () => {
    await setAvailable({ "OWN-8": 20, "OWN-9": 5, "OWN-10": null });
    const pending = await order("open-stock", [[lineList.own!, "OWN-8", 2]]);
    await move(pending, "cancelled");
    expect(await available("OWN-8")).toEqual({ "OWN-8": 20 });

    let written = await order("open-stock", [
      [lineList.own!, "OWN-8", 6],
      [lineList.own!, "OWN-10", 1],
    ]);
    written = await move(written, "processing");
    expect(await available("OWN-8")).toEqual({ "OWN-8": 14 });
    // An upload sets OWN-10 while the order is processing: it took nothing of it, so gives nothing back.
    await setAvailable({ "OWN-10": 8 });
    await move(written, "cancelled");
    expect(await available("OWN-8", "OWN-10")).toEqual({ "OWN-8": 20, "OWN-10": 8 });
  });

  it("gives back on undoing Start processing, and takes again on undoing a cancellation", async () => {
    await setAvailable({ "OWN-9": 9 });
    let written = await order("open-stock", [[lineList.own!, "OWN-9", 4]]);
    written = await move(written, "processing");
    expect(await available("OWN-9")).toEqual({ "OWN-9": 5 });
    const undo = async (current: Order) => {
      const response = await api("POST", `/api/orders/${current.id}/status/undo`, {
        revision: current._revision,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Order;
    };
    written = await undo(written);
    expect(written.status).toBe("pending");
    expect(await available("OWN-9")).toEqual({ "OWN-9": 9 });

    written = await move(written, "processing");
    written = await move(written, "cancelled");
    expect(await available("OWN-9")).toEqual({ "OWN-9": 9 });
    written = await undo(written);
    expect(written.status).toBe("processing");
    expect(await available("OWN-9")).toEqual({ "OWN-9": 5 });
  });

  it("leaves the quantities alone for other order types", async () => {
    await setAvailable({ "PRE-8": 4 });
    const written = await order("pre-book", [[lineList.prebook!, "PRE-8", 3]]);
    await move(written, "processing");
    expect(await available("PRE-8")).toEqual({ "PRE-8": 4 });
  });

  it("leaves nothing changed when the status move is refused", async () => {
    await setAvailable({ "OWN-8": 30 });
    const written = await order("open-stock", [[lineList.own!, "OWN-8", 5]]);
    const stale = await api("PUT", `/api/orders/${written.id}/status`, {
      newStatus: "processing",
      revision: written._revision + 5,
    });
    expect(stale.statusCode).toBe(409);
    expect(await available("OWN-8")).toEqual({ "OWN-8": 30 });
  });

  it("offers each size with its available quantity where one is known", async () => {
    await setAvailable({ "OWN-8": 12, "OWN-9": null, "OWN-10": 0 });
    const offer = await getOrderOffer(db(), storeId, [lineList.own!]);
    expect(offer.lineLists[0]!.styles[0]!.sizes).toEqual([
      { size: "M8", sku: "OWN-8", availableQuantity: 12 },
      { size: "M9", sku: "OWN-9" },
      { size: "M10", sku: "OWN-10", availableQuantity: 0 },
    ]);
  });

  it("offers no available quantity on a line list an open-stock order is not written from", async () => {
    await setAvailable({ "PRE-8": 4 });
    const offer = await getOrderOffer(db(), storeId, [lineList.prebook!]);
    expect(offer.lineLists[0]!.styles[0]!.sizes.find((size) => size.sku === "PRE-8")).toEqual({
      size: "M8",
      sku: "PRE-8",
    });
  });

  it("sends the available quantities with the offer over HTTP", async () => {
    await setAvailable({ "OWN-8": 3, "OWN-9": null, "OWN-10": null });
    const response = await api("GET", `/api/orders/offer?storeId=${storeId}&lineListId=${lineList.own}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.lineLists[0].styles[0].sizes).toEqual([
      { size: "M8", sku: "OWN-8", availableQuantity: 3 },
      { size: "M9", sku: "OWN-9" },
      { size: "M10", sku: "OWN-10" },
    ]);
  });
});
