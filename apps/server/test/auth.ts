import { authPaths, oidcClientId } from "@cm/contracts/auth";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { importJWK, SignJWT, type JWK, type JWTPayload } from "jose";
import * as oauth from "oauth4webapi";
import { loadAuthSecrets } from "../src/modules/auth/secrets.ts";
import { outboxDir, readOutbox } from "../src/modules/mail/outbox.ts";
import {
  authorizationRequest,
  discoverIssuer,
  redeemCallback,
  type PendingAuthorization,
} from "../src/testing/oauth-client.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Sign-in for tests, through the real flow: an independent OAuth client library (oauth4webapi)
 * plays the SPA, a cookie-keeping `TestBrowser` plays the browser, and the login code is read from
 * the dev outbox. Everything goes through `app.inject`, so nothing listens.
 *
 *   const headers = await signIn(testApp);                  // the seeded admin
 *   await testApp.app.inject({ method: "GET", url: "/api/brands", headers });
 */

/** A browser's cookie jar over `app.inject`. Cookies are kept by name (one host, paths ignored). */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(options: {
    method?: InjectOptions["method"];
    url: string;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse> {
    const url = new URL(options.url, "http://test.invalid");
    const headers: Record<string, string> = { accept: "text/html", ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    let payload: string | undefined;
    if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(options.form).toString();
    }
    const response = await this.app.inject({
      method: options.method ?? (options.form ? "POST" : "GET"),
      url: url.pathname + url.search,
      headers,
      payload,
    });
    this.#keepCookies(response);
    return response;
  }

  get(url: string) {
    return this.request({ url });
  }

  post(url: string, form: Record<string, string>) {
    return this.request({ url, form });
  }

  #keepCookies(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        (cookie.expires && cookie.expires.getTime() <= Date.now()) ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0);
      if (expired || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** `fetch` for oauth4webapi, answered by `app.inject` instead of the network. */
export function injectFetch(app: FastifyInstance) {
  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const response = await app.inject({
      method: (init.method ?? "GET") as InjectOptions["method"],
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: body,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) headers.append(name, String(item));
    }
    const noBody = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(noBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

/** Options every oauth4webapi call needs here: fetch through inject, and plain http is fine in tests. */
export function oauthOptions(app: FastifyInstance) {
  return { [oauth.customFetch]: injectFetch(app), [oauth.allowInsecureRequests]: true } as const;
}

export async function discover(testApp: TestApp): Promise<oauth.AuthorizationServer> {
  return discoverIssuer(new URL(testApp.app.auth.settings.issuer), oauthOptions(testApp.app));
}

export interface AuthorizationStart extends PendingAuthorization {
  browser: TestBrowser;
  as: oauth.AuthorizationServer;
  /** The answer of the authorization endpoint (a 303 to /auth/start when all is well). */
  response: LightMyRequestResponse;
}

/** The SPA starting a sign-in: PKCE S256, state, the authorization request in the browser. */
export async function startAuthorization(
  testApp: TestApp,
  options: { browser?: TestBrowser; params?: Record<string, string | undefined> } = {},
): Promise<AuthorizationStart> {
  const as = await discover(testApp);
  const browser = options.browser ?? new TestBrowser(testApp.app);
  const { url, ...pending } = await authorizationRequest(
    as,
    `${testApp.app.auth.settings.origin}/`,
    options.params,
  );
  const response = await browser.get(url.href);
  return { browser, as, ...pending, response };
}

/** The newest login code mailed to `email` (waits for mails still being sent). */
export async function readLoginCode(testApp: TestApp, email: string): Promise<string | undefined> {
  await testApp.app.mailer.idle();
  const mails = await readOutbox(outboxDir(testApp.config.DATA_DIR));
  const mail = mails.find((entry) => entry.to.toLowerCase() === email.toLowerCase());
  return mail && /^\s+([A-Z0-9]{6})$/m.exec(mail.text)?.[1];
}

export function requestCode(browser: TestBrowser, email: string) {
  return browser.post(authPaths.codeForm, { action: "request", email });
}

export function verifyCode(browser: TestBrowser, email: string, code: string) {
  return browser.post(authPaths.codeForm, { action: "verify", email, code });
}

/** From the verify answer to the SPA's callback URL (`/?code=…&state=…&iss=…`). */
export async function followToCallback(
  browser: TestBrowser,
  verifyResponse: LightMyRequestResponse,
): Promise<URL> {
  let response = verifyResponse;
  for (let hop = 0; hop < 5; hop++) {
    const location = response.headers.location;
    if (response.statusCode !== 303 || typeof location !== "string") break;
    const url = new URL(location, "http://test.invalid");
    if (url.searchParams.has("code") || url.searchParams.has("error")) return url;
    response = await browser.get(url.href);
  }
  throw new Error(
    `sign-in did not reach the callback: ${response.statusCode} ${String(response.headers.location ?? response.body.slice(0, 200))}`,
  );
}

export async function exchangeCode(
  testApp: TestApp,
  start: AuthorizationStart,
  callback: URL,
  codeVerifier = start.codeVerifier,
) {
  return redeemCallback(start.as, { ...start, codeVerifier }, callback, oauthOptions(testApp.app));
}

/** Moves the sign-in clock an hour on, past every per-address and per-IP code request limit. */
export function skipCodeRateLimits(testApp: TestApp): void {
  const { clock } = testApp.app.auth;
  const previous = clock.now.bind(clock);
  clock.now = () => new Date(previous().getTime() + 3601 * 1000);
}

/** Signs `email` in through the whole flow and returns the token response. */
export async function signInForTokens(testApp: TestApp, email = testApp.config.ADMIN_EMAIL) {
  const start = await startAuthorization(testApp);
  if ((await requestCode(start.browser, email)).statusCode === 429) {
    skipCodeRateLimits(testApp);
    await requestCode(start.browser, email);
  }
  const code = await readLoginCode(testApp, email);
  if (!code) throw new Error(`no login code was mailed to ${email}: is it an active internal user?`);
  const callback = await followToCallback(start.browser, await verifyCode(start.browser, email, code));
  return exchangeCode(testApp, start, callback);
}

const cachedSignIns = new WeakMap<
  FastifyInstance,
  Map<string, { authorization: string; expiresAt: number }>
>();

/**
 * Bearer headers of `email` (the seeded admin by default), signed in through the real flow.
 * Repeated calls for the same app and address reuse the token while it is valid for another
 * minute; `{ fresh: true }` always signs in anew.
 */
export async function signIn(
  testApp: TestApp,
  email = testApp.config.ADMIN_EMAIL,
  options: { fresh?: boolean } = {},
): Promise<{ authorization: string }> {
  let cache = cachedSignIns.get(testApp.app);
  if (!cache) cachedSignIns.set(testApp.app, (cache = new Map()));
  const cached = cache.get(email.toLowerCase());
  if (!options.fresh && cached && cached.expiresAt > Date.now() + 60_000)
    return { authorization: cached.authorization };

  const tokens = await signInForTokens(testApp, email);
  const authorization = `Bearer ${tokens.access_token}`;
  cache.set(email.toLowerCase(), { authorization, expiresAt: Date.now() + (tokens.expires_in ?? 0) * 1000 });
  return { authorization };
}

/**
 * An access token as the authorization server would sign it, without the sign-in flow: for the
 * seeded admin (user 1) unless `claims` say otherwise. `claims`, the key and header fields replace
 * the server's own, to make the tokens the API must refuse.
 */
export async function mintAccessToken(
  testApp: TestApp,
  claims: JWTPayload = {},
  options: { key?: JWK; header?: Record<string, unknown> } = {},
): Promise<string> {
  const key = options.key ?? (await loadAuthSecrets(testApp.database.db)).signingKeys.keys[0]!;
  const now = Math.floor(Date.now() / 1000);
  const sub = claims.sub ?? "1";
  return new SignJWT({
    iss: `${testApp.config.PUBLIC_URL}/oidc`,
    aud: `${testApp.config.PUBLIC_URL}/api`,
    sub,
    client_id: oidcClientId,
    scope: "api",
    jti: `minted-${sub}-${now}`,
    iat: now,
    exp: now + 600,
    ...claims,
  })
    .setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: key.kid, ...options.header })
    .sign(await importJWK(key, "ES256"));
}

/** Bearer headers of a minted access token for user `userId`: for users the flow refuses (customers, inactive staff). */
export async function mintedAuthorization(
  testApp: TestApp,
  userId: number,
): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await mintAccessToken(testApp, { sub: String(userId) })}` };
}
