import { createHash } from "node:crypto";
import type { EventEmitter } from "node:events";
import { apiResourcePath, authPaths, oidcClientId, oidcMountPath } from "@cm/contracts/auth";
import type { FastifyBaseLogger } from "fastify";
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from "oidc-provider";
import type { Database } from "../../db/client.ts";
import { databaseAdapterFactory } from "./oidc-adapter.ts";
import { canSignIn, findSessionUserById } from "./repository.ts";
import { signingAlg, type AuthSecrets } from "./secrets.ts";
import { escapeHtml } from "../../lib/html.ts";

/** docs/security.md explains each number. */
export const tokenLifetimes = {
  accessTokenSeconds: 10 * 60,
  authorizationCodeSeconds: 60,
  idTokenSeconds: 10 * 60,
  /** Time to type the e-mail, wait for the mail and enter the code (a code itself lives 10 minutes). */
  interactionSeconds: 30 * 60,
  /** Absolute: counted from the login, not extended by use. */
  sessionSeconds: 12 * 60 * 60,
} as const;

/** Remembers, for a day, which registered front end (redirect URI) a login started from. */
export const frontendLocationCookie = "cm_frontend_location";
export const frontendLocationMaxAgeSeconds = 24 * 60 * 60;

/** The scope of the API's access tokens; the audience is what the API checks. */
export const apiScope = "api";

export interface OidcSettings {
  /** The public origin, without a trailing slash. */
  origin: string;
  issuer: string;
  /** The API's resource indicator and its access tokens' audience. */
  apiResource: string;
  redirectUris: string[];
  https: boolean;
}

export function oidcSettings(config: { PUBLIC_URL: string; OIDC_REDIRECT_URIS: string[] }): OidcSettings {
  const origin = config.PUBLIC_URL.replace(/\/+$/, "");
  return {
    origin,
    issuer: `${origin}${oidcMountPath}`,
    apiResource: `${origin}${apiResourcePath}`,
    redirectUris: [...new Set([`${origin}/`, ...config.OIDC_REDIRECT_URIS])],
    https: origin.startsWith("https://"),
  };
}

/**
 * The front end a browser should see: the redirect URI its login started from when that is one
 * we registered (from the interaction, or else the frontend-location cookie), otherwise ours.
 */
export function frontendBase(settings: OidcSettings, ...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    if (candidate && settings.redirectUris.includes(candidate)) return candidate;
  }
  return `${settings.origin}/`;
}

function secondsLeft(startedAt: number | undefined, lifetime: number): number {
  const now = Math.floor(Date.now() / 1000);
  return Math.max(1, (startedAt ?? now) + lifetime - now);
}

