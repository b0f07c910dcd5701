import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf, historyRowCount } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  historyEntries,
  brands,
  organizations,
  roles,
  storeAddresses,
  stores,
  users,
} from "../../db/schema.ts";

const billing = {
  type: "billing",
  line1: "1 Market St",
  city: "Miami",
  state: "FL",
  postalCode: "33101",
  country: "US",
};
const shipping = { type: "shipping", line1: "9 Dock Rd", city: "Miami", state: "FL", country: "US" };
const invalidInput = "Invalid input, please check your input and try again.";

describe("stores API", () => {
  let testApp: TestApp;
  let headers: { authorization: string };
  let crocsId: number;
  let pandoraId: number;
  let organizationId: number;
  let memberId: number;
  let outsiderId: number;

  const request = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: unknown) =>
    testApp.app.inject({ method, url, payload: payload as object, headers });

  async function createStore(body: Record<string, unknown> = {}) {
    const response = await request("POST", "/api/stores", {
      organizationId,
      name: "Downtown",
      brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; _revision: number };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    headers = await signIn(testApp);
    const { db } = testApp.database;
    const rows = await db.select().from(brands);
    crocsId = rows.find((brand) => brand.name === "Crocs")!.id;
    pandoraId = rows.find((brand) => brand.name === "Pandora")!.id;
    const [customer, other] = await db
      .insert(organizations)
      .values([
        { name: "Sunny Soles", type: "external" },
        { name: "Other Customer", type: "external" },
      ])
      .returning();
    organizationId = customer!.id;
    const [role] = await db.select().from(roles).limit(1);
    const [member, outsider] = await db
      .insert(users)
      .values([
        {
          email: "ana@sunny.test",
          firstName: "Ana",
          lastName: "Soles",
          type: "external",
          organizationId,
          roleId: role!.id,
        },
        {
          email: "olu@other.test",
          firstName: "Olu",
          lastName: "Other",
          type: "external",
          organizationId: other!.id,
          roleId: role!.id,
        },
      ])
      .returning();
    memberId = member!.id;
    outsiderId = outsider!.id;
  });
  afterAll(() => testApp?.close());

  it("lists no stores with the spec's message", async () => {
    const response = await request("GET", "/api/stores");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: "No business stores found.", data: [] });
  });

  it("creates a store: derived store type, default segmentation, placeholder logo, addresses and contact", async () => {
    const response = await request("POST", "/api/stores", {
      organizationId,
      name: " Beach Store ",
      description: "",
      addresses: [billing, { ...shipping, line2: "", postalCode: "" }],
      mainContactUserId: memberId,
      status: "active",
      brandFocusType: {
        storeType: "monobrand",
        brandSegmentation: [{ brandId: crocsId, segmentation: "best" }, { brandId: pandoraId }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Store created successfully",
      createdNewStream: true,
      nextExpectedStreamVersion: 1,
      data: {
        organizationId,
        name: "Beach Store",
        description: null,
        status: "active",
        mainContactUserId: memberId,
        userIds: [memberId],
        logoUrl: "/store-logo-placeholder.svg",
        brandFocusType: {
          storeType: "multi-brand",
          brandSegmentation: [
            { brandId: crocsId, segmentation: "best" },
            { brandId: pandoraId, segmentation: "good" },
          ],
        },
        _revision: 1,
      },
    });
    expect(body.data.addresses).toEqual([billing, shipping]);

    const one = await createStore({ name: "Single" });
    const read = await request("GET", `/api/stores/${one.id}`);
    expect(read.json().data.brandFocusType).toEqual({
      storeType: "monobrand",
      brandSegmentation: [{ brandId: crocsId, segmentation: "good" }],
    });
    const events = await testApp.database.db.$count(historyEntries, eq(historyEntries.entityType, "store"));
    expect(events).toBeGreaterThanOrEqual(2);
  });

  it("lists stores by name and by organization", async () => {
    const all = await request("GET", "/api/stores");
    const names = all.json().data.map((store: { name: string }) => store.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const none = await request("GET", "/api/stores?organizationId=999999");
    expect(none.json().data).toEqual([]);
    const limited = await request("GET", `/api/stores?organizationId=${organizationId}&limit=1`);
    expect(limited.json().data).toHaveLength(1);
  });

  it.each([
    [
      "no brand",
      { brandFocusType: { brandSegmentation: [] } },
      "brandFocusType.brandSegmentation",
      "Choose at least one brand",
    ],
    ["no brand focus", { brandFocusType: undefined }, "brandFocusType", undefined],
    [
      "an unknown segmentation",
      { brandFocusType: { brandSegmentation: [{ brandId: 1, segmentation: "premium" }] } },
      "brandFocusType.brandSegmentation.0.segmentation",
      undefined,
    ],
    [
      "a brand twice",
      { brandFocusType: { brandSegmentation: [{ brandId: 1 }, { brandId: 1 }] } },
      "brandFocusType.brandSegmentation.1.brandId",
      "Each brand can be chosen only once",
    ],
    [
      "an unknown brand",
      { brandFocusType: { brandSegmentation: [{ brandId: 999999 }] } },
      "brandFocusType.brandSegmentation.0.brandId",
      "Brand not found",
    ],
    ["a blank name", { name: "  " }, "name", "Store name is required"],
    ["no organization", { organizationId: undefined }, "organizationId", "Organization is required"],
    ["an unknown organization", { organizationId: 999999 }, "organizationId", "Organization not found"],
    [
      "two billing addresses",
      { addresses: [billing, billing] },
      "addresses.1.type",
      "A store has at most one billing address",
    ],
    [
      "two shipping addresses",
      { addresses: [shipping, { ...shipping, line1: "Other" }] },
      "addresses.1.type",
      "A store has at most one shipping address",
    ],
    [
      "a long postal code",
      { addresses: [{ ...billing, postalCode: "123456" }] },
      "addresses.0.postalCode",
      "Postal code must be a 5-digit ZIP code, or ZIP+4 as 12345-6789",
    ],
    [
      "a country off the list",
      { addresses: [{ ...billing, country: "DE" }] },
      "addresses.0.country",
      "Choose a country from the list",
    ],
    ["a main contact of another organization", { mainContactUserId: -1 }, "mainContactUserId", undefined],
  ])("refuses %s with the store message and the field", async (_case, change, field, message) => {
    const before = await testApp.database.db.$count(stores);
    const response = await request("POST", "/api/stores", {
      organizationId,
      name: "Refused",
      brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(invalidInput);
    expect(Object.keys(response.json().data)).toContain(field);
    if (message) expect(response.json().data[field]).toContain(message);
    expect(await testApp.database.db.$count(stores)).toBe(before);
  });

  it("refuses a main contact or user from another organization, and the internal organization", async () => {
    const outsider = await request("POST", "/api/stores", {
      organizationId,
      name: "Refused",
      mainContactUserId: outsiderId,
      userIds: [outsiderId],
      brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().data).toEqual({
      mainContactUserId: ["The user must belong to the store's organization"],
      "userIds.0": ["The user must belong to the store's organization"],
    });
    const [internal] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.type, "internal"));
    const staffStore = await request("POST", "/api/stores", {
      organizationId: internal!.id,
      name: "HQ",
      brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
    });
    expect(staffStore.statusCode).toBe(400);
    expect(staffStore.json().data).toEqual({ organizationId: ["Stores belong to customer organizations"] });
  });

  it("reads one store, 404 with the spec's message for an unknown one", async () => {
    const missing = await request("GET", "/api/stores/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: "BusinessStore not found.", data: null });
    const write = await request("PUT", "/api/stores/999999/status", { newStatus: "inactive" });
    expect(write.statusCode).toBe(404);
    expect(write.json().message).toBe("BusinessStore not found.");
  });

  it("updates the basic info: only the fields sent, with the revision", async () => {
    const store = await createStore({ name: "Basic", description: "First" });
    const renamed = await request("PATCH", `/api/stores/${store.id}/basic-info`, {
      newName: "Basic Renamed",
      expectedRevision: 1,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: "Store basic info updated successfully.",
      nextExpectedStreamVersion: 2,
      data: { name: "Basic Renamed", description: "First", _revision: 2 },
    });
    const contact = await request("PATCH", `/api/stores/${store.id}/basic-info`, {
      newDescription: null,
      newMainContactUserId: memberId,
    });
    expect(contact.json().data).toMatchObject({
      description: null,
      mainContactUserId: memberId,
      userIds: [memberId],
    });

    const stale = await request("PATCH", `/api/stores/${store.id}/basic-info`, {
      newName: "Lost",
      expectedRevision: 1,
    });
    expect(stale.statusCode).toBe(409);
    const nothing = await request("PATCH", `/api/stores/${store.id}/basic-info`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(invalidInput);
    const outsider = await request("PATCH", `/api/stores/${store.id}/basic-info`, {
      newMainContactUserId: outsiderId,
    });
    expect(outsider.statusCode).toBe(400);
    expect((await request("GET", `/api/stores/${store.id}`)).json().data).toMatchObject({
      name: "Basic Renamed",
      _revision: 3,
    });
  });

  it("adds addresses, at most one billing and one shipping", async () => {
    const store = await createStore({ name: "Addresses" });
    const first = await request("POST", `/api/stores/${store.id}/address`, {
      address: billing,
      expectedRevision: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe("Store addresses updated successfully.");
    const second = await request("POST", `/api/stores/${store.id}/address`, { address: shipping });
    expect(second.json().data.addresses.map((address: { type: string }) => address.type)).toEqual([
      "billing",
      "shipping",
    ]);
    const again = await request("POST", `/api/stores/${store.id}/address`, { address: billing });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      message: invalidInput,
      data: { "address.type": ["A store has at most one billing address"] },
    });
    const physical = await request("POST", `/api/stores/${store.id}/address`, {
      address: { ...billing, type: "physical" },
    });
    expect(physical.json().data.addresses).toHaveLength(3);
    expect(await testApp.database.db.$count(storeAddresses, eq(storeAddresses.storeId, store.id))).toBe(3);
  });

  it("replaces all addresses, refusing a second billing address and a stale revision", async () => {
    const store = await createStore({ name: "Replace", addresses: [billing] });
    const replaced = await request("PUT", `/api/stores/${store.id}/addresses`, {
      addresses: [shipping],
      expectedRevision: 1,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.addresses).toEqual([shipping]);
    const twoBilling = await request("PUT", `/api/stores/${store.id}/addresses`, {
      addresses: [billing, billing],
    });
    expect(twoBilling.statusCode).toBe(400);
    const stale = await request("PUT", `/api/stores/${store.id}/addresses`, {
      addresses: [],
      expectedRevision: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await request("GET", `/api/stores/${store.id}`)).json().data.addresses).toEqual([shipping]);
    const cleared = await request("PUT", `/api/stores/${store.id}/addresses`, { addresses: [] });
    expect(cleared.json().data.addresses).toEqual([]);
  });

  it("deactivates and reactivates, refusing the same status", async () => {
    const store = await createStore({ name: "Status" });
    const off = await request("PUT", `/api/stores/${store.id}/status`, {
      newStatus: "inactive",
      expectedRevision: 1,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: "Store status updated successfully.",
      data: { status: "inactive" },
    });
    const same = await request("PUT", `/api/stores/${store.id}/status`, { newStatus: "inactive" });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe("Store status is already set to this status.");
    const on = await request("PUT", `/api/stores/${store.id}/status`, { newStatus: "active" });
    expect(on.json().data).toMatchObject({ status: "active", _revision: 3 });
    const bogus = await request("PUT", `/api/stores/${store.id}/status`, { newStatus: "closed" });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toBe(invalidInput);
  });

  it("records each write once in the history, with its parts before and after; refusals record nothing", async () => {
    const store = await createStore({ name: "Traced", description: "Corner shop" });
    await request("PATCH", `/api/stores/${store.id}/basic-info`, {
      newName: "Traced Two",
      newMainContactUserId: memberId,
    });
    await request("POST", `/api/stores/${store.id}/address`, { address: billing });
    await request("PUT", `/api/stores/${store.id}/status`, { newStatus: "inactive" });

    const entries = await historyRowCount(testApp);
    const refusals = [
      await request("POST", `/api/stores/${store.id}/address`, { address: billing }),
      await request("PUT", `/api/stores/${store.id}/status`, { newStatus: "inactive" }),
      await request("PATCH", `/api/stores/${store.id}/basic-info`, { newName: "Lost", expectedRevision: 1 }),
      await request("PATCH", `/api/stores/${store.id}/basic-info`, { newMainContactUserId: outsiderId }),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([400, 409, 409, 400]);
    expect(await historyRowCount(testApp)).toBe(entries);

    const history = (await historyOf(testApp, "store", store.id)).reverse();
    expect(history.map(({ action, entityLabel, changes }) => ({ action, entityLabel, changes }))).toEqual([
      {
        action: "create",
        entityLabel: "Traced",
        changes: expect.arrayContaining([
          { field: "name", before: null, after: "Traced" },
          { field: "description", before: null, after: "Corner shop" },
        ]),
      },
      {
        action: "update",
        entityLabel: "Traced Two",
        changes: [
          { field: "name", before: "Traced", after: "Traced Two" },
          { field: "mainContactUserId", before: null, after: memberId },
          { field: "userIds", before: [], after: [memberId] },
        ],
      },
      {
        action: "update",
        entityLabel: "Traced Two",
        changes: [{ field: "addresses", before: [], after: [billing] }],
      },
      {
        action: "status",
        entityLabel: "Traced Two",
        changes: [{ field: "status", before: "active", after: "inactive" }],
      },
    ]);
  });

  it("replaces the brand focus and derives the store type again", async () => {
    const store = await createStore({ name: "Focus" });
    const multi = await request("PUT", `/api/stores/${store.id}/brand-focus-type`, {
      newBrandFocusType: {
        storeType: "monobrand",
        brandSegmentation: [
          { brandId: pandoraId, segmentation: "better" },
          { brandId: crocsId, segmentation: "best" },
        ],
      },
      expectedRevision: 1,
    });
    expect(multi.statusCode).toBe(200);
    expect(multi.json().data.brandFocusType).toEqual({
      storeType: "multi-brand",
      brandSegmentation: [
        { brandId: pandoraId, segmentation: "better" },
        { brandId: crocsId, segmentation: "best" },
      ],
    });
    const empty = await request("PUT", `/api/stores/${store.id}/brand-focus-type`, {
      newBrandFocusType: { brandSegmentation: [] },
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await request("PUT", `/api/stores/${store.id}/brand-focus-type`, {
      newBrandFocusType: { brandSegmentation: [{ brandId: 999999 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data).toEqual({
      "newBrandFocusType.brandSegmentation.0.brandId": ["Brand not found"],
    });
    const mono = await request("PUT", `/api/stores/${store.id}/brand-focus-type`, {
      newBrandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
    });
    expect(mono.json().data.brandFocusType.storeType).toBe("monobrand");
    expect(mono.json().data._revision).toBe(3);
  });
});
