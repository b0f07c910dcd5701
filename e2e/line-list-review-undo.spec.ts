import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { reviewMessages } from "@cm/contracts/line-list-review";
import { undoMessages } from "@cm/contracts/line-list-saves";
import { lineListSavesUiMessages } from "@cm/contracts/line-list-saves-ui";
import {
  sampleLineListTable,
  writeLineListXlsx,
} from "../apps/server/src/modules/file-processing/sample-line-list.ts";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";

/**
 * Reviewing a re-upload and undoing its save (issue 33, docs/line-list-saves.md): a saved Own
 * Stock line list of four Crocs styles takes a supplier's new file with two new prices and two new
 * styles; the person keeps one old price and leaves one new style out, saves, sees exactly that in
 * the line list, then undoes the save from its Saves panel and finds the first file's line list
 * again. Its own app (no demo data): every style of the first file is new to Crocs.
 */
const test = testWithOwnApp();

const lineListName = "Crocs Own Stock Review";
// The sample's first style number in four colours (all $64.99), then the next in two (all $44.99).
const keptStyle = "10001-4LS";
const takenStyle = "10001-7C1";
const unchangedStyle = "10001-001";
const leftOutStyle = "10002-0DA";
const newStyle = "10002-309";
const firstMsrp = "$64.99";
const keptFileMsrp = 74.99;
const takenFileMsrp = 69.99;

let folder: string;
let firstFile: string;
let secondFile: string;

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "cm-review-undo-e2e-"));
  const table = sampleLineListTable({ styles: 6, season: "Spring", year: 2028, seed: 7 });
  const headers = table.rows[0]!;
  const modelCode = headers.indexOf("Model Code");
  const msrp = headers.indexOf("MSRP");
  const rowsOf = (codes: string[]) =>
    table.rows.slice(1).filter((row) => codes.includes(String(row[modelCode])));
  const firstStyles = ["10001-001", keptStyle, takenStyle, "10001-0C4"];

  firstFile = path.join(folder, `${lineListName}.xlsx`);
  await writeFile(
    firstFile,
    await writeLineListXlsx({ sheetName: table.sheetName, rows: [headers, ...rowsOf(firstStyles)] }),
  );

  // The supplier's new file: two new MSRPs, and the next style number's two colours.
  const second = table.rows.slice(1).map((row) => {
    const code = String(row[modelCode]);
    if (code === keptStyle) return row.map((cell, index) => (index === msrp ? keptFileMsrp : cell));
    if (code === takenStyle) return row.map((cell, index) => (index === msrp ? takenFileMsrp : cell));
    return row;
  });
  expect(new Set(second.map((row) => String(row[modelCode]))).size).toBe(6);
  secondFile = path.join(folder, "Crocs Own Stock Review reorder.xlsx");
  await writeFile(
    secondFile,
    await writeLineListXlsx({ sheetName: table.sheetName, rows: [headers, ...second] }),
  );
});

test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** From the sidebar to the line list step with `type` chosen and Crocs picked. */
async function openLineListStep(page: Page, type: string): Promise<Locator> {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Upload Inventory" })
    .click();
  const dialog = page.getByRole("dialog", { name: /upload/i });
  await dialog.getByRole("button", { name: /Brand Line List/ }).click();
  await expect(dialog.getByRole("heading", { name: "Upload Brand Line List" })).toBeVisible();
  await dialog.getByLabel("Line list type").click();
  await page.getByRole("option", { name: type, exact: true }).click();
  await dialog.getByRole("combobox", { name: "Brand" }).click();
  await page.getByRole("combobox", { name: "Search brands" }).fill("Crocs");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("combobox", { name: "Brand" })).toHaveText("Crocs");
  return dialog;
}

/** The preview's row of a style (found by its sizes button). */
function styleRow(page: Page, modelCode: string): Locator {
  return page
    .getByRole("region", { name: "Styles" })
    .locator("tbody tr")
    .filter({ has: page.getByRole("button", { name: `Show the sizes of ${modelCode}` }) });
}

