import { segmentationMessages } from "@cm/contracts/catalog-segmentation";
import { genericMessages } from "@cm/contracts/messages";
import { catalogTypeValues, type CatalogType } from "@cm/contracts/catalogs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../test/auth.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { brands, users } from "./db/schema.ts";
import { modelCode, segmentationKit } from "./modules/catalogs/segmentation-test-kit.ts";
import { createLineList } from "./modules/line-lists/service.ts";

/**
 * Many clients editing the same record at once, each from the same revision it read: exactly one
 * write wins, every other gets 409 and changes nothing, so no edit is silently overwritten.
 */

const clients = 20;

type Method = "PUT" | "PATCH";

describe("concurrent edits from the same revision", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let crocsId: number;

  const api = (method: "GET" | "POST" | Method, url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: auth });

  async function created(url: string, payload: object) {
    const response = await api("POST", url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; _revision: number };
  }

  /**
   * Sends one edit per client at once, the i-th built by `edit(i)`, and answers the statuses and
   * the index of the one that won.
   */
  async function race(method: Method, url: string, edit: (client: number) => object) {
    const answers = await Promise.all(
      Array.from({ length: clients }, (_, client) => api(method, url, edit(client))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const winner = statuses.indexOf(200);
    for (const answer of answers.filter((answer) => answer.statusCode === 409))
      expect(answer.json().message).toBe(genericMessages.staleRevision);
    console.info(
      `[faults] ${clients} concurrent ${method} ${url.replace(/\d+/g, "{id}")}: ` +
        `${statuses.filter((status) => status === 200).length} won, ` +
        `${statuses.filter((status) => status === 409).length} × 409`,
    );
    return { statuses: [...statuses].sort(), winner };
  }

  const oneWinner = [200, ...Array<number>(clients - 1).fill(409)];

  beforeAll(async () => {
    testApp = await createTestApp();
    auth = await signIn(testApp);
    const [crocs] = await testApp.database.db.select().from(brands).where(eq(brands.name, "Crocs"));
    crocsId = crocs!.id;
  });
  afterAll(() => testApp?.close());

  it("renames a brand once", async () => {
    const brand = await created("/api/brands", { name: "Racer" });
    const { statuses, winner } = await race("PUT", `/api/brands/${brand.id}`, (client) => ({
      name: `Racer ${client}`,
      expectedRevision: brand._revision,
    }));
    expect(statuses).toEqual(oneWinner);
    // The API reads brands only as a list.
    const [stored] = await testApp.database.db.select().from(brands).where(eq(brands.id, brand.id));
    expect(stored).toMatchObject({ name: `Racer ${winner}`, revision: brand._revision + 1 });
  });

  it("renames an organization once", async () => {
    const organization = await created("/api/organizations", { name: "Racing Soles" });
    const { statuses, winner } = await race("PUT", "/api/organizations/name", (client) => ({
      organizationId: organization.id,
      name: `Racing Soles ${client}`,
      expectedRevision: organization._revision,
    }));
    expect(statuses).toEqual(oneWinner);
    const stored = (await api("GET", `/api/organizations/${organization.id}`)).json().data;
    expect(stored).toMatchObject({ name: `Racing Soles ${winner}`, _revision: organization._revision + 1 });
  });

  it("renames a store once", async () => {
    const organization = await created("/api/organizations", { name: "Store Racers" });
    const store = await created("/api/stores", {
      organizationId: organization.id,
      name: "Downtown",
      brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
    });
    const { statuses, winner } = await race("PATCH", `/api/stores/${store.id}/basic-info`, (client) => ({
      newName: `Downtown ${client}`,
      expectedRevision: store._revision,
    }));
    expect(statuses).toEqual(oneWinner);
    const stored = (await api("GET", `/api/stores/${store.id}`)).json().data;
    expect(stored).toMatchObject({ name: `Downtown ${winner}`, _revision: store._revision + 1 });
  });

  it("renames a role once", async () => {
    const role = await created("/api/roles", { name: "Racer Role" });
    const { statuses, winner } = await race("PUT", `/api/roles/${role.id}`, (client) => ({
      name: `Racer Role ${client}`,
      expectedRevision: role._revision,
    }));
    expect(statuses).toEqual(oneWinner);
    const stored = (await api("GET", `/api/roles/${role.id}`)).json().data;
    expect(stored).toMatchObject({ name: `Racer Role ${winner}`, _revision: role._revision + 1 });
  });

  it("replaces an order's lines once", async () => {
    const [admin] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const lineList = await createLineList(
      testApp.database.db,
      {
        brandId: crocsId,
        name: "RACE",
        stage: "saved",
        type: "own-stock",
        products: [
          {
            modelCode: "RACE-A",
            silhouette: "Clog",
            msrp: "50.00",
            sizes: [{ size: "M9", sku: "RACE-A-9" }],
          },
        ],
        catalogs: { crocs: ["RACE-A"] },
        sortingCompleted: true,
        published: true,
      },
      admin!.id,
    );
    const organization = await created("/api/organizations", { name: "Order Racers" });
    const store = await created("/api/stores", {
      organizationId: organization.id,
      name: "Uptown",
      brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
    });
    const order = await created("/api/orders", {
      storeId: store.id,
      orderType: "open-stock",
      lines: [{ lineListId: lineList.id, sku: "RACE-A-9", quantity: 1 }],
    });
    const { statuses, winner } = await race("PUT", `/api/orders/${order.id}/lines`, (client) => ({
      revision: order._revision,
      lines: [{ lineListId: lineList.id, sku: "RACE-A-9", quantity: client + 2 }],
    }));
    expect(statuses).toEqual(oneWinner);
    const stored = (await api("GET", `/api/orders/${order.id}`)).json().data;
    expect(stored).toMatchObject({ units: winner + 2, _revision: order._revision + 1 });
  });

  it("writes orders of shared customers and products at once without a failure", async () => {
    // Order writes change the dashboard's month summaries (migration 0013) row by row: writers
    // of the same customers and products at once must wait for each other, not deadlock.
    const [admin] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const codes = Array.from({ length: 8 }, (_, index) => `MIX-${index}`);
    const lineList = await createLineList(
      testApp.database.db,
      {
        brandId: crocsId,
        name: "MIX",
        stage: "saved",
        type: "own-stock",
        products: codes.map((code) => ({
          modelCode: code,
          silhouette: "Clog",
          msrp: "50.00",
          sizes: [{ size: "M9", sku: `${code}-9` }],
        })),
        catalogs: { crocs: codes },
        sortingCompleted: true,
        published: true,
      },
      admin!.id,
    );
    const stores: { id: number }[] = [];
    for (const name of ["Mix One", "Mix Two"]) {
      const organization = await created("/api/organizations", { name });
      stores.push(
        await created("/api/stores", {
          organizationId: organization.id,
          name: `${name} Store`,
          brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
        }),
      );
    }
    // The i-th client's lines: every product, starting from a different one.
    const lines = (client: number) =>
      codes.map((_, index) => ({
        lineListId: lineList.id,
        sku: `${codes[(index + client) % codes.length]}-9`,
        quantity: client + 1,
      }));
    const orders = [];
    for (let client = 0; client < clients; client += 1) {
      orders.push(
        await created("/api/orders", {
          storeId: stores[client % 2]!.id,
          orderType: "open-stock",
          lines: lines(client),
        }),
      );
    }
    // Each client creates an order, replaces the lines of one and moves another on, all at once.
    const answers = await Promise.all(
      orders.flatMap((order, client) => [
        api("POST", "/api/orders", {
          storeId: stores[(client + 1) % 2]!.id,
          orderType: "open-stock",
          lines: lines(clients - client),
        }),
        client % 2 === 0
          ? api("PUT", `/api/orders/${order.id}/lines`, {
              revision: order._revision,
              lines: lines(client + 3).reverse(),
            })
          : api("PUT", `/api/orders/${order.id}/status`, {
              newStatus: client % 4 === 1 ? "cancelled" : "processing",
              revision: order._revision,
            }),
      ]),
    );
    expect(answers.filter((answer) => answer.statusCode >= 300).map((answer) => answer.body)).toEqual([]);
  });

  describe("moves of the same items", () => {
    const items = 40;
    const targets: CatalogType[] = ["boutique", "crocs"];
    // Each client moves an overlapping part of the items out of athletic, to boutique or crocs;
    // the last fifth of the items is named by none.
    const movedBy = (codes: string[], client: number) =>
      codes.filter((_, index) => index < (items * 4) / 5 && (index + client) % 3 !== 0);

    async function race(name: string, revision: (lineList: { _revision: number }) => object) {
      const kit = await segmentationKit(testApp, auth);
      const codes = Array.from({ length: items }, (_, index) => modelCode(name, index));
      const lineList = await kit.newLineList({ name, items, catalogs: { athletic: codes } });
      const answers = await Promise.all(
        Array.from({ length: clients }, (_, client) =>
          kit.request("POST", "/api/crocs/catalogs/move-items", {
            lineListId: lineList.id,
            ...revision(lineList),
            moveItems: movedBy(codes, client).map((code) => ({
              modelCode: code,
              originCatalogType: "athletic",
              targetCatalogType: targets[client % 2],
            })),
          }),
        ),
      );
      const winners = answers.flatMap((answer, client) => (answer.statusCode === 200 ? [client] : []));
      // Every client's items overlap the first winner's, which left athletic: one move wins.
      expect(winners).toHaveLength(1);
      const winner = winners[0]!;

      // The winner's items left athletic for its target, every other item stayed, none was lost
      // to unsorted, and each item is listed once in each of its places.
      const placements = await kit.placements(lineList.id);
      expect([...placements.keys()].sort()).toEqual(codes);
      for (const code of codes) {
        const expected = movedBy(codes, winner).includes(code) ? [targets[winner % 2]] : ["athletic"];
        expect(placements.get(code), code).toEqual(expected);
      }
      const populated = await kit.populated(lineList.id);
      expect(populated.catalogs.map((catalog) => catalog.type)).toEqual(["unsorted", ...catalogTypeValues]);
      expect(populated.catalogs[0]!.items).toEqual([]);
      for (const catalog of populated.catalogs.slice(1)) {
        const listed = catalog.items.map((item) => item.model_code);
        expect(new Set(listed).size).toBe(listed.length);
        for (const item of catalog.items) expect(item.catalogTypes).toContain(catalog.type);
      }
      return answers.filter((_, client) => client !== winner);
    }

    it("from the same revision: one wins, the others get 409 and change nothing", async () => {
      const losers = await race("RACE", (lineList) => ({ expectedRevision: lineList._revision }));
      for (const answer of losers) {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().message).toBe(genericMessages.staleRevision);
      }
    });

    it("without a revision: a move of items another move took first is refused whole", async () => {
      const losers = await race("RACE-ORIGIN", () => ({}));
      for (const answer of losers) {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().message).toBe(segmentationMessages.itemsLeftOrigin);
      }
    });
  });
});
