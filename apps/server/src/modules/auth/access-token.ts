import { oidcClientId } from "@cm/contracts/auth";
import { createLocalJWKSet, jwtVerify, type JWK } from "jose";
import type { OidcSettings } from "./oidc-provider.ts";
import { signingAlg } from "./secrets.ts";

export interface AccessTokenClaims {
  /** The user's id, as a string. */
  sub: string;
  scope?: string;
}

/**
 * Verifies the API's bearer tokens against the authorization server's own keys (read from the
 * database, so no HTTP round trip): signature, algorithm, type, issuer, audience, expiry and
 * client. Throws on any failure.
 */
export function accessTokenVerifier(settings: OidcSettings, publicKeys: JWK[]) {
  const keys = createLocalJWKSet({ keys: publicKeys });
  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(token, keys, {
      issuer: settings.issuer,
      audience: settings.apiResource,
      algorithms: [signingAlg],
      typ: "at+jwt",
      requiredClaims: ["sub", "exp", "iat", "client_id"],
    });
    if (payload.client_id !== oidcClientId) throw new Error("access token issued to another client");
    return { sub: payload.sub!, scope: typeof payload.scope === "string" ? payload.scope : undefined };
  };
}

export type AccessTokenVerifier = ReturnType<typeof accessTokenVerifier>;
