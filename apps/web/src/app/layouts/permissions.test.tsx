import { type Brand, brandMessages } from "@cm/contracts/brands";
import {
  type Permission,
  permissionMessages,
  permissionValues,
  seededRolePermissions,
  sharedReadPermissions,
  withIncludedPermissions,
} from "@cm/contracts/permissions";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seedSession, testSessionUser } from "@/testing/auth";
import { meetsRequirement, type PermissionRequirement } from "@/lib/permissions";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

// A test's first visit to a screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => toast.dismiss());

const crocs: Brand = {
  id: 1,
  name: "Crocs",
  description: null,
  categoryId: 1,
  status: "active",
  wholesaleFactor: 0.5,
  createdAt: "2026-11-02T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
  _revision: 1,
};

/** The main navigation once the user's permissions are known. */
async function sidebarFor(permissions: readonly Permission[], path = "/home/nowhere") {
  seedSession({ permissions });
  renderApp(path);
  const nav = await screen.findByRole("navigation", { name: "Main" }, { timeout: 20_000 });
  await within(nav).findByRole("group", { name: "Settings" });
  return nav;
}

const groupNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("group")
    .map((group) => group.getAttribute("aria-labelledby"))
    .map((id) => document.getElementById(id!)?.textContent);

describe("sidebar per permissions", () => {
  it("shows every group, Roles and Upload Inventory to a user with every permission", async () => {
    const nav = await sidebarFor(permissionValues);
    expect(groupNames(nav)).toEqual(["Inventory", "Orders", "Customers", "Settings"]);
    expect(within(nav).getByRole("button", { name: "Upload Inventory" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Roles" })).toHaveAttribute("href", "/home/team/roles");
  });

  it("hides the groups and entries the user cannot view, and Upload Inventory without catalogs.manage", async () => {
    const nav = await sidebarFor(["orders.view"]);
    expect(groupNames(nav)).toEqual(["Orders", "Settings"]);
    const settings = within(nav).getByRole("group", { name: "Settings" });
    expect(
      within(settings)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Account"]);
    expect(within(nav).queryByRole("button", { name: "Upload Inventory" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("shows Upload Inventory with catalogs.manage, and Team and Roles with people.view", async () => {
    const nav = await sidebarFor(["catalogs.view", "catalogs.manage", "people.view"]);
    expect(groupNames(nav)).toEqual(["Inventory", "Settings"]);
    expect(within(nav).getByRole("button", { name: "Upload Inventory" })).toBeInTheDocument();
    const settings = within(nav).getByRole("group", { name: "Settings" });
    expect(
      within(settings)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Team", "Roles", "Account"]);
  });
});

/**
 * What the shell (the sidebar and the lists loaded on entering /home) and New Order may read: the
 * permissions their routes declare (docs/security.md, "Shared reads"); `signed-in` for any staff.
 */
const readRequirements: Record<string, PermissionRequirement | "signed-in"> = {
  "/api/me": "signed-in",
  "/api/config": "signed-in",
  "/api/brands": sharedReadPermissions.brands,
  "/api/line-lists": sharedReadPermissions.lineLists,
  "/api/organizations": sharedReadPermissions.customers,
  "/api/stores": sharedReadPermissions.customers,
  "/api/users": sharedReadPermissions.users,
  "/api/users/with-memberships": sharedReadPermissions.users,
  "/api/roles": sharedReadPermissions.users,
};

/**
 * Renders `path` for a role of `saved` (with what it includes, as `GET /api/me` answers), answering
 * the reads above; returns the permissions held and the paths asked so far.
 */
async function readsOf(saved: readonly Permission[], path: string) {
  const fetchMock = mockFetch({
    "/api/brands": ok([crocs]),
    "/api/line-lists": ok({ lineLists: [] }),
    "/api/organizations": ok([]),
    "/api/stores": ok([]),
    "/api/users": ok([]),
    "/api/users/with-memberships": ok([]),
    "/api/roles": ok([]),
  });
  const held = withIncludedPermissions(saved);
  seedSession({ permissions: held });
  const view = renderApp(path);
  const nav = await screen.findByRole("navigation", { name: "Main" }, { timeout: 20_000 });
  await within(nav).findByRole("group", { name: "Settings" });
  const paths = () =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost").pathname);
  // The sidebar's brand entries (Line Lists, Orders by Brand) ask for the brands as they show.
  if (meetsRequirement(held, ["catalogs.view", "orders.view"])) {
    await waitFor(() => expect(paths()).toContain("/api/brands"));
  }
  return { held, paths, nav, user: view.user };
}

/** The reads of `paths` the role may not make, or the screen makes without the test knowing them. */
function refusedReads(permissions: readonly Permission[], paths: readonly string[]) {
  return paths.filter((path) => {
    const requirement = readRequirements[path];
    if (requirement === undefined) return true;
    return requirement !== "signed-in" && !meetsRequirement(permissions, requirement);
  });
}

describe("reads of the shell and New Order per permissions", () => {
  const orderDesk: Permission[] = ["customers.view", "orders.view", "orders.manage"];

  it.each([
    ...permissionValues.map((permission) => [permission, [permission]] as const),
    ...Object.entries(seededRolePermissions),
  ])("asks nothing a role of %s cannot read", async (_, permissions) => {
    const { held, paths } = await readsOf(permissions, "/home/nowhere");
    expect(paths()).toContain("/api/me");
    expect(refusedReads(held, paths())).toEqual([]);
  });

  it("lists the brands in the sidebar of a role of Orders: View and Manage and Customers: View", async () => {
    const { paths, nav, user } = await readsOf(orderDesk, "/home/nowhere");
    expect(paths()).toEqual(expect.arrayContaining(["/api/brands", "/api/stores", "/api/organizations"]));
    expect(refusedReads(orderDesk, paths())).toEqual([]);
    await user.click(within(nav).getByRole("button", { name: "Brand" }));
    expect(await within(nav).findByRole("link", { name: "Crocs" })).toHaveAttribute(
      "href",
      "/home/orders/brand/1",
    );
    expect(within(nav).queryByText(brandMessages.brandListNotLoaded)).not.toBeInTheDocument();
  });

  it("opens New Order for that role, reading customers, stores and published line lists it may read", async () => {
    const { paths } = await readsOf(orderDesk, "/home/orders/new");
    expect(await screen.findByRole("heading", { name: "New Order" })).toBeInTheDocument();
    await waitFor(() =>
      expect(paths()).toEqual(
        expect.arrayContaining(["/api/organizations", "/api/stores", "/api/line-lists"]),
      ),
    );
    expect(refusedReads(orderDesk, paths())).toEqual([]);
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});

describe("route guard", () => {
  it("shows the no-access page inside the shell for a URL the role does not allow", async () => {
    seedSession({ permissions: ["catalogs.view"] });
    renderApp("/home/brands/create");
    const heading = await screen.findByRole(
      "heading",
      { name: permissionMessages.noAccessTitle },
      { timeout: 20_000 },
    );
    expect(heading.closest("section")).toHaveTextContent(
      permissionMessages.noAccessDescription("brands.manage"),
    );
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/home");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("names the permission of the screen: editing a role needs people.manage", async () => {
    seedSession({ permissions: ["people.view"] });
    renderApp("/home/team/roles/1");
    expect(
      await screen.findByText(
        permissionMessages.noAccessDescription("people.manage"),
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
  });

  it("opens the first screen the user may see when the start screen is not one of them", async () => {
    seedSession({ permissions: ["customers.view"] });
    const { router } = renderApp("/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/organizations"), {
      timeout: 20_000,
    });
  });

  it("shows disabled controls with their reason to a user who may only view", async () => {
    mockFetch({ "/api/brands": ok([crocs]) });
    seedSession({ permissions: ["catalogs.view"] });
    const { user } = renderApp("/home/brands");
    const table = await screen.findByRole("table", { name: "Brands" }, { timeout: 20_000 });
    await within(table).findByText("Crocs");
    const add = screen.getByRole("button", { name: "Add Brand" });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(permissionMessages.disabledReason("brands.manage"));
    expect(within(table).getByRole("button", { name: "Edit Crocs" })).toBeDisabled();
    expect(within(table).getByRole("button", { name: "Delete Crocs" })).toBeDisabled();

    await user.hover(add.parentElement!);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(
      permissionMessages.disabledReason("brands.manage"),
    );
  });
});

describe("a role changed while signed in", () => {
  it("reads the permissions again after a 403, says what the server said and applies the new role", async () => {
    let permissions: Permission[] = [...permissionValues];
    const refusal = permissionMessages.missing("brands.manage");
    const fetchMock = mockFetch({
      "/api/me": () => ok(testSessionUser({ permissions })),
      "/api/brands": ok([crocs]),
      "/api/brands/1": { status: 403, body: { success: false, message: refusal, data: null } },
    });
    seedSession();
    const { user } = renderApp("/home/brands");
    const table = await screen.findByRole("table", { name: "Brands" }, { timeout: 20_000 });
    await within(table).findByText("Crocs");
    const meCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === "/api/me").length;
    expect(meCalls()).toBe(1);

    // Someone took catalogs and brands away from the user's role while the list was open.
    permissions = ["orders.view"];
    await user.click(within(table).getByRole("button", { name: "Delete Crocs" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    await waitFor(() => expect(meCalls()).toBe(2));
    expect(
      await screen.findByRole("heading", { name: permissionMessages.noAccessTitle }),
    ).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("group", { name: "Inventory" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("group", { name: "Orders" })).toBeInTheDocument();
  });
});
