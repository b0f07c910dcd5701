import type { BrowserContext } from "@playwright/test";
import { type RunningApp, startApp, type StartAppOptions } from "./app-server.ts";
import { test as base } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Tests that run against an app of their own rather than the shared one: their data (e.g. the
 * demo line lists they publish) cannot meet another spec's, and neither can the login-code rate
 * limits (one code a minute per address). The admin signs in once per worker, through the real
 * pages, and every test starts signed in with that session.
 */
export function testWithOwnApp(options: StartAppOptions & { signedIn?: boolean } = {}) {
  const { signedIn = true, ...appOptions } = options;
  return base.extend<object, { ownApp: RunningApp & { storageState?: StorageState } }>({
    ownApp: [
      async ({ browser }, use) => {
        const app = await startApp({}, appOptions);
        try {
          if (!signedIn) return await use(app);
          const context = await browser.newContext({ baseURL: app.baseUrl });
          await signIn(await context.newPage(), app.baseUrl);
          const storageState = await context.storageState();
          await context.close();
          await use({ ...app, storageState });
        } finally {
          await app.stop();
        }
      },
      { scope: "worker", timeout: 120_000 },
    ],
    baseURL: async ({ ownApp }, use) => use(ownApp.baseUrl),
    storageState: async ({ ownApp }, use) => use(ownApp.storageState),
  });
}
