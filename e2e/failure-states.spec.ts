import { randomUUID } from "node:crypto";
import type { Locator, Page, Request, Route } from "@playwright/test";
import { writeSampleLineList } from "../apps/server/src/modules/file-processing/sample-line-list.ts";
import { expect as baseExpect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";
import { signIn } from "./support/sign-in.ts";

/**
 * The spec's failure states (docs/reliability.md, "Bad input, on every route"), each provoked as a
 * user would meet it: empty data (a fresh app without the demo data, and at the end without
 * brands), a request that fails (held, answered 500 or aborted with `page.route`), and an id in the
 * URL that names nothing. Its own app: the last tests rename and delete the brands.
 */
const test = testWithOwnApp();
// A failure state shows after the query's own retries, on a machine shared with other builds.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const serverError = { success: false, message: "Something went wrong in the server.", data: null };

/** Matches the API calls to `pathname`, whatever their query. */
const apiCall = (pathname: string) => (url: URL) => url.pathname === pathname;

function answer500(message = serverError.message) {
  return (route: Route) => route.fulfill({ status: 500, json: { ...serverError, message } });
}

const lineListsGroup = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("list", { name: "Line Lists" });

/** The toasts' region, so a text is looked for where the toast shows it. */
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Opens the Upload Inventory dialog from the sidebar, on its line list step. */
async function openLineListStep(page: Page): Promise<Locator> {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Upload Inventory" })
    .click();
  await page
    .getByRole("dialog", { name: "Upload Inventory" })
    .getByRole("button", { name: /Brand Line List/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Upload Brand Line List" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The signed-in page's bearer token, read off one of its API calls (the app keeps it in IndexedDB). */
async function bearerToken(page: Page): Promise<string> {
  const withToken = (request: Request) =>
    new URL(request.url()).pathname.startsWith("/api/") && Boolean(request.headers().authorization);
  const request = page.waitForRequest(withToken);
  await page.goto("/home/brands");
  return (await request).headers().authorization!;
}

interface BrandRow {
  id: number;
  name: string;
}

async function listBrands(baseUrl: string, authorization: string): Promise<BrandRow[]> {
  const response = await fetch(`${baseUrl}/api/brands`, { headers: { authorization } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: BrandRow[] }).data;
}

test("Authenticating / This will take a minute while the sign-in callback exchanges the code, then home", async ({
  browser,
  ownApp,
}) => {
  test.slow();
  // Signed out: the tests' contexts would start with the worker's session.
  const context = await browser.newContext({
    baseURL: ownApp.baseUrl,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const page = await context.newPage();
    // The code exchange is held until the screen has been seen, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let exchanging = false;
    await page.route("**/oidc/token", async (route) => {
      exchanging = true;
      await held;
      await route.continue();
    });

    const signingIn = signIn(page, ownApp.baseUrl);
    // Back from the code page, the app exchanges the code: meanwhile it says so.
    await expect.poll(() => exchanging, { timeout: 30_000 }).toBe(true);
    await expect(page.getByRole("heading", { name: "Authenticating", level: 1 })).toBeVisible();
    await expect(page.getByText("This will take a minute")).toBeVisible();
    await expect(page).toHaveTitle(/^Authenticating/);

    release();
    await signingIn;
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Catalogs", level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("No line list found at the moment. on the catalogs page of an app without line lists; a failed list is told instead", async ({
  page,
}) => {
  await page.goto("/home");
  await expect(page.getByText("No line list found at the moment.")).toBeVisible();
  // The empty state offers what fills it.
  await page.getByRole("button", { name: "Upload Line List" }).click();
  await expect(page.getByRole("dialog", { name: "Upload Inventory" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.route(apiCall("/api/line-lists/with-catalogs-info"), answer500());
  await page.goto("/home/catalogs");
  const failed = page.getByRole("alert").filter({ hasText: "Active Catalogs could not be loaded" });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(serverError.message);
  await expect(page.getByText("No line list found at the moment.")).toHaveCount(0);
});

test("Organizations not found, with the server's reason and a retry, when the organizations fail to load", async ({
  page,
}) => {
  const customers = apiCall("/api/customers");
  await page.route(customers, answer500());
  await page.goto("/home/organizations");
  const failed = page.getByRole("main").getByRole("alert");
  await expect(failed).toContainText("Organizations not found");
  await expect(failed).toContainText(serverError.message);

  await page.unroute(customers);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("table", { name: "Organizations" })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test("Editing store not found. for a store id that names no store; a store that fails to load gives the server's reason", async ({
  page,
}) => {
  // Not an id at all: the screen does not even ask.
  await page.goto(`/home/stores/${randomUUID()}`);
  await expect(page).toHaveURL(/\/home\/stores$/);
  await expect(toasts(page).getByText("Editing store not found.")).toBeVisible();

  // An id the server does not know (404).
  await page.goto("/home/stores/987654");
  await expect(page).toHaveURL(/\/home\/stores$/);
  await expect(toasts(page).getByText("Editing store not found.")).toBeVisible();

  // The request fails: back to the list with the server's message (SPEC.md section 8).
  await page.route(apiCall("/api/stores/5"), answer500("Something went wrong in our side."));
  await page.goto("/home/stores/5");
  await expect(page).toHaveURL(/\/home\/stores$/);
  await expect(toasts(page).getByText("Something went wrong in our side.")).toBeVisible();
});

test("Current brand is not set for a brand's line lists whose id names no brand", async ({ page }) => {
  await page.goto("/home/brand/987654/line-lists");
  await expect(page).toHaveURL(/\/home\/brands$/);
  await expect(toasts(page).getByText("Current brand is not set")).toBeVisible();

  await page.goto(`/home/brand/${randomUUID()}/line-lists`);
  await expect(page).toHaveURL(/\/home\/brands$/);
  await expect(toasts(page).getByText("Current brand is not set")).toBeVisible();
});

test("Brand list is not loaded on a brand's page, in the sidebar and in the upload dialog when the brands call fails; Try again loads it", async ({
  page,
}) => {
  const brands = apiCall("/api/brands");
  await page.route(brands, (route) => route.abort("failed"));
  await page.goto("/home/brand/1/line-lists");

  const failed = page.getByRole("main").getByRole("alert");
  await expect(failed).toContainText("Brand list is not loaded");
  await expect(page).toHaveURL(/\/home\/brand\/1\/line-lists$/);
  await expect(lineListsGroup(page)).toContainText("Brand list is not loaded");

  const dialog = await openLineListStep(page);
  await expect(dialog.getByText("Brand list is not loaded")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Brand" })).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await page.unroute(brands);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: /Line List Table$/, level: 1 })).toBeVisible();
  await expect(lineListsGroup(page).getByRole("link", { name: "Crocs", exact: true })).toBeVisible();
  await expect(lineListsGroup(page)).not.toContainText("Brand list is not loaded");
});

test.describe("brands changed under the user", () => {
  test("a brand renamed while its file uploads keeps its column mapping: the file is read under the new name", async ({
    page,
    ownApp,
  }) => {
    // SPEC.md answered "No parser found for brand …" here: parsers went by the brand's name. A
    // mapping belongs to the brand itself (issue 32, docs/line-list-mapping.md), so a rename
    // changes nothing about how its files are read.
    test.slow();
    const authorization = await bearerToken(page);
    const crocs = (await listBrands(ownApp.baseUrl, authorization)).find((brand) => brand.name === "Crocs")!;

    await page.goto("/home/catalogs");
    const dialog = await openLineListStep(page);
    await dialog.getByLabel("Line list type").click();
    await page.getByRole("option", { name: "Own Stock", exact: true }).click();
    await dialog.getByRole("combobox", { name: "Brand" }).click();
    await page.getByRole("combobox", { name: "Search brands" }).fill("Crocs");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("combobox", { name: "Brand" })).toHaveText("Crocs");
    const sample = await writeSampleLineList({ styles: 3, season: "Fall", year: 2028, seed: 7 });
    await dialog.getByLabel(/Choose a workbook/).setInputFiles({
      name: "Crocs Fall 2028.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(sample.bytes),
    });

    // Someone renames the brand once the file is stored, before it is processed.
    await page.route("**/functions/process-line-list", async (route) => {
      const renamed = await fetch(`${ownApp.baseUrl}/api/brands/${crocs.id}`, {
        method: "PUT",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify({ name: "Birkenstock" }),
      });
      expect(renamed.status).toBe(200);
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();

    await expect(page).toHaveURL(/\/home\/line-list\/preview\/\d+$/);
    await expect(page.getByRole("dialog", { name: "Failed to upload line list" })).toHaveCount(0);
    await expect(page.getByText("Map columns")).toHaveCount(0);
    // Discarded again, so the brand holds no line list and the next test can delete it.
    const lineListId = Number(new URL(page.url()).pathname.split("/").at(-1));
    const discarded = await fetch(`${ownApp.baseUrl}/api/crocs/discard-uploaded-data/${lineListId}`, {
      method: "DELETE",
      headers: { authorization },
    });
    expect(discarded.status).toBe(200);
  });

  test("Brand list is empty in the sidebar, the upload dialog and a brand's page when every brand is gone", async ({
    page,
    ownApp,
  }) => {
    const authorization = await bearerToken(page);
    for (const brand of await listBrands(ownApp.baseUrl, authorization)) {
      const deleted = await fetch(`${ownApp.baseUrl}/api/brands/${brand.id}`, {
        method: "DELETE",
        headers: { authorization },
      });
      expect(deleted.status, brand.name).toBe(200);
    }

    await page.goto("/home/brands");
    await expect(page.getByText("No brand found")).toBeVisible();
    await expect(lineListsGroup(page)).toContainText("Brand list is empty");

    const dialog = await openLineListStep(page);
    await expect(dialog.getByText("Brand list is empty")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.goto("/home/brand/1/line-lists");
    await expect(page).toHaveURL(/\/home\/brands$/);
    await expect(toasts(page).getByText("Brand list is empty")).toBeVisible();
  });
});
