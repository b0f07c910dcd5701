import * as fakeIndexedDb from "fake-indexeddb";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthSession, type SessionTokens } from "@/lib/auth-session";
import { TokenStore } from "@/lib/token-store";
import { fakeAuthorizationServer, sharedLocks } from "@/testing/auth-session-fakes";

const key = "user:test";

/**
 * One tab's own copy of localStorage, as Chromium keeps one per renderer: here another tab's
 * writes never reach it, the extreme of their arriving late.
 */
class TabStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  key = (index: number) => [...this.#items.keys()][index] ?? null;
  getItem = (name: string) => this.#items.get(name) ?? null;
  setItem = (name: string, value: string) => void this.#items.set(name, value);
  removeItem = (name: string) => void this.#items.delete(name);
  clear = () => this.#items.clear();
}

// IndexedDB for this file only, as `fake-indexeddb/auto` installs it: the test files share their
// worker's window (isolate: false), and the next file's auth module must find none, as in happy-dom.
const idbGlobals = Object.entries(fakeIndexedDb).filter(([name]) => name !== "default");
beforeAll(() => {
  for (const [name, value] of idbGlobals) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
});
afterAll(() => {
  for (const [name] of idbGlobals) Reflect.deleteProperty(globalThis, name);
});

// The tests share one IndexedDB (idb-keyval keeps its connection open): each uses keys of its own.
let testCount = 0;
let prefix = "";
beforeEach(() => {
  prefix = `cm.auth.${++testCount}.`;
});

describe("TokenStore", () => {
  it("keeps the value in IndexedDB and copies it to localStorage", async () => {
    const storage = new TabStorage();
    const store = new TokenStore({ prefix: prefix, storage });
    await store.set(key, "tokens-1");

    expect(storage.getItem(`${prefix}${key}`)).toBe("tokens-1");
    expect(await store.get(key)).toBe("tokens-1");
    expect(await store.getAllKeys()).toEqual([key]);
    expect(await new TokenStore({ prefix: prefix, storage: new TabStorage() }).get(key)).toBe("tokens-1");

    expect(await store.remove(key)).toBe("tokens-1");
    expect(storage.getItem(`${prefix}${key}`)).toBeNull();
    expect(await store.get(key)).toBeNull();
    expect(await store.getAllKeys()).toEqual([]);
  });

  it("reads what another tab stored last, whatever this tab's copy of localStorage still says", async () => {
    const first = new TokenStore({ prefix: prefix, storage: new TabStorage() });
    const secondStorage = new TabStorage();
    const second = new TokenStore({ prefix: prefix, storage: secondStorage });
    await first.set(key, "tokens-1");
    secondStorage.setItem(`${prefix}${key}`, "tokens-0"); // behind

    expect(await second.get(key)).toBe("tokens-1");

    // A copy left behind never brings a session back that another tab ended.
    await first.remove(key);
    expect(await second.get(key)).toBeNull();
  });

  it("uses localStorage alone without IndexedDB, or once the browser refuses it", async () => {
    const storage = new TabStorage();
    const store = new TokenStore({ prefix: prefix, storage, useIndexedDb: false });
    await store.set(key, "tokens-1");
    expect(await store.get(key)).toBe("tokens-1");
    expect(await store.getAllKeys()).toEqual([key]);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const open = vi.spyOn(indexedDB, "open").mockImplementation(() => {
      throw new DOMException("The user denied permission to access the database.", "SecurityError");
    });
    const refusedStorage = new TabStorage();
    const refused = new TokenStore({ prefix: prefix, storage: refusedStorage });
    await refused.set(key, "tokens-2");
    expect(await refused.get(key)).toBe("tokens-2");
    expect(refusedStorage.getItem(`${prefix}${key}`)).toBe("tokens-2");
    expect(warn).toHaveBeenCalledTimes(1);
    open.mockRestore();
    warn.mockRestore();
  });
});

/** Two tabs wired as auth.ts wires one: the store, one lock for both, the server above. */
function twoTabs(useIndexedDb: boolean) {
  const now = Date.parse("2026-01-05T09:00:00Z");
  const server = fakeAuthorizationServer(() => now);
  const locks = sharedLocks();
  const tabs = [0, 1].map(() => {
    const store = new TokenStore({ prefix: prefix, storage: new TabStorage(), useIndexedDb });
    const session = new AuthSession({
      load: async () => JSON.parse((await store.get(key)) ?? "null") as SessionTokens | null,
      hasStoredSession: () => true,
      refresh: async (current) => {
        const tokens = await server.refresh(current.refreshToken!);
        await store.set(key, JSON.stringify(tokens));
        return tokens;
      },
      clear: async () => void (await store.remove(key)),
      locks,
      now: () => now,
    });
    return { store, session };
  });
  return {
    server,
    tabs,
    /** Both tabs start signed in with tokens that are about to expire. */
    async signIn() {
      const expiring = JSON.stringify({ accessToken: "access-0", refreshToken: "refresh-0", expiresAt: now });
      for (const tab of tabs) await tab.store.set(key, expiring);
    },
  };
}

describe("renewal across tabs whose copies of localStorage lag", () => {
  it("the tab that waited for the lock finds the new tokens and makes no request", async () => {
    const { server, tabs, signIn } = twoTabs(true);
    await signIn();

    const [first, second] = await Promise.all(tabs.map((tab) => tab.session.refresh()));

    expect(server.requests).toEqual(["refresh-0"]);
    expect(server.revoked).toBe(false);
    expect(first?.accessToken).toBe("access-1");
    expect(second?.accessToken).toBe("access-1");
  });

  it("with localStorage alone, the same race replays the used refresh token and ends the session", async () => {
    // What CI saw before the tokens moved to IndexedDB (e2e/auth.spec.ts).
    const { server, tabs, signIn } = twoTabs(false);
    await signIn();

    const [, second] = await Promise.all(tabs.map((tab) => tab.session.refresh()));

    expect(server.requests).toEqual(["refresh-0", "refresh-0"]);
    expect(server.revoked).toBe(true);
    expect(second).toBeNull();
  });
});
