import {
  permissionValues,
  seededRolePermissions,
  sharedReadPermissions,
  withIncludedPermissions,
  type Permission,
} from "@cm/contracts/permissions";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintedAuthorization } from "../../../test/auth.ts";
import { openApiRoutes } from "../../../test/openapi-routes.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { organizations, roles, users } from "../../db/schema.ts";
import { grantedPermissions, missingPermission } from "./permissions.ts";

/**
 * No screen a role can open fails on a read that role cannot make (docs/security.md, "Shared
 * reads"). Each screen of the web app, with the permission its route handle declares
 * (apps/web/src/app/route-handles.ts) and the API calls it makes to show itself (its queries, and
 * the calls of its forms), against every set of permissions a role may hold: wherever the set opens
 * the screen, the route of each call lets it in. `when`: a call the screen makes only for holders
 * of one of these permissions (the history panel, the people filter).
 */
type Requirement = Permission | readonly Permission[];
interface ScreenRead {
  route: string;
  when?: Requirement;
}
interface Screen {
  name: string;
  opens: Requirement | "signed-in";
  reads: readonly (string | ScreenRead)[];
}

const orderLists = [
  "GET /api/orders",
  "GET /api/organizations",
  "GET /api/stores",
  "GET /api/line-lists",
  "GET /api/orders/order-form/line-lists",
  "GET /api/line-lists/{id}/order-form",
];

const screens: Screen[] = [
  {
    // The shell: the sidebar's brand links (Line Lists, Orders by Brand) and the lists the home
    // data loads on entering /home (apps/web/src/app/layouts), each only for whom its screens serve.
    name: "shell",
    opens: "signed-in",
    reads: [
      "GET /api/me",
      { route: "GET /api/brands", when: sharedReadPermissions.brands },
      { route: "GET /api/stores", when: sharedReadPermissions.customers },
      { route: "GET /api/organizations", when: sharedReadPermissions.customers },
      { route: "GET /api/users", when: sharedReadPermissions.users },
      { route: "GET /api/users/with-memberships", when: sharedReadPermissions.users },
      { route: "GET /api/roles", when: sharedReadPermissions.users },
    ],
  },
  { name: "account", opens: "signed-in", reads: ["GET /api/me", "GET /api/me/passkeys"] },
  {
    name: "catalogs",
    opens: "catalogs.view",
    reads: ["GET /api/line-lists/with-catalogs-info", "GET /api/crocs/catalogs/populated/{lineListId}"],
  },
  {
    name: "lineListPreview",
    opens: "catalogs.manage",
    reads: [
      "GET /api/line-lists",
      "GET /api/crocs/preview/{lineListId}",
      "GET /api/crocs/preview/{lineListId}/styles",
    ],
  },
  {
    name: "catalogSegmentation",
    opens: "catalogs.manage",
    reads: ["GET /api/line-lists", "GET /api/crocs/catalogs/populated/{lineListId}"],
  },
  { name: "brands", opens: "catalogs.view", reads: ["GET /api/brands"] },
  { name: "brandCreate", opens: "brands.manage", reads: ["GET /api/brands"] },
  { name: "brandEdit", opens: "brands.manage", reads: ["GET /api/brands"] },
  { name: "brandLineLists", opens: "catalogs.view", reads: ["GET /api/brands", "GET /api/line-lists"] },
  {
    name: "orders",
    opens: "orders.view",
    reads: ["GET /api/orders/dashboard", "GET /api/orders/monthly-totals"],
  },
  { name: "ordersCatalogType", opens: "orders.view", reads: orderLists },
  { name: "ordersBrand", opens: "orders.view", reads: [...orderLists, "GET /api/brands"] },
  {
    name: "orderCreate",
    opens: "orders.manage",
    reads: [
      "GET /api/organizations",
      "GET /api/stores",
      "GET /api/line-lists",
      "GET /api/orders/offer",
      // Import Order Form: the file's upload URL and its preview.
      "POST /api/uploads/get-presigned-upload-url",
      "POST /api/orders/order-form/preview",
      // Save opens the new order.
      "GET /api/orders/{id}",
    ],
  },
  {
    name: "orderDetail",
    opens: "orders.view",
    reads: [
      "GET /api/orders/{id}",
      { route: "GET /api/history", when: "history.view" },
      { route: "GET /api/orders/offer", when: "orders.manage" },
    ],
  },
  {
    name: "customers",
    opens: "customers.view",
    reads: [
      "GET /api/customers",
      "GET /api/organizations",
      "GET /api/stores",
      "GET /api/users",
      "GET /api/users/with-memberships",
      "GET /api/roles",
    ],
  },
  {
    name: "organizationEdit",
    opens: "customers.manage",
    reads: ["GET /api/organizations/{id}", "GET /api/users", "GET /api/roles", "GET /api/brands"],
  },
  {
    name: "storeEdit",
    opens: "customers.manage",
    reads: ["GET /api/stores/{id}", "GET /api/organizations", "GET /api/users", "GET /api/brands"],
  },
  {
    name: "personEdit",
    opens: ["customers.manage", "people.manage"],
    reads: ["GET /api/users/with-memberships/{id}", "GET /api/roles"],
  },
  { name: "team", opens: "people.view", reads: ["GET /api/users", "GET /api/roles"] },
  { name: "teamMemberCreate", opens: "people.manage", reads: ["GET /api/roles"] },
  { name: "roles", opens: "people.view", reads: ["GET /api/roles"] },
  { name: "roleEdit", opens: "people.manage", reads: ["GET /api/roles/{id}"] },
  {
    name: "activity",
    opens: "history.view",
    reads: ["GET /api/history", { route: "GET /api/users", when: sharedReadPermissions.users }],
  },
];

