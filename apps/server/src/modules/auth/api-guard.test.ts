import { authMessages, oidcClientId } from "@cm/contracts/auth";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintAccessToken, signIn } from "../../../test/auth.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { organizations, roles, users } from "../../db/schema.ts";
import { loadAuthSecrets } from "./secrets.ts";

describe("API protection", () => {
  let testApp: TestApp;
  let signingKey: JWK;
  let issuer: string;
  let audience: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    // A route of some later module: the guard must cover it with nothing but its declaration.
    testApp.app.post("/api/widgets", { config: { permission: "signed-in" } }, async (request) => ({
      success: true,
      message: "OK",
      data: { by: request.user?.id },
    }));
    // One that forgot to declare what it needs: refused to everyone, the Admin too.
    testApp.app.get("/api/forgotten", async () => ({ success: true, message: "OK", data: null }));
    signingKey = (await loadAuthSecrets(testApp.database.db)).signingKeys.keys[0]!;
    issuer = `${testApp.config.PUBLIC_URL}/oidc`;
    audience = `${testApp.config.PUBLIC_URL}/api`;
  });
  afterAll(() => testApp?.close());

  /** A token as the authorization server would issue it, with some claims replaced. */
  const mint = (claims: JWTPayload = {}, options: { key?: JWK; header?: Record<string, unknown> } = {}) =>
    mintAccessToken(testApp, claims, options);

  async function addUser(email: string, type: "internal" | "external", status = "active") {
    const { db } = testApp.database;
    const [organization] =
      type === "internal"
        ? await db.select().from(organizations).where(eq(organizations.type, "internal"))
        : await db
            .insert(organizations)
            .values({ name: `Customer of ${email}`, type: "external" })
            .returning();
    const [role] = await db.select().from(roles);
    const [user] = await db
      .insert(users)
      .values({
        email,
        firstName: "Some",
        lastName: "One",
        type,
        status,
        organizationId: organization!.id,
        roleId: role!.id,
      })
      .returning();
    return user!;
  }

  const get = (url: string, authorization?: string) =>
    testApp.app.inject({ method: "GET", url, headers: authorization ? { authorization } : {} });

  it("refuses API calls without a token: 401 with the envelope", async () => {
    for (const [method, url] of [
      ["GET", "/api/me"],
      ["POST", "/api/widgets"],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers["www-authenticate"]).toBe("Bearer");
      expect(response.json()).toEqual({ success: false, message: authMessages.unauthenticated, data: null });
    }
  });

  it("leaves /api/config and the API docs open", async () => {
    const config = await get("/api/config");
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({
      success: true,
      message: "OK",
      data: { appEnv: testApp.config.APP_ENV, companyName: testApp.config.COMPANY_NAME },
    });
    expect((await get("/api/docs/json")).statusCode).toBe(200);
  });

  it("accepts a token from the sign-in flow and hands routes the user", async () => {
    const headers = await signIn(testApp);
    const me = await testApp.app.inject({ method: "GET", url: "/api/me", headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      id: 1,
      email: testApp.config.ADMIN_EMAIL,
      type: "internal",
      status: "active",
    });
    const widget = await testApp.app.inject({ method: "POST", url: "/api/widgets", headers });
    expect(widget.json()).toEqual({ success: true, message: "OK", data: { by: 1 } });
  });

  it("accepts a correctly minted token (the baseline of the refusals below)", async () => {
    expect((await get("/api/me", `Bearer ${await mint()}`)).statusCode).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    ["a malformed token", async () => "Bearer not.a.jwt"],
    ["another scheme", async () => `Basic ${Buffer.from("admin:admin").toString("base64")}`],
    [
      "a tampered token",
      async () => {
        const [header, payload, signature] = (await mint()).split(".");
        const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
        const forged = Buffer.from(JSON.stringify({ ...claims, sub: "2" })).toString("base64url");
        return `Bearer ${header}.${forged}.${signature}`;
      },
    ],
    ["an expired token", async () => `Bearer ${await mint({ exp: Math.floor(Date.now() / 1000) - 5 })}`],
    [
      "a token signed with a foreign key under our key id",
      async () => {
        const { privateKey } = await generateKeyPair("ES256", { extractable: true });
        const foreign = { ...(await exportJWK(privateKey)), kid: signingKey.kid };
        return `Bearer ${await mint({}, { key: foreign })}`;
      },
    ],
    [
      "a token signed with a foreign key",
      async () => {
        const { privateKey } = await generateKeyPair("ES256", { extractable: true });
        const jwk = await exportJWK(privateKey);
        return `Bearer ${await mint({}, { key: { ...jwk, kid: await calculateJwkThumbprint(jwk) } })}`;
      },
    ],
    [
      "a token for another audience",
      async () => `Bearer ${await mint({ aud: "https://elsewhere.example/api" })}`,
    ],
    ["a token from another issuer", async () => `Bearer ${await mint({ iss: "https://issuer.example" })}`],
    ["a token of another client", async () => `Bearer ${await mint({ client_id: "someone-else" })}`],
    [
      "an ID token instead of an access token",
      async () => `Bearer ${await mint({}, { header: { typ: "JWT" } })}`,
    ],
    [
      "an unsigned token",
      async () => {
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          iss: issuer,
          aud: audience,
          sub: "1",
          client_id: oidcClientId,
          iat: now,
          exp: now + 600,
        };
        return `Bearer ${encode({ alg: "none", typ: "at+jwt" })}.${encode(claims)}.`;
      },
    ],
    ["a token of a user who does not exist", async () => `Bearer ${await mint({ sub: "9999" })}`],
  ])("refuses %s with 401", async (_label, authorization) => {
    const response = await get("/api/me", await authorization());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: authMessages.unauthenticated, data: null });
  });

  it("refuses an external user with 403", async () => {
    const customer = await addUser("buyer@customer.example", "external");
    const response = await get("/api/me", `Bearer ${await mint({ sub: String(customer.id) })}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: authMessages.forbidden, data: null });
  });

  it("refuses an inactive user with 403, even with a token from before the deactivation", async () => {
    const staff = await addUser("leaver@example.com", "internal");
    const headers = await signIn(testApp, staff.email);
    expect((await testApp.app.inject({ method: "GET", url: "/api/me", headers })).statusCode).toBe(200);
    await testApp.database.db.update(users).set({ status: "inactive" }).where(eq(users.id, staff.id));
    const response = await testApp.app.inject({ method: "GET", url: "/api/me", headers });
    expect(response.statusCode).toBe(403);
  });

  it("refuses an API route that declares no permission, even to the Admin", async () => {
    expect((await get("/api/forgotten")).statusCode).toBe(401);
    const response = await get("/api/forgotten", `Bearer ${await mint()}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: authMessages.forbidden, data: null });
  });

  it("keeps answering 404 for API paths no route serves", async () => {
    const response = await get("/api/nothing-here");
    expect(response.statusCode).toBe(404);
  });
});
