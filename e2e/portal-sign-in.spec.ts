import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";
import {
  callApi,
  crocsBrandId,
  type Envelope,
  latestLoginCode,
  signInOverHttp,
} from "../apps/server/src/testing/http-api.ts";

/**
 * The customer portal's front door (issue 34, "Who"): a customer user signs in at the same
 * `/auth/start` with the code from the dev outbox and lands on `/portal`, with their organization
 * and stores; a staff URL sends them back to `/portal`. Its own app: its customer and its login
 * codes meet no other spec's.
 */
const test = testWithOwnApp({ signedIn: false });
test.describe.configure({ timeout: 90_000 });

const buyerEmail = "bea.buyer@islandsteps.test";
const address = {
  type: "physical",
  line1: "5 Ocean Drive",
  city: "Oranjestad",
  state: "Aruba",
  country: "AW",
};

test("a customer user signs in with the mailed code, lands on /portal and never sees a staff screen", async ({
  page,
  ownApp,
}) => {
  const baseUrl = ownApp.baseUrl;
  // Staff register the customer over the API: two stores, the buyer the main contact of both.
  const admin = await signInOverHttp(baseUrl);
  const crocs = await crocsBrandId(baseUrl, admin);
  const registered = await callApi<Envelope<unknown>>(
    baseUrl,
    admin,
    "POST",
    "/api/register-new-customer/register-new-customer",
    {
      organization: { name: "Island Steps", type: "external", address },
      organizationMainContact: { email: buyerEmail, firstName: "Bea", lastName: "Buyer" },
      stores: [
        {
          id: "store-1",
          name: "Beach Store",
          addresses: [],
          mainContactUserEmail: buyerEmail,
          brandFocusType: { brandSegmentation: [{ brandId: crocs }] },
        },
        {
          id: "store-2",
          name: "Mall Store",
          addresses: [],
          mainContactUserEmail: buyerEmail,
          brandFocusType: { brandSegmentation: [{ brandId: crocs, segmentation: "best" }] },
        },
      ],
      users: [],
    },
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);

  // The same sign-in pages as staff, the code from the dev outbox.
  await page.goto("/");
  await page.waitForURL(/\/auth\/start/);
  await page.getByLabel("Email").fill(buyerEmail);
  const requestedAt = Date.now();
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/auth\/code/);
  await page.getByLabel(/code/i).fill(await latestLoginCode(baseUrl, buyerEmail, requestedAt));
  await page.getByRole("button", { name: "Continue" }).click();

  await page.waitForURL((url) => url.pathname === "/portal");
  await expect(page.getByRole("heading", { level: 1, name: "Island Steps" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  const store = page.getByRole("combobox", { name: "Store" });
  await expect(store.locator("option:checked")).toHaveText("Beach Store");
  await expect(page.getByText("Nothing has been published for Beach Store yet.")).toBeVisible();
  await store.selectOption({ label: "Mall Store" });
  await expect(page).toHaveURL(/\/portal\?storeId=\d+$/);
  await expect(page.getByText("Nothing has been published for Mall Store yet.")).toBeVisible();

  // A staff URL: back to the portal, the staff shell never shown.
  await page.goto("/home/orders");
  await page.waitForURL((url) => url.pathname === "/portal");
  await expect(page.getByRole("heading", { level: 1, name: "Island Steps" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/auth\/start/);
});
