import { openStockMessages } from "@cm/contracts/open-stock";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";

/**
 * Open Stock through the screens (issue 32, docs/open-stock.md), against the demo data: a stock
 * file of two SKUs of Crocs' published own-stock line list and one SKU no product has goes
 * through the Upload Inventory dialog's Open Stock choice, its preview says what applying would
 * do, and once applied New Order's grid shows those sizes' available quantities and warns, without
 * refusing, when more is ordered.
 */
const test = testWithOwnApp({ seedDemo: true });

/** Opens a combobox by its label and picks an option: options live in a popover outside `scope`. */
async function choose(page: Page, scope: Page | Locator, field: string, option: string) {
  await scope.getByRole("combobox", { name: field }).click();
  await page.getByRole("listbox").getByRole("option", { name: option, exact: true }).click();
}

/** The stock file: a CSV with the SKU and quantity columns a warehouse export has. */
const stockCsv = Buffer.from(
  ["SKU,Qty", "10001-001-M6W8,7", "10001-001-M7W9,3", "10001-999-M9,5", ""].join("\r\n"),
  "utf8",
);

test("an admin uploads Open Stock, previews and applies it; New Order shows the available quantities and warns above them", async ({
  page,
  axe,
}) => {
  test.slow();
  await page.goto("/home/orders");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Upload Inventory" })
    .click();
  const dialog = page.getByRole("dialog", { name: /upload/i });
  await expect(dialog.getByRole("heading", { name: "Upload Inventory" })).toBeVisible();
  await dialog.getByRole("button", { name: /Open Stock/ }).click();
  await expect(dialog.getByRole("heading", { name: openStockMessages.title })).toBeVisible();
  const apply = dialog.getByRole("button", { name: openStockMessages.apply, exact: true });
  await expect(apply).toBeDisabled();

  await dialog
    .getByLabel("Choose a stock file")
    .setInputFiles({ name: "Warehouse stock.csv", mimeType: "text/csv", buffer: stockCsv });

  // The columns guessed from their headers, and what applying would do.
  await expect(dialog.getByText(openStockMessages.counts(2, 1))).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "SKU or UPC column" })).toContainText("SKU");
  await expect(dialog.getByRole("combobox", { name: "Quantity column" })).toContainText("Qty");
  await expect(
    dialog.getByRole("region", { name: openStockMessages.unknownSkusTitle }).getByRole("listitem"),
  ).toHaveText(["10001-999-M9"]);
  await expect(apply).toBeEnabled();
  expect(await axe(page)).toEqual([]);

  await apply.click();
  await expect(page.getByText(openStockMessages.applied)).toBeVisible();
  await expect(page.getByText(openStockMessages.appliedDescription(2))).toBeVisible();
  await expect(dialog).toBeHidden();

  // New Order, an open-stock order from Crocs' own-stock line list: each size shows what is available.
  await page.goto("/home/orders/new");
  await expect(page.getByRole("heading", { name: "New Order", level: 1 })).toBeVisible();
  await choose(page, page, "Customer", "Sunset Soles");
  await choose(page, page, "Store", "Lincoln Road");
  await page.getByRole("radiogroup", { name: "Order type" }).getByText("Open Stock").click();
  await page.getByRole("checkbox", { name: "Crocs Core Own Stock" }).check();
  const grid = page.getByRole("table", { name: "Crocs · Crocs Core Own Stock" });
  const cell = (size: string) => grid.getByRole("textbox", { name: `10001-001 size ${size}`, exact: true });
  const row = grid.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /10001-001/ }) });
  await expect(cell("M6/W8")).toHaveAccessibleDescription(openStockMessages.availableLabel(7));
  await expect(cell("M7/W9")).toHaveAccessibleDescription(openStockMessages.availableLabel(3));
  await expect(row.getByText(openStockMessages.available(7), { exact: true })).toBeVisible();
  await expect(row.getByText(openStockMessages.available(3), { exact: true })).toBeVisible();
  // A size the file did not name keeps the demo's stock count (apps/server/src/demo/open-stock.ts).
  await expect(cell("M4/W6")).toHaveAccessibleDescription(openStockMessages.availableLabel(12));

  // More than available: warned about, on the cell and in the totals, and the order can still be saved.
  const total = page.getByRole("region", { name: "Order total" });
  const save = page.getByRole("button", { name: "Save order" });
  await cell("M6/W8").fill("9");
  await cell("M7/W9").fill("2");
  await expect(cell("M6/W8")).toHaveAccessibleDescription(openStockMessages.overAvailable(7));
  await expect(cell("M6/W8")).toHaveAttribute("title", openStockMessages.overAvailable(7));
  await expect(cell("M7/W9")).toHaveAccessibleDescription(openStockMessages.availableLabel(3));
  await expect(total.getByRole("status")).toHaveText(openStockMessages.sizesOverAvailable(1));
  await expect(total.locator('dt:text-is("Units") + dd')).toHaveText("11");
  await expect(save).toBeEnabled();
  expect(await axe(page)).toEqual([]);

  await save.click();
  await expect(page.getByText("Order created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/orders\/\d+$/);
  await expect(page.getByRole("main").locator('dt:text-is("Units") + dd').first()).toHaveText("11");
});
