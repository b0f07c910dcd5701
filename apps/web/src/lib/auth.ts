import {
  apiResourcePath,
  oidcClientId,
  oidcMountPath,
  oidcScopes,
  portalPath,
} from "@cm/contracts/auth-rules";
import {
  ErrorResponse,
  OidcClient,
  UserManager,
  WebStorageStateStore,
  type User,
  type UserManagerSettings,
} from "oidc-client-ts";
import { paths } from "@/config/paths";
import { setAuthHandlers } from "@/lib/api-client";
import { AuthSession, SessionEndedError, type SessionTokens } from "@/lib/auth-session";
import { sessionStorageNames, storedUserKey, TokenStore } from "@/lib/token-store";

/**
 * The web app's side of sign-in (SPEC.md section 4, Authentication): the authorization code flow
 * with PKCE (S256) and `state` through oidc-client-ts, the session's tokens in storage, their
 * renewal (see auth-session.ts for why it runs under a cross-tab lock) and the API client's
 * bearer token.
 *
 * Storage keys:
 * - `cm.auth.user:{issuer}:{client_id}` (IndexedDB `cm-auth`, copied to localStorage; see
 *   token-store.ts): the tokens. Shared storage rather than sessionStorage because every tab must
 *   share one session: a link opened in a new tab is signed in, one tab's refresh serves all, and
 *   a logout in one tab ends them all. A script injected into our origin could read
 *   sessionStorage just the same, so it would protect nothing.
 * - `cm.auth.signin.{state}` (sessionStorage): `state`, the PKCE verifier and where to return,
 *   for the one sign-in this tab started; sessionStorage, so a callback URL replayed in another
 *   tab finds no verifier.
 * - `cm.auth.returnTo` (sessionStorage): the protected page a signed-out user asked for, kept
 *   until they are signed in.
 */

const origin = window.location.origin;
const authority = `${origin}${oidcMountPath}`;
const userPrefix = sessionStorageNames.prefix;
const userStorageKey = storedUserKey(origin);
const returnToKey = "cm.auth.returnTo";
/** Held by whichever tab is renewing (or revoking) the tokens; every tab asks for it. */
export const refreshLockName = "cm.auth.refresh";

const settings: UserManagerSettings = {
  authority,
  client_id: oidcClientId,
  redirect_uri: `${origin}/`,
  post_logout_redirect_uri: `${origin}/`,
  response_type: "code",
  scope: oidcScopes,
  resource: `${origin}${apiResourcePath}`,
  // IndexedDB with a copy in localStorage: see token-store.ts for why.
  userStore: new TokenStore({ prefix: userPrefix }),
  stateStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: `${userPrefix}signin.` }),
  // Renewal is ours (one lock across tabs); the library's would refresh once per tab.
  automaticSilentRenew: false,
  monitorSession: false,
  loadUserInfo: false,
  revokeTokenTypes: ["refresh_token"],
};

const userManager = new UserManager(settings);
const oidcClient = new OidcClient(settings);

/** OAuth errors that another attempt would not fix: the grant is gone. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ErrorResponse &&
    error.error !== "server_error" &&
    error.error !== "temporarily_unavailable"
  );
}

function toTokens(user: User | null): SessionTokens | null {
  if (!user?.access_token) return null;
  return {
    accessToken: user.access_token,
    expiresAt: (user.expires_at ?? 0) * 1000,
    refreshToken: user.refresh_token ?? undefined,
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Timed out")), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export const authSession = new AuthSession({
  load: async () => toTokens(await userManager.getUser()),
  hasStoredSession: () => window.localStorage.getItem(userStorageKey) !== null,
  async refresh() {
    try {
      // Reads the stored refresh token itself; we hold the lock, so it is the latest one.
      const user = await userManager.signinSilent();
      const tokens = toTokens(user);
      if (!tokens) throw new SessionEndedError();
      return tokens;
    } catch (error) {
      if (isRefusal(error)) throw new SessionEndedError(error instanceof Error ? error.message : undefined);
      throw error;
    }
  },
  clear: () => userManager.removeUser(),
  locks: typeof navigator !== "undefined" && navigator.locks ? navigator.locks : undefined,
  lockName: refreshLockName,
});

// Every API call carries the access token (renewed first when about to expire) and retries once
// after a 401 with renewed tokens.
setAuthHandlers({
  getAccessToken: () => authSession.getAccessToken(),
  onUnauthorized: () => authSession.refreshAfterUnauthorized(),
});

/* ----------------------------------------------------------------- where to go after sign-in */

