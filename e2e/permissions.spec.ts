import { brandMessages } from "@cm/contracts/brands";
import { historyEntityTypeLabels, historyMessages } from "@cm/contracts/history";
import { permissionMessages } from "@cm/contracts/permissions";
import { userMessages } from "@cm/contracts/users";
import type { Page } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { testWithOwnApp } from "./support/own-app.ts";
import { signIn } from "./support/sign-in.ts";

/*
 * Permissions by role and the history of changes, as two people see them at once: the
 * admin (signed in per worker) and a colleague who signs in with their own login code in a
 * browser context of their own. Its own app with the demo data: a sorted, unpublished line list
 * to (not) publish, and role changes no other spec should meet.
 */
const test = testWithOwnApp({ seedDemo: true });

/** Keeps the e-mail and the brand unique should the test run again against the same app. */
const stamp = Date.now().toString(36).slice(-5);
const colleague = { firstName: "Vera", lastName: "Viewer", email: `vera.${stamp}@catalog.example` };
const colleagueName = `${colleague.firstName} ${colleague.lastName}`;
const adminName = "Admin User";
const brandName = `Vionic ${stamp}`;

const mainNavigation = (page: Page) => page.getByRole("navigation", { name: "Main" });
const uploadInventory = (page: Page) =>
  mainNavigation(page).getByRole("button", { name: "Upload Inventory" });
/** The sorted, unpublished line list of the demo data: the one a Publish button is offered for. */
const sortedLineList = (page: Page) =>
  page
    .getByRole("region", { name: /^Unpublished Catalogs/ })
    .getByRole("article", { name: "Summer 2027 Future Stock", exact: true });

