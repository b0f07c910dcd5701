import type { Page, Request } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";
import { latestLoginCode } from "../apps/server/src/testing/http-api.ts";
import { adminEmail } from "./support/sign-in.ts";
import { sessionStorageNames } from "../apps/web/src/lib/token-store.ts";

const tokenEndpoint = "/oidc/token";
/** The stored session (oidc-client-ts's user) lives under keys with this prefix. */
const sessionKeyPrefix = `${sessionStorageNames.prefix}user:`;
/** Every tab renews under this Web Lock (apps/web/src/lib/auth.ts). */
const refreshLockName = "cm.auth.refresh";

function isTokenRequest(request: Request): boolean {
  return request.method() === "POST" && new URL(request.url()).pathname === tokenEndpoint;
}

/**
 * The stored session (oidc-client-ts's user): in IndexedDB (`sessionStorageNames`), under the same
 * key as its copy in localStorage (apps/web/src/lib/token-store.ts). Reads it, or with `change`,
 * rewrites it in both places as the app would.
 */
function sessionInPage(page: Page, change?: "expire-access-token") {
  return page.evaluate(
    async ({ prefix, names, change }) => {
      const key = Object.keys(localStorage).find((candidate) => candidate.startsWith(prefix));
      if (!key) return null;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(names.database);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const inStore = <T>(mode: IDBTransactionMode, step: (store: IDBObjectStore) => IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          const transaction = database.transaction(names.store, mode);
          const request = step(transaction.objectStore(names.store));
          transaction.oncomplete = () => resolve(request.result);
          transaction.onerror = () => reject(transaction.error);
        });
      try {
        const stored = await inStore("readonly", (store) => store.get(key) as IDBRequest<string | undefined>);
        if (!stored) return null;
        const user = JSON.parse(stored) as { access_token: string; expires_at: number };
        if (change === "expire-access-token") {
          user.expires_at = Math.floor(Date.now() / 1000) - 1;
          const value = JSON.stringify(user);
          await inStore("readwrite", (store) => store.put(value, key));
          localStorage.setItem(key, value);
        }
        return { accessToken: user.access_token, expiresAt: user.expires_at };
      } finally {
        database.close();
      }
    },
    { prefix: sessionKeyPrefix, names: sessionStorageNames, change },
  );
}

/** The stored session's access token and expiry (seconds). */
const storedSession = (page: Page) => sessionInPage(page);

/** Makes the stored access token look expired (as if the tab had slept past its 10 minutes). */
const expireStoredAccessToken = (page: Page) => sessionInPage(page, "expire-access-token");

/**
 * Resolves once every renewal queued on the cross-tab lock before this call has finished (the
 * Web Locks API grants a lock in the order it was asked for).
 */
// Its own app: no other spec signs the same admin in or out while its tabs share one session.
const test = testWithOwnApp({ signedIn: false });

function waitForQueuedRenewals(page: Page) {
  return page.evaluate((name) => navigator.locks.request(name, () => undefined), refreshLockName);
}

