import { type RunningApp, startApp, type StartAppOptions } from "./app-server.ts";
import { test as base } from "./fixtures.ts";
import { signedInStorageState, type StorageState } from "./sign-in.ts";

/**
 * Tests that run against an app of their own rather than the shared one: their data (e.g. the
 * demo line lists they publish) cannot meet another spec's, and neither can the login-code rate
 * limits (one code a minute per address). The admin signs in once per worker (over HTTP, see
 * `signedInStorageState`), and every test starts signed in with that session.
 */
export function testWithOwnApp(options: StartAppOptions & { signedIn?: boolean } = {}) {
  const { signedIn = true, ...appOptions } = options;
  return base.extend<object, { ownApp: RunningApp & { storageState?: StorageState } }>({
    ownApp: [
      async ({}, use) => {
        const app = await startApp({}, appOptions);
        try {
          if (!signedIn) return await use(app);
          await use({ ...app, storageState: await signedInStorageState(app.baseUrl) });
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
