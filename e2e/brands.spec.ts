import type { Page } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";

// The demo data gives Crocs line lists, which a brand must not lose to a delete.
const test = testWithOwnApp({ seedDemo: true });

const lineListsGroup = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("list", { name: "Line Lists" });

test("create, rename, search and delete a brand; the sidebar's Line Lists follow", async ({ page, axe }) => {
  // A whole journey through four screens, with accessibility checks on the way.
  test.slow();
  const name = `Birkenstock ${Date.now().toString(36)}`;
  const renamed = `${name} Europe`;

  await page.goto("/home/brands");
  await expect(page.getByRole("heading", { name: "Brands", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /Crocs/ })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // Create, with the form's rules on the way.
  await page.getByRole("link", { name: "Add Brand" }).click();
  await expect(page).toHaveURL(/\/home\/brands\/create$/);
  await expect(page.getByRole("heading", { name: "Create Brand" })).toBeVisible();
  const nameField = page.getByLabel("Name");
  const create = page.getByRole("button", { name: "Create" });
  await expect(create).toBeDisabled();
  await nameField.fill("x".repeat(101));
  await expect(page.getByText("Name must be at most 100 characters")).toBeVisible();
  await expect(create).toBeDisabled();
  await nameField.fill("");
  await expect(page.getByText("Name is required cannot be empty")).toBeVisible();
  await expect(create).toBeDisabled();

  // A name that exists in another letter case is refused by the server.
  await nameField.fill("CROCS");
  await create.click();
  await expect(page.getByText("Brand already exists").first()).toBeVisible();
  await expect(page).toHaveURL(/\/home\/brands\/create$/);

  await nameField.fill(name);
  const description = page.getByRole("textbox", { name: "Description" });
  await expect(description).toBeDisabled();
  await page.getByRole("checkbox", { name: "Has Description" }).check();
  await description.fill("Cork footbed sandals");
  expect(await axe(page)).toEqual([]);
  await create.click();
  await expect(page.getByText("Brand created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/brands$/);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Cork footbed sandals");
  await expect(lineListsGroup(page).getByRole("link", { name, exact: true })).toBeVisible();

  // Search ignores letter case; a search that matches nothing says so.
  const search = page.getByRole("searchbox", { name: "Search brands" });
  await search.fill(name.toUpperCase());
  await expect(page.getByRole("table", { name: "Brands" }).getByRole("row")).toHaveCount(2);
  await search.fill("no brand is called this");
  await expect(page.getByText("No brand found")).toBeVisible();
  await search.fill(name.slice(0, 8).toLowerCase());
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();

  // Rename.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Brand" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue("Cork footbed sandals");
  await page.getByLabel("Name").fill(renamed);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Brand updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/brands$/);
  await expect(lineListsGroup(page).getByRole("link", { name: renamed, exact: true })).toBeVisible();
  await expect(lineListsGroup(page).getByRole("link", { name, exact: true })).toHaveCount(0);

  // The new brand's line lists page: nothing yet, and no column mapping until its first upload.
  await lineListsGroup(page).getByRole("link", { name: renamed, exact: true }).click();
  await expect(page.getByRole("heading", { name: `${renamed} Line List Table` })).toBeVisible();
  await expect(page.getByText("No line lists found")).toBeVisible();
  await expect(page.getByRole("region", { name: "Column mapping" })).toContainText(
    "No column mapping yet: it is made on the first upload.",
  );
  // Its files can be uploaded like any brand's: the upload opens on it.
  await page.getByRole("button", { name: "Upload Line List" }).click();
  const upload = page.getByRole("dialog", { name: "Upload Brand Line List" });
  await expect(upload.getByRole("combobox", { name: "Brand" })).toHaveText(renamed);
  await upload.getByRole("button", { name: "Close" }).click();

  // Delete, after confirming.
  await page.goto("/home/brands");
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Delete the brand ${renamed}?`);
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Brand deleted successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);
  await expect(lineListsGroup(page).getByRole("link", { name: renamed, exact: true })).toHaveCount(0);
});

test("a brand with line lists is not deleted", async ({ page }) => {
  await page.goto("/home/brands");
  await page.getByRole("button", { name: "Delete Crocs" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Failed to delete brand")).toBeVisible();
  await expect(page.getByText("This brand has line lists and cannot be deleted")).toBeVisible();
  await expect(page.getByRole("row", { name: /Crocs/ })).toBeVisible();
  await expect(lineListsGroup(page).getByRole("link", { name: "Crocs", exact: true })).toBeVisible();
});

test("the brand pages of a brand that does not exist go back to the brands", async ({ page }) => {
  await page.goto("/home/brands/edit/987654");
  await expect(page).toHaveURL(/\/home\/brands$/);
  await expect(page.getByText("Brand not found")).toBeVisible();
  await page.goto("/home/brand/987654/line-lists");
  await expect(page).toHaveURL(/\/home\/brands$/);
});

test("a brand's line lists: search over name and type, Edit opens the preview", async ({ page, axe }) => {
  // Three screens and two accessibility scans.
  test.slow();
  await page.goto("/home/brands");
  await lineListsGroup(page).getByRole("link", { name: "Crocs", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Crocs Line List Table" })).toBeVisible();
  const table = page.getByRole("table", { name: "Line lists" });
  // The header and the demo's four Crocs line lists.
  await expect(table.getByRole("row")).toHaveCount(5);
  expect(await axe(page)).toEqual([]);

  const search = page.getByRole("searchbox", { name: "Search line lists" });
  await search.fill("future stock");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Summer 2027 Future Stock");
  await search.fill("SPRING");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Spring 2027 Pre-Book");
  await search.fill("nothing like this");
  await expect(page.getByText("No line lists found")).toBeVisible();

  await search.fill("spring");
  await page.getByRole("link", { name: "Edit Spring 2027 Pre-Book" }).click();
  await expect(page).toHaveURL(/\/home\/line-list\/preview\/\d+$/);
  const lineListId = Number(new URL(page.url()).pathname.split("/").pop());

  // A saved line list: its own 24 styles, read only (no view filter, no Save, no "new items").
  await expect(page.getByRole("heading", { name: "Crocs Pre-Book Line List", level: 1 })).toBeVisible();
  await expect(page.getByText("Saved line list", { exact: true })).toBeVisible();
  await expect(page.getByText("Showing 24 of 24 styles")).toBeVisible();
  const styles = page.getByRole("region", { name: "Styles" });
  const rows = styles.locator("tbody tr[data-status]");
  await expect(rows.first()).toContainText("10001-001");
  await expect(rows.first()).toContainText("Classic");
  await expect(rows.first()).toContainText("$49.99");
  await expect(page.getByRole("combobox", { name: "View" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  await expect(page.getByText(/new items will be created/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Open catalogs" })).toHaveAttribute(
    "href",
    `/home/catalog-segmentation/${lineListId}`,
  );
  expect(await axe(page)).toEqual([]);

  // The same search and sizes as a preview.
  await page.getByRole("searchbox", { name: "Search styles" }).fill("echo");
  await expect(page.getByText("Showing 3 of 24 styles")).toBeVisible();
  await rows.first().getByRole("button", { name: "Show the sizes of 10008-001" }).click();
  await expect(styles.getByRole("list", { name: "Sizes of 10008-001" })).toContainText("10008-001-W5");

  // Back only returns: nothing is discarded, the line list is still there.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Crocs Line List Table" })).toBeVisible();
  await search.fill("");
  await expect(table).toContainText("Spring 2027 Pre-Book");
  // The header and the demo's four Crocs line lists.
  await expect(table.getByRole("row")).toHaveCount(5);
});
