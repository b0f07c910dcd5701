import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import {
  sampleLineListTable,
  writeLineListXlsx,
  writeSampleLineList,
} from "../apps/server/src/modules/file-processing/sample-line-list.ts";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";

/**
 * The upload journey: a generated Crocs workbook goes through the Upload Inventory dialog, the
 * preview shows what saving would do, and saving leads on to the catalogs. The demo data gives
 * Crocs products, so some styles of the workbook are known (changed) and the rest new.
 */
const test = testWithOwnApp({ seedDemo: true });

let folder: string;
let goodWorkbook: string;
let badWorkbook: string;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "cm-upload-e2e-"));
  goodWorkbook = path.join(folder, "Crocs Spring 2028.xlsx");
  const sample = await writeSampleLineList({ styles: 30, season: "Spring", year: 2028, seed: 3 });
  await writeFile(goodWorkbook, sample.bytes);

  // A workbook with two bad cells: a text MSRP on row 3 and a missing SKU on row 5.
  const table = sampleLineListTable({ styles: 3, season: "Fall", year: 2028, seed: 5 });
  const msrp = table.rows[0]!.indexOf("MSRP");
  const sku = table.rows[0]!.indexOf("SKU");
  table.rows[2]![msrp] = "forty";
  table.rows[4]![sku] = null;
  badWorkbook = path.join(folder, "Crocs Fall 2028 broken.xlsx");
  await writeFile(badWorkbook, await writeLineListXlsx(table));
});

test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const uploadDialog = (page: Page) => page.getByRole("dialog", { name: /upload/i });

