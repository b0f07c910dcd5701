import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { mappingMessages } from "@cm/contracts/line-list-mapping";
import { writeSampleLineList } from "../apps/server/src/modules/file-processing/sample-line-list.ts";
import { signInOverHttp } from "../apps/server/src/testing/http-api.ts";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";

/**
 * A brand that is not Crocs, end to end (issue 32): a new brand's line sheet with sizes as columns
 * under a title block is uploaded, its columns mapped once in "Map columns", previewed, saved,
 * sorted into a catalog, published and ordered from; the brand's next file of the same layout
 * then goes straight to the preview with no mapping question. Its own app with the demo data, for
 * the customers and stores an order needs.
 */
const test = testWithOwnApp({ seedDemo: true });

const brandName = "Sanuk";
let folder: string;
let firstFile: string;
let secondFile: string;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "cm-non-crocs-e2e-"));
  // "SS28 Line Sheet" above a title block: the season is suggested from the sheet's name.
  firstFile = path.join(folder, "Sanuk SS28 line sheet.xlsx");
  const first = await writeSampleLineList({
    styles: 8,
    layout: "size-columns",
    season: "Spring",
    year: 2028,
  });
  await writeFile(firstFile, first.bytes);
  secondFile = path.join(folder, "Sanuk SS28 reorder.xlsx");
  const second = await writeSampleLineList({
    styles: 10,
    layout: "size-columns",
    season: "Spring",
    year: 2028,
    seed: 2,
  });
  await writeFile(secondFile, second.bytes);
});

test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Opens a combobox by its label and picks an option: options live in a popover outside `scope`. */
async function choose(page: Page, scope: Page | Locator, field: string, option: string) {
  await scope.getByRole("combobox", { name: field }).click();
  await page.getByRole("listbox").getByRole("option", { name: option, exact: true }).click();
}

/** From the brand's line lists to an Own Stock upload of `file`, Upload clicked. */
async function upload(
  page: Page,
  brandId: number,
  file: string,
  beforeUpload?: () => Promise<void>,
): Promise<void> {
  await page.goto(`/home/brand/${brandId}/line-lists`);
  await page.getByRole("button", { name: "Upload Line List" }).click();
  const dialog = page.getByRole("dialog", { name: /upload/i });
  await expect(dialog.getByRole("combobox", { name: "Brand" })).toHaveText(brandName);
  await dialog.getByLabel("Line list type").click();
  await page.getByRole("option", { name: "Own Stock", exact: true }).click();
  await dialog.getByLabel(/Choose a workbook/).setInputFiles(file);
  await expect(dialog.getByText(path.basename(file))).toBeVisible();
  await beforeUpload?.();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
}

