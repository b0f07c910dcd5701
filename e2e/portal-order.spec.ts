import type { Browser, Page } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";
import { signedInStorageState } from "./support/sign-in.ts";
import {
  callApi,
  crocsBrandId,
  type Envelope,
  latestLoginCode,
  signInOverHttp,
} from "../apps/server/src/testing/http-api.ts";

/**
 * The customer portal end to end (issue 34, "Tests"), on the demo data: staff publish the sorted,
 * unpublished "Summer 2027 Future Stock" (Crocs) to Best stores only; the buyer of a Best store
 * signs in with the code from the dev outbox, sees it, fills a size grid and submits the cart; the
 * buyer of a Good store of the same customer never sees it; staff find the order Pending with
 * "Portal" as its source and move it to Processing; the buyer's outbox holds the confirmation and
 * the status mail; staff's View as store shows each store what its buyer saw.
 */
const test = testWithOwnApp({ seedDemo: true });
test.describe.configure({ timeout: 240_000 });

const lineListName = "Summer 2027 Future Stock";
const bestBuyer = "bea.best@summitshoes.test";
const goodBuyer = "gus.good@summitshoes.test";
const address = { type: "physical", line1: "1 Summit Road", city: "Denver", state: "CO", country: "US" };

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
}

async function outbox(baseUrl: string): Promise<OutboxEntry[]> {
  return (await fetch(`${baseUrl}/dev/outbox.json`)).json() as Promise<OutboxEntry[]>;
}

/** A new browser context in which `email` is signed in (over HTTP: the pages are tested below). */
async function signedInPage(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: await signedInStorageState(baseUrl, email),
  });
  return context.newPage();
}

