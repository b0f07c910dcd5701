import type { Page } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";

/**
 * The line lists come from the demo data (`npm run seed:demo`, made with the same domain service an
 * upload's save uses): among them a published one, a sorted unpublished one and one still to sort.
 */
const test = testWithOwnApp({ seedDemo: true });

const section = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title}`) });
const card = (page: Page, title: string, name: string) =>
  section(page, title).getByRole("article", { name, exact: true });

test("the catalogs page shows each line list with its catalogs and the actions its state allows", async ({
  page,
  axe,
}) => {
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Catalogs", level: 1 })).toBeVisible();

  const published = card(page, "Active Catalogs", "Spring 2027 Pre-Book");
  await expect(published).toContainText("Pre-Book");
  await expect(published).toContainText("Crocs");
  // Calendar dates, MM/DD/YYYY, on the day they name.
  await expect(published).toContainText("09/01/2026");
  await expect(published).toContainText("10/31/2026");
  await expect(published.getByRole("link", { name: /^Manage/ })).toBeVisible();
  await expect(published.getByRole("button", { name: /^Publish/ })).toHaveCount(0);

  const pending = card(page, "Unpublished Catalogs", "Fall 2027 Own Stock");
  await expect(pending).toContainText("Own Stock");
  await expect(pending).toContainText("Sorting Pending");
  await expect(pending.getByRole("link", { name: /^Complete/ })).toHaveAttribute(
    "href",
    /\/home\/catalog-segmentation\/\d+$/,
  );
  await expect(pending.getByRole("button", { name: /^Publish/ })).toHaveCount(0);

  const sorted = card(page, "Unpublished Catalogs", "Summer 2027 Future Stock");
  await expect(sorted).toContainText("Future Stock");
  await expect(sorted).toContainText("04/01/2027");
  await expect(sorted.getByRole("link", { name: /^Edit/ })).toBeVisible();
  await expect(sorted.getByRole("button", { name: /^Publish/ })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // The card menu: View Orders opens the orders of this line list, Manage its catalogs; Archive is not there yet.
  await sorted.getByRole("button", { name: /More actions/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "View Orders" })).toHaveAttribute(
    "href",
    /\/home\/orders\/all\?lineListId=\d+$/,
  );
  await expect(menu.getByRole("menuitem", { name: /Archive/ })).toHaveAttribute("aria-disabled", "true");
  await expect(menu.getByRole("menuitem", { name: "Manage" })).toHaveAttribute(
    "href",
    /\/home\/catalog-segmentation\/\d+$/,
  );
  await page.keyboard.press("Escape");
});

test("publish an unpublished sorted line list: it moves to Active Catalogs", async ({ page, axe }) => {
  test.slow();
  await page.goto("/home/catalogs");
  const sorted = card(page, "Unpublished Catalogs", "Summer 2027 Future Stock");
  await sorted.getByRole("button", { name: /^Publish/ }).click();

  const dialog = page.getByRole("dialog", { name: /^Publish / });
  await expect(dialog).toContainText(
    "Are you sure you want to publish this catalog? This action is irreversible.",
  );
  expect(await axe(page)).toEqual([]);
  // Cancel changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(sorted).toBeVisible();

  await sorted.getByRole("button", { name: /^Publish/ }).click();
  await page
    .getByRole("dialog", { name: /^Publish / })
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(page.getByText("Catalog published successfully")).toBeVisible();

  const nowActive = card(page, "Active Catalogs", "Summer 2027 Future Stock");
  await expect(nowActive).toBeVisible();
  await expect(nowActive.getByRole("link", { name: /^Manage/ })).toBeVisible();
  await expect(card(page, "Unpublished Catalogs", "Summer 2027 Future Stock")).toHaveCount(0);

  // Still there after a reload: the server has it.
  await page.reload();
  await expect(card(page, "Active Catalogs", "Summer 2027 Future Stock")).toBeVisible();
  // And the brand's line list table says so too.
  await page.goto("/home/brands");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Crocs", exact: true })
    .click();
  await expect(page.getByRole("row", { name: /Summer 2027 Future Stock/ })).toContainText("Published");
});
