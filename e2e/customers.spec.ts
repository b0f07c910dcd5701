import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { signedInStorageState } from "./support/sign-in.ts";

/**
 * Onboarding a customer through the screens, then fixing it: the wizard with two stores (one
 * multi-brand) and an extra user, the list's country search, a store deactivated and activated
 * again, and the organization's address edited. One signed-in page runs the steps in order.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

/** Keeps names unique when the suite runs again against the same app. */
const stamp = Date.now().toString(36).slice(-5);
const customerName = `Maple Steps ${stamp}`;
const secondStoreName = `Maple Mall ${stamp}`;

let page: Page;

test.beforeAll(async ({ browser }) => {
  const baseUrl = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    storageState: await signedInStorageState(baseUrl),
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
});

async function chooseCountry(scope: Locator, search: string, option: string) {
  await scope.getByRole("combobox", { name: "Country" }).click();
  await page.getByRole("combobox", { name: "Search countries" }).fill(search);
  await page.getByRole("option", { name: option }).click();
}

test("creates a customer with two stores and an extra user through the wizard", async ({ axe }) => {
  await page.goto("/home/organizations");
  await page.getByRole("link", { name: "Add New Customer" }).click();
  await expect(page.getByRole("heading", { name: "New Customer" })).toBeVisible();
  const create = page.getByRole("button", { name: "Create", exact: true });
  await expect(create).toBeDisabled();

  const organization = page.getByRole("region", { name: "Organization", exact: true });
  await organization.getByRole("textbox", { name: "Organization name" }).fill(customerName);
  await organization.getByRole("textbox", { name: "Address line 1" }).fill("100 Queen Street West");
  await organization.getByRole("textbox", { name: "City" }).fill("Toronto");
  await organization.getByRole("textbox", { name: "State / Province" }).fill("Ontario");
  await chooseCountry(organization, "canada", "Canada (CA)");

  // The first store is the Main Store: billing address copied from the organization, one brand.
  const mainStore = page.getByRole("region", { name: "Store 1", exact: true });
  await expect(mainStore.getByRole("textbox", { name: "Store name" })).toHaveValue("Main Store");
  await mainStore.getByRole("checkbox", { name: "Billing address" }).click();
  await mainStore.getByRole("checkbox", { name: "Same as Organization Address" }).click();
  await expect(mainStore.getByRole("textbox", { name: "City" })).toHaveValue("Toronto");
  await mainStore.getByRole("checkbox", { name: "Crocs" }).click();
  await expect(mainStore.getByText("Monobrand")).toBeVisible();

  // A second store selling two brands is multi-brand, with its own shipping address.
  await page.getByRole("button", { name: "Add store" }).click();
  const mall = page.getByRole("region", { name: "Store 2", exact: true });
  await expect(create).toBeDisabled();
  await mall.getByRole("textbox", { name: "Store name" }).fill(secondStoreName);
  await mall.getByRole("checkbox", { name: "Shipping address" }).click();
  await mall.getByRole("textbox", { name: "Address line 1" }).fill("220 Yonge Street");
  await mall.getByRole("textbox", { name: "City" }).fill("Toronto");
  await mall.getByRole("textbox", { name: "State / Province" }).fill("Ontario");
  await mall.getByRole("textbox", { name: /Postal code/ }).fill("M5B 2H1");
  await chooseCountry(mall, "CA", "Canada (CA)");
  await mall.getByRole("checkbox", { name: "Crocs" }).click();
  await mall.getByRole("checkbox", { name: "Pandora" }).click();
  await mall.getByRole("combobox", { name: "Segmentation of Pandora" }).click();
  await page.getByRole("option", { name: "Best" }).click();
  await expect(mall.getByText("Multibrand")).toBeVisible();

  // The main contact and one more user, both new.
  const users = page.getByRole("region", { name: "Users", exact: true });
  await users.getByRole("textbox", { name: "Main contact first name" }).fill("Mina");
  await users.getByRole("textbox", { name: "Main contact last name" }).fill("Maple");
  await users.getByRole("textbox", { name: "Main contact email" }).fill(`mina.${stamp}@maplesteps.example`);
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(create).toBeDisabled();
  await users.getByRole("textbox", { name: "User 1 first name" }).fill("Theo");
  await users.getByRole("textbox", { name: "User 1 last name" }).fill("Till");
  await users.getByRole("textbox", { name: "User 1 email" }).fill(`theo.${stamp}@maplesteps.example`);
  await expect(create).toBeEnabled();
  expect(await axe(page)).toEqual([]);

  await create.click();
  await expect(page.getByText("Customer created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/organizations$/);
});

test("finds the new customer by country", async ({ axe }) => {
  await page.goto("/home/organizations");
  const table = page.getByRole("table", { name: "Organizations" });
  const search = page.getByRole("searchbox", { name: "Search organizations" });
  await search.fill("Canada");
  const row = table.getByRole("row", { name: new RegExp(customerName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Canada");
  await expect(row).toContainText("2");
  await search.fill("Vietnam");
  await expect(row).toBeHidden();
  expect(await axe(page)).toEqual([]);
});

test("deactivates and reactivates a store", async ({ axe }) => {
  await page.goto("/home/stores");
  await page.getByRole("searchbox", { name: "Search stores" }).fill(secondStoreName);
  const row = page
    .getByRole("table", { name: "Stores" })
    .getByRole("row", { name: new RegExp(secondStoreName) });
  await expect(row).toContainText("Multibrand");
  await expect(row).toContainText("Shipping Only");
  await row.getByRole("link", { name: `Edit ${secondStoreName}` }).click();

  await expect(page.getByRole("heading", { name: secondStoreName, level: 1 })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.getByRole("button", { name: "Deactivate Store" }).click();
  const dialog = page.getByRole("alertdialog", { name: `Deactivate ${secondStoreName}?` });
  await dialog.getByRole("button", { name: "Deactivate Store" }).click();
  await expect(page.getByText("Store status updated successfully.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Activate Store" })).toBeVisible();

  await page.getByRole("button", { name: "Activate Store" }).click();
  await expect(page.getByRole("button", { name: "Deactivate Store" })).toBeVisible();

  // The list shows the store active again.
  await page.getByRole("link", { name: "Back" }).click();
  await page.getByRole("searchbox", { name: "Search stores" }).fill(secondStoreName);
  await expect(
    page.getByRole("table", { name: "Stores" }).getByRole("row", { name: new RegExp(secondStoreName) }),
  ).toContainText("Active");
});

test("edits the organization's address", async ({ axe }) => {
  await page.goto("/home/organizations");
  await page.getByRole("searchbox", { name: "Search organizations" }).fill(customerName);
  await page.getByRole("link", { name: `Edit ${customerName}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Customer" })).toBeVisible();

  const addressForm = page.getByRole("form", { name: "Organization address" });
  await expect(addressForm.getByRole("textbox", { name: "City" })).toHaveValue("Toronto");
  await addressForm.getByRole("textbox", { name: "Address line 1" }).fill("1 Sussex Drive");
  await addressForm.getByRole("textbox", { name: "City" }).fill("Ottawa");
  // A Canadian code as people type it; it is kept as A1A 1A1.
  await addressForm.getByRole("textbox", { name: /Postal code/ }).fill("k1a0a9");
  expect(await axe(page)).toEqual([]);
  await addressForm.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Address saved")).toBeVisible();

  await page.reload();
  const saved = page.getByRole("form", { name: "Organization address" });
  await expect(saved.getByRole("textbox", { name: "City" })).toHaveValue("Ottawa");
  await expect(saved.getByRole("textbox", { name: /Postal code/ })).toHaveValue("K1A 0A9");
  await page.goto("/home/organizations");
  await page.getByRole("searchbox", { name: "Search organizations" }).fill(customerName);
  await expect(page.getByRole("table", { name: "Organizations" })).toContainText("Ottawa");
});