test("map a sizes-as-columns line sheet once, save, sort, publish and order it; the next file asks nothing", async ({
  page,
  ownApp,
  axe,
}) => {
  // A whole journey over five screens, on a machine shared with other builds.
  test.setTimeout(240_000);
  const auth = await signInOverHttp(ownApp.baseUrl);
  const created = await fetch(`${ownApp.baseUrl}/api/brands`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: brandName }),
  });
  expect(created.status).toBe(201);
  const brandId = ((await created.json()) as { data: { id: number } }).data.id;

  // The first file: the brand has no mapping, so "Map columns" opens with the engine's guess.
  await upload(page, brandId, firstFile);
  const mapping = page.getByRole("dialog", { name: mappingMessages.title });
  await expect(mapping).toBeVisible({ timeout: 60_000 });
  // The header row under the title block, sizes as columns, the season from "SS28 Line Sheet".
  await expect(mapping.getByLabel("Header row")).toHaveValue("4");
  await expect(mapping.getByRole("radio", { name: /size/i })).toBeChecked();
  await expect(mapping.getByLabel("Season")).toHaveValue("Spring");
  await expect(mapping.getByLabel("Year")).toHaveValue("2028");
  const confirm = mapping.getByRole("button", { name: mappingMessages.confirm });
  await expect(confirm).toBeEnabled();
  expect(await axe(page)).toEqual([]);
  await confirm.click();

  // The preview: eight styles, one per row of the sheet.
  await page.waitForURL(/\/home\/line-list\/preview\/\d+$/, { timeout: 60_000 });
  const lineListId = Number(page.url().split("/").at(-1));
  await expect(page.getByText("Showing 8 of 8 styles")).toBeVisible();
  const table = page.getByRole("region", { name: "Styles" });
  await expect(table.getByText("40003-001")).toBeVisible();
  await table.getByRole("button", { name: "Show the sizes of 40003-001" }).click();
  // Sizes in their scale's order: 7, 7.5, 8 … 13.
  const sizes = table.getByRole("list", { name: "Sizes of 40003-001" }).getByRole("listitem");
  await expect(sizes.first()).toContainText("7");
  await expect(sizes).toHaveCount(12);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: "Do you want to save this line list?" })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByText("Preview saved successfully")).toBeVisible();
  await page
    .getByRole("dialog", { name: "Line List Saved" })
    .getByRole("link", { name: "Create Catalogs" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/home/catalog-segmentation/${lineListId}$`));

  // One style sorted into the Boutique catalog, then saved and published.
  const unsortedTab = page.getByRole("tab", { name: /^Unsorted items/ });
  await expect(unsortedTab).toContainText("8");
  await page
    .getByRole("grid", { name: "Unsorted items" })
    .getByRole("gridcell", { name: /^40003-001,/ })
    .click();
  await page.getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Move to Boutique Catalog" }).click();
  await expect(page.getByText("Items added successfully to Boutique Catalog from unsorted")).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Boutique Catalog/ })).toContainText("1");
  await page.getByRole("button", { name: "Save Catalogs" }).click();
  await page
    .getByRole("dialog", { name: "Catalogs saved" })
    .getByRole("button", { name: "Publish Catalogs" })
    .click();
  await page
    .getByRole("dialog", { name: /^Publish / })
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(page.getByText("Catalogs published successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/catalogs$/);

  // An open-stock order for the sorted style, on New Order's grid.
  await page.goto("/home/orders/new");
  await choose(page, page, "Customer", "Sunset Soles");
  await choose(page, page, "Store", "Lincoln Road");
  await page.getByRole("radiogroup", { name: "Order type" }).getByText("Open Stock").click();
  await page.getByRole("checkbox", { name: "Sanuk SS28 line sheet" }).check();
  const grid = page.getByRole("table", { name: `${brandName} · Sanuk SS28 line sheet` });
  await grid.getByRole("textbox", { name: "40003-001 size 9", exact: true }).fill("3");
  await grid.getByRole("textbox", { name: "40003-001 size 9.5", exact: true }).fill("2");
  const total = page.getByRole("region", { name: "Order total" });
  await expect(total.locator('dt:text-is("Units") + dd')).toHaveText("5");
  await page.getByRole("button", { name: "Save order" }).click();
  await expect(page.getByText("Order created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/orders\/\d+$/);
  await expect(page.getByRole("main").locator('dt:text-is("Brands") + dd')).toHaveText(brandName);

  // The brand's next file of the same layout: straight to the preview, no mapping question (a
  // watcher in the page notes any dialog titled "Map columns", however briefly shown).
  await upload(page, brandId, secondFile, () =>
    page.evaluate((title) => {
      const seen = { mapping: false };
      (window as unknown as { mappingSeen: typeof seen }).mappingSeen = seen;
      new MutationObserver(() => {
        for (const dialog of document.querySelectorAll('[role="dialog"]')) {
          if (dialog.querySelector('[data-slot="dialog-title"]')?.textContent?.trim() === title)
            seen.mapping = true;
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, mappingMessages.title),
  );
  await page.waitForURL(/\/home\/line-list\/preview\/\d+$/, { timeout: 60_000 });
  await expect(page.getByText("Showing 10 of 10 styles")).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { mappingSeen: { mapping: boolean } }).mappingSeen.mapping,
    ),
  ).toBe(false);
  await expect(page.getByRole("dialog", { name: mappingMessages.title })).toHaveCount(0);
});
