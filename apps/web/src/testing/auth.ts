import { oidcScopes } from "@cm/contracts/auth";
import { authStorageKeys } from "@/lib/auth";

/**
 * Stores a signed-in session as the sign-in would (oidc-client-ts's stored user), so protected
 * routes render. Its access token is good for `expiresInSeconds`.
 */
export function seedSession({ expiresInSeconds = 600, accessToken = "test-access-token" } = {}) {
  const user = {
    id_token: "test-id-token",
    session_state: null,
    access_token: accessToken,
    refresh_token: "test-refresh-token",
    token_type: "Bearer",
    scope: oidcScopes,
    profile: { sub: "1", iss: `${window.location.origin}/oidc`, aud: "catalog-manager-web", exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
  };
  window.localStorage.setItem(authStorageKeys.user, JSON.stringify(user));
}