/** From the sidebar to the line list step, with the type chosen and Crocs picked by typing its name and Enter. */
async function openLineListStep(page: Page, type: string): Promise<Locator> {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Upload Inventory" })
    .click();
  const dialog = uploadDialog(page);
  await expect(dialog.getByRole("heading", { name: "Upload Inventory" })).toBeVisible();
  await dialog.getByRole("button", { name: /Brand Line List/ }).click();
  await expect(dialog.getByRole("heading", { name: "Upload Brand Line List" })).toBeVisible();

  await dialog.getByLabel("Line list type").click();
  await page.getByRole("option", { name: type, exact: true }).click();

  await dialog.getByRole("combobox", { name: "Brand" }).click();
  // Every active brand can be chosen: none is "(WIP)" (issue 32).
  const listbox = page.getByRole("listbox", { name: "Choose a brand" });
  await expect(listbox.getByRole("option", { name: "Hey Dude", exact: true })).not.toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(listbox.getByRole("option", { name: /\(WIP\)/ })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Search brands" }).fill("Crocs");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("combobox", { name: "Brand" })).toHaveText("Crocs");
  return dialog;
}

/** Picks the 15th of the month shown in a date field's calendar. */
async function pickDay(page: Page, dialog: Locator, label: string) {
  await dialog.getByRole("button", { name: label }).click();
  await page.getByRole("button", { name: /\b15th\b/ }).click();
  // Dates read MM/DD/YYYY across the product.
  await expect(dialog.getByRole("button", { name: label })).toContainText(/\b\d{2}\/15\/\d{4}\b/);
}

test("upload a workbook, watch the progress, filter the preview to new items, save, create catalogs and sort a style", async ({
  page,
  axe,
}) => {
  // A whole journey with three accessibility checks, on a machine shared with other builds.
  test.setTimeout(180_000);
  await page.goto("/home/catalogs");
  const dialog = await openLineListStep(page, "Pre-Book");
  const upload = dialog.getByRole("button", { name: "Upload", exact: true });

  // The file input appears once brand and type are set; the first rows show with the file's size.
  await dialog.getByLabel(/Choose a workbook/).setInputFiles(goodWorkbook);
  await expect(dialog.getByText("Crocs Spring 2028.xlsx")).toBeVisible();
  await expect(dialog.getByText(/^\d+\.\d{2} KB$/)).toBeVisible();
  await expect(dialog.getByText("Spring 2028", { exact: true })).toBeVisible();
  const firstRows = dialog.getByRole("region", { name: "First rows of the file" });
  await expect(firstRows.getByRole("columnheader")).toHaveText([
    "Silhouette",
    "Model Code",
    "Color",
    "Gender",
    "Size",
    "SKU",
  ]);
  await expect(firstRows.getByRole("row")).toHaveCount(15);
  // Read off the page's thread: in the preview's Web Worker, started when the dialog opened.
  expect(page.workers().map((worker) => worker.url())).toContainEqual(
    expect.stringMatching(/\/assets\/sheet-preview\.worker-[\w-]+\.js$/),
  );

  // A pre-book needs its two dates before Upload is enabled.
  await expect(upload).toBeDisabled();
  await expect(dialog.getByText("Set the date sent and the deadline for orders")).toBeVisible();
  await pickDay(page, dialog, "Date sent");
  await expect(upload).toBeDisabled();
  await pickDay(page, dialog, "Deadline for orders");
  await expect(upload).toBeEnabled();
  expect(await axe(page)).toEqual([]);

  // Every progress value the loading step shows, and whether it could be closed meanwhile.
  await page.evaluate(() => {
    const seen: { progress: number; closable: boolean }[] = [];
    (window as unknown as { uploadProgress: typeof seen }).uploadProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (!bar) return;
      const progress = Number(bar.getAttribute("aria-valuenow"));
      if (seen.at(-1)?.progress === progress) return;
      const closable = Boolean(bar.closest('[role="dialog"]')?.querySelector('[data-slot="dialog-close"]'));
      seen.push({ progress, closable });
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-valuenow"],
    });
  });
  // The processing call is held until the loading step has been checked, then let through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/functions/process-line-list", async (route) => {
    await held;
    await route.continue();
  });
  await upload.click();

  const progress = dialog.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "60");
  await expect(dialog.getByRole("listitem").filter({ hasText: "Generating preview" })).toHaveAttribute(
    "aria-current",
    "step",
  );
  await expect(dialog.getByRole("listitem").filter({ hasText: "Uploading file" })).toContainText("40%");
  // It cannot be closed: no close button, and Escape does nothing.
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveAttribute("data-state", "open");
  await expect(progress).toHaveAttribute("aria-valuenow", "60");
  release();

  await expect(page.getByText("Line list uploaded successfully")).toBeVisible();
  await expect(page.getByText("Redirecting to preview page")).toBeVisible();
  await page.waitForURL(/\/home\/line-list\/preview\/\d+$/);
  const lineListId = Number(page.url().split("/").at(-1));
  const seen = await page.evaluate(
    () => (window as unknown as { uploadProgress: { progress: number; closable: boolean }[] }).uploadProgress,
  );
  const values = seen.map((entry) => entry.progress);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  for (const step of [20, 40, 60, 80]) expect(values).toContain(step);
  expect(seen.every((entry) => !entry.closable)).toBe(true);

  // The preview: title, the pre-book's dates, the counts and the notice.
  await expect(page.getByRole("heading", { name: "Crocs Pre-Book Line List", level: 1 })).toBeVisible();
  await expect(page.getByText("Date Sent")).toBeVisible();
  await expect(page.getByText("Deadline for offers")).toBeVisible();
  await expect(page.getByText("Date of availability")).toHaveCount(0);
  await expect(
    page.getByText(/^\d+ new items will be created when this line list is saved\.$/),
  ).toBeVisible();
  const newCount = Number(
    (await page.getByText(/new items will be created/).textContent())?.match(/^(\d+)/)?.[1] ?? Number.NaN,
  );
  expect(newCount).toBeGreaterThan(0);
  await expect(page.getByText("Showing 30 of 30 styles")).toBeVisible();
  const table = page.getByRole("region", { name: "Styles" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // The view filter really filters.
  await page.getByRole("combobox", { name: "View" }).click();
  await page.getByRole("option", { name: /^Show only new items/ }).click();
  await expect(page.getByText(`Showing ${newCount} of 30 styles`)).toBeVisible();
  const rows = table.locator("tbody tr[data-status]");
  await expect(rows.first()).toHaveAttribute("data-status", "new");
  for (const status of await rows.evaluateAll((list) => list.map((row) => row.getAttribute("data-status")))) {
    expect(status).toBe("new");
  }

  // A style opens to its sizes.
  const firstStyle = rows.first();
  const modelCode = (await firstStyle.locator("td").nth(2).textContent())?.trim() ?? "";
  await firstStyle.getByRole("button", { name: `Show the sizes of ${modelCode}` }).click();
  await expect(
    table
      .getByRole("list", { name: `Sizes of ${modelCode}` })
      .getByRole("listitem")
      .first(),
  ).toBeVisible();

  // The debounced search finds the style by its code.
  await page.getByRole("searchbox", { name: "Search styles" }).fill(modelCode);
  await expect(page.getByText(`Showing 1 of 30 styles`)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search styles" }).fill("");

  // Save, confirmed; then on to the catalogs.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Do you want to save this line list?" });
  await expect(confirm).toContainText(
    "This action will create the line list in the system. Is this correct?",
  );
  await confirm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Preview saved successfully")).toBeVisible();
  await expect(page.getByText("You can now see your line list in the brand table")).toBeVisible();
  const saved = page.getByRole("dialog", { name: "Line List Saved" });
  await expect(saved.getByRole("link", { name: "Go to Line Lists" })).toHaveAttribute(
    "href",
    /\/home\/brand\/\d+\/line-lists$/,
  );
  expect(await axe(page)).toEqual([]);
  await saved.getByRole("link", { name: "Create Catalogs" }).click();
  await expect(page).toHaveURL(new RegExp(`/home/catalog-segmentation/${lineListId}$`));

  // Its 30 styles wait in Unsorted, and one moves to a catalog from the keyboard menu.
  const unsortedTab = page.getByRole("tab", { name: /^Unsorted items/ });
  await expect(unsortedTab).toContainText("30");
  const unsorted = page.getByRole("grid", { name: "Unsorted items" });
  await unsorted.getByRole("gridcell", { name: new RegExp(`^${modelCode},`) }).click();
  await page.getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Move to Boutique Catalog" }).click();
  await expect(page.getByText("Items added successfully to Boutique Catalog from unsorted")).toBeVisible();
  await expect(unsortedTab).toContainText("29");
  await expect(page.getByRole("tab", { name: /^Boutique Catalog/ })).toContainText("1");
});

test("a workbook with errors is refused with its rows and columns, and the error report lists them", async ({
  page,
}) => {
  test.slow();
  await page.goto("/home/brands");
  const dialog = await openLineListStep(page, "Own Stock");
  // Own stock needs no dates: the file is all Upload waits for.
  const upload = dialog.getByRole("button", { name: "Upload", exact: true });
  await expect(upload).toBeDisabled();
  await dialog.getByLabel(/Choose a workbook/).setInputFiles(badWorkbook);
  await expect(upload).toBeEnabled();
  await upload.click();

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Failed to upload line list" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Row 3, MSRP");
  await expect(toast).toContainText("Row 5, SKU");

  await expect(dialog.getByRole("heading", { name: "Failed to upload line list" })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Errors in the workbook" })).toContainText("Row 3, MSRP");
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download error report" }).click();
  const report = await download;
  expect(report.suggestedFilename()).toBe("Crocs Fall 2028 broken-errors.csv");
  const csv = (await readFile(await report.path())).toString("utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("Row,Column,Value,Message");
  expect(lines.some((line) => line.startsWith("3,MSRP,forty,"))).toBe(true);
  expect(lines.some((line) => line.startsWith("5,SKU,"))).toBe(true);

  // Nothing was created: no preview to open, and the dialog starts over.
  await dialog.getByRole("button", { name: "Upload another file" }).click();
  await expect(dialog.getByLabel("Line list type")).toHaveText(/Choose a type/);
});

test("Back on the preview discards the upload and returns to the catalogs", async ({ page }) => {
  test.slow();
  await page.goto("/home/brand/1/line-lists");
  await page.getByRole("button", { name: "Upload Line List" }).click();
  // Opened from the brand's page: the line list step, with the brand chosen.
  const dialog = uploadDialog(page);
  await expect(dialog.getByRole("combobox", { name: "Brand" })).toHaveText("Crocs");
  await dialog.getByLabel("Line list type").click();
  await page.getByRole("option", { name: "Brand ATS", exact: true }).click();
  await dialog.getByLabel(/Choose a workbook/).setInputFiles(goodWorkbook);
  // The line list is named after the file unless the person names it.
  const name = dialog.getByRole("textbox", { name: "Line list name" });
  await expect(name).toHaveValue("Crocs Spring 2028");
  await name.fill("Crocs ATS by hand");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await page.waitForURL(/\/home\/line-list\/preview\/\d+$/);
  const previewUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Crocs Brand ATS Line List" })).toBeVisible();
  await expect(page.getByText(/^Crocs ATS by hand · Crocs Spring 2028\.xlsx/)).toBeVisible();

  // Add new item: a style typed by hand joins the preview, checked as the file's rows are.
  await page.getByRole("button", { name: "Add new item" }).click();
  const item = page.getByRole("dialog", { name: "Add new item" });
  await item.getByRole("textbox", { name: "Model Code" }).fill("HAND-E2E");
  await item.getByRole("textbox", { name: "MSRP" }).fill("about fifty");
  await item.getByRole("textbox", { name: "Size 1" }).fill("M4/W6");
  await item.getByRole("textbox", { name: "SKU 1" }).fill("HAND-E2E-4");
  await item.getByRole("button", { name: "Add new item" }).click();
  await expect(item.getByText("MSRP must be a number of 0 or more")).toBeVisible();
  await item.getByRole("textbox", { name: "MSRP" }).fill("54.99");
  await item.getByRole("button", { name: "Add new item" }).click();
  await expect(page.getByText("HAND-E2E added to the preview")).toBeVisible();
  await expect(page.getByText("Showing 31 of 31 styles")).toBeVisible();

  await page.getByRole("button", { name: "Back" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/home\/catalogs$/);

  // The preview is gone: opening it again goes to the brands.
  await page.goto(previewUrl);
  await expect(page).toHaveURL(/\/home\/brands$/);
});