/** The sidebar is drawn once the signed-in user's permissions are known: Catalogs is in it. */
async function expectPermissionsLoaded(page: Page) {
  await expect(mainNavigation(page).getByRole("link", { name: "Catalogs", exact: true })).toBeVisible();
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a Viewer sees no manage controls, gets more at once when an admin changes the role, and the history shows who changed what", async ({
  page: admin,
  browser,
  baseURL,
  axe,
}) => {
  // Two people, seven screens, a sign-in with a mailed code: several usual tests' time alone, and
  // more than twice that when the other worker runs a heavy spec on a 2-core machine.
  test.setTimeout(180_000);
  // A context of their own, signed out: within a test, a new context would otherwise start with
  // the admin's storage state (Playwright fills in the test's context options).
  const colleagueContext = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    storageState: { cookies: [], origins: [] },
  });
  const viewer = await colleagueContext.newPage();

  try {
    await test.step("the admin adds a team member with the Viewer role", async () => {
      await admin.goto("/home/team");
      await admin.getByRole("link", { name: "Add New Team Member" }).click();
      const form = admin.getByRole("form", { name: "New team member" });
      await form.getByLabel("First Name").fill(colleague.firstName);
      await form.getByLabel("Last Name").fill(colleague.lastName);
      await form.getByLabel("Email").fill(colleague.email);
      // No role is preselected (never Admin); any active staff role may be chosen.
      await expect(form.getByRole("combobox", { name: "Role" })).toHaveText("Select a role");
      await chooseOption(admin, "Role", "Viewer");
      await expect(form.getByRole("combobox", { name: "Role" })).toHaveText("Viewer");
      await form.getByRole("button", { name: "Create" }).click();
      await expect(admin.getByText(userMessages.created)).toBeVisible();
      await expect(admin).toHaveURL(/\/home\/team$/);
      await admin.getByRole("searchbox", { name: "Search team members" }).fill(colleagueName);
      await expect(
        admin
          .getByRole("table", { name: "Team members" })
          .getByRole("row", { name: new RegExp(colleagueName) }),
      ).toContainText("Viewer");
    });

    await test.step("the Viewer signs in: no upload in the sidebar, Publish disabled with the reason", async () => {
      await signIn(viewer, baseURL!, colleague.email);
      await expectPermissionsLoaded(viewer);
      await expect(uploadInventory(viewer)).toHaveCount(0);
      // Groups the role does not reach are left out (no history.view: no Activity).
      await expect(mainNavigation(viewer).getByRole("link", { name: "Activity" })).toHaveCount(0);

      await viewer.goto("/home/catalogs");
      const card = sortedLineList(viewer);
      const publish = card.getByRole("button", { name: /^Publish/ });
      await expect(publish).toBeDisabled();
      await expect(publish).toHaveAccessibleDescription(
        permissionMessages.disabledReason("catalogs.publish"),
      );
      // The sorting screen's links are not offered either.
      await expect(card.getByRole("button", { name: /^Edit/ })).toBeDisabled();
      // A disabled button takes no pointer: its wrapper shows the reason on hover.
      await publish.locator("xpath=..").hover();
      await expect(viewer.getByRole("tooltip")).toHaveText(
        permissionMessages.disabledReason("catalogs.publish"),
      );
    });

    await test.step("on Brands the Viewer can neither add, edit nor delete", async () => {
      await viewer.goto("/home/brands");
      await expect(viewer.getByRole("row", { name: /Crocs/ })).toBeVisible();
      const reason = permissionMessages.disabledReason("brands.manage");
      for (const control of [
        viewer.getByRole("button", { name: "Add Brand" }),
        viewer.getByRole("button", { name: "Edit Crocs" }),
        viewer.getByRole("button", { name: "Delete Crocs" }),
      ]) {
        await expect(control).toBeDisabled();
        await expect(control).toHaveAccessibleDescription(reason);
      }
      await expect(viewer.getByRole("link", { name: "Add Brand" })).toHaveCount(0);
    });

    await test.step("a manage URL opened by hand shows the No access page", async () => {
      await viewer.goto("/home/brands/create");
      await expect(
        viewer.getByRole("heading", { name: permissionMessages.noAccessTitle, level: 1 }),
      ).toBeVisible();
      await expect(viewer.getByText(permissionMessages.noAccessDescription("brands.manage"))).toBeVisible();
      await expect(viewer.getByRole("heading", { name: "Create Brand" })).toHaveCount(0);
      await expect(viewer).toHaveTitle(`${permissionMessages.noAccessTitle} · Catalog Manager`);
      // Still inside the shell, with the way back.
      await expect(mainNavigation(viewer)).toBeVisible();
      await expect(viewer.getByRole("link", { name: "Go to Home" })).toBeVisible();
      expect(await axe(viewer)).toEqual([]);
    });

    await test.step("the admin gives the Viewer the Catalog Team role on Editing User", async () => {
      await admin.goto("/home/team");
      await admin.getByRole("searchbox", { name: "Search team members" }).fill(colleagueName);
      await admin.getByRole("link", { name: `Edit ${colleagueName}` }).click();
      await expect(admin).toHaveURL(/\/home\/people\/edit\/\d+$/);
      const form = admin.getByRole("form", { name: "Edit user" });
      await expect(form.getByRole("combobox", { name: "Role" })).toHaveText("Viewer");
      await chooseOption(admin, "Role", "Catalog Team");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(admin.getByText(userMessages.updated)).toBeVisible();

      await admin.goto("/home/team");
      await admin.getByRole("searchbox", { name: "Search team members" }).fill(colleagueName);
      await expect(
        admin
          .getByRole("table", { name: "Team members" })
          .getByRole("row", { name: new RegExp(colleagueName) }),
      ).toContainText("Catalog Team");
    });

    await test.step("without signing in again, the colleague can act at once", async () => {
      // The same session: a reload of the refused page now opens it.
      await viewer.reload();
      await expect(viewer.getByRole("heading", { name: "Create Brand", level: 1 })).toBeVisible();
      await expect(viewer.getByRole("heading", { name: permissionMessages.noAccessTitle })).toHaveCount(0);
      await expect(uploadInventory(viewer)).toBeVisible();

      // And the server agrees: the brand is created.
      await viewer.getByLabel("Name").fill(brandName);
      await viewer.getByRole("button", { name: "Create" }).click();
      await expect(viewer.getByText(brandMessages.created)).toBeVisible();
      await expect(viewer).toHaveURL(/\/home\/brands$/);
      await expect(viewer.getByRole("link", { name: "Add Brand" })).toBeEnabled();
      await expect(viewer.getByRole("button", { name: `Delete ${brandName}` })).toBeEnabled();

      await viewer.goto("/home/catalogs");
      await expect(sortedLineList(viewer).getByRole("button", { name: /^Publish/ })).toBeEnabled();
    });

    await test.step("the admin changes the brand's wholesale factor; its History shows the change", async () => {
      await admin.goto("/home/brands");
      await admin.getByRole("link", { name: `Edit ${brandName}` }).click();
      await expect(admin.getByRole("heading", { name: "Edit Brand" })).toBeVisible();
      const history = admin.getByRole("region", { name: historyMessages.title });
      // The colleague's creation is there already, in their name.
      await expect(history.getByRole("listitem").first()).toContainText(
        `${colleagueName} created ${brandName}`,
      );

      await expect(admin.getByLabel("Wholesale factor")).toHaveValue("0.5");
      await admin.getByLabel("Wholesale factor").fill("0.65");
      await admin.getByRole("button", { name: "Save Changes" }).click();
      await expect(admin.getByText(brandMessages.updated)).toBeVisible();
      await expect(admin).toHaveURL(/\/home\/brands$/);

      await admin.getByRole("link", { name: `Edit ${brandName}` }).click();
      const entries = history.getByRole("list", { name: historyMessages.title }).locator("> li");
      await expect(entries).toHaveCount(2);
      const latest = entries.first();
      await expect(latest).toContainText(`${adminName} updated ${brandName}`);
      await expect(latest).toContainText(historyMessages.justNow);
      await expect(latest).toContainText("Wholesale factor: 0.5 → 0.65");
      await expect(entries.nth(1)).toContainText(`${colleagueName} created ${brandName}`);
    });

    await test.step("the Activity page lists the change, linked to the brand", async () => {
      await mainNavigation(admin).getByRole("link", { name: "Activity" }).click();
      await expect(
        admin.getByRole("heading", { name: historyMessages.activityTitle, level: 1 }),
      ).toBeVisible();
      const latest = admin.getByRole("list", { name: historyMessages.activityTitle }).locator("> li").first();
      await expect(latest).toContainText(`${historyEntityTypeLabels.brand}${adminName} updated ${brandName}`);
      await expect(latest).toContainText("Wholesale factor: 0.5 → 0.65");
      await latest.getByRole("link", { name: brandName }).click();
      await expect(admin).toHaveURL(/\/home\/brands\/edit\/\d+$/);
      await expect(admin.getByLabel("Wholesale factor")).toHaveValue("0.65");
    });
  } finally {
    await colleagueContext.close();
  }
});

