import { authMessages } from "@cm/contracts/auth";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintAccessToken } from "../../../test/auth.ts";
import { openApiRoutes } from "../../../test/openapi-routes.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { portalMessages, portalPermissionValues } from "@cm/contracts/portal";
import { organizations, roles, storeUsers, stores, users } from "../../db/schema.ts";
import { isPortalRoute, type RoutePermission } from "./permissions.ts";
import { loadAuthSecrets } from "./secrets.ts";

/**
 * Every protected route of the OpenAPI document, walked with every kind of bad token: each is
 * refused by the API guard with the error envelope before it reads its input. A route added later
 * is walked too, as long as it is in the document (permissions.test.ts makes sure it declares
 * what it needs). api-guard.test.ts explains each refusal on one route; this proves it on all.
 */

/** Fills every path parameter: an id no row has, so the baseline request below changes nothing. */
const unknownId = "987654";

interface Route {
  method: InjectOptions["method"];
  url: string;
  label: string;
  /** What the route declares: portal routes are for customers only, "account" routes for both. */
  permission: RoutePermission;
}

describe("401 and 403 on every protected route", () => {
  let testApp: TestApp;
  let signingKey: JWK;
  const routes: Route[] = [];
  let requests = 0;
  const ids: Record<
    "staff" | "customer" | "inactive" | "removed" | "buyer" | "closedBuyer" | "leftBuyer",
    number
  > = {
    staff: 0,
    customer: 0,
    inactive: 0,
    removed: 0,
    buyer: 0,
    closedBuyer: 0,
    leftBuyer: 0,
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    signingKey = (await loadAuthSecrets(db)).signingKeys.keys[0]!;

    const [internal] = await db.select().from(organizations).where(eq(organizations.type, "internal"));
    const [customer] = await db
      .insert(organizations)
      .values({ name: "Walk Test Customer", type: "external" })
      .returning();
    const [admin] = await db.select().from(roles).where(eq(roles.name, "Admin"));
    const addUser = async (email: string, values: Partial<typeof users.$inferInsert>) => {
      const [user] = await db
        .insert(users)
        .values({
          email,
          firstName: "Walk",
          lastName: "Test",
          type: "internal",
          status: "active",
          organizationId: internal!.id,
          roleId: admin!.id,
          ...values,
        })
        .returning();
      return user!.id;
    };
    ids.staff = await addUser("walk-admin@example.com", {});
    // The customer holds the Admin role: being external is what refuses them, whatever the role.
    ids.customer = await addUser("walk-buyer@customer.example", {
      type: "external",
      organizationId: customer!.id,
    });
    ids.inactive = await addUser("walk-leaver@example.com", { status: "inactive" });
    // Customers who may sign in: a Buyer of an active organization linked to an active store; and
    // two who may not: the same of an inactive organization, and a deactivated one.
    const [buyerRole] = await db.select().from(roles).where(eq(roles.name, "Buyer"));
    // The walking customer holds every portal permission, so each portal route lets it in.
    const [allPortal] = await db
      .insert(roles)
      .values({ name: "Walk All Portal", type: "external", permissions: [...portalPermissionValues] })
      .returning();
    const [closed] = await db
      .insert(organizations)
      .values({ name: "Walk Test Closed Customer", type: "external", status: "inactive" })
      .returning();
    ids.buyer = await addUser("walk-buyer@portal.example", {
      type: "external",
      organizationId: customer!.id,
      roleId: allPortal!.id,
    });
    ids.leftBuyer = await addUser("walk-left@portal.example", {
      type: "external",
      status: "inactive",
      organizationId: customer!.id,
      roleId: buyerRole!.id,
    });
    ids.closedBuyer = await addUser("walk-closed@portal.example", {
      type: "external",
      organizationId: closed!.id,
      roleId: buyerRole!.id,
    });
    const [store, closedStore] = await db
      .insert(stores)
      .values([
        { organizationId: customer!.id, name: "Walk Store", logoUrl: "/store-logo-placeholder.svg" },
        { organizationId: closed!.id, name: "Walk Closed Store", logoUrl: "/store-logo-placeholder.svg" },
      ])
      .returning();
    await db.insert(storeUsers).values([
      { storeId: store!.id, userId: ids.buyer },
      { storeId: store!.id, userId: ids.leftBuyer },
      { storeId: closedStore!.id, userId: ids.closedBuyer },
    ]);
    ids.removed = await addUser("walk-removed@example.com", {});
    await db.delete(users).where(eq(users.id, ids.removed));

    for (const route of await openApiRoutes(testApp.app)) {
      if (route.permission === "public") continue;
      routes.push({
        method: route.method,
        url: route.path.replace(/\{[^}]+\}/g, unknownId),
        label: route.label,
        permission: route.permission as RoutePermission,
      });
    }
  });
  afterAll(async () => {
    console.info(`route-auth-walk: ${routes.length} protected routes walked, ${requests} requests`);
    await testApp?.close();
  });

  /** An access token of the staff member as the authorization server signs it, with claims, key or header replaced. */
  const mint = (claims: JWTPayload = {}, options: { key?: JWK; header?: Record<string, unknown> } = {}) =>
    mintAccessToken(testApp, { sub: String(ids.staff), ...claims }, options);

  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString()) as JWTPayload;

  async function call(route: Route, token?: string) {
    requests += 1;
    return testApp.app.inject({
      method: route.method,
      url: route.url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  }

  it("finds the protected routes in the OpenAPI document", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map((route) => route.label)).toEqual(
      expect.arrayContaining(["GET /api/me", "POST /api/brands", "POST /functions/process-line-list"]),
    );
  });

  it("lets a valid staff token past the guard on every staff route (the baseline of the refusals)", async () => {
    const token = await mint();
    const refused: string[] = [];
    for (const route of routes.filter((route) => !isPortalRoute(route.permission))) {
      const response = await call(route, token);
      if (response.statusCode === 401 || response.statusCode === 403) {
        refused.push(`${route.label}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("finds the portal routes in the OpenAPI document", () => {
    const portal = routes.filter((route) => isPortalRoute(route.permission)).map((route) => route.label);
    expect(portal).toContain("GET /api/portal/me");
    // Every route under /api/portal is a portal route, so a staff token cannot reach any.
    expect(
      routes.filter((route) => route.url.startsWith("/api/portal/")).map((route) => route.label),
    ).toEqual(portal);
  });

  it("answers 403 to a staff token on every portal route: staff are never asked to pick a store", async () => {
    const token = await mint();
    const customersOnly = JSON.stringify({
      success: false,
      message: portalMessages.customersOnly,
      data: null,
    });
    const wrong: string[] = [];
    for (const route of routes.filter((route) => isPortalRoute(route.permission))) {
      const response = await call(route, token);
      if (response.statusCode !== 403 || response.body !== customersOnly) {
        wrong.push(`${route.label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to a signed-in customer's token on every staff route, and lets it into the portal and its own account", async () => {
    const token = await mint({ sub: String(ids.buyer) });
    const staffOnly = JSON.stringify({ success: false, message: portalMessages.staffOnly, data: null });
    const wrong: string[] = [];
    for (const route of routes) {
      const response = await call(route, token);
      const open = isPortalRoute(route.permission) || route.permission === "account";
      if (open ? response.statusCode === 401 || response.statusCode === 403 : response.statusCode !== 403) {
        wrong.push(`${route.label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      } else if (!open && response.body !== staffOnly) {
        wrong.push(`${route.label}: ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Only the user's own account is open to both: GET /api/me and their passkeys.
    expect(
      routes
        .filter((route) => route.permission === "account")
        .map((route) => route.label)
        .sort(),
    ).toEqual(expect.arrayContaining(["GET /api/me", "GET /api/me/passkeys"]));
    expect(
      routes
        .filter((route) => route.permission === "account")
        .every((route) => route.url.startsWith("/api/me")),
    ).toBe(true);
  });

  it("answers 401 with the envelope to every bad token on every route", async () => {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const foreignJwk = await exportJWK(privateKey);
    const [header, payload, signature] = (await mint()).split(".") as [string, string, string];
    const now = Math.floor(Date.now() / 1000);

    const badTokens: [string, string | undefined][] = [
      ["no token", undefined],
      ["a payload byte changed", `${header}.${encode({ ...decode(payload), sub: "1" })}.${signature}`],
      [
        "a signature byte changed",
        `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`,
      ],
      [
        "a signature of another key under our key id",
        await mint({}, { key: { ...foreignJwk, kid: signingKey.kid } }),
      ],
      [
        "a signature of another key",
        await mint({}, { key: { ...foreignJwk, kid: await calculateJwkThumbprint(foreignJwk) } }),
      ],
      ["alg none", `${encode({ alg: "none", typ: "at+jwt" })}.${payload}.`],
      ["an expired token", await mint({ iat: now - 1200, exp: now - 600 })],
      ["a token for another audience", await mint({ aud: "https://elsewhere.example/api" })],
      ["a token of a user who no longer exists", await mint({ sub: String(ids.removed) })],
    ];

    const wrong: string[] = [];
    for (const route of routes) {
      for (const [kind, token] of badTokens) {
        const response = await call(route, token);
        const body = response.body;
        if (
          response.statusCode !== 401 ||
          body !== JSON.stringify({ success: false, message: authMessages.unauthenticated, data: null }) ||
          !String(response.headers["www-authenticate"]).startsWith("Bearer")
        ) {
          wrong.push(`${route.label} with ${kind}: ${response.statusCode} ${body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 with the envelope to a customer's and a deactivated staff member's valid token", async () => {
    const tokens: [string, string][] = [
      ["a customer (external user) linked to no store", await mint({ sub: String(ids.customer) })],
      ["a deactivated staff member", await mint({ sub: String(ids.inactive) })],
      ["a deactivated customer user", await mint({ sub: String(ids.leftBuyer) })],
      ["a customer user of an inactive organization", await mint({ sub: String(ids.closedBuyer) })],
    ];
    const forbidden = JSON.stringify({ success: false, message: authMessages.forbidden, data: null });
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [who, token] of tokens) {
        const response = await call(route, token);
        if (response.statusCode !== 403 || response.body !== forbidden) {
          wrong.push(`${route.label} for ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
