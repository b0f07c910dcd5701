import { oidcScopes, type SessionUser } from "@cm/contracts/auth";
import { type Permission, permissionValues } from "@cm/contracts/permissions";
import { authStorageKeys } from "@/lib/auth";

/** The signed-in user of a test: an Admin with every permission unless the test says otherwise. */
export function testSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    email: "admin@example.com",
    firstName: "Admin",
    lastName: "User",
    type: "internal",
    status: "active",
    permissions: [...permissionValues],
    role: { id: 1, name: "Admin" },
    ...overrides,
  };
}

let seededUser: SessionUser = testSessionUser();

/**
 * The user `GET /api/me` answers with in `renderApp`, unless the test's own fetch mock answers
 * that path itself.
 */
export function seededSessionUser(): SessionUser {
  return seededUser;
}

/** Back to the Admin with every permission (after each test). */
export function resetSeededSessionUser(): void {
  seededUser = testSessionUser();
}

/**
 * Stores a signed-in session as the sign-in would (oidc-client-ts's stored user), so protected
 * routes render. Its access token is good for `expiresInSeconds`. `permissions` are those of the
 * signed-in user's role (every one by default); `role` names it.
 */
export function seedSession({
  expiresInSeconds = 600,
  accessToken = "test-access-token",
  permissions,
  role,
}: {
  expiresInSeconds?: number;
  accessToken?: string;
  permissions?: readonly Permission[];
  role?: SessionUser["role"];
} = {}) {
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
  seededUser = testSessionUser({
    ...(permissions && { permissions: [...permissions], role: role ?? { id: 9, name: "Custom" } }),
    ...(role !== undefined && { role }),
  });
}