test("an order taker (Orders: View and Manage, Customers: View) writes an order without a read refused", async ({
  page: admin,
  browser,
  baseURL,
}) => {
  // Two people and a sign-in with a mailed code, as above.
  test.setTimeout(180_000);
  const roleName = `Order Desk ${stamp}`;
  const taker = { firstName: "Otto", lastName: "Orders", email: `otto.${stamp}@catalog.example` };
  const takerContext = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    storageState: { cookies: [], origins: [] },
  });
  const page = await takerContext.newPage();
  // Any answer the role is refused (403) is a read a screen it may open should not have made.
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });

  try {
    await test.step("the admin creates the role: Orders: Manage checks and locks Orders: View", async () => {
      await admin.goto("/home/team/roles");
      await admin.getByRole("button", { name: "Create Role" }).click();
      const dialog = admin.getByRole("dialog", { name: "Create Role" });
      await dialog.getByLabel("Name").fill(roleName);
      const grid = dialog.getByRole("table", { name: "Permissions of the new role" });
      await grid.getByRole("checkbox", { name: "Orders: Manage" }).click();
      await expect(grid.getByRole("checkbox", { name: "Orders: View" })).toBeChecked();
      await expect(grid.getByRole("checkbox", { name: "Orders: View" })).toBeDisabled();
      await grid.getByRole("checkbox", { name: "Customers: View" }).click();
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(admin.getByText("Role created successfully")).toBeVisible();
    });

    await test.step("the admin adds a team member with it", async () => {
      await admin.goto("/home/team");
      await admin.getByRole("link", { name: "Add New Team Member" }).click();
      const form = admin.getByRole("form", { name: "New team member" });
      await form.getByLabel("First Name").fill(taker.firstName);
      await form.getByLabel("Last Name").fill(taker.lastName);
      await form.getByLabel("Email").fill(taker.email);
      await chooseOption(admin, "Role", roleName);
      await form.getByRole("button", { name: "Create" }).click();
      await expect(admin.getByText(userMessages.created)).toBeVisible();
    });

    await test.step("the order taker's sidebar lists the brands of Orders by Brand", async () => {
      await signIn(page, baseURL!, taker.email);
      const nav = mainNavigation(page);
      await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expect(nav.getByRole("group", { name: "Inventory" })).toHaveCount(0);
      await nav.getByRole("button", { name: "Brand" }).click();
      await expect(nav.getByRole("link", { name: "Crocs", exact: true })).toBeVisible();
      await expect(nav.getByText(brandMessages.brandListNotLoaded)).toHaveCount(0);
    });

    await test.step("New Order offers the published line lists of the order type, and saves", async () => {
      await page.goto("/home/orders/new");
      await expect(page.getByRole("heading", { name: "New Order", level: 1 })).toBeVisible();
      await page.getByRole("combobox", { name: "Customer" }).click();
      await page.getByRole("listbox").getByRole("option", { name: "Sunset Soles", exact: true }).click();
      await page.getByRole("combobox", { name: "Store" }).click();
      await page.getByRole("listbox").getByRole("option", { name: "Lincoln Road", exact: true }).click();
      await page.getByRole("radiogroup", { name: "Order type" }).getByText("Open Stock").click();
      await expect(page.getByRole("checkbox", { name: "Crocs Core Own Stock" })).toBeEnabled();
      await expect(page.getByText("The line lists could not be loaded")).toHaveCount(0);
      await page.getByRole("checkbox", { name: "Crocs Core Own Stock" }).check();
      const grid = page.getByRole("table", { name: "Crocs · Crocs Core Own Stock" });
      await grid.getByRole("textbox", { name: "10001-001 size M4/W6" }).fill("2");
      await page.getByRole("button", { name: "Save order" }).click();
      // The order just written opens: Orders: Manage includes Orders: View.
      await expect(page).toHaveURL(/\/home\/orders\/\d+$/);
      await expect(page.getByRole("heading", { name: /^SO-\d+/, level: 1 })).toBeVisible();
      expect(refused).toEqual([]);
    });
  } finally {
    await takerContext.close();
  }
});
