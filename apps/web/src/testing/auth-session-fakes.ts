import { type LockManagerLike, SessionEndedError, type SessionTokens } from "@/lib/auth-session";

/** Fakes for the tests of the session's renewal across tabs (auth-session.ts, token-store.ts). */

export const minute = 60_000;

/** One exclusive lock per name, granted in the order asked, like `navigator.locks` across tabs. */
export function sharedLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/**
 * The authorization server's refresh grant as ours behaves: every use rotates the refresh token,
 * and replaying a used one revokes the grant (every later refresh fails).
 */
export function fakeAuthorizationServer(now: () => number) {
  let generation = 0;
  let revoked = false;
  const requests: string[] = [];
  return {
    requests,
    get revoked() {
      return revoked;
    },
    initialTokens(): SessionTokens {
      return { accessToken: "access-0", refreshToken: "refresh-0", expiresAt: now() + 10 * minute };
    },
    async refresh(refreshToken: string): Promise<SessionTokens> {
      requests.push(refreshToken);
      // The answer takes a while, as over a network: the other triggers pile up meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (revoked || refreshToken !== `refresh-${generation}`) {
        revoked = true;
        throw new SessionEndedError("invalid_grant");
      }
      generation++;
      return {
        accessToken: `access-${generation}`,
        refreshToken: `refresh-${generation}`,
        expiresAt: now() + 10 * minute,
      };
    },
  };
}
