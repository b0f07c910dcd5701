import type { HistoryEntry } from "@cm/contracts/history";
import { historyMessages } from "@cm/contracts/history";
import { permissionMessages } from "@cm/contracts/permissions";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintedAuthorization, signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { rowsOf } from "../../db/client.ts";
import { historyEntries, brands, organizations, roles, stores, users } from "../../db/schema.ts";
import { recordHistory, type HistoryEntryInput } from "../../lib/history.ts";
import { createLineList } from "../line-lists/service.ts";

/** Auckland is 13 hours ahead of UTC in January (daylight saving time): its days start at 11:00 UTC. */
const timeZone = "Pacific/Auckland";

describe("GET /api/history", () => {
  let testApp: TestApp;
  let auth: { authorization: string };
  let ana: { id: number };
  let ben: { id: number };

  const get = async (query: string, headers: { authorization: string } = auth) =>
    testApp.app.inject({ method: "GET", url: `/api/history${query}`, headers });
  const entries = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: HistoryEntry[]; pagination: Record<string, number> };
  };
  const labels = async (query: string) => (await entries(query)).data.map((entry) => entry.entityLabel);

  async function staff(firstName: string, lastName: string, roleName: string) {
    const [role] = await testApp.database.db.select().from(roles).where(eq(roles.name, roleName));
    const [internal] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.type, "internal"));
    const [user] = await testApp.database.db
      .insert(users)
      .values({
        email: `${firstName.toLowerCase()}@history.test`,
        firstName,
        lastName,
        type: "internal",
        organizationId: internal!.id,
        roleId: role!.id,
      })
      .returning();
    return user!;
  }

  const entry = (overrides: Partial<HistoryEntryInput> & Pick<HistoryEntryInput, "entityLabel" | "at">) => ({
    actorUserId: ana.id,
    entityType: "brand" as const,
    entityId: 900_001,
    action: "update" as const,
    changes: [{ field: "name", before: "Old", after: "New" }],
    ...overrides,
  });

  beforeAll(async () => {
    testApp = await createTestApp({ TZ: timeZone });
    auth = await signIn(testApp);
    ana = await staff("Ana", "Diaz", "Finance");
    ben = await staff("Ben", "Okafor", "Sales");
    await testApp.database.db.transaction((tx) =>
      recordHistory(tx, [
        // 23:00 on 9 January in Auckland.
        entry({ entityLabel: "ana-1", at: new Date("2027-01-09T10:00:00Z") }),
        // 23:59:59 on 10 January in Auckland, then its midnight of the 11th.
        entry({ entityLabel: "ana-2", at: new Date("2027-01-10T10:59:59Z") }),
        entry({ entityLabel: "ana-3", at: new Date("2027-01-10T11:00:00Z"), action: "status" }),
        entry({
          entityLabel: "ben-1",
          at: new Date("2027-01-10T11:00:00Z"),
          actorUserId: ben.id,
          entityType: "catalog",
          entityId: 900_002,
          action: "publish",
          changes: [],
          summary: "Published for spring",
        }),
        entry({ entityLabel: "ben-2", at: new Date("2027-01-12T09:00:00Z"), actorUserId: ben.id }),
        entry({ entityLabel: "system", at: new Date("2027-01-12T10:00:00Z"), actorUserId: null }),
      ]),
    );
    // Spellings outside the contract stay out of the history.
    await testApp.database.db.insert(historyEntries).values([
      {
        actorUserId: ana.id,
        entityType: "brand",
        entityId: "900001",
        action: "stage-upload",
        entityLabel: "hidden",
      },
      { actorUserId: ana.id, entityType: "passkey", entityId: "1", action: "create", entityLabel: "hidden" },
    ]);
  });
  afterAll(() => testApp?.close());

  it("needs a signed-in user holding history.view", async () => {
    expect((await testApp.app.inject({ method: "GET", url: "/api/history" })).statusCode).toBe(401);
    const denied = await get("", await mintedAuthorization(testApp, ben.id));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(permissionMessages.missing("history.view"));
    expect((await get("?pageSize=1", await mintedAuthorization(testApp, ana.id))).statusCode).toBe(200);
  });

  it("answers entries newest first, each with its actor's name, in the contract's shape", async () => {
    const { data, pagination } = await entries("?entityType=brand&entityId=900001&pageSize=100");
    expect(data.map((item) => item.entityLabel)).toEqual(["system", "ben-2", "ana-3", "ana-2", "ana-1"]);
    expect(pagination).toEqual({ page: 1, pageSize: 100, total: 5, totalPages: 1 });
    expect(data[2]).toEqual({
      id: expect.any(Number),
      at: "2027-01-10T11:00:00.000Z",
      actor: { id: ana.id, name: "Ana Diaz" },
      entityType: "brand",
      entityId: 900_001,
      entityLabel: "ana-3",
      action: "status",
      changes: [{ field: "name", before: "Old", after: "New" }],
      summary: null,
    });
    expect(data[0]!.actor).toBeNull();
  });

  it("names an actor without a name by their e-mail, and one deleted since by their id", async () => {
    const { db } = testApp.database;
    const nameless = await staff("Nameless", "Person", "Sales");
    await db.update(users).set({ firstName: "", lastName: "" }).where(eq(users.id, nameless.id));
    const gone = await staff("Gone", "Away", "Sales");
    await db.transaction((tx) =>
      recordHistory(tx, [
        entry({
          entityLabel: "by-nameless",
          entityId: 900_003,
          at: new Date("2027-02-01T10:00:00Z"),
          actorUserId: nameless.id,
        }),
        entry({
          entityLabel: "by-gone",
          entityId: 900_003,
          at: new Date("2027-02-02T10:00:00Z"),
          actorUserId: gone.id,
        }),
      ]),
    );
    await db.delete(users).where(eq(users.id, gone.id));
    const { data } = await entries("?entityType=brand&entityId=900003");
    expect(data.map((item) => [item.entityLabel, item.actor])).toEqual([
      ["by-gone", { id: gone.id, name: `User #${gone.id}` }],
      ["by-nameless", { id: nameless.id, name: "nameless@history.test" }],
    ]);
  });

  it("filters by person, and by entity type alone", async () => {
    expect(await labels(`?userId=${ben.id}`)).toEqual(["ben-2", "ben-1"]);
    expect(await labels(`?userId=${ana.id}&entityType=brand`)).toEqual(["ana-3", "ana-2", "ana-1"]);
    const catalogs = await entries("?entityType=catalog&entityId=900002");
    expect(catalogs.data).toEqual([
      expect.objectContaining({ entityLabel: "ben-1", action: "publish", summary: "Published for spring" }),
    ]);
    expect(await labels("?entityType=brand&entityId=123456789")).toEqual([]);
  });

  it("takes from and to as calendar days of the server's time zone, both included", async () => {
    const of = (range: string) => labels(`?entityType=brand&entityId=900001&${range}`);
    expect(await of("from=2027-01-11")).toEqual(["system", "ben-2", "ana-3"]);
    expect(await of("to=2027-01-10")).toEqual(["ana-2", "ana-1"]);
    expect(await of("from=2027-01-10&to=2027-01-10")).toEqual(["ana-2"]);
    expect(await of("to=2027-01-09")).toEqual(["ana-1"]);
    expect(await of("from=2027-01-11&to=2027-01-11")).toEqual(["ana-3"]);
    // 12 January ends at 11:00 UTC in Auckland: 10:00 UTC is still that day.
    expect(await of("from=2027-01-12&to=2027-01-12")).toEqual(["system", "ben-2"]);
  });

  it("pages the entries, the ties in the order they were written", async () => {
    const page = (n: number) => entries(`?entityType=brand&entityId=900001&pageSize=2&page=${n}`);
    const [first, second, third, beyond] = await Promise.all([page(1), page(2), page(3), page(4)]);
    expect(first.data.map((item) => item.entityLabel)).toEqual(["system", "ben-2"]);
    expect(second.data.map((item) => item.entityLabel)).toEqual(["ana-3", "ana-2"]);
    expect(third.data.map((item) => item.entityLabel)).toEqual(["ana-1"]);
    expect(beyond.data).toEqual([]);
    expect(first.pagination).toEqual({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    // ana-3 and ben-1 were written at the same instant: the later one comes first.
    expect(await labels("?from=2027-01-11&to=2027-01-11")).toEqual(["ben-1", "ana-3"]);
  });

  it("refuses bad filters with 400 and the field at fault", async () => {
    const bad = async (query: string) => {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      return response.json() as { message: string; data: Record<string, string[]> };
    };
    expect(await bad("?entityId=3")).toEqual({
      success: false,
      message: historyMessages.entityIdNeedsType,
      data: { entityId: [historyMessages.entityIdNeedsType] },
    });
    expect((await bad("?from=2027-02-01&to=2027-01-31")).message).toBe(historyMessages.fromAfterTo);
    expect(Object.keys((await bad("?entityType=product")).data)).toEqual(["entityType"]);
    expect(Object.keys((await bad("?from=2027-13-01")).data)).toEqual(["from"]);
    expect(Object.keys((await bad("?pageSize=101")).data)).toEqual(["pageSize"]);
    expect(Object.keys((await bad("?userId=0")).data)).toEqual(["userId"]);
  });

  it("shows a change made through the API at once, by whoever made it", async () => {
    const [brand] = rowsOf<{ id: number }>(
      await testApp.database.db.execute(sql`select id from brands where name = 'Skechers'`),
    );
    const response = await testApp.app.inject({
      method: "PUT",
      url: `/api/brands/${brand!.id}`,
      headers: auth,
      payload: { name: "Skechers USA" },
    });
    expect(response.statusCode).toBe(200);
    const [latest] = (await entries(`?entityType=brand&entityId=${brand!.id}&pageSize=1`)).data;
    expect(latest).toMatchObject({
      actor: { name: "Admin User" },
      entityLabel: "Skechers USA",
      action: "update",
      changes: [{ field: "name", before: "Skechers", after: "Skechers USA" }],
    });
  });

  describe("names of the records the changes name by id", () => {
    const api = async (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
      const response = await testApp.app.inject({ method, url, payload, headers: auth });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json().data as { id: number };
    };
    const brandId = async (name: string) =>
      (await testApp.database.db.select().from(brands).where(eq(brands.name, name)))[0]!.id;

    async function customer(name: string) {
      const { db } = testApp.database;
      const [organization] = await db.insert(organizations).values({ name, type: "external" }).returning();
      const [role] = await db.select().from(roles).limit(1);
      const people = await db
        .insert(users)
        .values(
          [
            ["Maria", "Lopez"],
            ["", ""],
          ].map(([firstName, lastName], index) => ({
            email: `${name.toLowerCase()}-${index}@history.test`,
            firstName: firstName!,
            lastName: lastName!,
            type: "external" as const,
            organizationId: organization!.id,
            roleId: role!.id,
          })),
        )
        .returning();
      return { organizationId: organization!.id, people: people.map((person) => person.id) };
    }

    it("names both roles of a user whose role changed", async () => {
      const cleo = await staff("Cleo", "Ruiz", "Sales");
      const [finance] = await testApp.database.db.select().from(roles).where(eq(roles.name, "Finance"));
      await api("PUT", "/api/users", {
        id: cleo.id,
        firstName: "Cleo",
        lastName: "Ruiz",
        roleId: finance!.id,
      });
      expect(await historyOf(testApp, "user", cleo.id)).toEqual([
        expect.objectContaining({
          changes: [{ field: "roleId", before: cleo.roleId, after: finance!.id }],
          names: { roles: { [cleo.roleId]: "Sales", [finance!.id]: "Finance" } },
        }),
      ]);
    });

    it("names a created store's organization, main contact, users and the brands of its brand focus", async () => {
      const crocsId = await brandId("Crocs");
      const { organizationId, people } = await customer("Sunny Soles");
      const [maria, nameless] = people;
      const store = await api("POST", "/api/stores", {
        organizationId,
        name: "Beach",
        mainContactUserId: maria,
        userIds: [maria, nameless],
        brandFocusType: { brandSegmentation: [{ brandId: crocsId, segmentation: "best" }] },
      });
      const [creation] = await historyOf(testApp, "store", store.id);
      expect(creation!.changes).toEqual(
        expect.arrayContaining([
          { field: "userIds", before: null, after: [maria, nameless] },
          {
            field: "brandFocusType",
            before: null,
            after: {
              storeType: "monobrand",
              brandSegmentation: [{ brandId: crocsId, segmentation: "best" }],
            },
          },
        ]),
      );
      // A person without a name is named by their e-mail, as the history labels users.
      expect(creation!.names).toEqual({
        organizations: { [organizationId]: "Sunny Soles" },
        users: { [maria!]: "Maria Lopez", [nameless!]: "sunny soles-1@history.test" },
        brands: { [crocsId]: "Crocs" },
      });
    });

    it("names an order's store", async () => {
      const [organization] = await testApp.database.db
        .insert(organizations)
        .values({ name: "Harbour Shoes", type: "external" })
        .returning();
      const [store] = await testApp.database.db
        .insert(stores)
        .values({
          organizationId: organization!.id,
          name: "Harbour Pier",
          logoUrl: "/store-logo-placeholder.svg",
        })
        .returning();
      const lineList = await createLineList(
        testApp.database.db,
        {
          brandId: await brandId("Crocs"),
          name: "Harbour",
          stage: "saved",
          type: "own-stock",
          products: [
            {
              modelCode: "HB-A",
              silhouette: "Clog",
              color: "Black",
              msrp: "40.00",
              sizes: [{ size: "M8", sku: "HB-A-8" }],
            },
          ],
          catalogs: { crocs: ["HB-A"] },
          sortingCompleted: true,
          published: true,
        },
        null,
      );
      const order = await api("POST", "/api/orders", {
        storeId: store!.id,
        orderType: "open-stock",
        lines: [{ lineListId: lineList.id, sku: "HB-A-8", quantity: 2 }],
      });
      const [creation] = await historyOf(testApp, "order", order.id);
      expect(creation!.changes).toContainEqual({ field: "storeId", before: null, after: store!.id });
      expect(creation!.names).toEqual({ stores: { [store!.id]: "Harbour Pier" } });
    });

    it("gives no name to a record deleted since, while the entry still lists its id", async () => {
      const crocsId = await brandId("Crocs");
      const gone = await api("POST", "/api/brands", { name: "Gone Shoes" });
      const { organizationId } = await customer("Gone Soles");
      const store = await api("POST", "/api/stores", {
        organizationId,
        name: "Gone Corner",
        brandFocusType: { brandSegmentation: [{ brandId: gone.id }] },
      });
      await api("PUT", `/api/stores/${store.id}/brand-focus-type`, {
        newBrandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
      });
      await api("DELETE", `/api/brands/${gone.id}`);

      const [update, creation] = await historyOf(testApp, "store", store.id);
      expect(update!.changes).toEqual([
        {
          field: "brandFocusType",
          before: { storeType: "monobrand", brandSegmentation: [{ brandId: gone.id, segmentation: "good" }] },
          after: { storeType: "monobrand", brandSegmentation: [{ brandId: crocsId, segmentation: "good" }] },
        },
      ]);
      expect(update!.names).toEqual({ brands: { [crocsId]: "Crocs" } });
      expect(creation!.names).toEqual({ organizations: { [organizationId]: "Gone Soles" } });
    });

    it("leaves out names when the changes name nothing", async () => {
      await testApp.database.db.transaction((tx) =>
        recordHistory(tx, [
          entry({
            entityLabel: "unnamed",
            at: new Date("2027-01-13T09:00:00Z"),
            entityType: "order",
            entityId: 900_003,
            changes: [
              // Not ids: none, a label, a fraction, numbers no id column holds; and a number that is no reference.
              { field: "storeId", before: null, after: "SO-000001" },
              { field: "lines.0.brandId", before: 1.5, after: [-1, 2 ** 40] },
              { field: "details", before: { roleId: null }, after: { userIds: ["2"] } },
              { field: "units", before: 1, after: 2 },
            ],
          }),
        ]),
      );
      const [unnamed] = await historyOf(testApp, "order", 900_003);
      expect(unnamed!.entityLabel).toBe("unnamed");
      expect(unnamed).not.toHaveProperty("names");
      // The brand entries of the filters' tests change only a name.
      expect((await historyOf(testApp, "brand", 900_001)).some((item) => "names" in item)).toBe(false);
    });
  });

  it("has an index for each filter, so the database pages without reading every entry", async () => {
    const indexes = rowsOf<{ indexdef: string }>(
      await testApp.database.db.execute(
        sql`select indexdef from pg_indexes where tablename = 'history_entries' order by indexname`,
      ),
    ).map((row) => row.indexdef.replace(/^.*USING btree /, ""));
    expect(indexes).toEqual(
      expect.arrayContaining([
        "(actor_user_id, created_at, id)",
        "(created_at, id)",
        "(entity_type, entity_id, created_at, id)",
        "(entity_type, created_at, id)",
      ]),
    );
    // Each filter reads its index backwards, newest first: no sort of the whole table.
    for (const where of [
      sql`true`,
      sql`entity_type = 'brand'`,
      sql`entity_type = 'brand' and entity_id = '900001'`,
      sql`actor_user_id = ${ana.id}`,
    ]) {
      const plan = await testApp.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<{ "QUERY PLAN": string }>(
          await tx.execute(
            sql`explain select id from history_entries where ${where} order by created_at desc, id desc limit 10`,
          ),
        )
          .map((row) => row["QUERY PLAN"])
          .join("\n");
      });
      expect(plan).toMatch(/Index (Only )?Scan Backward using history_entries_\w+_idx/);
      expect(plan).not.toMatch(/Sort/);
    }
  });
});
