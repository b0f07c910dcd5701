import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { historyEntries, brands, organizations, roles, users } from "../../db/schema.ts";

const address = {
  type: "physical",
  line1: "12 Harbour Road",
  city: "Kingston",
  state: "Surrey",
  country: "JM",
};

describe("organizations API", () => {
  let testApp: TestApp;
  let headers: { authorization: string };
  let crocsId: number;
  let pandoraId: number;

  const request = (
    method: "GET" | "POST" | "PUT",
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) => testApp.app.inject({ method, url, payload: payload as object, headers: { ...headers, ...extra } });

  async function createOrganization(name: string, body: Record<string, unknown> = {}) {
    const response = await request("POST", "/api/organizations", { name, address, ...body });
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: number; _revision: number };
  }

  async function addMember(organizationId: number, email: string) {
    const [role] = await testApp.database.db.select().from(roles).limit(1);
    const [user] = await testApp.database.db
      .insert(users)
      .values({
        email,
        firstName: "Member",
        lastName: "Person",
        type: "external",
        organizationId,
        roleId: role!.id,
      })
      .returning();
    return user!;
  }

  const auditCount = (entityId: number) =>
    testApp.database.db.$count(historyEntries, eq(historyEntries.entityId, String(entityId)));

  beforeAll(async () => {
    testApp = await createTestApp();
    headers = await signIn(testApp);
    const rows = await testApp.database.db.select().from(brands);
    crocsId = rows.find((brand) => brand.name === "Crocs")!.id;
    pandoraId = rows.find((brand) => brand.name === "Pandora")!.id;
  });
  afterAll(() => testApp?.close());

  it("requires sign-in", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/organizations" });
    expect(response.statusCode).toBe(401);
  });

  it("creates a customer organization with its address and lists it", async () => {
    const response = await request("POST", "/api/organizations", {
      name: "  Island Feet  ",
      address: { ...address, line2: "", postalCode: "" },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      createdNewStream: true,
      nextExpectedStreamVersion: 1,
      data: {
        name: "Island Feet",
        type: "external",
        status: "active",
        discounts: [],
        mainContactUserId: null,
      },
    });
    // Blank optional fields are stored as absent.
    expect(body.data.address).toEqual(address);

    const list = await request("GET", "/api/organizations");
    expect(list.statusCode).toBe(200);
    const names = list.json().data.map((organization: { name: string }) => organization.name);
    expect(names[0]).toBe(testApp.config.COMPANY_NAME);
    expect(names).toContain("Island Feet");

    const customers = await request("GET", "/api/organizations?type=external&limit=1");
    expect(customers.json().data).toHaveLength(1);
    expect(customers.json().data[0].type).toBe("external");
    expect(await auditCount(body.data.id)).toBeGreaterThanOrEqual(1);
  });

  it("refuses an internal organization, a blank name and a bad address", async () => {
    const internal = await request("POST", "/api/organizations", {
      name: "Second company",
      type: "internal",
    });
    expect(internal.statusCode).toBe(400);
    const blank = await request("POST", "/api/organizations", { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().data).toEqual({ name: ["Organization name is required"] });
    const badAddress = await request("POST", "/api/organizations", {
      name: "Bad Address Ltd",
      address: { ...address, postalCode: "12345678901", country: "FR", city: "" },
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().data).toMatchObject({
      "address.postalCode": ["Postal code must be at most 10 characters"],
      "address.country": ["Choose a country from the list"],
      "address.city": ["City is required"],
    });
    const letters = await request("POST", "/api/organizations", {
      name: "Letters Ltd",
      address: { ...address, country: "US", postalCode: "12a" },
    });
    expect(letters.json().data).toEqual({
      "address.postalCode": ["Postal code must be a 5-digit ZIP code, or ZIP+4 as 12345-6789"],
    });
  });

  it("reads one organization, 404 for an unknown one", async () => {
    const created = await createOrganization("Reader Shoes");
    const found = await request("GET", `/api/organizations/${created.id}`);
    expect(found.json().data).toMatchObject({ id: created.id, name: "Reader Shoes", _revision: 1 });
    const missing = await request("GET", "/api/organizations/999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: "Organization not found", data: null });
  });

  it("renames with the revision and refuses a stale one without changing anything", async () => {
    const created = await createOrganization("Old Name");
    const renamed = await request("PUT", "/api/organizations/name", {
      organizationId: created.id,
      name: "New Name",
      expectedRevision: 1,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      nextExpectedStreamVersion: 2,
      data: { name: "New Name", _revision: 2 },
    });

    const events = await auditCount(created.id);
    const stale = await request("PUT", "/api/organizations/name", {
      organizationId: created.id,
      name: "Lost Update",
      expectedRevision: 1,
    });
    expect(stale.statusCode).toBe(409);
    const viaHeader = await request(
      "PUT",
      "/api/organizations/name",
      { organizationId: created.id, name: "Lost Update" },
      { "if-match": '"1"' },
    );
    expect(viaHeader.statusCode).toBe(409);
    const [row] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, created.id));
    expect(row).toMatchObject({ name: "New Name", revision: 2 });
    expect(await auditCount(created.id)).toBe(events);

    const unknown = await request("PUT", "/api/organizations/name", {
      organizationId: 999999,
      name: "Nobody",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    { country: "US", valid: ["90210", "90210-1234"], refused: ["9021", "902101", "90210-12", "ABCDE"] },
    { country: "CA", valid: ["M5V 2T6", "m5v 2t6", "M5V2T6"], refused: ["M5V 2", "12345", "M5V-2T6"] },
    { country: "MX", valid: ["06600"], refused: ["0660", "066000", "C.P. 06600"] },
    { country: "JM", valid: ["JMAKN05", "KN 5"], refused: ["12345678901"] },
  ])("checks a postal code by the address's country ($country)", async ({ country, valid, refused }) => {
    const created = await createOrganization(`Postal ${country}`);
    let revision = 1;
    for (const postalCode of valid) {
      const answer = await request("PUT", `/api/organizations/${created.id}/address`, {
        address: { ...address, country, postalCode },
        expectedRevision: revision,
      });
      expect(answer.statusCode, `${country} ${postalCode}: ${answer.body}`).toBe(200);
      revision = answer.json().data._revision;
    }
    for (const postalCode of refused) {
      const answer = await request("PUT", `/api/organizations/${created.id}/address`, {
        address: { ...address, country, postalCode },
        expectedRevision: revision,
      });
      expect(answer.statusCode, `${country} ${postalCode}`).toBe(400);
      expect(Object.keys(answer.json().data), `${country} ${postalCode}`).toEqual(["address.postalCode"]);
    }
  });

  it("replaces the address", async () => {
    const created = await createOrganization("Mover Inc");
    const moved = await request("PUT", `/api/organizations/${created.id}/address`, {
      address: {
        type: "billing",
        line1: "1 Bay Street",
        city: "Toronto",
        state: "ON",
        postalCode: "m5v2t6",
        country: "CA",
      },
      expectedRevision: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.address).toEqual({
      type: "billing",
      line1: "1 Bay Street",
      city: "Toronto",
      state: "ON",
      postalCode: "M5V 2T6",
      country: "CA",
    });
    const invalid = await request("PUT", `/api/organizations/${created.id}/address`, {
      address: { type: "registered_office", line1: "", city: "x", state: "y", country: "CA" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().data).sort()).toEqual(["address.line1", "address.type"]);
  });

  it("changes the status, refusing the same status and the company's own deactivation", async () => {
    const created = await createOrganization("Status Co");
    const off = await request("PUT", `/api/organizations/${created.id}/status`, { status: "inactive" });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe("inactive");
    const again = await request("PUT", `/api/organizations/${created.id}/status`, { status: "inactive" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Organization status is already set to this status.");
    const on = await request("PUT", `/api/organizations/${created.id}/status`, {
      status: "active",
      expectedRevision: 2,
    });
    expect(on.json().data).toMatchObject({ status: "active", _revision: 3 });

    const [internal] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.type, "internal"));
    const company = await request("PUT", `/api/organizations/${internal!.id}/status`, { status: "inactive" });
    expect(company.statusCode).toBe(409);
    const bogus = await request("PUT", `/api/organizations/${created.id}/status`, { status: "paused" });
    expect(bogus.statusCode).toBe(400);
  });

  it("records each write once in the history, with the fields it changed before and after", async () => {
    const created = await createOrganization("History Co");
    await request("PUT", "/api/organizations/name", { organizationId: created.id, name: "History Co Ltd" });
    await request("PUT", `/api/organizations/${created.id}/status`, { status: "inactive" });
    // Refused on the locked row (same status), and a stale revision: neither leaves an entry.
    expect(
      (await request("PUT", `/api/organizations/${created.id}/status`, { status: "inactive" })).statusCode,
    ).toBe(409);
    expect(
      (
        await request("PUT", "/api/organizations/name", {
          organizationId: created.id,
          name: "Lost",
          expectedRevision: 1,
        })
      ).statusCode,
    ).toBe(409);
    const discounted = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [{ brandId: crocsId, percentage: 10 }],
    });
    expect(discounted.statusCode).toBe(200);

    const entries = (await historyOf(testApp, "organization", created.id)).reverse();
    expect(entries.map(({ action, entityLabel, changes }) => ({ action, entityLabel, changes }))).toEqual([
      {
        action: "create",
        entityLabel: "History Co",
        changes: [
          { field: "name", before: null, after: "History Co" },
          { field: "type", before: null, after: "external" },
          { field: "status", before: null, after: "active" },
          { field: "address", before: null, after: address },
        ],
      },
      {
        action: "update",
        entityLabel: "History Co Ltd",
        changes: [{ field: "name", before: "History Co", after: "History Co Ltd" }],
      },
      {
        action: "status",
        entityLabel: "History Co Ltd",
        changes: [{ field: "status", before: "active", after: "inactive" }],
      },
      {
        action: "update",
        entityLabel: "History Co Ltd",
        changes: [{ field: "discounts", before: [], after: [{ brandId: crocsId, percentage: 10 }] }],
      },
    ]);
    expect(entries.every((entry) => entry.actor?.name === "Admin User")).toBe(true);
  });

  it("replaces the discounts: percentages from 0 to 100 of existing brands, one per brand", async () => {
    const created = await createOrganization("Discount Depot");
    const saved = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [
        { brandId: crocsId, percentage: 12.5 },
        { brandId: pandoraId, percentage: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.discounts).toEqual([
      { brandId: crocsId, percentage: 12.5 },
      { brandId: pandoraId, percentage: 0 },
    ]);

    const tooHigh = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [{ brandId: crocsId, percentage: 101 }],
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().data).toEqual({
      "discounts.0.percentage": ["Discount must be between 0 and 100 percent"],
    });
    const negative = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [{ brandId: crocsId, percentage: -1 }],
    });
    expect(negative.statusCode).toBe(400);
    const twice = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [
        { brandId: crocsId, percentage: 1 },
        { brandId: crocsId, percentage: 2 },
      ],
    });
    expect(twice.json().data).toEqual({ "discounts.1.brandId": ["Each brand can have only one discount"] });
    const unknownBrand = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [{ brandId: 999999, percentage: 5 }],
    });
    expect(unknownBrand.statusCode).toBe(400);
    expect(unknownBrand.json().data).toEqual({ "discounts.0.brandId": ["Brand not found"] });
    const [row] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, created.id));
    expect(row!.revision).toBe(2);
  });

  it("refuses discounts based on a stale revision, and an empty list removes them all", async () => {
    const created = await createOrganization("Discount Keeper", {
      discounts: [{ brandId: crocsId, percentage: 10 }],
    });
    const events = await auditCount(created.id);
    const stale = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [{ brandId: pandoraId, percentage: 20 }],
      expectedRevision: 2,
    });
    expect(stale.statusCode).toBe(409);
    const [unchanged] = await testApp.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, created.id));
    expect(unchanged).toMatchObject({ discounts: [{ brandId: crocsId, percentage: 10 }], revision: 1 });
    expect(await auditCount(created.id)).toBe(events);

    const cleared = await request("PUT", "/api/organizations/update-discounts", {
      organizationId: created.id,
      discounts: [],
      expectedRevision: 1,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ discounts: [], _revision: 2 });
    expect((await request("GET", `/api/organizations/${created.id}`)).json().data.discounts).toEqual([]);
  });

  it("changes the main contact only to a member of the organization", async () => {
    const created = await createOrganization("Contact Corner");
    const other = await createOrganization("Elsewhere Ltd");
    const member = await addMember(created.id, "member@contact-corner.test");
    const outsider = await addMember(other.id, "outsider@elsewhere.test");

    const refused = await request("PUT", "/api/organizations/change-main-contact-user", {
      organizationId: created.id,
      mainContactUserId: outsider.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual({
      mainContactUserId: ["The main contact must be a member of the organization"],
    });
    const unknown = await request("PUT", "/api/organizations/change-main-contact-user", {
      organizationId: created.id,
      mainContactUserId: 999999,
    });
    expect(unknown.statusCode).toBe(400);

    const changed = await request("PUT", "/api/organizations/change-main-contact-user", {
      organizationId: created.id,
      mainContactUserId: member.id,
      expectedRevision: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ mainContactUserId: member.id, _revision: 2 });
  });
});
