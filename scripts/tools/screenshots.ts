// Writes a PNG of every main screen at desktop and phone sizes into ./screenshots (git-ignored).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../../playwright.config.ts";
import { startApp } from "../../e2e/support/app-server.ts";
import { signIn, signedInStorageState } from "../../e2e/support/sign-in.ts";
import { writeSampleLineList } from "../../apps/server/src/modules/file-processing/sample-line-list.ts";

const routes = [
  "/home",
  "/home/catalogs",
  "/home/brands",
  "/home/brands/create",
  // The seed creates Crocs first, so it is brand 1; `seedDemo` gives it line lists.
  "/home/brands/edit/1",
  "/home/brand/1/line-lists",
  // The demo's third line list, "Fall 2027 Own Stock", is still to sort; the first is published.
  "/home/catalog-segmentation/3",
  "/home/catalog-segmentation/1",
  "/home/orders",
  "/home/orders/all",
  "/home/orders/multibrand",
  "/home/orders/catalog-type/open-stock",
  "/home/orders/brand/1",
  "/home/orders/new",
  // The demo's orders start at 1 (twelve months of them, oldest first): the newest are still pending.
  "/home/orders/1",
  "/home/organizations",
  "/home/organizations/create-customer",
  // The demo's first customer follows the internal organization (1); its Main Store is store 1.
  "/home/organizations/edit/2",
  "/home/stores",
  "/home/stores/add",
  "/home/stores/1",
  // Staff's View as store (issue 34): store 1's portal, read-only.
  "/home/stores/1/view-as-store",
  "/home/people",
  "/home/people/create-user",
  // The seed's admin is user 1.
  "/home/people/edit/1",
  "/home/team",
  "/home/team/create-user",
  "/home/team/roles",
  // The seed creates Admin first.
  "/home/team/roles/1",
  "/home/activity",
  "/home/settings/account",
  "/home/no-such-page",
];
const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];

/** A demo customer's buyer (Sunset Soles' main contact, linked to its stores) for the portal's screens. */
const buyerEmail = "maria.lopez@sunsetsoles.example";

const outDir = path.resolve(import.meta.dirname, "../../screenshots");
await mkdir(outDir, { recursive: true });
// The demo data, so the screens show line lists and catalogs rather than empty states.
const app = await startApp({}, { seedDemo: true });
const browser = await chromium.launch(chromiumLaunchOptions);
// The preview screen needs an upload: a generated workbook goes through the Upload Inventory dialog.
const sampleWorkbook = path.join(app.dataDir, "Crocs Spring 2028.xlsx");
await writeFile(
  sampleWorkbook,
  (await writeSampleLineList({ styles: 200, season: "Spring", year: 2028 })).bytes,
);
try {
  for (const viewport of viewports) {
    const context = await browser.newContext({ viewport, baseURL: app.baseUrl });
    const page = await context.newPage();
    // "/" starts a sign-in and lands on the e-mail form once the login interaction exists.
    await page.goto("/");
    await page.waitForURL(/\/auth\/start/);
    await page.getByLabel("Email").waitFor();
    await page.screenshot({ path: path.join(outDir, `auth-start-${viewport.name}.png`) });
    await signIn(page, app.baseUrl);
    for (const route of routes) {
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      const name = route.replace(/^\//, "").replaceAll("/", "-");
      await page.screenshot({ path: path.join(outDir, `${name}-${viewport.name}.png`), fullPage: true });
    }
    await page.goto("/home/brand/1/line-lists");
    await page.getByRole("button", { name: "Upload Line List" }).click();
    const dialog = page.getByRole("dialog", { name: /upload/i });
    await dialog.getByLabel("Line list type").click();
    await page.getByRole("option", { name: "Own Stock", exact: true }).click();
    await dialog.getByLabel(/Choose a workbook/).setInputFiles(sampleWorkbook);
    await dialog.getByRole("region", { name: "First rows of the file" }).waitFor();
    await page.screenshot({ path: path.join(outDir, `upload-inventory-dialog-${viewport.name}.png`) });
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(/\/home\/line-list\/preview\/\d+$/);
    await page.waitForLoadState("networkidle");
    await page.screenshot({
      path: path.join(outDir, `home-line-list-preview-${viewport.name}.png`),
      fullPage: true,
    });
    await context.close();

    // The customer portal (issue 34) as the buyer sees it: home, a catalog with a quantity typed,
    // the cart holding it, and the orders.
    const buyerContext = await browser.newContext({
      viewport,
      baseURL: app.baseUrl,
      storageState: await signedInStorageState(app.baseUrl, buyerEmail),
    });
    const buyer = await buyerContext.newPage();
    const shot = async (name: string) => {
      await buyer.waitForLoadState("networkidle");
      await buyer.screenshot({ path: path.join(outDir, `${name}-${viewport.name}.png`), fullPage: true });
    };
    await buyer.goto("/portal");
    await buyer.getByRole("article").first().waitFor();
    await shot("portal");
    await buyer.getByRole("article").first().getByRole("link").first().click();
    await buyer.waitForURL(/\/portal\/line-lists\/\d+/);
    const firstSize = buyer
      .getByRole("group", { name: /^Quantities of / })
      .first()
      .getByRole("textbox")
      .first();
    // The quantity is saved after a short pause: shoot once the cart has answered.
    const saved = buyer.waitForResponse(
      (response) => response.url().includes("/api/portal/cart") && response.request().method() === "PUT",
    );
    await firstSize.fill("2");
    await saved;
    await shot("portal-line-list");
    const nav = buyer.getByRole("navigation", { name: "Portal" });
    await nav.getByRole("link", { name: /Cart/ }).click();
    await buyer.waitForURL(/\/portal\/cart/);
    await buyer.getByRole("button", { name: "Submit", exact: true }).waitFor();
    await shot("portal-cart");
    await nav.getByRole("link", { name: /Orders/ }).click();
    await buyer.waitForURL(/\/portal\/orders/);
    await shot("portal-orders");
    await buyerContext.close();
  }
  console.log(`Screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await app.stop();
}
