import { segmentationLimits } from "@cm/contracts/catalog-segmentation";
import type { Locator, Page } from "@playwright/test";
import { type RunningApp, startApp } from "./support/app-server.ts";
import { test as base, expect } from "./support/fixtures.ts";
import { signedInStorageState, type StorageState } from "./support/sign-in.ts";

/**
 * Sorting a line list into its catalogs, with the mouse and with the keyboard, then saving and
 * publishing it. The demo data's "Fall 2027 Own Stock" has 30 styles, none sorted yet. Publishing
 * is for good, so the journey gets an app of its own each time it runs (a repeat in the same
 * worker would find the line list published), signed in over HTTP (`signedInStorageState`).
 */
const test = base.extend<{ freshApp: RunningApp & { storageState: StorageState } }>({
  freshApp: [
    async ({}, use) => {
      const app = await startApp({}, { seedDemo: true });
      try {
        await use({ ...app, storageState: await signedInStorageState(app.baseUrl) });
      } finally {
        await app.stop();
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ freshApp }, use) => use(freshApp.baseUrl),
  storageState: async ({ freshApp }, use) => use(freshApp.storageState),
});
/** Tests that change nothing run on the suite's shared app, signed in. */
const readOnlyTest = base.extend({
  storageState: async ({ baseURL }, use) => use(await signedInStorageState(baseURL!)),
});

const lineListName = "Fall 2027 Own Stock";

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
const grid = (page: Page, name: string) => page.getByRole("grid", { name });
const section = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title}`) });

async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("The element is not visible");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags `source` onto `target` with real pointer moves, as dnd-kit needs them: press, a few
 * pixels to start the drag, the way over, then `whileOver` before letting go.
 */
async function drag(page: Page, source: Locator, target: Locator, whileOver?: () => Promise<void>) {
  const from = await center(source);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 15, from.y + 15, { steps: 5 });
  const to = await center(target);
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await whileOver?.();
  await page.mouse.up();
}

test("sort a line list with the mouse and the keyboard, save it and publish it", async ({ page, axe }) => {
  // A long journey with several accessibility checks, on a machine shared with other builds.
  test.setTimeout(120_000);
  await page.goto("/home/catalogs");
  await section(page, "Unpublished Catalogs")
    .getByRole("article", { name: lineListName })
    .getByRole("link", { name: /^Complete/ })
    .click();
  await expect(page).toHaveURL(/\/home\/catalog-segmentation\/\d+$/);
  await expect(page.getByRole("heading", { name: lineListName, level: 1 })).toBeVisible();
  // Header dates as MM/DD/YY.
  await expect(page.getByText("01/04/27")).toBeVisible();
  await expect(tab(page, "Unsorted items")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Unsorted items")).toContainText("30");
  await expect(tab(page, "Athletic Catalog")).toContainText("0");
  const unsorted = grid(page, "Unsorted items");
  await expect(unsorted.getByRole("gridcell").first()).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Two items selected with a click and a Ctrl-click, then dragged together onto Athletic.
  const first = unsorted.getByRole("gridcell", { name: /^10001-001,/ });
  const second = unsorted.getByRole("gridcell", { name: /^10008-001,/ });
  await first.click();
  await second.click({ modifiers: ["ControlOrMeta"] });
  await expect(page.getByText("2 selected")).toBeVisible();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(second).toHaveAttribute("aria-selected", "true");
  await drag(page, second, tab(page, "Athletic Catalog"), async () => {
    // The ghost stacks the two cards being dragged.
    await expect(page.locator("[data-ghost-card]")).toHaveCount(2);
  });
  await expect(page.getByText("Items added successfully to Athletic Catalog from unsorted")).toBeVisible();
  await expect(tab(page, "Athletic Catalog")).toContainText("2");
  await expect(tab(page, "Unsorted items")).toContainText("28");
  // A drag held over a tab for a second opens it (as the drag to Crocs below checks): on a slow
  // machine the ghost's check above can take that long, so the Unsorted tab is chosen again.
  await tab(page, "Unsorted items").click();
  await expect(tab(page, "Unsorted items")).toHaveAttribute("aria-selected", "true");
  await expect(unsorted.getByRole("gridcell").first()).toBeVisible();
  await expect(unsorted.getByRole("gridcell", { name: /^10001-001,/ })).toHaveCount(0);
  await expect(page.getByText("0 selected")).toBeVisible();

  // A keyboard drag: M picks the focused card up, the arrow keys go from tab to tab, Enter drops.
  // M and the first arrow go in together, as a quick typist's do: the arrow is not lost.
  const third = unsorted.getByRole("gridcell", { name: /^10015-001,/ });
  await third.focus();
  await Promise.all([page.keyboard.press("m"), page.keyboard.press("ArrowRight")]);
  await expect(page.locator("[data-ghost-card]")).toHaveCount(1);
  await expect(tab(page, "Athletic Catalog")).toHaveAttribute("data-drop-over", "true");
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Boutique Catalog")).toHaveAttribute("data-drop-over", "true");
  // Unlike the pointer, the keyboard does not open a tab it waits over: the grid stays in view.
  await page.waitForTimeout(segmentationLimits.dragTabHoverDelayMs + 500);
  await expect(tab(page, "Unsorted items")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Items added successfully to Boutique Catalog from unsorted")).toBeVisible();
  // The card has left the tab; focus goes on to the grid's next one.
  await expect(unsorted.getByRole("gridcell", { name: /^10022-001,/ })).toBeFocused();
  await expect(tab(page, "Boutique Catalog")).toContainText("1");
  await expect(tab(page, "Unsorted items")).toContainText("27");

  // Held over a tab while dragging, the tab opens; dropped there, the item moves to it.
  await tab(page, "Unsorted items").click();
  const fourth = unsorted.getByRole("gridcell", { name: /^10022-001,/ });
  await drag(page, fourth, tab(page, "Crocs Catalog"), async () => {
    await expect(tab(page, "Crocs Catalog")).toHaveAttribute("aria-selected", "true");
  });
  await expect(page.getByText("Items added successfully to Crocs Catalog from unsorted")).toBeVisible();
  await expect(tab(page, "Crocs Catalog")).toContainText("1");
  await expect(grid(page, "Crocs Catalog").getByRole("gridcell", { name: /^10022-001,/ })).toBeVisible();

  // With the keyboard: the Athletic tab, both its items selected with Space, copied to Crocs.
  await tab(page, "Crocs Catalog").focus();
  // Radix moves the focus a moment after the key: wait for it before the next.
  await page.keyboard.press("ArrowLeft");
  await expect(tab(page, "Boutique Catalog")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(tab(page, "Athletic Catalog")).toBeFocused();
  await expect(tab(page, "Athletic Catalog")).toHaveAttribute("aria-selected", "true");
  const athletic = grid(page, "Athletic Catalog");
  await athletic.getByRole("gridcell").first().focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await expect(athletic.getByRole("gridcell").nth(1)).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  const actions = page.getByRole("button", { name: "Actions" });
  await expect(actions).toBeFocused();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  // The tab's own catalog is no target.
  await expect(menu.getByRole("menuitem", { name: "Move to Athletic Catalog" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(menu.getByRole("menuitem", { name: "Move to Boutique Catalog" })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  for (const next of ["Move to Crocs Catalog", "Copy to Boutique Catalog", "Copy to Crocs Catalog"]) {
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: next })).toBeFocused();
  }
  await page.keyboard.press("Enter");
  await expect(page.getByText("2 item(s) copied to Crocs Catalog")).toBeVisible();
  // The menu gives the focus back to the card it was on, not to the Actions button the cleared
  // selection disables (the page's, then).
  await expect(athletic.getByRole("gridcell").nth(1)).toBeFocused();
  await expect(tab(page, "Crocs Catalog")).toContainText("3");
  await expect(tab(page, "Athletic Catalog")).toContainText("2");

  // Removed from Crocs, the item stays in Athletic, so it is not unsorted.
  await tab(page, "Crocs Catalog").click();
  await grid(page, "Crocs Catalog")
    .getByRole("gridcell", { name: /^10001-001,/ })
    .click();
  await actions.click();
  await menu.getByRole("menuitem", { name: "Remove" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Remove 1 item from Crocs Catalog?");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Items removed")).toBeVisible();
  await expect(tab(page, "Crocs Catalog")).toContainText("2");
  await expect(tab(page, "Unsorted items")).toContainText("26");

  // A segmentation file places many items at once; one with a bad row changes nothing.
  await page.getByRole("button", { name: "Upload segmentation" }).click();
  const upload = page.getByRole("dialog", { name: "Upload segmentation" });
  await expect(upload).toContainText("Model Code");
  const file = (name: string, rows: string[]) => ({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(["Model Code,Catalog Type", ...rows].join("\n")),
  });
  await upload
    .getByLabel("Choose a segmentation file")
    .setInputFiles(file("bad.csv", ["10029-001,boutique", "99999-999,athletic"]));
  await upload.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(upload.getByRole("alert")).toContainText(
    "The segmentation file was refused; nothing was changed",
  );
  await expect(upload.getByRole("list", { name: "Errors in the segmentation file" })).toContainText("Row 3");
  expect(await axe(page)).toEqual([]);
  await upload.getByRole("button", { name: "Remove bad.csv" }).click();
  await upload
    .getByLabel("Choose a segmentation file")
    .setInputFiles(file("good.csv", ["10029-001,boutique"]));
  await upload.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("1 item(s) placed from the segmentation file")).toBeVisible();
  await expect(upload).toHaveCount(0);
  await expect(tab(page, "Boutique Catalog")).toContainText("2");
  await expect(tab(page, "Unsorted items")).toContainText("25");

  // Save: the dialog sums up each catalog and the unsorted items, then publish.
  await page.getByRole("button", { name: "Save Catalogs" }).click();
  const saved = page.getByRole("dialog", { name: "Catalogs saved" });
  await expect(saved.getByRole("definition")).toHaveText(["2", "2", "2", "25"]);
  expect(await axe(page)).toEqual([]);
  await saved.getByRole("button", { name: "Publish Catalogs" }).click();
  await page
    .getByRole("dialog", { name: /^Publish / })
    .getByRole("button", { name: "Publish" })
    .click();
  await expect(page.getByText("Catalogs published successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/catalogs$/);

  const published = section(page, "Active Catalogs").getByRole("article", { name: lineListName });
  await expect(published).toBeVisible();
  // The date sent, then athletic, boutique, crocs and unsorted.
  await expect(published.getByRole("definition")).toHaveText(["01/04/2027", "2", "2", "2", "25"]);
  await expect(
    section(page, "Unpublished Catalogs").getByRole("article", { name: lineListName }),
  ).toHaveCount(0);
});

readOnlyTest(
  "a line list that does not exist goes back to the catalogs with the server's message",
  async ({ page }) => {
    await page.goto("/home/catalog-segmentation/999999");
    await expect(page.getByText("No line list found", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/home\/catalogs$/);
  },
);
