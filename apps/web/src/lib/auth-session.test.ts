import { describe, expect, it, vi } from "vitest";
import { AuthSession, type LockManagerLike, type SessionTokens } from "@/lib/auth-session";
import { fakeAuthorizationServer, minute, sharedLocks } from "@/testing/auth-session-fakes";

/** Browser tabs of one origin: one localStorage (a map here), one lock manager, a session each. */
function openTabs(count: number, options: { locks?: LockManagerLike; start?: SessionTokens | null } = {}) {
  let clock = Date.parse("2026-01-05T09:00:00Z");
  const now = () => clock;
  const server = fakeAuthorizationServer(now);
  const storage = new Map<string, string>();
  const key = "cm.auth.user";
  const start = options.start === undefined ? server.initialTokens() : options.start;
  if (start) storage.set(key, JSON.stringify(start));
  const locks = "locks" in options ? options.locks : sharedLocks();

  const tabs = Array.from({ length: count }, () => {
    const session = new AuthSession({
      // Each read goes to the shared storage, as every tab reads localStorage.
      load: async () => {
        const raw = storage.get(key);
        return raw ? (JSON.parse(raw) as SessionTokens) : null;
      },
      hasStoredSession: () => storage.has(key),
      refresh: async (current) => {
        const tokens = await server.refresh(current.refreshToken!);
        storage.set(key, JSON.stringify(tokens));
        return tokens;
      },
      clear: async () => {
        storage.delete(key);
      },
      locks,
      now,
    });
    const signedOut = vi.fn();
    session.subscribe(() => {
      if (!session.isSignedIn()) signedOut();
    });
    return { session, signedOut };
  });

  return {
    tabs,
    server,
    stored: () => JSON.parse(storage.get(key) ?? "null") as SessionTokens | null,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("token renewal across tabs", () => {
  it("three tabs and ten simultaneous refresh triggers make exactly one token request; nobody is logged out", async () => {
    const { tabs, server, stored, advance } = openTabs(3);
    advance(9.5 * minute); // the access token now expires within the renewal margin

    // Timers, wake-ups and API calls of three tabs, all at once.
    const triggers = [
      tabs[0]!.session.refresh(),
      tabs[0]!.session.getAccessToken(),
      tabs[0]!.session.refresh(),
      tabs[0]!.session.getAccessToken(),
      tabs[1]!.session.refresh(),
      tabs[1]!.session.getAccessToken(),
      tabs[1]!.session.refresh(),
      tabs[2]!.session.getAccessToken(),
      tabs[2]!.session.refresh(),
      tabs[2]!.session.getAccessToken(),
    ];
    const results = await Promise.all(triggers);

    expect(server.requests).toEqual(["refresh-0"]);
    expect(server.revoked).toBe(false);
    expect(stored()).toMatchObject({ accessToken: "access-1", refreshToken: "refresh-1" });
    // The tabs that waited use the token the first one got.
    for (const result of results) {
      expect(typeof result === "string" ? result : result?.accessToken).toBe("access-1");
    }
    for (const tab of tabs) {
      expect(tab.session.isSignedIn()).toBe(true);
      expect(tab.signedOut).not.toHaveBeenCalled();
    }
  });

  it("without a shared lock the same triggers replay a rotated token and the server ends the session", async () => {
    // What the lock prevents: each tab only serialises its own refreshes.
    const perTabLocks = () => {
      let tail: Promise<unknown> = Promise.resolve();
      return {
        request<T>(_name: string, callback: () => Promise<T>) {
          const run = tail.then(callback);
          tail = run.catch(() => undefined);
          return run;
        },
      };
    };
    let clock = Date.parse("2026-01-05T09:00:00Z");
    const server = fakeAuthorizationServer(() => clock);
    const storage = new Map([["user", JSON.stringify(server.initialTokens())]]);
    const tabs = Array.from(
      { length: 3 },
      () =>
        new AuthSession({
          load: async () => JSON.parse(storage.get("user") ?? "null") as SessionTokens | null,
          hasStoredSession: () => storage.has("user"),
          refresh: async (current) => {
            const tokens = await server.refresh(current.refreshToken!);
            storage.set("user", JSON.stringify(tokens));
            return tokens;
          },
          clear: async () => {
            storage.delete("user");
          },
          locks: perTabLocks(),
          now: () => clock,
        }),
    );
    clock += 9.5 * minute;

    await Promise.allSettled(tabs.map((tab) => tab.refresh()));

    expect(server.requests.length).toBeGreaterThan(1);
    expect(server.revoked).toBe(true);
  });

  it("renews nothing while the access token is not about to expire", async () => {
    const { tabs, server } = openTabs(3);
    const tokens = await Promise.all(tabs.map((tab) => tab.session.getAccessToken()));
    expect(tokens).toEqual(["access-0", "access-0", "access-0"]);
    expect(server.requests).toEqual([]);
  });

  it("after a 401 refreshes once, and a tab whose token another tab already replaced only retries", async () => {
    const { tabs, server, stored } = openTabs(2);
    // Both tabs sent their calls with the same token; the server refused it (e.g. new signing keys).
    await tabs[0]!.session.getAccessToken();
    await tabs[1]!.session.getAccessToken();

    const retries = await Promise.all([
      tabs[0]!.session.refreshAfterUnauthorized(),
      tabs[1]!.session.refreshAfterUnauthorized(),
    ]);

    expect(retries).toEqual([true, true]);
    expect(server.requests).toEqual(["refresh-0"]);
    expect(stored()?.accessToken).toBe("access-1");
  });

  it("renews a session that is not expiring when asked to replace a given token (the landing page)", async () => {
    const { tabs, server } = openTabs(1);
    const tokens = await tabs[0]!.session.refresh({ staleAccessToken: "access-0" });
    expect(tokens?.accessToken).toBe("access-1");
    expect(server.requests).toEqual(["refresh-0"]);
  });

  it("when the server refuses the refresh token, every tab is signed out and nobody tries it again", async () => {
    const { tabs, server, stored } = openTabs(3, {
      start: { accessToken: "expired", refreshToken: "refresh-of-a-revoked-grant", expiresAt: 0 },
    });

    const results = await Promise.all(tabs.map((tab) => tab.session.refresh()));

    expect(results).toEqual([null, null, null]);
    expect(server.requests).toEqual(["refresh-of-a-revoked-grant"]);
    expect(stored()).toBeNull();
    expect(tabs[0]!.signedOut).toHaveBeenCalled();
    for (const tab of tabs) expect(tab.session.isSignedIn()).toBe(false);
  });

  it("keeps the tokens when the refresh fails for a passing reason (the network)", async () => {
    const storage = new Map([
      ["user", JSON.stringify({ accessToken: "a", refreshToken: "r", expiresAt: 0 })],
    ]);
    const session = new AuthSession({
      load: async () => JSON.parse(storage.get("user") ?? "null") as SessionTokens | null,
      hasStoredSession: () => storage.has("user"),
      refresh: () => Promise.reject(new TypeError("Failed to fetch")),
      clear: async () => {
        storage.delete("user");
      },
      locks: sharedLocks(),
    });

    await expect(session.refresh()).rejects.toThrow("Failed to fetch");
    expect(session.isSignedIn()).toBe(true);
    // An API call still goes out, with the token it has: the server has the last word.
    expect(await session.getAccessToken()).toBe("a");
  });

  it("signs out under the lock: a refresh asked for meanwhile finds no session and makes no request", async () => {
    const { tabs, server, stored, advance } = openTabs(2);
    advance(9.5 * minute);
    const revoked: (string | undefined)[] = [];

    const signingOut = tabs[0]!.session.signOut(async (current) => {
      revoked.push(current?.refreshToken);
    });
    const refreshing = tabs[1]!.session.refresh();
    await Promise.all([signingOut, refreshing]);

    expect(revoked).toEqual(["refresh-0"]);
    expect(await refreshing).toBeNull();
    expect(server.requests).toEqual([]);
    expect(stored()).toBeNull();
  });

  it("without the Web Locks API still serialises the refreshes of one tab", async () => {
    const { tabs, server, advance } = openTabs(1, { locks: undefined });
    advance(9.5 * minute);
    const results = await Promise.all([tabs[0]!.session.refresh(), tabs[0]!.session.refresh()]);
    expect(results.map((tokens) => tokens?.accessToken)).toEqual(["access-1", "access-1"]);
    expect(server.requests).toEqual(["refresh-0"]);
  });
});
