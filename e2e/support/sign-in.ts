import { createHash } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { User } from "oidc-client-ts";
import { latestLoginCode, signInOverHttpForTokens } from "../../apps/server/src/testing/http-api.ts";
import { sessionStorageNames, storedUserKey } from "../../apps/web/src/lib/token-store.ts";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const adminEmail = "admin@example.com";

/**
 * Runs `work` while no other worker of the run signs `email` in to the app at `baseUrl`: the server
 * keeps one login code per address, for the sign-in that asked last, so two workers signing the
 * admin in to the shared app at once could each read the other's code from the outbox ("The code
 * you entered is incorrect"). The lock is a folder (mkdir is atomic); one older than a minute was
 * left by a worker that died holding it.
 */
async function oneSignInAtATime<T>(baseUrl: string, email: string, work: () => Promise<T>): Promise<T> {
  const key = createHash("sha256").update(`${baseUrl} ${email}`).digest("hex").slice(0, 16);
  const lock = path.join(os.tmpdir(), `catalog-manager-e2e-sign-in-${key}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const held = await stat(lock).catch((statError: NodeJS.ErrnoException) => {
        // Released between the two calls: try again.
        if (statError.code === "ENOENT") return undefined;
        throw statError;
      });
      if (held && Date.now() - held.mtimeMs > 60_000) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Signs in through the real pages: e-mail form, code from the dev outbox, back on /home. */
export async function signIn(page: Page, baseUrl: string, email = adminEmail): Promise<void> {
  await page.goto("/");
  await page.waitForURL(/\/auth\/start/);
  await page.getByLabel("Email").fill(email);
  await oneSignInAtATime(baseUrl, email, async () => {
    // Whatever code the worker before asked for was mailed before it let go of the lock.
    const requestedAt = Date.now();
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/auth\/code/);
    const code = await latestLoginCode(baseUrl, email, requestedAt);
    await page.getByLabel(/code/i).fill(code);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/home/);
  });
  // The header's sidebar toggle shows at every width (below 1024 px the sidebar itself is a closed drawer).
  await expect(page.getByRole("button", { name: "Toggle Sidebar" }).first()).toBeVisible();
}

/**
 * Logs out through the header and waits for the whole redirect chain (end session, `/`, a new
 * authorization request) to settle on the e-mail form, so the next navigation does not abort it.
 */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/auth\/start/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
}

/** Claims oidc-client-ts leaves out of the stored user's profile (its `filterProtocolClaims`). */
const protocolClaims = new Set(["nbf", "jti", "auth_time", "nonce", "acr", "amr", "azp", "at_hash"]);

/**
 * A browser storage in which `email` (the admin by default) is signed in to the app at `baseUrl`,
 * for contexts that should start signed in: the sign-in runs over HTTP (login code from the dev
 * outbox, the code redeemed with PKCE) and its tokens are stored where the app's own sign-in
 * stores them, oidc-client-ts's stored user in IndexedDB with the copy in localStorage
 * (token-store.ts), beside the server's session cookies. The pages of the sign-in are tested
 * through the browser by auth.spec.ts, people.spec.ts, permissions.spec.ts and
 * failure-states.spec.ts; here they would cost every spec's app seconds on the 2-core machine.
 */
export async function signedInStorageState(baseUrl: string, email = adminEmail): Promise<StorageState> {
  const { tokens, claims, cookies } = await oneSignInAtATime(baseUrl, email, () =>
    signInOverHttpForTokens(baseUrl, email),
  );
  const { origin, hostname } = new URL(baseUrl);
  const profile = Object.fromEntries(
    Object.entries(claims ?? {}).filter(([name]) => !protocolClaims.has(name)),
  );
  const user = new User({
    id_token: tokens.id_token,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope,
    profile: profile as User["profile"],
    expires_at: Math.floor(Date.now() / 1000) + (tokens.expires_in ?? 0),
  });
  const stored = { key: storedUserKey(origin), value: user.toStorageString() };
  // As `context.storageState({ indexedDB: true })` gives it; Playwright's type leaves IndexedDB out.
  const signedInOrigin = {
    origin,
    localStorage: [{ name: stored.key, value: stored.value }],
    indexedDB: [
      {
        name: sessionStorageNames.database,
        version: 1,
        stores: [{ name: sessionStorageNames.store, autoIncrement: false, records: [stored], indexes: [] }],
      },
    ],
  };
  return {
    cookies: [...cookies].map(([name, value]) => ({
      name,
      value,
      domain: hostname,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    })),
    origins: [signedInOrigin],
  };
}