test("a Best store's buyer sees the catalog published to Best only, orders it, and follows the order", async ({
  page,
  browser,
  ownApp,
}) => {
  const baseUrl = ownApp.baseUrl;
  let bestStoreId = 0;
  let goodStoreId = 0;

  await test.step("staff register a customer with a Best and a Good store for Crocs", async () => {
    const admin = await signInOverHttp(baseUrl);
    const crocs = await crocsBrandId(baseUrl, admin);
    const registered = await callApi<Envelope<{ stores: { id: number; name: string }[] }>>(
      baseUrl,
      admin,
      "POST",
      "/api/register-new-customer/register-new-customer",
      {
        organization: { name: "Summit Shoes", type: "external", address },
        organizationMainContact: { email: bestBuyer, firstName: "Bea", lastName: "Best" },
        users: [{ email: goodBuyer, firstName: "Gus", lastName: "Good" }],
        stores: [
          {
            name: "Summit Flagship",
            addresses: [],
            mainContactUserEmail: bestBuyer,
            brandFocusType: { brandSegmentation: [{ brandId: crocs, segmentation: "best" }] },
          },
          {
            name: "Summit Outlet",
            addresses: [],
            mainContactUserEmail: goodBuyer,
            brandFocusType: { brandSegmentation: [{ brandId: crocs, segmentation: "good" }] },
          },
        ],
      },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const byName = new Map(registered.body.data.stores.map((store) => [store.name, store.id]));
    bestStoreId = byName.get("Summit Flagship")!;
    goodStoreId = byName.get("Summit Outlet")!;
  });

  await test.step("staff publish the line list's catalogs to Best stores only", async () => {
    await page.goto("/home/catalogs");
    const unpublished = page.getByRole("region", { name: /^Unpublished Catalogs/ });
    const card = unpublished.getByRole("article", { name: lineListName, exact: true });
    await card.getByRole("button", { name: /^Publish/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Publish / });
    const audiences = dialog.getByRole("group", { name: /Catalog/ });
    const catalogCount = await audiences.count();
    expect(catalogCount).toBeGreaterThan(0);
    for (let index = 0; index < catalogCount; index++) {
      const audience = audiences.nth(index);
      await audience.getByRole("checkbox", { name: "Good" }).click();
      await audience.getByRole("checkbox", { name: "Better" }).click();
      await expect(audience.getByRole("checkbox", { name: "Best" })).toBeChecked();
    }
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Catalog published successfully")).toBeVisible();
    const published = page
      .getByRole("region", { name: /^Active Catalogs/ })
      .getByRole("article", { name: lineListName, exact: true });
    await expect(published.getByText("Best only").first()).toBeVisible();
  });

  // Signed out: contexts made in a test otherwise start with the staff's storage state.
  const buyerContext = await browser.newContext({
    baseURL: baseUrl,
    storageState: { cookies: [], origins: [] },
  });
  const buyer = await buyerContext.newPage();
  let orderNumber = "";

  await test.step("the Best store's buyer signs in with the outbox code and sees the catalog", async () => {
    await buyer.goto("/");
    await buyer.waitForURL(/\/auth\/start/);
    await buyer.getByLabel("Email").fill(bestBuyer);
    const requestedAt = Date.now();
    await buyer.getByRole("button", { name: "Log in" }).click();
    await buyer.waitForURL(/\/auth\/code/);
    await buyer.getByLabel(/code/i).fill(await latestLoginCode(baseUrl, bestBuyer, requestedAt));
    await buyer.getByRole("button", { name: "Continue" }).click();
    await buyer.waitForURL((url) => url.pathname === "/portal");
    await expect(buyer.getByRole("article", { name: lineListName, exact: true })).toBeVisible();
  });

  await test.step("the buyer fills a size grid and submits the cart: one Pending order", async () => {
    await buyer.getByRole("article", { name: lineListName, exact: true }).getByRole("link").first().click();
    await buyer.waitForURL(/\/portal\/line-lists\/\d+/);
    await expect(buyer.getByRole("heading", { level: 1, name: lineListName })).toBeVisible();
    const firstGrid = buyer.getByRole("group", { name: /^Quantities of / }).first();
    const cells = firstGrid.getByRole("textbox");
    await cells.first().fill("2");
    // The arrow keys move along the grid: the next size takes the next quantity.
    await cells.first().press("ArrowRight");
    await expect(cells.nth(1)).toBeFocused();
    await buyer.keyboard.type("3");

    const nav = buyer.getByRole("navigation", { name: "Portal" });
    await expect(nav.getByRole("link", { name: /Cart/ })).toContainText("5");
    await nav.getByRole("link", { name: /Cart/ }).click();
    await buyer.waitForURL(/\/portal\/cart/);
    await buyer.getByRole("button", { name: "Submit", exact: true }).click();
    await buyer.getByRole("alertdialog").getByRole("button", { name: "Submit", exact: true }).click();
    await expect(buyer.getByText("1 order placed")).toBeVisible();
    await buyer.waitForURL(/\/portal\/orders/);
    const placed = buyer.getByRole("link", { name: /^Order SO-\d{6}/ }).first();
    await expect(placed).toContainText("Pending");
    orderNumber = /SO-\d{6}/.exec((await placed.getAttribute("aria-label")) ?? "")![0];
  });

  await test.step("the Good store's buyer does not see it", async () => {
    const good = await signedInPage(browser, baseUrl, goodBuyer);
    await good.goto("/portal");
    await expect(good.getByRole("heading", { level: 1 })).toBeVisible();
    // The customer's other published Crocs line lists are there; this one is not.
    await expect(good.getByRole("article").first()).toBeVisible();
    await expect(good.getByRole("article", { name: lineListName, exact: true })).toHaveCount(0);
    await good.context().close();
  });

  await test.step("staff find the order Pending, from the portal, and start processing it", async () => {
    await page.goto(`/home/orders/all?q=${orderNumber}`);
    const row = page.getByRole("row").filter({ hasText: orderNumber });
    await expect(row).toContainText("Pending");
    await expect(row).toContainText("Portal");
    await row.getByRole("link", { name: orderNumber }).click();
    await page.getByRole("button", { name: "Start processing" }).click();
    await expect(page.getByText(`${orderNumber} moved to Processing`)).toBeVisible();
  });

  await test.step("the buyer's outbox holds the confirmation and the status mail", async () => {
    await expect
      .poll(async () =>
        (await outbox(baseUrl)).filter((mail) => mail.to === bestBuyer).map((mail) => mail.subject),
      )
      .toEqual(
        expect.arrayContaining([`Order ${orderNumber} received`, `Order ${orderNumber} is now Processing`]),
      );
    await buyer.goto("/portal/orders");
    await expect(buyer.getByRole("link", { name: new RegExp(`^Order ${orderNumber}`) })).toContainText(
      "Processing",
    );
  });

  await test.step("View as store shows each store what its buyer saw", async () => {
    await page.goto(`/home/stores/${bestStoreId}/view-as-store`);
    await expect(page.getByText("Viewing as Summit Flagship")).toBeVisible();
    await expect(page.getByRole("article", { name: lineListName, exact: true })).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await page.goto(`/home/stores/${goodStoreId}/view-as-store`);
    await expect(page.getByText("Viewing as Summit Outlet")).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("article", { name: lineListName, exact: true })).toHaveCount(0);
  });

  await buyerContext.close();
});
