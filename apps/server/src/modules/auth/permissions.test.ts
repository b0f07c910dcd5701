import { authMessages } from "@cm/contracts/auth";
import {
  permissionMessages,
  permissionValues,
  seededRolePermissions,
  sharedReadPermissions,
  type Permission,
} from "@cm/contracts/permissions";
import { portalPermissionValues, type PortalPermission } from "@cm/contracts/portal";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintedAuthorization, signIn } from "../../../test/auth.ts";
import { openApiRoutes } from "../../../test/openapi-routes.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { organizations, roles, users } from "../../db/schema.ts";

/** What a route may declare: a permission of the catalogue, several of them, a portal permission, or one of the words. */
function isDeclaration(value: unknown): boolean {
  const isPermission = (item: unknown) => permissionValues.includes(item as Permission);
  if (value === "public" || value === "signed-in" || value === "account" || value === "portal") return true;
  if (portalPermissionValues.includes(value as PortalPermission)) return true;
  if (Array.isArray(value)) return value.length > 0 && value.every(isPermission);
  return isPermission(value);
}

describe("permissions", () => {
  let testApp: TestApp;
  let internalOrganizationId: number;
  const roleIds = new Map<string, number>();
  const headersOf = new Map<string, { authorization: string }>();
  let sequence = 0;

  async function addStaff(roleName: string, overrides: Partial<typeof users.$inferInsert> = {}) {
    sequence += 1;
    const [user] = await testApp.database.db
      .insert(users)
      .values({
        email: `${roleName.toLowerCase().replace(/\W+/g, "-")}-${sequence}@example.com`,
        firstName: roleName,
        lastName: `Member ${sequence}`,
        type: "internal",
        status: "active",
        organizationId: internalOrganizationId,
        roleId: roleIds.get(roleName)!,
        ...overrides,
      })
      .returning();
    return user!;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const [internal] = await db.select().from(organizations).where(eq(organizations.type, "internal"));
    internalOrganizationId = internal!.id;
    for (const role of await db.select().from(roles)) roleIds.set(role.name, role.id);
    headersOf.set("Admin", await signIn(testApp));
    for (const roleName of Object.keys(seededRolePermissions).filter((name) => name !== "Admin")) {
      headersOf.set(roleName, await signIn(testApp, (await addStaff(roleName)).email));
    }
  });
  afterAll(() => testApp?.close());

  const call = (roleName: string, method: InjectOptions["method"], url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: headersOf.get(roleName) });

  it("every route of the OpenAPI document declares what it needs", async () => {
    const undeclared: string[] = [];
    const publicApi: string[] = [];
    let routes = 0;
    for (const { label: route, path, permission: declared } of await openApiRoutes(testApp.app)) {
      routes += 1;
      if (!isDeclaration(declared)) undeclared.push(`${route} (declares ${JSON.stringify(declared)})`);
      if (declared === "public" && path.startsWith("/api/")) publicApi.push(route);
    }
    expect(routes).toBeGreaterThan(50);
    expect(undeclared, "routes without `config: { permission }`").toEqual([]);
    // Opening an API route to callers without a token is a decision to make here, not by accident.
    expect(publicApi).toEqual(["GET /api/config"]);
  });

  it("GET /api/me names the user's role and its permissions", async () => {
    for (const [roleName, permissions] of Object.entries(seededRolePermissions)) {
      const me = await call(roleName, "GET", "/api/me");
      expect(me.statusCode, roleName).toBe(200);
      expect(me.json().data, roleName).toMatchObject({
        permissions: [...permissions],
        role: { id: roleIds.get(roleName), name: roleName },
      });
    }
  });

  describe("each seeded role against a sample of routes", () => {
    let brandNumber = 0;
    let roleNumber = 0;
    let organizationNumber = 0;
    // Allowed, each succeeds (2xx) but those marked `passes`: they get past the guard and fail on
    // their input (an unknown line list or order), which is what shows the permission let them in.
    // A shared read is allowed to any of its permissions; a refusal names the first.
    const sample: {
      permission: Permission | readonly Permission[];
      method: InjectOptions["method"];
      url: () => string;
      body?: () => object;
      passes?: true;
    }[] = [
      { permission: sharedReadPermissions.brands, method: "GET", url: () => "/api/brands" },
      { permission: sharedReadPermissions.lineLists, method: "GET", url: () => "/api/line-lists" },
      { permission: "catalogs.view", method: "GET", url: () => "/api/line-lists/with-catalogs-info" },
      { permission: sharedReadPermissions.customers, method: "GET", url: () => "/api/organizations" },
      { permission: sharedReadPermissions.customers, method: "GET", url: () => "/api/stores" },
      { permission: "orders.view", method: "GET", url: () => "/api/orders" },
      { permission: "orders.view", method: "GET", url: () => "/api/orders/dashboard" },
      { permission: "people.view", method: "GET", url: () => `/api/roles/${roleIds.get("Admin")}` },
      {
        permission: "brands.manage",
        method: "POST",
        url: () => "/api/brands",
        body: () => ({ name: `Permission Brand ${++brandNumber}` }),
      },
      {
        permission: "customers.manage",
        method: "POST",
        url: () => "/api/organizations",
        body: () => ({ name: `Permission Customer ${++organizationNumber}` }),
      },
      {
        permission: "people.manage",
        method: "POST",
        url: () => "/api/roles",
        body: () => ({ name: `Permission Role ${++roleNumber}` }),
      },
      {
        permission: "catalogs.manage",
        method: "POST",
        url: () => "/api/crocs/preview/987654/confirm",
        passes: true,
      },
      {
        permission: "catalogs.publish",
        method: "POST",
        url: () => "/api/crocs/catalogs/publish",
        body: () => ({ lineListId: 987654 }),
        passes: true,
      },
      {
        permission: "orders.manage",
        method: "PUT",
        url: () => "/api/orders/987654/status",
        body: () => ({ status: "Processing" }),
        passes: true,
      },
    ];

    it.each(Object.entries(seededRolePermissions))(
      "%s may do exactly what its permissions say",
      async (roleName, held) => {
        for (const route of sample) {
          const url = route.url();
          const response = await call(roleName, route.method, url, route.body?.());
          const label = `${roleName}: ${route.method} ${url} (${String(route.permission)})`;
          const anyOf: readonly Permission[] =
            typeof route.permission === "string" ? [route.permission] : route.permission;
          if (anyOf.some((permission) => held.includes(permission))) {
            if (route.passes) expect([400, 404], `${label}: ${response.body}`).toContain(response.statusCode);
            else expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(300);
          } else {
            expect(response.statusCode, label).toBe(403);
            expect(response.json(), label).toEqual({
              success: false,
              message: permissionMessages.missing(anyOf[0]!),
              data: null,
            });
          }
        }
      },
    );
  });

  it("applies a change of the user's role, or of the role's permissions, at the next request", async () => {
    const clerk = await addStaff("Viewer");
    const headers = await signIn(testApp, clerk.email);
    const createBrand = (name: string) =>
      testApp.app.inject({ method: "POST", url: "/api/brands", headers, payload: { name } });
    expect((await createBrand("Role Change One")).statusCode).toBe(403);

    const admin = headersOf.get("Admin")!;
    const user = (
      await testApp.app.inject({ method: "GET", url: `/api/users/${clerk.id}`, headers: admin })
    ).json().data;
    const promoted = await testApp.app.inject({
      method: "PUT",
      url: "/api/users",
      headers: admin,
      payload: {
        id: clerk.id,
        firstName: user.firstName,
        lastName: user.lastName,
        roleId: roleIds.get("Catalog Team"),
      },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // The same token: no new sign-in.
    expect((await createBrand("Role Change One")).statusCode).toBe(201);

    const catalogTeam = (
      await testApp.app.inject({
        method: "GET",
        url: `/api/roles/${roleIds.get("Catalog Team")}`,
        headers: admin,
      })
    ).json().data;
    const narrowed = await testApp.app.inject({
      method: "PUT",
      url: `/api/roles/${catalogTeam.id}`,
      headers: admin,
      payload: {
        permissions: catalogTeam.permissions.filter((permission: string) => permission !== "brands.manage"),
      },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const refused = await createBrand("Role Change Two");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(permissionMessages.missing("brands.manage"));

    // An inactive role grants nothing, though its holders may still sign in and see themselves.
    await testApp.app.inject({
      method: "PUT",
      url: `/api/roles/${catalogTeam.id}`,
      headers: admin,
      payload: { permissions: catalogTeam.permissions, status: "inactive" },
    });
    expect((await createBrand("Role Change Two")).statusCode).toBe(403);
    const me = await testApp.app.inject({ method: "GET", url: "/api/me", headers });
    expect(me.json().data).toMatchObject({ permissions: [], role: { name: "Catalog Team" } });
    await testApp.app.inject({
      method: "PUT",
      url: `/api/roles/${catalogTeam.id}`,
      headers: admin,
      payload: { status: "active" },
    });
    expect((await createBrand("Role Change Two")).statusCode).toBe(201);
  });

  it("keeps refusing external users, whatever their role holds", async () => {
    const [customer] = await testApp.database.db
      .insert(organizations)
      .values({ name: "Permission Test Customer", type: "external" })
      .returning();
    const buyer = await addStaff("Admin", { type: "external", organizationId: customer!.id });
    const headers = await mintedAuthorization(testApp, buyer.id);
    for (const url of ["/api/me", "/api/brands", "/api/orders"]) {
      const response = await testApp.app.inject({ method: "GET", url, headers });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ success: false, message: authMessages.forbidden, data: null });
    }
  });
});
