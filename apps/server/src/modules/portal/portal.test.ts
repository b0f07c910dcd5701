import { authMessages } from "@cm/contracts/auth";
import { permissionMessages } from "@cm/contracts/permissions";
import { portalMessages } from "@cm/contracts/portal";
import { roleMessages } from "@cm/contracts/roles";
import { userMessages } from "@cm/contracts/users";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  followToCallback,
  readLoginCode,
  requestCode,
  signIn,
  skipCodeRateLimits,
  startAuthorization,
  verifyCode,
} from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { organizations, roles, storeUsers, stores, users } from "../../db/schema.ts";

/**
 * The customer portal's first slice (issue 34, "Who"; docs/portal.md): who signs in, the external
 * roles, the type rules of roles and users, and `GET /api/portal/me`.
 */
describe("the customer portal: who", () => {
  let testApp: TestApp;
  let staff: { authorization: string };
  let customerOrgId: number;
  let closedOrgId: number;
  let buyerRoleId: number;
  let viewerRoleId: number;
  let adminRoleId: number;
  let openStoreId: number;

  const api = (method: "GET" | "POST" | "PUT", url: string, body?: unknown, headers = staff) =>
    testApp.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

  async function addCustomer(
    email: string,
    values: { organizationId?: number; status?: string; roleId?: number; storeIds?: number[] } = {},
  ) {
    const { db } = testApp.database;
    const [user] = await db
      .insert(users)
      .values({
        email,
        firstName: "Bea",
        lastName: "Buyer",
        type: "external",
        status: values.status ?? "active",
        organizationId: values.organizationId ?? customerOrgId,
        roleId: values.roleId ?? buyerRoleId,
      })
      .returning();
    const storeIds = values.storeIds ?? [openStoreId];
    if (storeIds.length > 0)
      await db.insert(storeUsers).values(storeIds.map((storeId) => ({ storeId, userId: user!.id })));
    return user!;
  }

  /** Requests a code for `email` and answers whether a mail reached the outbox. */
  async function mailedCode(email: string) {
    const start = await startAuthorization(testApp);
    if ((await requestCode(start.browser, email)).statusCode === 429) {
      skipCodeRateLimits(testApp);
      await requestCode(start.browser, email);
    }
    return { start, code: await readLoginCode(testApp, email) };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    staff = await signIn(testApp);
    const external = await db.select().from(roles).where(eq(roles.type, "external"));
    buyerRoleId = external.find((role) => role.name === "Buyer")!.id;
    viewerRoleId = external.find((role) => role.name === "Store Viewer")!.id;
    adminRoleId = (
      await db
        .select()
        .from(roles)
        .where(and(eq(roles.name, "Admin"), eq(roles.type, "internal")))
    )[0]!.id;
    const [customer, closed] = await db
      .insert(organizations)
      .values([
        { name: "Sole Mates", type: "external" },
        { name: "Closed Shoes", type: "external", status: "inactive" },
      ])
      .returning();
    customerOrgId = customer!.id;
    closedOrgId = closed!.id;
    const [open] = await db
      .insert(stores)
      .values([
        { organizationId: customerOrgId, name: "Sole Mates Uptown", logoUrl: "/store-logo-placeholder.svg" },
        {
          organizationId: customerOrgId,
          name: "Sole Mates Closed",
          logoUrl: "/store-logo-placeholder.svg",
          status: "inactive",
        },
        { organizationId: closedOrgId, name: "Closed Shoes Main", logoUrl: "/store-logo-placeholder.svg" },
      ])
      .returning();
    openStoreId = open!.id;
  });
  afterAll(() => testApp?.close());

  describe("seeded customer roles", () => {
    it("seeds Buyer (see and order) and Store Viewer (see only), listed with their portal permissions", async () => {
      const response = await api("GET", "/api/roles");
      expect(response.statusCode).toBe(200);
      const listed = (
        response.json().data as {
          name: string;
          type: string;
          permissions: string[];
          portalPermissions: string[];
        }[]
      )
        .filter((role) => role.type === "external")
        .map((role) => [role.name, role.permissions, role.portalPermissions]);
      expect(listed).toEqual(
        expect.arrayContaining([
          ["Buyer", [], ["portal.catalogs.view", "portal.orders.manage"]],
          ["Store Viewer", [], ["portal.catalogs.view"]],
        ]),
      );
    });
  });

  describe("role type rules", () => {
    it("refuses staff permissions on a customer role and portal permissions on a staff role (400 naming the field)", async () => {
      const external = await api("POST", "/api/roles", {
        name: "Greedy Buyer",
        type: "external",
        permissions: ["orders.view"],
        portalPermissions: ["portal.catalogs.view"],
      });
      expect(external.statusCode).toBe(400);
      expect(external.json()).toEqual({
        success: false,
        message: permissionMessages.externalRolePermissions,
        data: { permissions: [permissionMessages.externalRolePermissions] },
      });
      const internal = await api("POST", "/api/roles", {
        name: "Portal Curious",
        type: "internal",
        portalPermissions: ["portal.orders.manage"],
      });
      expect(internal.statusCode).toBe(400);
      expect(internal.json()).toEqual({
        success: false,
        message: permissionMessages.internalRolePortalPermissions,
        data: { portalPermissions: [permissionMessages.internalRolePortalPermissions] },
      });
      const unknown = await api("POST", "/api/roles", {
        name: "Wishful Buyer",
        type: "external",
        portalPermissions: ["portal.everything"],
      });
      expect(unknown.statusCode).toBe(400);
    });

    it("creates a customer role with portal permissions (with what they include) and keeps them through a rename", async () => {
      const created = await api("POST", "/api/roles", {
        name: "Head Buyer",
        type: "external",
        portalPermissions: ["portal.users.manage", "portal.orders.manage", "portal.catalogs.view"],
      });
      expect(created.statusCode).toBe(201);
      const role = created.json().data;
      expect(role).toMatchObject({
        type: "external",
        permissions: [],
        portalPermissions: ["portal.catalogs.view", "portal.orders.manage", "portal.users.manage"],
      });
      const renamed = await api("PUT", `/api/roles/${role.id}`, {
        name: "Chief Buyer",
        expectedRevision: role._revision,
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data.portalPermissions).toEqual(role.portalPermissions);
      // A staff role cannot take them, nor become a customer role with staff permissions.
      const moved = await api("PUT", `/api/roles/${role.id}`, { type: "internal" });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().data).toEqual({
        portalPermissions: [permissionMessages.internalRolePortalPermissions],
      });
    });

    it("keeps the type of a role that users hold (400 on type)", async () => {
      const role = (await api("POST", "/api/roles", { name: "Held Role", type: "external" })).json().data;
      await addCustomer("held-role@solemates.example", { roleId: role.id });
      const moved = await api("PUT", `/api/roles/${role.id}`, { type: "internal" });
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toEqual({
        success: false,
        message: roleMessages.typeLockedInUse,
        data: { type: [roleMessages.typeLockedInUse] },
      });
    });
  });

  describe("user type rules", () => {
    it("gives a customer user a customer role only, and a staff member a staff role only (400 on roleId)", async () => {
      const customerWithAdmin = await api("POST", "/api/users/create-with-organization-membership", {
        email: "wrong-role@solemates.example",
        firstName: "Wanda",
        lastName: "Wrong",
        organizationId: customerOrgId,
        userType: "external",
        roleId: adminRoleId,
      });
      expect(customerWithAdmin.statusCode).toBe(400);
      expect(customerWithAdmin.json().data).toEqual({ roleId: [userMessages.customerRoleRequired] });

      const staffWithBuyer = await api("POST", "/api/users", {
        email: "wrong-staff@example.com",
        firstName: "Sam",
        lastName: "Staffer",
        type: "internal",
        organizationId: customerOrgId,
        roleId: buyerRoleId,
      });
      expect(staffWithBuyer.statusCode).toBe(400);
      expect(staffWithBuyer.json().data).toEqual({ roleId: [userMessages.staffRoleRequired] });

      const buyer = await api("POST", "/api/users/create-with-organization-membership", {
        email: "right-role@solemates.example",
        firstName: "Rita",
        lastName: "Right",
        organizationId: customerOrgId,
        userType: "external",
        roleId: viewerRoleId,
      });
      expect(buyer.statusCode).toBe(201);
      const created = buyer.json().data;
      const toAdmin = await api("PUT", "/api/users", {
        id: created.id,
        firstName: "Rita",
        lastName: "Right",
        roleId: adminRoleId,
        expectedRevision: created._revision,
      });
      expect(toAdmin.statusCode).toBe(400);
      expect(toAdmin.json().data).toEqual({ roleId: [userMessages.customerRoleRequired] });
    });
  });

  describe("signing in", () => {
    it("mails a code to a customer user of an active organization linked to an active store, who then reads GET /api/portal/me", async () => {
      const user = await addCustomer("bea@solemates.example");
      const { start, code } = await mailedCode(user.email);
      expect(code).toBeDefined();
      const callback = await followToCallback(
        start.browser,
        await verifyCode(start.browser, user.email, code!),
      );
      expect(callback.searchParams.has("code")).toBe(true);
      const { authorization } = await signIn(testApp, user.email, { fresh: true });
      const headers = { authorization };

      const me = await api("GET", "/api/me", undefined, headers);
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toMatchObject({ id: user.id, type: "external", permissions: [] });

      const portal = await api("GET", "/api/portal/me", undefined, headers);
      expect(portal.statusCode).toBe(200);
      expect(portal.json()).toEqual({
        success: true,
        message: portalMessages.me,
        data: {
          user: { id: user.id, email: user.email, firstName: "Bea", lastName: "Buyer" },
          organization: { id: customerOrgId, name: "Sole Mates" },
          // The inactive store of the organization is not listed, even when linked.
          stores: [{ id: openStoreId, name: "Sole Mates Uptown", cartUnits: 0 }],
          permissions: ["portal.catalogs.view", "portal.orders.manage"],
        },
      });

      // A staff route: 403, whatever the route.
      const staffRoute = await api("GET", "/api/orders", undefined, headers);
      expect(staffRoute.statusCode).toBe(403);
      expect(staffRoute.json().message).toBe(portalMessages.staffOnly);
    });

    it("answers a staff token 403 on the portal", async () => {
      const response = await api("GET", "/api/portal/me");
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: portalMessages.customersOnly, data: null });
    });

    it("mails nothing to a deactivated customer user, one of an inactive organization, or one linked to no active store", async () => {
      await addCustomer("left@solemates.example", { status: "inactive" });
      await addCustomer("closed@closedshoes.example", { organizationId: closedOrgId, storeIds: [] });
      await addCustomer("storeless@solemates.example", { storeIds: [] });
      for (const email of [
        "left@solemates.example",
        "closed@closedshoes.example",
        "storeless@solemates.example",
      ]) {
        const { code } = await mailedCode(email);
        expect(code, email).toBeUndefined();
      }
    });

    it("locks a customer out at the next request when their organization is deactivated", async () => {
      const { db } = testApp.database;
      const [org] = await db
        .insert(organizations)
        .values({ name: "Soon Closed", type: "external" })
        .returning();
      const [store] = await db
        .insert(stores)
        .values({ organizationId: org!.id, name: "Soon Closed Main", logoUrl: "/store-logo-placeholder.svg" })
        .returning();
      const user = await addCustomer("soon@soonclosed.example", {
        organizationId: org!.id,
        storeIds: [store!.id],
      });
      const { authorization } = await signIn(testApp, user.email, { fresh: true });
      expect((await api("GET", "/api/portal/me", undefined, { authorization })).statusCode).toBe(200);
      await db.update(organizations).set({ status: "inactive" }).where(eq(organizations.id, org!.id));
      const refused = await api("GET", "/api/portal/me", undefined, { authorization });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(authMessages.forbidden);
    });
  });

  it("documents GET /api/portal/me in the OpenAPI document as a portal route", async () => {
    const document = (await api("GET", "/api/docs/json")).json();
    expect(document.paths["/api/portal/me"].get["x-permission"]).toBe("portal");
  });
});
