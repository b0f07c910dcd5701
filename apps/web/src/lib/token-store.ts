import { createStore, del, get, keys, set, type UseStore } from "idb-keyval";
import { oidcClientId, oidcMountPath } from "@cm/contracts/auth-rules";
import type { StateStore } from "oidc-client-ts";

/**
 * The names the session is stored under: the keys' prefix (localStorage, sessionStorage) and the
 * IndexedDB database and object store. The browser suite writes a signed-in session with them
 * (e2e/support/sign-in.ts).
 */
export const sessionStorageNames = { prefix: "cm.auth.", database: "cm-auth", store: "tokens" } as const;

/** The key of oidc-client-ts's stored user (the tokens) for the app at `origin`. */
export function storedUserKey(origin: string): string {
  return `${sessionStorageNames.prefix}user:${origin}${oidcMountPath}:${oidcClientId}`;
}

/**
 * Where the signed-in session's tokens live: IndexedDB, with a copy in localStorage.
 *
 * Every tab renews the tokens under one Web Lock and reads them again once it holds it
 * (auth-session.ts), so that a tab that waited finds the tokens the previous holder stored. That
 * read must see the previous holder's write, and localStorage does not promise it: Chromium gives
 * each tab's renderer its own copy of localStorage and brings the other tabs' writes to it
 * asynchronously. A tab granted the lock right after another tab renewed could still read the
 * refresh token that was just used, send it again, and the server, which revokes the whole grant
 * when a used refresh token comes back, signed every tab out (seen in CI, e2e/auth.spec.ts).
 * IndexedDB is one store behind all the tabs: a write whose transaction completed before the lock
 * was released is what the next holder reads.
 *
 * The copy in localStorage serves what must be synchronous (whether there is a session, while
 * rendering) and its `storage` events, which tell the other tabs that the session changed. It is
 * written after IndexedDB, so a tab told of a change reads the new tokens.
 *
 * With IndexedDB, what it holds is the truth: a copy left in localStorage never brings a session
 * back. Without it (a browser that refuses it, e.g. in some private modes, and the unit tests'
 * happy-dom), localStorage alone.
 */
export class TokenStore implements StateStore {
  readonly #prefix: string;
  readonly #storage: Storage;
  #database: UseStore | undefined;

  constructor({
    prefix,
    storage = window.localStorage,
    useIndexedDb = typeof indexedDB !== "undefined",
  }: {
    prefix: string;
    /** The synchronous copy: localStorage unless told (tests). */
    storage?: Storage;
    /** Whether to keep the tokens in IndexedDB (the global `indexedDB`); yes when there is one. */
    useIndexedDb?: boolean;
  }) {
    this.#prefix = prefix;
    this.#storage = storage;
    this.#database = useIndexedDb
      ? createStore(sessionStorageNames.database, sessionStorageNames.store)
      : undefined;
  }

  async set(key: string, value: string): Promise<void> {
    const name = this.#prefix + key;
    await this.#inDatabase((database) => set(name, value, database));
    this.#storage.setItem(name, value);
  }

  async get(key: string): Promise<string | null> {
    const name = this.#prefix + key;
    const stored = await this.#inDatabase((database) => get<string>(name, database));
    return stored.available ? (stored.value ?? null) : this.#storage.getItem(name);
  }

  async remove(key: string): Promise<string | null> {
    const value = await this.get(key);
    const name = this.#prefix + key;
    await this.#inDatabase((database) => del(name, database));
    this.#storage.removeItem(name);
    return value;
  }

  async getAllKeys(): Promise<string[]> {
    const stored = await this.#inDatabase((database) => keys<string>(database));
    const names = stored.available
      ? (stored.value ?? [])
      : Array.from({ length: this.#storage.length }, (_, index) => this.#storage.key(index)!);
    return names
      .filter((name) => name.startsWith(this.#prefix))
      .map((name) => name.slice(this.#prefix.length));
  }

  /**
   * Runs a step against IndexedDB. A browser that refuses IndexedDB (private mode, storage turned
   * off) is not asked again: localStorage carries on alone.
   */
  async #inDatabase<T>(
    step: (database: UseStore) => Promise<T>,
  ): Promise<{ available: true; value: T } | { available: false }> {
    if (!this.#database) return { available: false };
    try {
      return { available: true, value: await step(this.#database) };
    } catch (error) {
      console.warn("IndexedDB is not available; the session is kept in localStorage only", error);
      this.#database = undefined;
      return { available: false };
    }
  }
}
