import { passkeyMessages } from "@cm/contracts/passkeys";
import type { Page, Response } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";
import { latestLoginCode } from "../apps/server/src/testing/http-api.ts";
import { adminEmail, signOut } from "./support/sign-in.ts";

/*
 * Its own app, reached as `localhost`: WebAuthn refuses an IP address as the relying party, and
 * once the admin has a passkey the login code alone no longer signs them in, which no other
 * spec could live with.
 */
const test = testWithOwnApp({ hostname: "localhost" });

/** Chromium's virtual authenticator (CDP): a platform authenticator that holds passkeys and verifies the user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { credentials };
}

async function expectSignedInShell(page: Page) {
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

const noAutofillKey = "e2e.noPasskeyAutofill";

/**
 * Chromium's virtual authenticator answers the e-mail field's passkey autofill (conditional UI)
 * at once, signing in before anyone clicks. While the session flag is set, the page sees a
 * browser without that autofill, so the button and the code form can be used.
 */
async function controlPasskeyAutofill(page: Page) {
  await page.addInitScript((key) => {
    const credential = window.PublicKeyCredential;
    const available = credential?.isConditionalMediationAvailable?.bind(credential);
    if (!available) return;
    credential.isConditionalMediationAvailable = () =>
      window.sessionStorage.getItem(key) ? Promise.resolve(false) : available();
  }, noAutofillKey);
  return {
    off: () => page.evaluate((key) => window.sessionStorage.setItem(key, "1"), noAutofillKey),
    on: () => page.evaluate((key) => window.sessionStorage.removeItem(key), noAutofillKey),
  };
}

const isTokenResponse = (response: Response) =>
  new URL(response.url()).pathname === "/oidc/token" && response.request().method() === "POST";

test("a passkey registered on the Account page signs the admin in, and the code alone no longer does", async ({
  page,
  baseURL,
  axe,
}) => {
  test.setTimeout(120_000);
  const authenticator = await addVirtualAuthenticator(page);
  const autofill = await controlPasskeyAutofill(page);
  const passkeys = page.getByRole("table", { name: passkeyMessages.sectionTitle });

  await test.step("the Account page registers a named passkey", async () => {
    await page.goto("/home/settings/account");
    await expect(passkeys.getByText(passkeyMessages.empty)).toBeVisible();
    await page.getByRole("button", { name: passkeyMessages.add }).click();
    const dialog = page.getByRole("dialog", { name: passkeyMessages.addDialogTitle });
    await dialog.getByLabel(passkeyMessages.nameLabel).fill("Test laptop");
    await dialog.getByRole("button", { name: passkeyMessages.continue }).click();
    await expect(page.getByText(passkeyMessages.registered)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = passkeys.getByRole("row", { name: /Test laptop/ });
    await expect(row).toContainText(passkeyMessages.neverUsed);
    expect(await authenticator.credentials()).toHaveLength(1);
    expect(await axe(page)).toEqual([]);
  });

  await test.step("renaming it keeps it", async () => {
    await page.getByRole("button", { name: "Rename Test laptop" }).click();
    const dialog = page.getByRole("dialog", { name: passkeyMessages.renameDialogTitle });
    await dialog.getByLabel(passkeyMessages.nameLabel).fill("Work laptop");
    await dialog.getByRole("button", { name: passkeyMessages.save }).click();
    await expect(page.getByText(passkeyMessages.renamed)).toBeVisible();
    await expect(passkeys.getByRole("row", { name: /Work laptop/ })).toBeVisible();
  });

  await test.step("after logging out, the passkey button signs in through the same authorization server", async () => {
    await autofill.off();
    await signOut(page);
    expect(await axe(page)).toEqual([]);
    const tokens = page.waitForResponse(isTokenResponse);
    await page.getByRole("button", { name: passkeyMessages.signIn }).click();
    await expectSignedInShell(page);
    expect((await tokens).status()).toBe(200);
    await page.goto("/home/settings/account");
    const row = passkeys.getByRole("row", { name: /Work laptop/ });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(passkeyMessages.neverUsed);
  });

  await test.step("the right e-mailed code alone is refused and points to the passkey", async () => {
    await signOut(page);
    const requestedAt = Date.now() - 1000;
    await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/auth\/code/);
    const code = await latestLoginCode(baseURL!, adminEmail, requestedAt);
    await page.getByLabel(/code/i).fill(code);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/auth\/start\?.*error=passkey_required/);
    await expect(page.getByRole("alert")).toContainText(passkeyMessages.passkeyRequired);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  await test.step("where the browser offers passkeys in the e-mail field's autofill, choosing one signs in", async () => {
    await autofill.on();
    const tokens = page.waitForResponse(isTokenResponse);
    // The same login interaction, still waiting: the autofill offers the passkey, which the
    // virtual authenticator picks at once.
    await page.reload();
    await expectSignedInShell(page);
    expect((await tokens).status()).toBe(200);
  });
});