/** Lets one inline script run under our CSP (which allows none) by adding its hash. */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): string {
  const policy = ctx.response.get("content-security-policy");
  if (policy) {
    const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    ctx.set(
      "content-security-policy",
      policy
        .split(";")
        .map((directive) =>
          directive.trim().startsWith("script-src ") ? `${directive.trim()} ${hash}` : directive.trim(),
        )
        .join("; "),
    );
  }
  return script;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Catalog Manager</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:28rem;padding:0 1rem;color:#18181b}a,button{color:#18181b}</style></head>
<body>${body}</body>
</html>`;
}

export function assertNoDevInteractions(configuration: Configuration): void {
  if (configuration.features?.devInteractions?.enabled !== false) {
    throw new Error(
      "oidc-provider development interactions must be disabled: they sign anyone in without a check",
    );
  }
}

export interface CreateProviderOptions {
  settings: OidcSettings;
  secrets: AuthSecrets;
  db: Database;
  log: FastifyBaseLogger;
}

export function providerConfiguration({ settings, secrets, db }: CreateProviderOptions): Configuration {
  const policy = interactionPolicy.base();
  // No single sign-on: every authorization request asks for a fresh login code, so after a
  // logout (or a revoked grant) nobody is signed back in by a lingering provider session.
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check("login_code_required", "every sign-in needs a login code", (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const cookie = { httpOnly: true, sameSite: "lax" as const, secure: settings.https };

  return {
    adapter: databaseAdapterFactory(db),
    jwks: secrets.signingKeys as Configuration["jwks"],
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: "cm_oidc_session", interaction: "cm_oidc_interaction", resume: "cm_oidc_resume" },
      long: cookie,
      // Path "/": `POST /code/authorize` and `GET /code/interaction` must see the interaction cookie.
      short: { ...cookie, path: "/" },
    },
    clients: [
      {
        client_id: oidcClientId,
        client_name: "Catalog Manager",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: settings.redirectUris,
        post_logout_redirect_uris: settings.redirectUris,
        id_token_signed_response_alg: signingAlg,
      },
    ],
    responseTypes: ["code"],
    pkce: { required: () => true },
    // The redirect URI must be sent, and match exactly, even though it is the only one.
    allowOmittingSingleRegisteredRedirectUri: false,
    // `api` is the API resource server's scope, not an OpenID Connect one.
    scopes: ["openid", "offline_access"],
    claims: { openid: ["sub"] },
    features: {
      devInteractions: { enabled: false },
      // A client revokes only its own tokens (there is one client, but the rule costs nothing).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      // The SPA reads the user from GET /api/me; without userinfo every access token is for the API.
      userinfo: { enabled: false },
      introspection: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // The API accepts bearer tokens only; proof-of-possession tokens would not be checked there.
      dPoP: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // Our own client asked for the logout: no confirmation page, the form submits itself.
        async logoutSource(ctx, form) {
          const script = allowInlineScript(ctx, "document.forms[0].submit()");
          const withConfirmation = form.replace(
            "</form>",
            '<input type="hidden" name="logout" value="yes"/></form>',
          );
          ctx.body = page(
            "Signing out",
            `${withConfirmation}<p>Signing you out…</p><noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript><script>${script}</script>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = page(
            "Signed out",
            `<h1>Signed out</h1><p><a href="${escapeHtml(settings.origin)}/">Sign in again</a></p>`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        // The SPA need not send `resource`: its tokens are for the API unless it says otherwise.
        defaultResource: () => settings.apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== settings.apiResource) throw new errors.InvalidTarget();
          return {
            scope: apiScope,
            audience: settings.apiResource,
            accessTokenTTL: tokenLifetimes.accessTokenSeconds,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: signingAlg } },
          };
        },
      },
    },
    // A public client gets refresh tokens without `offline_access` (which needs prompt=consent);
    // they rotate on every use and die with the 12-hour session.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    expiresWithSession: async () => true,
    ttl: {
      AccessToken: tokenLifetimes.accessTokenSeconds,
      AuthorizationCode: tokenLifetimes.authorizationCodeSeconds,
      IdToken: tokenLifetimes.idTokenSeconds,
      Interaction: tokenLifetimes.interactionSeconds,
      Session: (_ctx, session) => secondsLeft(session.loginTs, tokenLifetimes.sessionSeconds),
      Grant: (_ctx, grant) => secondsLeft(grant.iat, tokenLifetimes.sessionSeconds),
      RefreshToken: (_ctx, token) => secondsLeft(token.authTime ?? token.iat, tokenLifetimes.sessionSeconds),
    },
    async findAccount(_ctx, sub) {
      const user = await findSessionUserById(db, Number(sub));
      if (!user || !canSignIn(user)) return undefined;
      return { accountId: String(user.id), claims: async () => ({ sub: String(user.id) }) };
    },
    clientBasedCORS(_ctx, origin, client) {
      return client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false;
    },
    interactions: {
      policy,
      url(ctx, interaction) {
        const base = frontendBase(settings, interaction.params.redirect_uri as string | undefined);
        ctx.cookies.set(frontendLocationCookie, encodeURIComponent(base), {
          httpOnly: true,
          sameSite: "strict",
          secure: settings.https,
          signed: false,
          overwrite: true,
          path: "/",
          maxAge: frontendLocationMaxAgeSeconds * 1000,
        });
        return new URL(authPaths.start.slice(1), base).href;
      },
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = page(
        "Sign-in failed",
        `<h1>Sign-in failed</h1><p>${escapeHtml(out.error_description ?? out.error)}</p><p><a href="${escapeHtml(settings.origin)}/">Back to Catalog Manager</a></p>`,
      );
    },
  };
}

export function createOidcProvider(options: CreateProviderOptions): Provider {
  const configuration = providerConfiguration(options);
  assertNoDevInteractions(configuration);
  const provider = new Provider(options.settings.issuer, configuration);
  // Requests reach the provider rewritten to the public origin (see oidc.routes.ts).
  provider.proxy = true;

  // A revocation that worked answers 200 with an empty body (RFC 7009), which Koa types as
  // text/plain; the web app's OIDC client refuses any type but JSON and reported every logout as
  // failed. An empty answer has no type.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route === "revocation" && ctx.status === 200 && !ctx.body) ctx.remove("Content-Type");
  });

  const { log } = options;
  provider.on("server_error", (_ctx, error) => log.error({ err: error }, "authorization server error"));
  // Koa's own error event (the provider's typings leave it out); with a listener Koa stops printing to stderr.
  (provider as unknown as EventEmitter).on("error", (error: unknown) =>
    log.error({ err: error }, "authorization server error"),
  );
  provider.on("grant.revoked", (_ctx, grantId) => log.info({ grantId }, "grant revoked"));
  return provider;
}