async function expectSignedInShell(page: Page) {
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/** Pastes `text` into the focused field, as a user pressing Ctrl+V would. */
function pasteIntoFocusedField(page: Page, text: string) {
  return page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test("a callback whose state this tab never saved goes to the e-mail form with an error, not /home", async ({
  page,
}) => {
  await page.goto("/?code=forged-code&state=forged-state");
  await expect(page).toHaveURL(/\/auth\/start\?.*error=/);
  await expect(page.getByText(/could not be verified/)).toBeVisible();
  await page.goto("/home");
  await expect(page).toHaveURL(/\/auth\/start/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
});

/*
 * One sign-in for the whole session story: the server mails at most one code per address per
 * minute (and five an hour), so every step that needs a signed-in user shares this one.
 */
test("the seeded admin signs in, survives a reload and a token expiry in three tabs, and logs out", async ({
  page,
  context,
  baseURL,
  axe,
}) => {
  // A whole session story; generous because CI machines are small and may be busy.
  test.setTimeout(180_000);

  await test.step("a protected page sends a signed-out user to the e-mail form", async () => {
    await page.goto("/home/settings/account");
    await expect(page).toHaveURL(/\/auth\/start/);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  const requestedAt = Date.now() - 1000;
  await test.step("the e-mail is validated as typed; a valid one asks for a code", async () => {
    const email = page.getByLabel("Email");
    const logIn = page.getByRole("button", { name: "Log in" });
    await expect(logIn).toBeDisabled();
    await email.fill("not-an-address");
    await expect(page.getByText("Expected a valid email address")).toBeVisible();
    await expect(logIn).toBeDisabled();
    await email.fill("");
    await expect(page.getByText("Email is required")).toBeVisible();
    await email.fill(adminEmail);
    await expect(logIn).toBeEnabled();
    await logIn.click();
    await expect(page).toHaveURL(/\/auth\/code/);
    await expect(page.getByRole("heading", { name: "Welcome back, Admin" })).toBeVisible();
    await expect(page.getByText(`Enter the login code sent to: ${adminEmail}`)).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  const code = await latestLoginCode(baseURL!, adminEmail, requestedAt);
  await test.step("a wrong code shows the error block", async () => {
    await page.getByLabel(/code/i).fill(code === "ABCDEF" ? "ABCDEG" : "ABCDEF");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/auth\/code\?.*error=/);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("The code you entered is incorrect.");
    await expect(alert).toContainText("Check your code or request a new one");
  });

  await test.step("pasting the right code submits it and returns to the page asked for", async () => {
    await page.getByLabel(/code/i).focus();
    await pasteIntoFocusedField(page, ` ${code.toLowerCase()}\n`);
    await expect(page).toHaveURL(/\/home\/settings\/account$/);
    await expectSignedInShell(page);
    await expect(page.getByLabel("Email")).toHaveValue(adminEmail);
  });

  await test.step("a reload stays signed in", async () => {
    await page.reload();
    await expectSignedInShell(page);
    await expect(page.getByLabel("Email")).toHaveValue(adminEmail);
  });

  await test.step("the account page saves the name for real", async () => {
    const save = async (name: string) => {
      await page.getByLabel("First Name").fill(name);
      const saved = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/api/users" && response.request().method() === "PUT",
      );
      await page.getByRole("button", { name: "Save" }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByText("User updated successfully").first()).toBeVisible();
    };
    await expect(page.getByLabel("First Name")).toHaveValue("Admin");
    await save("Adminé");
    await page.reload();
    await expect(page.getByLabel("First Name")).toHaveValue("Adminé");
    // Put the seeded name back for whoever signs in next.
    await save("Admin");
  });

  await test.step("three tabs survive an access-token expiry with exactly one token request", async () => {
    const tabs = [page, await context.newPage(), await context.newPage()];
    for (const tab of tabs.slice(1)) {
      await tab.goto("/home");
      await expectSignedInShell(tab);
    }

    const tokenRequests: Request[] = [];
    context.on("request", (request) => {
      if (isTokenRequest(request)) tokenRequests.push(request);
    });
    const before = await storedSession(page);

    // The other tabs see the change as a storage event; then ten wake-ups across the three tabs
    // (a tab regaining focus checks its token) all ask for a renewal at the same moment.
    await expireStoredAccessToken(page);
    const wakeUps = [4, 3, 3];
    await Promise.all(
      tabs.map((tab, index) =>
        tab.evaluate((count) => {
          for (let i = 0; i < count; i++) window.dispatchEvent(new Event("focus"));
        }, wakeUps[index] ?? 0),
      ),
    );
    await Promise.all(tabs.map((tab) => waitForQueuedRenewals(tab)));

    const renewed = await storedSession(page);
    expect(renewed?.accessToken).not.toBe(before?.accessToken);
    expect(renewed!.expiresAt * 1000).toBeGreaterThan(Date.now() + 5 * 60 * 1000);
    expect(tokenRequests).toHaveLength(1);

    // Nobody was logged out: every tab keeps the shell and reaches the API with the new token.
    for (const tab of tabs) {
      await expectSignedInShell(tab);
      await tab.getByRole("link", { name: "Account" }).click();
      await expect(tab.getByLabel("Email")).toHaveValue(adminEmail);
    }
    await Promise.all(tabs.map((tab) => waitForQueuedRenewals(tab)));
    expect(tokenRequests).toHaveLength(1);
    await Promise.all(tabs.slice(1).map((tab) => tab.close()));
  });

  await test.step("logout revokes the session and returns to /; /home then asks to sign in", async () => {
    const revocation = page.waitForRequest(
      (request) => new URL(request.url()).pathname === "/oidc/token/revocation",
    );
    const landing = page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("button", { name: "Logout" }).click();
    await revocation;
    await landing;
    // `/` finds no session and starts a new sign-in, which shows the e-mail form.
    await expect(page).toHaveURL(/\/auth\/start/);
    expect(await storedSession(page)).toBeNull();

    await page.goto("/home");
    await expect(page).toHaveURL(/\/auth\/start/);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  });
});
