import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { signedInStorageState, signIn, signOut } from "./support/sign-in.ts";
import { sessionStorageNames } from "../apps/web/src/lib/token-store.ts";

/**
 * People, team members and roles, as staff use them. One signed-in page runs the steps in order,
 * and the team member it creates signs in through the real pages.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

/** Keeps names unique when the suite runs again against the same app. */
const stamp = Date.now().toString(36).slice(-5);
const roleName = `Buyer ${stamp}`;
const organizationName = `Sole Mates ${stamp}`;
const customerEmail = `bianca.${stamp}@solemates.example`;
const memberEmail = `tess.${stamp}@catalog.example`;
/** The stored session (oidc-client-ts's user) lives under this localStorage key prefix. */
const sessionKeyPrefix = `${sessionStorageNames.prefix}user:`;

let page: Page;
let baseUrl: string;

test.beforeAll(async ({ browser }) => {
  baseUrl = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    storageState: await signedInStorageState(baseUrl),
  });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page?.context().close();
});

/**
 * No screen creates organizations yet, so the test does what such a screen would: it calls
 * `POST /api/organizations` from the page with the signed-in session's access token.
 */
async function createOrganization(name: string): Promise<{ status: number; id: number }> {
  return page.evaluate(
    async ({ name, prefix }) => {
      const key = Object.keys(localStorage).find((candidate) => candidate.startsWith(prefix));
      const { access_token } = JSON.parse(localStorage.getItem(key!)!) as { access_token: string };
      const response = await fetch("/api/organizations", {
        method: "POST",
        headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
      });
      const body = (await response.json()) as { data: { id: number } };
      return { status: response.status, id: body.data.id };
    },
    { name, prefix: sessionKeyPrefix },
  );
}