/**
 * Only our own protected pages, the staff's (`/home…`) or the customers' portal (`/portal…`):
 * never another origin, never a sign-in page. A user of the other kind is then sent to their own
 * home by its guard.
 */
export function safeReturnTo(value: unknown): string {
  const home = paths.home.root.getHref();
  if (typeof value !== "string") return home;
  const within = (root: string) =>
    value === root || value.startsWith(`${root}/`) || value.startsWith(`${root}?`);
  return within(home) || within(portalPath) ? value : home;
}

/** Set by a logout in this tab: the page the user left is not one to come back to. */
let signedOutHere = false;

/** Remembers the protected page a signed-out visitor wanted, to return there after sign-in. */
export function rememberReturnTo(path: string): void {
  if (signedOutHere) return;
  window.sessionStorage.setItem(returnToKey, safeReturnTo(path));
}

/** The remembered page, still kept: a sign-in that fails or never comes back must not lose it. */
function peekReturnTo(): string {
  return safeReturnTo(window.sessionStorage.getItem(returnToKey));
}

/** Forgets the remembered page: the user is signed in, or has logged out. */
function forgetReturnTo(): void {
  window.sessionStorage.removeItem(returnToKey);
}

/** The remembered page, forgotten: for a user who is signed in. */
function takeReturnTo(): string {
  const value = peekReturnTo();
  forgetReturnTo();
  return value;
}

/* ----------------------------------------------------------------------------- the sign-in */

/**
 * Leaves for the authorization server; the user comes back to `/` with `code` and `state`.
 * Resolves once the browser is on its way (rejects when the server could not be reached).
 */
export async function startSignIn(): Promise<void> {
  signedOutHere = false;
  // The return page travels in the stored sign-in state, with the verifier, not in the URL. It is
  // kept here too until the sign-in completes: after a start that fails ("Try again") or a callback
  // that does not check out (log in again), the next sign-in still returns there.
  const request = await oidcClient.createSigninRequest({
    request_type: "si:r",
    state: { returnTo: peekReturnTo() },
  });
  // Not UserManager.signinRedirect: its promise waits for a `pageshow` that only a return from the
  // back-forward cache brings, so whatever awaited a sign-in that left would wait for ever.
  // `replace`: leaving `/` for the authorization server must not leave `/` in the history.
  window.location.replace(request.url);
}

/** Error codes the SPA itself puts in the `/auth/start` query after a failed callback. */
export type CallbackErrorCode = "invalid_state" | "sign_in_failed";

export const callbackMessages = {
  invalidState:
    "This sign-in could not be verified: it was started in another window, or it has expired. Log in again.",
  codeRefused: "Your sign-in took too long or was already used. Log in again.",
  unreachable:
    "The server could not be reached to finish signing you in. Check your connection and log in again.",
} as const;

export class SignInError extends Error {
  readonly code: CallbackErrorCode;

  constructor(code: CallbackErrorCode, message: string) {
    super(message);
    this.name = "SignInError";
    this.code = code;
  }
}

/**
 * Completes the callback on `/?code&state`: checks that this tab started a sign-in with that
 * `state` and kept its PKCE verifier, exchanges the code and stores the tokens. Resolves with the
 * page to go to. On any failure nothing is stored (and any older session is dropped, so a forged
 * callback can never land on /home) and a SignInError says why.
 */
