import { userMessages } from "@cm/contracts/users";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../test/auth.ts";
import { historyOf } from "../../../test/history.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import {
  historyEntries,
  brands,
  organizations,
  roles,
  storeAddresses,
  storeBrandSegmentations,
  stores,
  storeUsers,
  users,
} from "../../db/schema.ts";

const address = {
  type: "physical",
  line1: "5 Ocean Drive",
  city: "Oranjestad",
  state: "Aruba",
  country: "AW",
};
const billing = { ...address, type: "billing" };
const shipping = { ...address, type: "shipping", line1: "7 Port Road" };
const url = "/api/register-new-customer/register-new-customer";

describe("customer registration API", () => {
  let testApp: TestApp;
  let headers: { authorization: string };
  let crocsId: number;
  let pandoraId: number;
  let adminRoleId: number;
  // Customer users hold customer roles: Buyer unless another is chosen (docs/portal.md).
  let buyerRoleId: number;

  const register = (payload: unknown) =>
    testApp.app.inject({ method: "POST", url, payload: payload as object, headers });

  function payload(suffix: string, overrides: Record<string, unknown> = {}) {
    return {
      organization: { name: `Caribbean Steps ${suffix}`, type: "external", address },
      organizationMainContact: { email: `boss-${suffix}@steps.test`, firstName: "Bea", lastName: "Boss" },
      stores: [
        {
          id: "store-1",
          name: "Main Store",
          addresses: [billing, shipping],
          brandFocusType: { brandSegmentation: [{ brandId: crocsId }] },
        },
        {
          id: "store-2",
          name: "Mall Store",
          description: "In the mall",
          addresses: [],
          mainContactUserEmail: `clerk-${suffix}@steps.test`,
          brandFocusType: {
            brandSegmentation: [
              { brandId: crocsId, segmentation: "better" },
              { brandId: pandoraId, segmentation: "best" },
            ],
          },
        },
      ],
      users: [
        { email: `clerk-${suffix}@steps.test`, firstName: "Cal", lastName: "Clerk", roleId: buyerRoleId },
      ],
      ...overrides,
    };
  }

  async function counts() {
    const { db } = testApp.database;
    return {
      organizations: await db.$count(organizations),
      users: await db.$count(users),
      stores: await db.$count(stores),
      addresses: await db.$count(storeAddresses),
      segmentations: await db.$count(storeBrandSegmentations),
      storeUsers: await db.$count(storeUsers),
      audit: await db.$count(historyEntries),
    };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    headers = await signIn(testApp);
    const rows = await testApp.database.db.select().from(brands);
    crocsId = rows.find((brand) => brand.name === "Crocs")!.id;
    pandoraId = rows.find((brand) => brand.name === "Pandora")!.id;
    const [admin] = await testApp.database.db.select().from(roles).where(eq(roles.name, "Admin"));
    adminRoleId = admin!.id;
    const [buyer] = await testApp.database.db.select().from(roles).where(eq(roles.name, "Buyer"));
    buyerRoleId = buyer!.id;
  });
  afterAll(() => testApp?.close());

  it("creates the organization, its main contact, stores with addresses and brand focus, and users at once", async () => {
    const before = await counts();
    const response = await register(payload("one"));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Customer created successfully",
      createdNewStream: true,
      nextExpectedStreamVersion: 1,
    });
    const { organization, mainContactUser, users: created, stores: createdStores } = body.data;
    expect(organization).toMatchObject({
      name: "Caribbean Steps one",
      type: "external",
      status: "active",
      address,
      mainContactUserId: mainContactUser.id,
      _revision: 1,
    });
    expect(mainContactUser).toMatchObject({
      email: "boss-one@steps.test",
      roleId: buyerRoleId,
      created: true,
    });
    expect(created).toEqual([expect.objectContaining({ email: "clerk-one@steps.test", created: true })]);
    expect(createdStores).toHaveLength(2);
    expect(createdStores[0]).toMatchObject({
      name: "Main Store",
      organizationId: organization.id,
      mainContactUserId: mainContactUser.id,
      addresses: [billing, shipping],
      brandFocusType: {
        storeType: "monobrand",
        brandSegmentation: [{ brandId: crocsId, segmentation: "good" }],
      },
      logoUrl: "/store-logo-placeholder.svg",
      status: "active",
    });
    expect(createdStores[1]).toMatchObject({
      name: "Mall Store",
      description: "In the mall",
      mainContactUserId: created[0].id,
      brandFocusType: { storeType: "multi-brand" },
    });

    const [boss] = await testApp.database.db.select().from(users).where(eq(users.id, mainContactUser.id));
    expect(boss).toMatchObject({ type: "external", organizationId: organization.id, status: "active" });
    const after = await counts();
    expect(after.organizations - before.organizations).toBe(1);
    expect(after.users - before.users).toBe(2);
    expect(after.stores - before.stores).toBe(2);
    expect(after.addresses - before.addresses).toBe(2);
    expect(after.segmentations - before.segmentations).toBe(3);
    // Organization, two users, two stores: an entry each, by whoever registered them.
    expect(after.audit - before.audit).toBe(5);
    expect(await historyOf(testApp, "organization", organization.id)).toEqual([
      expect.objectContaining({
        action: "create",
        actor: expect.objectContaining({ name: "Admin User" }),
        entityLabel: "Caribbean Steps one",
        changes: expect.arrayContaining([
          { field: "name", before: null, after: "Caribbean Steps one" },
          { field: "mainContactUserId", before: null, after: mainContactUser.id },
        ]),
      }),
    ]);
    expect(await historyOf(testApp, "store", createdStores[1].id)).toEqual([
      expect.objectContaining({
        action: "create",
        entityLabel: "Mall Store",
        changes: expect.arrayContaining([{ field: "description", before: null, after: "In the mall" }]),
      }),
    ]);
    expect(await historyOf(testApp, "user", created[0].id)).toEqual([
      expect.objectContaining({ action: "create", entityLabel: "Cal Clerk" }),
    ]);
  });

  it("lists customers with their stores and user counts", async () => {
    const response = await testApp.app.inject({ method: "GET", url: "/api/customers", headers });
    expect(response.statusCode).toBe(200);
    const customer = response
      .json()
      .data.find((entry: { name: string }) => entry.name === "Caribbean Steps one");
    expect(customer).toMatchObject({
      status: "active",
      address,
      userCount: 2,
      stores: [
        { name: "Main Store", status: "active", storeType: "monobrand" },
        { name: "Mall Store", status: "active", storeType: "multi-brand" },
      ],
    });
    expect(
      response.json().data.every((entry: { name: string }) => entry.name !== testApp.config.COMPANY_NAME),
    ).toBe(true);
    const unauthenticated = await testApp.app.inject({ method: "GET", url: "/api/customers" });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it("refuses the whole request when one store is bad, naming the field, and creates nothing", async () => {
    const good = payload("bad-store");
    const stores = [
      good.stores[0],
      {
        ...good.stores[1],
        brandFocusType: { brandSegmentation: [{ brandId: crocsId }, { brandId: 999999 }] },
      },
    ];
    const before = await counts();
    const response = await register({ ...good, stores });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: "Invalid input, please check your input and try again.",
      data: { "stores.1.brandFocusType.brandSegmentation.1.brandId": ["Brand not found"] },
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a store without brands or with two billing addresses, and creates nothing", async () => {
    const good = payload("no-brand");
    const before = await counts();
    const response = await register({
      ...good,
      stores: [
        good.stores[0],
        { ...good.stores[1], addresses: [billing, billing], brandFocusType: { brandSegmentation: [] } },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toMatchObject({
      "stores.1.brandFocusType.brandSegmentation": ["Choose at least one brand"],
      "stores.1.addresses.1.type": ["A store has at most one billing address"],
    });
    expect(await counts()).toEqual(before);
  });

  it("gives the section 5 messages for blank names and e-mail addresses", async () => {
    const good = payload("blank");
    const response = await register({
      ...good,
      organization: { ...good.organization, name: " " },
      stores: [{ ...good.stores[0], name: "" }],
      users: [{ email: "", firstName: "", lastName: "" }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toMatchObject({
      "organization.name": ["Organization name is required"],
      "stores.0.name": ["Store name is required"],
      "users.0.firstName": ["User first name is required"],
      "users.0.lastName": ["User last name is required"],
      "users.0.email": ["User email is required"],
    });
    const noStores = await register({ ...good, stores: [] });
    expect(noStores.json().data).toMatchObject({ stores: ["Add at least one store"] });
  });

  it("refuses an e-mail address already taken (409) or used twice, and a store contact nobody has", async () => {
    const good = payload("taken");
    const before = await counts();
    const taken = await register({
      ...good,
      users: [{ email: "BOSS-ONE@steps.test", firstName: "Dup", lastName: "User" }],
      stores: [good.stores[0]],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      message: "A user with this email address already exists",
      data: { "users.0.email": ["A user with this email address already exists"] },
    });
    const twice = await register({
      ...good,
      users: [
        { email: good.organizationMainContact.email.toUpperCase(), firstName: "Dup", lastName: "User" },
      ],
      stores: [good.stores[0]],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data).toMatchObject({
      "users.0.email": ["This email address is already used above"],
    });
    const strangerContact = await register({
      ...good,
      stores: [{ ...good.stores[0], mainContactUserEmail: "stranger@steps.test" }],
    });
    expect(strangerContact.statusCode).toBe(400);
    expect(strangerContact.json().data).toMatchObject({
      "stores.0.mainContactUserEmail": [
        "The store's main contact must be the main contact or one of the users",
      ],
    });
    const unknownRole = await register({ ...good, users: [{ ...good.users[0], roleId: 999999 }] });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().data).toEqual({ "users.0.roleId": [userMessages.customerRoleRequired] });
    // Never a staff role: the wizard once gave customer users Admin.
    const staffRole = await register({ ...good, users: [{ ...good.users[0], roleId: adminRoleId }] });
    expect(staffRole.statusCode).toBe(400);
    expect(staffRole.json().data).toEqual({ "users.0.roleId": [userMessages.customerRoleRequired] });
    expect(await counts()).toEqual(before);
  });

  it("moves an existing customer user chosen as main contact into the new organization", async () => {
    const { db } = testApp.database;
    const [old] = await db.insert(organizations).values({ name: "Old Home", type: "external" }).returning();
    const [existing] = await db
      .insert(users)
      .values({
        email: "mover@old.test",
        firstName: "Mo",
        lastName: "Ver",
        type: "external",
        organizationId: old!.id,
        roleId: buyerRoleId,
      })
      .returning();
    const good = payload("existing");
    const response = await register({
      ...good,
      organizationMainContact: { id: existing!.id, email: existing!.email, firstName: "Mo", lastName: "Ver" },
      stores: [good.stores[0]],
      users: [],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { organization, mainContactUser } = response.json().data;
    expect(mainContactUser).toMatchObject({ id: existing!.id, created: false });
    const [moved] = await db.select().from(users).where(eq(users.id, existing!.id));
    expect(moved).toMatchObject({ organizationId: organization.id, revision: existing!.revision + 1 });
    expect(await historyOf(testApp, "user", existing!.id)).toEqual([
      expect.objectContaining({
        action: "update",
        entityLabel: "Mo Ver",
        changes: [{ field: "organizationId", before: old!.id, after: organization.id }],
      }),
    ]);

    // Now the main contact of an organization, the user cannot be taken away again.
    const again = await register({
      ...payload("existing-again"),
      organizationMainContact: { id: existing!.id, email: existing!.email, firstName: "Mo", lastName: "Ver" },
    });
    expect(again.statusCode).toBe(409);

    const [admin] = await db.select().from(users).where(eq(users.email, testApp.config.ADMIN_EMAIL));
    const staff = await register({
      ...payload("staff"),
      organizationMainContact: { id: admin!.id, email: admin!.email, firstName: "Admin", lastName: "User" },
    });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().data).toEqual({
      "organizationMainContact.id": ["Only customer users can be chosen"],
    });
  });
});
