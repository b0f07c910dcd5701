import { oidcClientId, oidcScopes } from "@cm/contracts/auth";
import * as oauth from "oauth4webapi";

/*
 * The web app's side of the sign-in, played by an independent OAuth client library (oauth4webapi)
 * over any transport: through `app.inject` in the API tests (test/auth.ts), over HTTP to a server
 * that listens in the fault tests, the browser suite and the benchmarks (http-api.ts).
 */

/**
 * A browser's cookie jar over `fetch`, for a server that listens: redirects not followed, cookies
 * kept by name (one host, paths ignored), as `TestBrowser` keeps them over inject.
 */
export class FetchBrowser {
  readonly cookies = new Map<string, string>();

  async request(url: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { accept: "text/html" };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await fetch(url, {
      method: form ? "POST" : "GET",
      headers,
      body: form && new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const [name = "", value = ""] = pair.split(/=(.*)/s, 2).map((part) => part.trim());
      const expired = attributes.some((attribute) => {
        const [key = "", setting = ""] = attribute.split("=").map((part) => part.trim().toLowerCase());
        return (
          (key === "max-age" && Number(setting) <= 0) ||
          (key === "expires" && Date.parse(setting) <= Date.now())
        );
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

export const spaClient: oauth.Client = { client_id: oidcClientId, id_token_signed_response_alg: "ES256" };

/**
 * How oauth4webapi reaches the server: `oauthOptions(app)` through inject, or over the network
 * (`{ [oauth.allowInsecureRequests]: true }`, a `customFetch` to pick the instance).
 */
export type OAuthTransport = oauth.HttpRequestOptions<"GET"> &
  oauth.HttpRequestOptions<"POST", URLSearchParams>;

/** The authorization server's metadata from its discovery document. */
export async function discoverIssuer(
  issuer: URL,
  transport: OAuthTransport,
): Promise<oauth.AuthorizationServer> {
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...transport });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** What the SPA keeps from its authorization request to check the callback and redeem the code. */
export interface PendingAuthorization {
  codeVerifier: string;
  state: string;
  redirectUri: string;
}

/**
 * The SPA's authorization request URL, whatever carries it: PKCE S256 and state; `params` replace
 * or (undefined) drop the defaults.
 */
export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  redirectUri: string,
  params: Record<string, string | undefined> = {},
): Promise<PendingAuthorization & { url: URL }> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  const merged: Record<string, string | undefined> = {
    client_id: oidcClientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: oidcScopes,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    ...params,
  };
  for (const [name, value] of Object.entries(merged))
    if (value !== undefined) url.searchParams.set(name, value);
  return { url, codeVerifier, state, redirectUri: merged.redirect_uri ?? redirectUri };
}

/** The SPA's side of the callback: checks it against the request and trades the code for tokens. */
export async function redeemCallback(
  as: oauth.AuthorizationServer,
  pending: PendingAuthorization,
  callback: URL,
  transport: OAuthTransport,
) {
  const params = oauth.validateAuthResponse(as, spaClient, callback, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    spaClient,
    oauth.None(),
    params,
    pending.redirectUri,
    pending.codeVerifier,
    transport,
  );
  return oauth.processAuthorizationCodeResponse(as, spaClient, response);
}