export async function completeSignIn(url: string): Promise<string> {
  let verifierKept: boolean;
  try {
    const { state } = await oidcClient.readSigninResponseState(url);
    verifierKept = Boolean(state.code_verifier);
  } catch {
    verifierKept = false;
  }
  if (!verifierKept) {
    await userManager.removeUser();
    const state = new URL(url).searchParams.get("state");
    if (state) await settings.stateStore?.remove(state);
    authSession.notify();
    throw new SignInError("invalid_state", callbackMessages.invalidState);
  }

  try {
    const user = await userManager.signinRedirectCallback(url);
    // Signed in: the remembered page has served (this sign-in's state carried it).
    forgetReturnTo();
    authSession.notify();
    void scheduleRenewal();
    return safeReturnTo((user.state as { returnTo?: unknown } | undefined)?.returnTo);
  } catch (error) {
    await userManager.removeUser();
    authSession.notify();
    if (error instanceof ErrorResponse) throw new SignInError("sign_in_failed", callbackMessages.codeRefused);
    throw new SignInError("sign_in_failed", callbackMessages.unreachable);
  }
}

/** Drops the stored sign-in state a provider error answered (it will never be used). */
export async function discardSignInState(state: string | null): Promise<void> {
  if (state) await settings.stateStore?.remove(state);
}

/**
 * Renews the tokens on `/` when a session is stored (SPEC.md section 2): resolves with where to
 * go, or null when there is no session any more and a new sign-in must start. Rejects when the
 * server could not be reached.
 */
export async function resumeSession(): Promise<string | null> {
  const stored = await authSession.load();
  if (!stored) return null;
  const tokens = await authSession.refresh({ staleAccessToken: stored.accessToken });
  if (!tokens) return null;
  void scheduleRenewal();
  return takeReturnTo();
}

/** Revokes the refresh token at the authorization server, then forgets the tokens (every tab). */
export async function signOut(): Promise<void> {
  signedOutHere = true;
  forgetReturnTo();
  await authSession.signOut(async (current) => {
    if (!current?.refreshToken) return;
    try {
      await withTimeout(oidcClient.revokeToken(current.refreshToken, "refresh_token"), 5000);
    } catch (error) {
      // Signing out goes on: the tokens are forgotten here and the grant dies with its session.
      console.warn("Could not revoke the refresh token", error);
    }
  });
  clearTimeout(renewalTimer);
}

/* -------------------------------------------------------------------------- renewal timing */

/** After a renewal that failed for a passing reason (network), the next try waits this long. */
const retryAfterFailureMs = 15_000;
let renewalTimer: ReturnType<typeof setTimeout> | undefined;
let renewalGeneration = 0;

/** (Re)arms this tab's timer to renew the tokens shortly before the access token expires. */
export async function scheduleRenewal(delayFloorMs = 0): Promise<void> {
  const generation = ++renewalGeneration;
  const wait = await authSession.msUntilRenewal();
  if (generation !== renewalGeneration) return;
  clearTimeout(renewalTimer);
  if (wait === null) return;
  renewalTimer = setTimeout(
    () => void renewIfExpiring(),
    Math.min(Math.max(wait, delayFloorMs), 2 ** 31 - 1),
  );
}

/** Every tab may call this at once: the lock lets one renew and the others find its tokens. */
async function renewIfExpiring(): Promise<void> {
  try {
    await authSession.refresh();
    // A renewal never loops: tokens that come back already expiring wait a while.
    await scheduleRenewal(1000);
  } catch {
    await scheduleRenewal(retryAfterFailureMs);
  }
}

/**
 * Keeps this tab's session fresh while the app runs: a timer before expiry, and a check when the
 * tab comes back (timers of hidden or sleeping tabs run late) or the network returns. Another
 * tab's writes to the tokens re-arm the timer and tell subscribers (e.g. a logout elsewhere).
 * Returns the function that stops it all.
 */
export function keepSessionFresh(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== userStorageKey && event.key !== null) return;
    void scheduleRenewal();
    authSession.notify();
  };
  const onWake = () => {
    if (document.visibilityState === "visible") void renewIfExpiring();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener("focus", onWake);
  window.addEventListener("online", onWake);
  document.addEventListener("visibilitychange", onWake);
  void scheduleRenewal();
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener("focus", onWake);
    window.removeEventListener("online", onWake);
    document.removeEventListener("visibilitychange", onWake);
    renewalGeneration++;
    clearTimeout(renewalTimer);
  };
}

/** For tests: the storage key the tokens live under. */
export const authStorageKeys = { user: userStorageKey, returnTo: returnToKey } as const;
