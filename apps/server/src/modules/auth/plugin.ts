import fp from "fastify-plugin";
import type Provider from "oidc-provider";
import { accessTokenVerifier, type AccessTokenVerifier } from "./access-token.ts";
import { registerApiGuard } from "./api-guard.ts";
import { loginCodeRoutes } from "./login-code.routes.ts";
import { LoginCodeService, type Clock } from "./login-code.service.ts";
import { meRoutes } from "./me.routes.ts";
import { deleteExpiredOidcPayloads } from "./oidc-adapter.ts";
import { createOidcProvider, oidcSettings, type OidcSettings } from "./oidc-provider.ts";
import { oidcRoutes } from "./oidc.routes.ts";
import { passkeyRoutes } from "./passkeys.routes.ts";
import { isUsableRelyingPartyId, PasskeyService, relyingParty } from "./passkeys.service.ts";
import { loadAuthSecrets, publicSigningKeys } from "./secrets.ts";

export interface AuthServices {
  provider: Provider;
  settings: OidcSettings;
  codes: LoginCodeService;
  passkeys: PasskeyService;
  verifyAccessToken: AccessTokenVerifier;
  /** The time login codes and rate limits go by; tests move it. */
  clock: Clock;
}

declare module "fastify" {
  interface FastifyInstance {
    auth: AuthServices;
  }
}

const cleanupIntervalMs = 10 * 60 * 1000;

/**
 * Sign-in: the authorization server under /oidc, the login-code form endpoint under /code, and
 * the guard over /api. Registered before the modules whose routes it protects.
 */
export const authModule = fp(
  async (app) => {
    const { db } = app.database;
    const settings = oidcSettings(app.config);
    const secrets = await loadAuthSecrets(db);
    const log = app.log.child({ module: "auth" });
    const clock: Clock = { now: () => new Date() };

    const provider = createOidcProvider({ settings, secrets, db, log });
    const codes = new LoginCodeService({
      db,
      hmacKey: secrets.hmacKey,
      mailer: app.mailer,
      log,
      clock,
      rateLimited: app.config.LOGIN_RATE_LIMITS === "on",
    });
    const passkeys = new PasskeyService({
      db,
      relyingParty: relyingParty(settings),
      hmacKey: secrets.hmacKey,
      clock,
      log,
    });
    if (!isUsableRelyingPartyId(relyingParty(settings).id)) {
      log.warn(
        { publicUrl: settings.origin },
        "passkeys need PUBLIC_URL to name a host (e.g. localhost), not an IP address: browsers refuse them",
      );
    }
    const verifyAccessToken = accessTokenVerifier(settings, publicSigningKeys(secrets));
    app.decorate("auth", { provider, settings, codes, passkeys, verifyAccessToken, clock });

    registerApiGuard(app, verifyAccessToken);
    await app.register(oidcRoutes(provider, settings));
    await app.register(loginCodeRoutes({ provider, settings, codes, passkeys }));
    await app.register(passkeyRoutes({ provider, settings, passkeys }));
    await app.register(meRoutes);

    const cleanUp = () =>
      Promise.all([
        deleteExpiredOidcPayloads(db),
        codes.deleteStale(),
        passkeys.deleteExpiredChallenges(),
      ]).catch((error: unknown) => log.warn({ err: error }, "could not delete expired sign-in data"));
    const timer = setInterval(cleanUp, cleanupIntervalMs);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "auth", dependencies: ["mail"] },
);