/** The line list's MSRP cell of a style: the column's place among the headers. */
async function msrpCell(page: Page, modelCode: string): Promise<Locator> {
  const headers = await page
    .getByRole("region", { name: "Styles" })
    .locator("thead th")
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
  const index = headers.findIndex((header) => header.startsWith("MSRP"));
  expect(index).toBeGreaterThan(0);
  return styleRow(page, modelCode).locator("td").nth(index);
}

/** The saved line list's page, opened from the brand's line lists with its Edit link. */
async function openSavedLineList(page: Page, brandId: number, lineListId: number) {
  await page.goto(`/home/brand/${brandId}/line-lists`);
  await page.getByRole("link", { name: `Edit ${lineListName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/home/line-list/preview/${lineListId}$`));
  await expect(page.getByRole("heading", { name: "Crocs Own Stock Line List", level: 1 })).toBeVisible();
}

test("keep an old MSRP and leave a new style out of a re-upload, save, then undo the save", async ({
  page,
  axe,
}) => {
  // Two uploads, two saves, an undo and three accessibility checks on a shared 2-core machine.
  test.setTimeout(240_000);

  // The first file, a new Own Stock line list of four styles, saved as it is.
  await page.goto("/home/brands");
  let dialog = await openLineListStep(page, "Own Stock");
  await dialog.getByLabel(/Choose a workbook/).setInputFiles(firstFile);
  await expect(dialog.getByRole("textbox", { name: "Line list name" })).toHaveValue(lineListName);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await page.waitForURL(/\/home\/line-list\/preview\/\d+$/, { timeout: 60_000 });
  const lineListId = Number(page.url().split("/").at(-1));
  await expect(page.getByText("Showing 4 of 4 styles")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: "Do you want to save this line list?" })
    .getByRole("button", { name: "Save" })
    .click();
  await expect(page.getByText("Preview saved successfully")).toBeVisible();
  const goToLineLists = page.getByRole("dialog", { name: "Line List Saved" }).getByRole("link", {
    name: "Go to Line Lists",
  });
  const brandId = Number((await goToLineLists.getAttribute("href"))?.match(/\/brand\/(\d+)\//)?.[1]);
  expect(brandId).toBeGreaterThan(0);
  await goToLineLists.click();
  await expect(page).toHaveURL(new RegExp(`/home/brand/${brandId}/line-lists$`));

  // The supplier's new file, uploaded into the saved line list.
  dialog = await openLineListStep(page, "Update existing line list");
  await dialog.getByRole("combobox", { name: "Line list to update" }).click();
  await page
    .getByRole("listbox")
    .getByRole("option", { name: new RegExp(`^${lineListName}`) })
    .click();
  await dialog.getByLabel(/Choose a workbook/).setInputFiles(secondFile);
  await expect(dialog.getByText(path.basename(secondFile))).toBeVisible();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await page.waitForURL(new RegExp(`/home/line-list/preview/${lineListId}$`), { timeout: 60_000 });
  await expect(page.getByText(`Update of ${lineListName}`)).toBeVisible();
  await expect(page.getByText("Showing 6 of 6 styles")).toBeVisible();
  const byStatus = page.getByRole("list", { name: "Styles by status" });
  await expect(byStatus).toContainText("2 new");
  await expect(byStatus).toContainText("2 changed");
  await expect(byStatus).toContainText("2 old");

  // Each changed price shows the old one beside it; one is kept as it was.
  const keptCell = await msrpCell(page, keptStyle);
  await expect(keptCell).toHaveAttribute("data-changed", "true");
  await expect(keptCell).toContainText("$74.99");
  await expect(keptCell).toContainText(`was ${firstMsrp}`);
  await expect(await msrpCell(page, takenStyle)).toContainText(`was ${firstMsrp}`);
  await keptCell.getByRole("button", { name: reviewMessages.keepOldValue }).click();
  await expect(keptCell).toHaveAttribute("data-kept", "true");
  await expect(keptCell.getByRole("button", { name: reviewMessages.takeNewValue })).toBeVisible();
  await expect(styleRow(page, keptStyle).locator("td[data-kept]")).toHaveCount(1);

  // One new style left out from its row's menu.
  await page.getByRole("button", { name: `Choices for ${leftOutStyle}` }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: reviewMessages.leaveOut }).click();
  await expect(styleRow(page, leftOutStyle)).toHaveAttribute("data-left-out", "true");
  await expect(styleRow(page, leftOutStyle)).toContainText("Left out");
  await expect(styleRow(page, newStyle)).not.toHaveAttribute("data-left-out", /.*/);

  const totals = reviewMessages.saveTotals({
    changesTaken: 1,
    changesKept: 1,
    newStylesLeftOut: 1,
    droppedRemoved: 0,
  });
  await expect(page.getByText(totals, { exact: true })).toBeVisible();
  await expect(page.getByText("1 new items will be created when this line list is saved.")).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Save says what it applies.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Do you want to save this line list?" });
  await expect(confirm.getByText(totals, { exact: true })).toBeVisible();
  await confirm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Preview saved successfully")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Line List Saved" })).toBeVisible();

  // The saved line list: the kept price, the taken one, the new style taken, not the left-out one.
  await openSavedLineList(page, brandId, lineListId);
  await expect(page.getByText("Showing 5 of 5 styles")).toBeVisible();
  await expect(await msrpCell(page, keptStyle)).toHaveText(firstMsrp);
  await expect(await msrpCell(page, takenStyle)).toHaveText("$69.99");
  await expect(await msrpCell(page, unchangedStyle)).toHaveText(firstMsrp);
  await expect(styleRow(page, newStyle)).toHaveCount(1);
  await expect(styleRow(page, leftOutStyle)).toHaveCount(0);

  // Its saves, newest first: the update, then the new line list.
  const saves = page.getByRole("region", { name: undoMessages.savesTitle });
  const saveItems = saves.getByRole("list").first().locator(":scope > li");
  await expect(saveItems).toHaveCount(2);
  const update = saveItems.first();
  await expect(update).toContainText(lineListSavesUiMessages.kindLabels.update);
  await expect(update).toContainText(path.basename(secondFile));
  await expect(update).toContainText(lineListSavesUiMessages.counts({ added: 1, changed: 1, removed: 0 }));
  await update.getByRole("button", { name: undoMessages.undoThisSave }).click();

  // The dry run: the taken price goes back, the added style leaves; nothing of the kept one.
  const undo = page.getByRole("dialog", { name: undoMessages.dryRunTitle });
  const revert = undo.getByRole("list", { name: new RegExp(`^${lineListSavesUiMessages.revertTitle}`) });
  await expect(revert.getByRole("listitem")).toHaveCount(2);
  await expect(revert).toContainText(`${takenStyle} · MSRP: $69.99 → ${firstMsrp}`);
  await expect(revert).toContainText(`${newStyle}: ${lineListSavesUiMessages.removeStyle}`);
  await expect(revert).not.toContainText(keptStyle);
  await expect(revert).not.toContainText(leftOutStyle);
  expect(await axe(page)).toEqual([]);
  await undo.getByRole("button", { name: undoMessages.confirm }).click();
  await expect(page.getByText(undoMessages.undone)).toBeVisible();
  await expect(undo).toHaveCount(0);

  // The line list is the first file's again, read afresh; the saves list the undo.
  await expect(page.getByText("Showing 4 of 4 styles")).toBeVisible();
  await expect(await msrpCell(page, keptStyle)).toHaveText(firstMsrp);
  await expect(await msrpCell(page, takenStyle)).toHaveText(firstMsrp);
  await expect(styleRow(page, newStyle)).toHaveCount(0);
  await expect(styleRow(page, leftOutStyle)).toHaveCount(0);
  await expect(saveItems).toHaveCount(3);
  await expect(saveItems.first()).toContainText(lineListSavesUiMessages.kindLabels.undo);
  await expect(saveItems.nth(1)).toContainText(lineListSavesUiMessages.undone);

  // And so it stays when the page is opened again.
  await openSavedLineList(page, brandId, lineListId);
  await expect(page.getByText("Showing 4 of 4 styles")).toBeVisible();
  await expect(await msrpCell(page, takenStyle)).toHaveText(firstMsrp);
  await expect(styleRow(page, newStyle)).toHaveCount(0);
});
