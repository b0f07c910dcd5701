import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { oidcClientId } from "@cm/contracts/auth";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../test/auth.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * The security headers of every kind of answer: the app's page, the API (success and error) and
 * the authorization server, which Fastify hands over raw to oidc-provider.
 */
describe("security headers", () => {
  let distDir: string;
  let testApp: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    // A built SPA, as plugins/web-app.test.ts fakes it.
    distDir = await mkdtemp(path.join(os.tmpdir(), "cm-web-dist-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(
      path.join(distDir, "index.html"),
      '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(distDir, "assets", "index-a1b2c3.js"), "console.log('app');");
    testApp = await createTestApp({ WEB_DIST_DIR: distDir });
    auth = await signIn(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const request = (options: InjectOptions) => testApp.app.inject(options);

  function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
    const csp = String(response.headers["content-security-policy"]);
    expect(csp, label).toContain("default-src 'self'");
    expect(csp, label).toContain("script-src 'self'");
    expect(csp, label).toContain("object-src 'none'");
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(csp, label).not.toContain("unsafe-eval");
    expect(response.headers["x-content-type-options"], label).toBe("nosniff");
    expect(response.headers["referrer-policy"], label).toBe("no-referrer");
    expect(response.headers["x-frame-options"], label).toBe("SAMEORIGIN");
  }

  it("on the app's page: revalidated, never cached blindly", async () => {
    for (const url of ["/", "/home/brands"]) {
      const response = await request({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response, url);
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
    const asset = await request({ method: "GET", url: "/assets/index-a1b2c3.js" });
    expectSecurityHeaders(asset, "asset");
  });

  it.each<[string, InjectOptions, number]>([
    ["a signed-in read", { method: "GET", url: "/api/me" }, 200],
    ["a list", { method: "GET", url: "/api/brands" }, 200],
    ["a write", { method: "POST", url: "/api/brands", payload: { name: "Headers Brand" } }, 201],
    ["bad input", { method: "POST", url: "/api/brands", payload: { name: 5 } }, 400],
    [
      "malformed JSON",
      { method: "POST", url: "/api/brands", payload: "{", headers: { "content-type": "application/json" } },
      400,
    ],
    ["an unknown id", { method: "GET", url: "/api/roles/987654" }, 404],
    ["an unknown path", { method: "GET", url: "/api/nothing-here" }, 404],
    ["the public configuration", { method: "GET", url: "/api/config" }, 200],
    ["a file download", { method: "GET", url: "/api/line-lists/987654/order-form" }, 404],
    ["the processing function", { method: "POST", url: "/functions/process-line-list", payload: {} }, 400],
  ])("on an API answer: %s, no-store", async (label, options, status) => {
    const response = await request({ ...options, headers: { ...auth, ...options.headers } });
    expect(response.statusCode, response.body).toBe(status);
    expectSecurityHeaders(response, label);
    expect(response.headers["cache-control"], label).toBe("no-store");
    expect(response.json(), label).toHaveProperty("success", status < 400);
  });

  it.each<[string, Record<string, string>, number]>([
    ["without a token", {}, 401],
    ["with a bad token", { authorization: "Bearer not.a.jwt" }, 401],
  ])("on an API refusal %s, no-store", async (label, headers, status) => {
    for (const options of [
      { method: "GET", url: "/api/orders" },
      { method: "POST", url: "/functions/process-line-list", payload: {} },
    ] as InjectOptions[]) {
      const response = await request({ ...options, headers });
      expect(response.statusCode, label).toBe(status);
      expectSecurityHeaders(response, label);
      expect(response.headers["cache-control"], label).toBe("no-store");
    }
  });

  it("on the authorization server: discovery, JWKS and the token endpoint's errors", async () => {
    const discovery = await request({ method: "GET", url: "/oidc/.well-known/openid-configuration" });
    expect(discovery.statusCode).toBe(200);
    expectSecurityHeaders(discovery, "discovery");
    const jwks = await request({ method: "GET", url: "/oidc/jwks" });
    expect(jwks.statusCode).toBe(200);
    expectSecurityHeaders(jwks, "jwks");

    const grants = {
      "an unknown authorization code": {
        grant_type: "authorization_code",
        code: "not-a-code",
        redirect_uri: `${testApp.config.PUBLIC_URL}/`,
        code_verifier: "a".repeat(43),
      },
      "a forged refresh token": { grant_type: "refresh_token", refresh_token: "forged" },
    };
    for (const [label, grant] of Object.entries(grants)) {
      const token = await request({
        method: "POST",
        url: "/oidc/token",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ ...grant, client_id: oidcClientId }).toString(),
      });
      expect(token.statusCode, label).toBe(400);
      expect(token.json(), label).toMatchObject({ error: "invalid_grant" });
      expectSecurityHeaders(token, label);
      // Token answers must never be stored (RFC 6749 section 5.1).
      expect(token.headers["cache-control"], label).toBe("no-store");
    }
  });
});