async function chooseOption(label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

test("creates a role from the People screen; closing the dialog clears it", async ({ axe }) => {
  await page.goto("/home/people");
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "People" }).getByRole("row", { name: /Admin User/ }),
  ).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await page.getByRole("button", { name: "Create Role" }).click();
  let dialog = page.getByRole("dialog", { name: "Create Role" });
  await expect(dialog.getByRole("combobox", { name: "Type" })).toHaveText("Staff");
  await dialog.getByLabel("Name").fill(roleName);
  await chooseOption("Type", "Customer");
  await dialog.getByLabel("Description").fill("Places orders for a customer");
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Role created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Half filled, then closed: it opens empty again, back to type internal (Staff).
  await page.getByRole("button", { name: "Create Role" }).click();
  dialog = page.getByRole("dialog", { name: "Create Role" });
  await dialog.getByLabel("Name").fill("Never saved");
  await chooseOption("Type", "Customer");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Create Role" }).click();
  await expect(dialog.getByLabel("Name")).toHaveValue("");
  await expect(dialog.getByRole("combobox", { name: "Type" })).toHaveText("Staff");
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test("creates an external user for a customer organization", async ({ axe }) => {
  const organization = await createOrganization(organizationName);
  expect(organization.status).toBe(201);

  await page.goto("/home/people");
  await page.getByRole("link", { name: "Add New User" }).click();
  await expect(page).toHaveURL(/\/home\/people\/create-user$/);
  const form = page.getByRole("form", { name: "New user" });
  await form.getByLabel("First Name").fill("Bianca");
  await form.getByLabel("Last Name").fill("Buyer");
  await form.getByLabel("Email").fill(customerEmail);
  // Staff first: no organization to choose, and no role chosen (never Admin by default).
  await expect(form.getByRole("combobox", { name: "Organization" })).toHaveCount(0);
  await expect(form.getByRole("combobox", { name: "Role" })).toHaveText("Select a role");

  await chooseOption("Type", "Customer");
  await form.getByRole("combobox", { name: "Organization" }).click();
  const organizations = page.getByRole("option");
  await expect(organizations.filter({ hasText: organizationName })).toHaveCount(1);
  // The internal organization is not offered to customers.
  await expect(organizations.filter({ hasText: "Catalog Manager Footwear" })).toHaveCount(0);
  await page.getByRole("option", { name: organizationName }).click();
  await chooseOption("Role", new RegExp(`^${roleName}`));
  expect(await axe(page)).toEqual([]);
  await form.getByRole("button", { name: "Create" }).click();

  await expect(page.getByText("User created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/people$/);
  await page.getByRole("searchbox", { name: "Search people" }).fill(customerEmail.toUpperCase());
  const row = page.getByRole("table", { name: "People" }).getByRole("row", { name: /Bianca Buyer/ });
  await expect(row).toBeVisible();
  await expect(row.getByText("Customer")).toBeVisible();
  await expect(row.getByText(organizationName)).toBeVisible();
  await expect(row.getByText(roleName)).toBeVisible();
});

test("edits a user's name", async ({ axe }) => {
  await page.goto("/home/people");
  await page.getByRole("searchbox", { name: "Search people" }).fill("bianca");
  await page.getByRole("link", { name: "Edit Bianca Buyer" }).click();
  await expect(page).toHaveURL(/\/home\/people\/edit\/\d+$/);
  const form = page.getByRole("form", { name: "Edit user" });
  await expect(form.getByLabel("First Name")).toHaveValue("Bianca");
  expect(await axe(page)).toEqual([]);

  await form.getByLabel("First Name").fill("");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("First name is required")).toBeVisible();
  await form.getByLabel("First Name").fill("Bianca-Maria");
  await form.getByRole("button", { name: "Save" }).click();

  await expect(page.getByText("User updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/people$/);
  await page.getByRole("searchbox", { name: "Search people" }).fill("bianca");
  await expect(
    page.getByRole("table", { name: "People" }).getByRole("row", { name: /Bianca-Maria Buyer/ }),
  ).toBeVisible();

  // An unknown user goes back to the list.
  await page.goto("/home/people/edit/987654");
  await expect(page).toHaveURL(/\/home\/people$/);
  await expect(page.getByText("User not found")).toBeVisible();
});

test("deactivates a customer user after asking, then reactivates them", async ({ axe }) => {
  await page.goto("/home/people");
  await page.getByRole("searchbox", { name: "Search people" }).fill(customerEmail);
  const row = page.getByRole("table", { name: "People" }).getByRole("row", { name: /Bianca-Maria Buyer/ });
  await expect(row.getByText("Active", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: "Deactivate Bianca-Maria Buyer" }).click();
  const deactivate = page.getByRole("alertdialog", { name: "Deactivate Bianca-Maria Buyer?" });
  await expect(deactivate).toContainText("can no longer sign in");
  expect(await axe(page)).toEqual([]);
  await deactivate.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("User deactivated successfully")).toBeVisible();
  await expect(deactivate).toBeHidden();
  await expect(row.getByText("Inactive", { exact: true })).toBeVisible();

  // The edit screen shows the status and offers the way back.
  await row.getByRole("link", { name: "Edit Bianca-Maria Buyer" }).click();
  const form = page.getByRole("form", { name: "Edit user" });
  await expect(form.getByText("Inactive", { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page
    .getByRole("region", { name: "Reactivate User" })
    .getByRole("button", { name: "Reactivate User" })
    .click();
  const reactivate = page.getByRole("alertdialog", { name: "Reactivate Bianca-Maria Buyer?" });
  await reactivate.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText("User reactivated successfully")).toBeVisible();
  await expect(form.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Deactivate User" })).toBeVisible();
});

test("creates a team member who then signs in with their own login code", async ({ axe }) => {
  await page.goto("/home/team");
  await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  await page.getByRole("link", { name: "Add New Team Member" }).click();
  await expect(page).toHaveURL(/\/home\/team\/create-user$/);
  const form = page.getByRole("form", { name: "New team member" });
  await expect(form.getByRole("combobox", { name: "Organization" })).toHaveText("Catalog Manager Footwear");
  await form.getByLabel("First Name").fill("Tess");
  await form.getByLabel("Last Name").fill("Teamwork");
  await form.getByLabel("Email").fill(memberEmail);
  await expect(form.getByRole("combobox", { name: "Role" })).toHaveText("Select a role");
  await chooseOption("Role", "Admin");
  expect(await axe(page)).toEqual([]);
  await form.getByRole("button", { name: "Create" }).click();

  await expect(page.getByText("User created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/home\/team$/);
  await page.getByRole("searchbox", { name: "Search team members" }).fill("tess teamwork");
  await expect(
    page.getByRole("table", { name: "Team members" }).getByRole("row", { name: /Tess Teamwork/ }),
  ).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await signOut(page);
  await signIn(page, baseUrl, memberEmail);
  await page.goto("/home/settings/account");
  await expect(page.getByLabel("First Name")).toHaveValue("Tess");
  await expect(page.getByLabel("Email")).toHaveValue(memberEmail);
});

test("the team member deletes their own account: deactivated after a confirmation, and signed out", async ({
  axe,
}) => {
  // Still signed in as the team member of the test before.
  await page.goto("/home/settings/account");
  await expect(page.getByLabel("First Name")).toHaveValue("Tess");
  await expect(page.getByRole("checkbox", { name: "OTP" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Passkey" })).not.toBeChecked();
  await page.getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await page.waitForURL(/\/auth\/start/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  // The admin sees them inactive on the team.
  await signIn(page, baseUrl);
  await page.goto("/home/team");
  await page.getByRole("searchbox", { name: "Search team members" }).fill("tess teamwork");
  await expect(
    page.getByRole("table", { name: "Team members" }).getByRole("row", { name: /Tess Teamwork/ }),
  ).toContainText("Inactive");
});
