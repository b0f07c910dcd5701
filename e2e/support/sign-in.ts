import { createHash } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { latestLoginCode } from "../../apps/server/test/http-api.ts";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const adminEmail = "admin@example.com";

/**
 * Runs `work` while no other worker of the run signs `email` in to the app at `baseUrl`: the server
 * keeps one login code per address, for the sign-in that asked last, so two workers signing the
 * admin in to the shared app at once could each read the other's code from the outbox ("The code
 * you entered is incorrect"). The lock is a folder (mkdir is atomic); one older than a minute was
 * left by a worker that died holding it.
 */
async function oneSignInAtATime(baseUrl: string, email: string, work: () => Promise<void>): Promise<void> {
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
    await work();
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

/**
 * Signs the admin in once in a context of its own and returns its storage, for contexts that
 * should start signed in. With IndexedDB: the app keeps the tokens there (token-store.ts).
 */
export async function signedInStorageState(browser: Browser, baseUrl: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await signIn(await context.newPage(), baseUrl);
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}