function meets(held: Permission[], requirement: Requirement | "signed-in"): boolean {
  return requirement === "signed-in" || missingPermission({ permissions: held }, requirement) === undefined;
}

/** Every set of permissions a role may hold: all 2^11 subsets of the catalogue. */
function everyPermissionSet(): Permission[][] {
  const sets: Permission[][] = [];
  for (let mask = 0; mask < 1 << permissionValues.length; mask += 1) {
    sets.push(permissionValues.filter((_, index) => mask & (1 << index)));
  }
  return sets;
}

describe("what each screen reads", () => {
  let testApp: TestApp;
  let declared: Map<string, unknown>;

  beforeAll(async () => {
    testApp = await createTestApp();
    declared = new Map((await openApiRoutes(testApp.app)).map((route) => [route.label, route.permission]));
  });
  afterAll(() => testApp?.close());

  it("names only routes the API has", () => {
    const unknown = screens
      .flatMap((screen) => screen.reads.map((read) => (typeof read === "string" ? read : read.route)))
      .filter((route) => !declared.has(route));
    expect(unknown).toEqual([]);
  });

  it("lets every set of permissions make every read of every screen it opens", () => {
    const failures = new Set<string>();
    for (const saved of everyPermissionSet()) {
      const held = grantedPermissions({ status: "active", permissions: saved });
      for (const screen of screens) {
        if (!meets(held, screen.opens)) continue;
        for (const read of screen.reads) {
          const { route, when } = typeof read === "string" ? { route: read, when: undefined } : read;
          if (when !== undefined && !meets(held, when)) continue;
          const permission = declared.get(route) as Requirement | "signed-in" | "account" | "public";
          // "account": any signed-in user, staff or customer.
          if (permission === "public" || permission === "account" || meets(held, permission)) continue;
          failures.add(
            `${screen.name}: ${route} (declares ${JSON.stringify(permission)}) for [${saved.join(", ")}]`,
          );
        }
      }
    }
    expect([...failures].slice(0, 20)).toEqual([]);
  });

  it("declares the shared reads' permissions on their routes", () => {
    expect(declared.get("GET /api/brands")).toEqual(sharedReadPermissions.brands);
    expect(declared.get("GET /api/line-lists")).toEqual(sharedReadPermissions.lineLists);
    expect(declared.get("GET /api/organizations")).toEqual(sharedReadPermissions.customers);
    expect(declared.get("GET /api/stores")).toEqual(sharedReadPermissions.customers);
    expect(declared.get("GET /api/users")).toEqual(sharedReadPermissions.users);
    expect(declared.get("GET /api/users/with-memberships")).toEqual(sharedReadPermissions.users);
    expect(declared.get("GET /api/roles")).toEqual(sharedReadPermissions.users);
  });

  it("grants what a permission includes, whether or not the role was saved with it", () => {
    expect(withIncludedPermissions(["orders.manage"])).toEqual(["orders.view", "orders.manage"]);
    expect(withIncludedPermissions(["brands.manage", "people.manage"])).toEqual([
      "catalogs.view",
      "brands.manage",
      "people.view",
      "people.manage",
    ]);
    // The seeded roles hold what their permissions include already.
    for (const held of Object.values(seededRolePermissions)) {
      expect(withIncludedPermissions(held)).toEqual([...held]);
    }
  });

  it("lets a role of Orders: View and Manage and Customers: View make New Order's and the sidebar's reads", async () => {
    const { db } = testApp.database;
    const [internal] = await db.select().from(organizations).where(eq(organizations.type, "internal"));
    const [role] = await db
      .insert(roles)
      .values({
        name: "Order Desk",
        type: "internal",
        status: "active",
        permissions: ["customers.view", "orders.view", "orders.manage"],
      })
      .returning();
    const [clerk] = await db
      .insert(users)
      .values({
        email: "order-desk@example.com",
        firstName: "Order",
        lastName: "Desk",
        type: "internal",
        status: "active",
        organizationId: internal!.id,
        roleId: role!.id,
      })
      .returning();
    const headers = await mintedAuthorization(testApp, clerk!.id);
    const get = (url: string) => testApp.app.inject({ method: "GET", url, headers });

    // The sidebar's brand links and the home data, then New Order's customers, stores and line lists.
    for (const url of [
      "/api/brands",
      "/api/stores",
      "/api/organizations",
      "/api/line-lists?status=published",
      "/api/orders/order-form/line-lists",
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    // The offer gets past the guard and answers for the store it is asked about.
    const offer = await get("/api/orders/offer?storeId=987654&lineListIds=987654");
    expect(offer.statusCode, offer.body).not.toBe(403);
    // Catalogs themselves stay Catalogs: View's.
    expect((await get("/api/line-lists/with-catalogs-info")).statusCode).toBe(403);
    expect((await get("/api/history")).statusCode).toBe(403);
  });
});
