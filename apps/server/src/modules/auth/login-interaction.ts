import { oidcClientId } from "@cm/contracts/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { InteractionResults } from "oidc-provider";
import { apiScope, type OidcSettings } from "./oidc-provider.ts";

/**
 * The authorization server's login interaction as the sign-in steps see it: the e-mailed code
 * (login-code.routes.ts) and the passkey (passkeys.routes.ts) both complete the same one, so what
 * follows (authorization code, tokens, session, logout) does not depend on how the user signed in.
 */
export type LoginInteraction = Awaited<ReturnType<Provider["interactionDetails"]>>;

/**
 * How the user proved who they are (RFC 8176): the e-mailed one-time code, or a passkey, which is
 * a key the device holds (`swk`) unlocked by the user's PIN or biometrics: two factors (`mfa`).
 */
export type SignInMethod = "otp" | "passkey";
const authenticationMethods: Record<SignInMethod, string[]> = {
  otp: ["otp"],
  passkey: ["swk", "user", "mfa"],
};

/** This browser's login interaction of our own client (its cookie), or undefined. */
export async function currentLoginInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<LoginInteraction | undefined> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.params.client_id === oidcClientId ? interaction : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Completes the login interaction for `userId`. Our own client needs no consent screen, so the
 * grant for what it asked is made here. Returns where the browser goes next (back to the
 * authorization endpoint, which redirects to the SPA with `code` and `state`).
 */
export async function finishLogin(
  provider: Provider,
  settings: OidcSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: LoginInteraction,
  userId: number,
  method: SignInMethod,
): Promise<string> {
  const accountId = String(userId);
  const grant = new provider.Grant({ accountId, clientId: oidcClientId });
  const requested = new Set(String(interaction.params.scope ?? "").split(" "));
  const oidcScopes = ["openid", "offline_access"].filter((scope) => requested.has(scope));
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(" "));
  if (requested.has(apiScope)) grant.addResourceScope(settings.apiResource, apiScope);
  const outcome: InteractionResults = {
    login: { accountId, amr: authenticationMethods[method], remember: false },
    consent: { grantId: await grant.save() },
  };
  return provider.interactionResult(request.raw, reply.raw, outcome, { mergeWithLastSubmission: false });
}
