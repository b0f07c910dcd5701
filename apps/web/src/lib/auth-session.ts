/**
 * The signed-in session's tokens, kept fresh without ever refreshing twice.
 *
 * Refresh tokens rotate on every use and the server revokes the whole grant when a used one is
 * replayed. Every tab of the app reads the same stored tokens, so two tabs (or two triggers in one
 * tab) that refreshed at once would send the same refresh token twice and sign everybody out.
 * Hence every refresh runs under one exclusive Web Lock shared by all tabs of the origin, and the
 * tokens are read again from storage once the lock is held: a tab that waited finds the token the
 * previous holder just stored and makes no request of its own.
 *
 * This module knows nothing of OAuth or React: `auth.ts` plugs in the storage and the token
 * request, tests plug in fakes (several "tabs" sharing one storage and one lock manager).
 */

/** What a refresh needs to know about the stored tokens. */
export interface SessionTokens {
  accessToken: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
  refreshToken?: string;
}

/** The part of the Web Locks API we use (`navigator.locks`). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** A refresh that cannot succeed by trying again: the grant is gone, the user must sign in. */
export class SessionEndedError extends Error {
  constructor(message = "The session has ended") {
    super(message);
    this.name = "SessionEndedError";
  }
}

export interface AuthSessionOptions {
  /** Reads the tokens from the storage every tab shares (fresh each time: another tab may have written). */
  load: () => Promise<SessionTokens | null>;
  /** Whether tokens are stored, synchronously (for rendering); may be less exact than `load`. */
  hasStoredSession: () => boolean;
  /**
   * Exchanges the stored refresh token for new tokens and stores them. Throws SessionEndedError
   * when the server refused the grant; any other error is taken as passing (network, timeout).
   */
  refresh: (current: SessionTokens) => Promise<SessionTokens>;
  /** Removes the stored tokens. */
  clear: () => Promise<void>;
  /** Cross-tab lock manager; without one (old browsers, tests), refreshes are serialised in this tab only. */
  locks?: LockManagerLike;
  lockName?: string;
  /** How long before expiry a token counts as expiring and is renewed. */
  refreshMarginMs?: number;
  now?: () => number;
}

export interface RefreshRequest {
  /**
   * The access token that was found wanting (refused with 401, or to be replaced on sign-in):
   * refresh unless the stored token is already another one.
   */
  staleAccessToken?: string;
}

type Listener = () => void;

export const defaultLockName = "cm.auth.refresh";
export const defaultRefreshMarginMs = 60_000;

/** Serialises callbacks within one tab, for when the Web Locks API is missing. */
function localLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback, callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export class AuthSession {
  readonly #options: Required<Omit<AuthSessionOptions, "locks">> & { locks: LockManagerLike };
  readonly #listeners = new Set<Listener>();
  #lastIssuedAccessToken: string | undefined;

  constructor(options: AuthSessionOptions) {
    this.#options = {
      lockName: defaultLockName,
      refreshMarginMs: defaultRefreshMarginMs,
      now: () => Date.now(),
      ...options,
      locks: options.locks ?? localLocks(),
    };
  }

  /** Whether this browser holds a session (tokens stored); cheap enough to call while rendering. */
  isSignedIn = (): boolean => this.#options.hasStoredSession();

  /** Told whenever the session may have started or ended (here or in another tab). */
  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The stored tokens, as they are now (another tab may have just replaced them). */
  load(): Promise<SessionTokens | null> {
    return this.#options.load();
  }

  notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  isExpiring(tokens: SessionTokens): boolean {
    return tokens.expiresAt - this.#options.now() <= this.#options.refreshMarginMs;
  }

  /** Milliseconds until the stored access token should be renewed (0: now), or null without a session. */
  async msUntilRenewal(): Promise<number | null> {
    const tokens = await this.#options.load();
    if (!tokens) return null;
    return Math.max(0, tokens.expiresAt - this.#options.refreshMarginMs - this.#options.now());
  }

  /**
   * The access token for an API call, renewed first when it is about to expire. Null when
   * signed out. A renewal that fails for a passing reason leaves the old token: the call may then
   * get a 401 and try once more through `refresh`.
   */
  async getAccessToken(): Promise<string | null> {
    let tokens = await this.#options.load();
    if (tokens && this.isExpiring(tokens)) {
      try {
        tokens = await this.refresh();
      } catch {
        // Keep the token we have; the server has the last word.
      }
    }
    this.#lastIssuedAccessToken = tokens?.accessToken;
    return tokens?.accessToken ?? null;
  }

  /** For a 401: refresh unless another tab (or call) has replaced the token the call was sent with. */
  async refreshAfterUnauthorized(): Promise<boolean> {
    const stale = this.#lastIssuedAccessToken ?? (await this.#options.load())?.accessToken;
    try {
      return (await this.refresh({ staleAccessToken: stale })) !== null;
    } catch {
      return false;
    }
  }

  /**
   * Renews the tokens under the cross-tab lock when they need it: when they are expiring, or
   * when they are still the `staleAccessToken`. Resolves with the tokens now stored (renewed by
   * us, by another tab, or still good), or null when there is no session (any more). Rejects only
   * on a passing failure, leaving the stored tokens as they were.
   */
  async refresh(request: RefreshRequest = {}): Promise<SessionTokens | null> {
    const { locks, lockName, load, refresh, clear } = this.#options;
    const outcome = await locks.request(lockName, async () => {
      const current = await load();
      if (!current) return { tokens: null, ended: false };
      const replaced =
        request.staleAccessToken !== undefined && current.accessToken !== request.staleAccessToken;
      if (replaced || (request.staleAccessToken === undefined && !this.isExpiring(current))) {
        return { tokens: current, ended: false };
      }
      if (!current.refreshToken) {
        await clear();
        return { tokens: null, ended: true };
      }
      try {
        return { tokens: await refresh(current), ended: false };
      } catch (error) {
        if (!(error instanceof SessionEndedError)) throw error;
        // Cleared inside the lock, so no tab waiting behind us tries the refused token again.
        await clear();
        return { tokens: null, ended: true };
      }
    });
    if (outcome.ended) this.notify();
    return outcome.tokens;
  }

  /**
   * Runs `end` (e.g. revoking the refresh token) with the latest stored tokens under the lock,
   * then clears them, so no refresh of another tab can slip in between and keep the session alive.
   */
  async signOut(end: (current: SessionTokens | null) => Promise<void>): Promise<void> {
    const { locks, lockName, load, clear } = this.#options;
    await locks.request(lockName, async () => {
      try {
        await end(await load());
      } finally {
        await clear();
      }
    });
    this.#lastIssuedAccessToken = undefined;
    this.notify();
  }
}
