import { authPaths, oidcClientId } from "@cm/contracts/auth";
import { permissionValues } from "@cm/contracts/permissions";
import { and, eq } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader } from "jose";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  discover,
  exchangeCode,
  followToCallback,
  oauthOptions,
  readLoginCode,
  requestCode,
  signIn,
  skipCodeRateLimits,
  signInForTokens,
  startAuthorization,
  TestBrowser,
  verifyCode,
} from "../../../test/auth.ts";
import { spaClient } from "../../testing/oauth-client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { oidcPayloads } from "../../db/schema.ts";
import { assertNoDevInteractions, providerConfiguration } from "./oidc-provider.ts";

const apiMe = (testApp: TestApp, accessToken: string) =>
  testApp.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${accessToken}` } });

async function expectOAuthError(promise: Promise<unknown>, error: string) {
  const failure = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(failure, `expected OAuth error ${error}`).toBeInstanceOf(oauth.ResponseBodyError);
  expect((failure as oauth.ResponseBodyError).error).toBe(error);
}

describe("authorization server", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp?.close());
  // Most tests ask the admin a code: keep them apart from the per-address code request limits.
  beforeEach(() => skipCodeRateLimits(testApp));

  it("publishes discovery and a JWKS of public keys for the issuer under /oidc", async () => {
    const as = await discover(testApp);
    const issuer = `${testApp.config.PUBLIC_URL}/oidc`;
    expect(as.issuer).toBe(issuer);
    expect(as.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(as.token_endpoint).toBe(`${issuer}/token`);
    expect(as.revocation_endpoint).toBe(`${issuer}/token/revocation`);
    expect(as.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.response_types_supported).toEqual(["code"]);
    expect(as.userinfo_endpoint).toBeUndefined();

    const jwks = await testApp.app.inject({ method: "GET", url: "/oidc/jwks" });
    expect(jwks.statusCode).toBe(200);
    const { keys } = jwks.json<{ keys: Record<string, unknown>[] }>();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).not.toHaveProperty("d");
  });

  it("signs the SPA in: PKCE code flow, JWT access token for the API, /api/me", async () => {
    const tokens = await signInForTokens(testApp);
    expect(tokens.token_type.toLowerCase()).toBe("bearer");
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.id_token).toEqual(expect.any(String));
    expect(tokens.expires_in).toBe(600);

    const header = decodeProtectedHeader(tokens.access_token);
    const claims = decodeJwt(tokens.access_token);
    expect(header).toMatchObject({ typ: "at+jwt", alg: "ES256" });
    expect(claims).toMatchObject({
      iss: `${testApp.config.PUBLIC_URL}/oidc`,
      aud: `${testApp.config.PUBLIC_URL}/api`,
      client_id: oidcClientId,
      sub: "1",
    });
    expect(claims.exp! - claims.iat!).toBe(600);

    const me = await apiMe(testApp, tokens.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      success: true,
      message: "OK",
      data: {
        id: 1,
        email: testApp.config.ADMIN_EMAIL,
        firstName: "Admin",
        lastName: "User",
        type: "internal",
        status: "active",
        permissions: [...permissionValues],
        role: { id: 1, name: "Admin" },
      },
    });
  });

  it("accepts the API resource indicator when the SPA sends it", async () => {
    const resource = `${testApp.config.PUBLIC_URL}/api`;
    const start = await startAuthorization(testApp, { params: { resource } });
    await requestCode(start.browser, testApp.config.ADMIN_EMAIL);
    const code = (await readLoginCode(testApp, testApp.config.ADMIN_EMAIL))!;
    const callback = await followToCallback(
      start.browser,
      await verifyCode(start.browser, testApp.config.ADMIN_EMAIL, code),
    );
    const tokens = await exchangeCode(testApp, start, callback);
    expect(decodeJwt(tokens.access_token).aud).toBe(resource);
  });

  it("rotates refresh tokens; replaying a used one revokes the whole grant", async () => {
    const as = await discover(testApp);
    const options = oauthOptions(testApp.app);
    const first = await signInForTokens(testApp);

    const refresh = (token: string) =>
      oauth
        .refreshTokenGrantRequest(as, spaClient, oauth.None(), token, options)
        .then((response) => oauth.processRefreshTokenResponse(as, spaClient, response));

    const second = await refresh(first.refresh_token!);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await apiMe(testApp, second.access_token)).statusCode).toBe(200);

    const third = await refresh(second.refresh_token!);
    // The first token again: a replay. The grant goes, with every token still unused.
    await expectOAuthError(refresh(first.refresh_token!), "invalid_grant");
    await expectOAuthError(refresh(third.refresh_token!), "invalid_grant");
  });

  it("keeps the 12-hour session absolute: rotated refresh tokens keep the first one's expiry", async () => {
    const as = await discover(testApp);
    const first = await signInForTokens(testApp);
    const expiryOf = async (token: string) => {
      const rows = await testApp.database.db
        .select({ expiresAt: oidcPayloads.expiresAt, payload: oidcPayloads.payload })
        .from(oidcPayloads)
        .where(eq(oidcPayloads.model, "RefreshToken"));
      const row = rows.find((candidate) =>
        token.startsWith(String((candidate.payload as { jti: string }).jti)),
      );
      return row!.expiresAt!.getTime();
    };
    const firstExpiry = await expiryOf(first.refresh_token!);
    expect(Math.abs(firstExpiry - Date.now() - 12 * 3600 * 1000)).toBeLessThan(60_000);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await oauth.refreshTokenGrantRequest(
      as,
      spaClient,
      oauth.None(),
      first.refresh_token!,
      oauthOptions(testApp.app),
    );
    const second = await oauth.processRefreshTokenResponse(as, spaClient, response);
    expect(Math.abs((await expiryOf(second.refresh_token!)) - firstExpiry)).toBeLessThanOrEqual(1000);
  });

  it("revokes a refresh token at the revocation endpoint", async () => {
    const as = await discover(testApp);
    const options = oauthOptions(testApp.app);
    const tokens = await signInForTokens(testApp);
    const revoked = await oauth.revocationRequest(
      as,
      spaClient,
      oauth.None(),
      tokens.refresh_token!,
      options,
    );
    // An empty success has no content type: the web app's OIDC client refuses any type but JSON,
    // and logged "Invalid response Content-Type: text/plain" on every logout that worked.
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get("content-type")).toBeNull();
    expect(await revoked.clone().text()).toBe("");
    await oauth.processRevocationResponse(revoked);
    const refresh = oauth
      .refreshTokenGrantRequest(as, spaClient, oauth.None(), tokens.refresh_token!, options)
      .then((response) => oauth.processRefreshTokenResponse(as, spaClient, response));
    await expectOAuthError(refresh, "invalid_grant");
  });

  it("lets an authorization code work once and live at most 60 seconds", async () => {
    const start = await startAuthorization(testApp);
    await requestCode(start.browser, testApp.config.ADMIN_EMAIL);
    const code = (await readLoginCode(testApp, testApp.config.ADMIN_EMAIL))!;
    const callback = await followToCallback(
      start.browser,
      await verifyCode(start.browser, testApp.config.ADMIN_EMAIL, code),
    );

    const [stored] = await testApp.database.db
      .select({ expiresAt: oidcPayloads.expiresAt, payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, "AuthorizationCode"),
          eq(oidcPayloads.id, callback.searchParams.get("code")!),
        ),
      );
    const payload = stored!.payload as { iat: number; exp: number };
    expect(payload.exp - payload.iat).toBe(60);

    const tokens = await exchangeCode(testApp, start, callback);
    await expectOAuthError(exchangeCode(testApp, start, callback), "invalid_grant");
    // Reusing a code revokes what it issued.
    expect((await apiMe(testApp, tokens.access_token)).statusCode).toBe(200); // a JWT lives until it expires
    const as = await discover(testApp);
    const refresh = oauth
      .refreshTokenGrantRequest(as, spaClient, oauth.None(), tokens.refresh_token!, oauthOptions(testApp.app))
      .then((response) => oauth.processRefreshTokenResponse(as, spaClient, response));
    await expectOAuthError(refresh, "invalid_grant");
  });

  it("lets only one of two racing token requests use a code, and revokes the grant", async () => {
    const start = await startAuthorization(testApp);
    await requestCode(start.browser, testApp.config.ADMIN_EMAIL);
    const code = (await readLoginCode(testApp, testApp.config.ADMIN_EMAIL))!;
    const callback = await followToCallback(
      start.browser,
      await verifyCode(start.browser, testApp.config.ADMIN_EMAIL, code),
    );
    const results = await Promise.allSettled([
      exchangeCode(testApp, start, callback),
      exchangeCode(testApp, start, callback),
    ]);
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    const as = await discover(testApp);
    const refresh = oauth
      .refreshTokenGrantRequest(
        as,
        spaClient,
        oauth.None(),
        won[0]!.value.refresh_token!,
        oauthOptions(testApp.app),
      )
      .then((response) => oauth.processRefreshTokenResponse(as, spaClient, response));
    await expectOAuthError(refresh, "invalid_grant");
  });

  it("treats two refreshes racing with one refresh token as a replay (the SPA must serialise them)", async () => {
    const as = await discover(testApp);
    const tokens = await signInForTokens(testApp);
    const refresh = (token: string) =>
      oauth
        .refreshTokenGrantRequest(as, spaClient, oauth.None(), token, oauthOptions(testApp.app))
        .then((response) => oauth.processRefreshTokenResponse(as, spaClient, response));
    const results = await Promise.allSettled([
      refresh(tokens.refresh_token!),
      refresh(tokens.refresh_token!),
    ]);
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won.length).toBeLessThanOrEqual(1);
    if (won[0]) await expectOAuthError(refresh(won[0].value.refresh_token!), "invalid_grant");
  });

  it("refuses a wrong PKCE verifier at the token endpoint", async () => {
    const start = await startAuthorization(testApp);
    await requestCode(start.browser, testApp.config.ADMIN_EMAIL);
    const code = (await readLoginCode(testApp, testApp.config.ADMIN_EMAIL))!;
    const callback = await followToCallback(
      start.browser,
      await verifyCode(start.browser, testApp.config.ADMIN_EMAIL, code),
    );
    await expectOAuthError(
      exchangeCode(testApp, start, callback, oauth.generateRandomCodeVerifier()),
      "invalid_grant",
    );
  });

  it("refuses authorization requests without PKCE, with plain PKCE, or another response type", async () => {
    for (const params of [
      { code_challenge: undefined, code_challenge_method: undefined },
      { code_challenge_method: undefined },
      { code_challenge: "a".repeat(43), code_challenge_method: "plain" },
      { response_type: "token" },
    ]) {
      const { response, redirectUri } = await startAuthorization(testApp, { params });
      expect(response.statusCode, JSON.stringify(params)).toBe(303);
      const location = new URL(String(response.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
      // An implicit-flow request gets its answer in the fragment, the others in the query.
      const answer = location.hash ? new URLSearchParams(location.hash.slice(1)) : location.searchParams;
      expect(answer.get("error"), JSON.stringify(params)).toMatch(
        /^(invalid_request|unsupported_response_type)$/,
      );
      expect(answer.has("code") || answer.has("access_token")).toBe(false);
    }
  });

  it("refuses redirect URIs that are not registered exactly, without redirecting there", async () => {
    const origin = testApp.config.PUBLIC_URL;
    for (const redirect_uri of [`${origin}/home`, `${origin}`, "https://evil.example/", `${origin}/?x=1`]) {
      const { response } = await startAuthorization(testApp, { params: { redirect_uri } });
      expect(response.statusCode, redirect_uri).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain("Sign-in failed");
    }
    const { response } = await startAuthorization(testApp, { params: { client_id: "someone-else" } });
    expect(response.statusCode).toBe(400);
  });

  it("has no development interactions, and refuses a configuration that enables them", async () => {
    const start = await startAuthorization(testApp);
    expect(new URL(String(start.response.headers.location)).pathname).toBe(authPaths.start);
    const devPage = await testApp.app.inject({ method: "GET", url: "/oidc/interaction/whatever" });
    expect(devPage.statusCode).toBe(404);

    const configuration = providerConfiguration({
      settings: testApp.app.auth.settings,
      secrets: { signingKeys: { keys: [] }, cookieKeys: ["x"], hmacKey: Buffer.alloc(32) },
      db: testApp.database.db,
      log: testApp.app.log,
    });
    expect(() => assertNoDevInteractions(configuration)).not.toThrow();
    expect(() =>
      assertNoDevInteractions({
        ...configuration,
        features: { ...configuration.features, devInteractions: { enabled: true } },
      }),
    ).toThrow(/development interactions/);
    const { devInteractions: _omitted, ...defaultFeatures } = configuration.features!;
    expect(() => assertNoDevInteractions({ ...configuration, features: defaultFeatures })).toThrow();
  });

  it("sends an unauthenticated authorization request to /auth/start and remembers the front end for a day", async () => {
    const { response, browser } = await startAuthorization(testApp);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${testApp.config.PUBLIC_URL}/auth/start`);
    const cookies = response.cookies as {
      name: string;
      value: string;
      sameSite?: string;
      httpOnly?: boolean;
      maxAge?: number;
      expires?: Date;
    }[];
    const frontend = cookies.find((cookie) => cookie.name === "cm_frontend_location")!;
    expect(decodeURIComponent(frontend.value)).toBe(`${testApp.config.PUBLIC_URL}/`);
    expect(frontend.sameSite?.toLowerCase()).toBe("strict");
    expect(frontend.httpOnly).toBe(true);
    expect(Math.abs(frontend.expires!.getTime() - Date.now() - 24 * 3600 * 1000)).toBeLessThan(60_000);
    expect(browser.cookies.has("cm_oidc_interaction")).toBe(true);
  });

  it("asks for a new login code after a logout: no silent sign-in from the old session", async () => {
    const browser = new TestBrowser(testApp.app);
    const start = await startAuthorization(testApp, { browser });
    await requestCode(browser, testApp.config.ADMIN_EMAIL);
    const code = (await readLoginCode(testApp, testApp.config.ADMIN_EMAIL))!;
    const tokens = await exchangeCode(
      testApp,
      start,
      await followToCallback(browser, await verifyCode(browser, testApp.config.ADMIN_EMAIL, code)),
    );

    // End-session with our client: no confirmation page to click through, back to the app.
    const as = await discover(testApp);
    const endSession = new URL(as.end_session_endpoint!);
    endSession.searchParams.set("client_id", oidcClientId);
    endSession.searchParams.set("id_token_hint", tokens.id_token!);
    endSession.searchParams.set("post_logout_redirect_uri", `${testApp.config.PUBLIC_URL}/`);
    const logoutPage = await browser.get(endSession.href);
    expect(logoutPage.statusCode).toBe(200);
    const csp = String(logoutPage.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(logoutPage.body)!;
    const fields = Object.fromEntries(
      [...form[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
    );
    expect(fields.logout).toBe("yes");
    const confirmed = await browser.post(new URL(form[1]!).pathname, fields);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${testApp.config.PUBLIC_URL}/`);

    const again = await startAuthorization(testApp, { browser });
    expect(again.response.headers.location).toBe(`${testApp.config.PUBLIC_URL}/auth/start`);
  });

  it("requires a login code on every authorization request, even with a live session", async () => {
    const browser = new TestBrowser(testApp.app);
    const start = await startAuthorization(testApp, { browser });
    await requestCode(browser, testApp.config.ADMIN_EMAIL);
    const code = (await readLoginCode(testApp, testApp.config.ADMIN_EMAIL))!;
    await exchangeCode(
      testApp,
      start,
      await followToCallback(browser, await verifyCode(browser, testApp.config.ADMIN_EMAIL, code)),
    );
    const again = await startAuthorization(testApp, { browser });
    expect(again.response.headers.location).toBe(`${testApp.config.PUBLIC_URL}/auth/start`);
  });

  it("serves one login across two instances on the same database", async () => {
    const other = await buildApp(testApp.config, { database: testApp.database, skipSeed: true });
    try {
      const otherApp = { ...testApp, app: other };
      const browser = new TestBrowser(testApp.app);
      const start = await startAuthorization(testApp, { browser });
      // The rest of the login on the other instance, with the same browser cookies.
      const otherBrowser = new TestBrowser(other);
      for (const [name, value] of browser.cookies) otherBrowser.cookies.set(name, value);
      expect((await requestCode(otherBrowser, testApp.config.ADMIN_EMAIL)).statusCode).toBe(303);
      await other.mailer.idle();
      const code = (await readLoginCode(otherApp, testApp.config.ADMIN_EMAIL))!;
      const callback = await followToCallback(
        otherBrowser,
        await verifyCode(otherBrowser, testApp.config.ADMIN_EMAIL, code),
      );
      const tokens = await exchangeCode(testApp, start, callback);
      expect((await apiMe(otherApp, tokens.access_token)).statusCode).toBe(200);
      expect((await apiMe(testApp, tokens.access_token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("gives other tests bearer headers through signIn", async () => {
    const headers = await signIn(testApp);
    expect(headers.authorization).toMatch(/^Bearer ey/);
    expect((await testApp.app.inject({ method: "GET", url: "/api/me", headers })).statusCode).toBe(200);
    expect(await signIn(testApp)).toEqual(headers);
    expect(await signIn(testApp, testApp.config.ADMIN_EMAIL, { fresh: true })).not.toEqual(headers);
  });
});

describe("authorization server behind an https origin, with a dev front end", () => {
  let testApp: TestApp;
  const devFrontend = "http://127.0.0.1:5173/";
  beforeAll(async () => {
    testApp = await createTestApp({
      PUBLIC_URL: "https://catalog.example",
      OIDC_REDIRECT_URIS: [devFrontend],
    });
  });
  afterAll(() => testApp?.close());

  it("marks every sign-in cookie Secure", async () => {
    const { response } = await startAuthorization(testApp);
    const cookies = response.cookies as { name: string; secure?: boolean }[];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.secure, cookie.name).toBe(true);
    expect(response.headers.location).toBe("https://catalog.example/auth/start");
  });

  it("sends a login started from a registered dev front end back to that front end", async () => {
    const start = await startAuthorization(testApp, { params: { redirect_uri: devFrontend } });
    expect(start.response.headers.location).toBe(`${devFrontend}auth/start`);
    const requested = await requestCode(start.browser, testApp.config.ADMIN_EMAIL);
    expect(String(requested.headers.location)).toMatch(/^http:\/\/127\.0\.0\.1:5173\/auth\/code\?/);
    const code = (await readLoginCode(testApp, testApp.config.ADMIN_EMAIL))!;
    const callback = await followToCallback(
      start.browser,
      await verifyCode(start.browser, testApp.config.ADMIN_EMAIL, code),
    );
    expect(`${callback.origin}${callback.pathname}`).toBe(devFrontend);
    const tokens = await exchangeCode(testApp, start, callback);
    expect(decodeJwt(tokens.access_token).aud).toBe("https://catalog.example/api");

    // Later, with the login gone, the remembered front end still gets the explanation.
    start.browser.cookies.delete("cm_oidc_interaction");
    const late = await requestCode(start.browser, testApp.config.ADMIN_EMAIL);
    expect(String(late.headers.location)).toMatch(
      /^http:\/\/127\.0\.0\.1:5173\/auth\/start\?error=login_expired/,
    );
  });
});
