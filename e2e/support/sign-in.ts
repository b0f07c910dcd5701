import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { latestLoginCode } from "../../apps/server/test/http-api.ts";

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export const adminEmail = "admin@example.com";

/** Signs in through the real pages: e-mail form, code from the dev outbox, back on /home. */
export async function signIn(page: Page, baseUrl: string, email = adminEmail): Promise<void> {
  const requestedAt = Date.now() - 1000;
  await page.goto("/");
  await page.waitForURL(/\/auth\/start/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/auth\/code/);
  const code = await latestLoginCode(baseUrl, email, requestedAt);
  await page.getByLabel(/code/i).fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(/\/home/);
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
