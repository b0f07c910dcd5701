import { permissionMessages, permissionValues } from "@cm/contracts/permissions";
import { configure, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { envelope, mockPeopleApi, roles, sentBodies, timestamps, written } from "@/testing/people-api";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// Whole screens, loaded lazily: slow under happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const [admin, buyer] = roles;
const sales = {
  id: 4,
  name: "Sales",
  description: "Sales reps",
  type: "internal",
  status: "active",
  permissions: ["catalogs.view", "customers.view", "customers.manage", "orders.view", "orders.manage"],
  userCount: 3,
  _revision: 3,
  ...timestamps,
};
const allRoles = [...roles, sales];

describe("Roles list", () => {
  it("lists each role's name, type, status, permissions and holders", async () => {
    mockPeopleApi({ "GET /api/roles": envelope(allRoles) });
    const { user } = renderApp("/home/team/roles");
    const table = await screen.findByRole("table", { name: "Roles" });
    const salesRow = await within(table).findByRole("row", { name: /Sales/ });
    expect(within(salesRow).getByText("Staff")).toBeInTheDocument();
    expect(within(salesRow).getByText("Active")).toBeInTheDocument();
    expect(within(salesRow).getByText("3")).toBeInTheDocument();
    const count = within(salesRow).getByRole("button", { name: "Sales permissions: 5 of 11" });
    await user.hover(count);
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent("Customers: Manage");
    expect(tooltip).toHaveTextContent("Orders: Manage");
    expect(tooltip).not.toHaveTextContent("Catalogs: Publish");

    const adminRow = within(table).getByRole("row", { name: /Admin/ });
    expect(within(adminRow).getByText("All permissions")).toBeInTheDocument();
    const buyerRow = within(table).getByRole("row", { name: /Buyer/ });
    expect(within(buyerRow).getByText("Customer")).toBeInTheDocument();
    // A customer role holds portal permissions; this one none yet.
    expect(within(buyerRow).getByText("None")).toBeInTheDocument();
    expect(within(salesRow).getByRole("link", { name: "Edit Sales" })).toHaveAttribute(
      "href",
      "/home/team/roles/4",
    );
    // Breadcrumb: Home › Team › Roles.
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getByRole("link", { name: "Team" })).toHaveAttribute("href", "/home/team");
  });

  it("lets a user who may only view people look, not change", async () => {
    seedSession({ permissions: ["people.view"] });
    mockPeopleApi({ "GET /api/roles": envelope(allRoles) });
    renderApp("/home/team/roles");
    const table = await screen.findByRole("table", { name: "Roles" });
    const salesRow = await within(table).findByRole("row", { name: /Sales/ });
    expect(within(salesRow).getByRole("button", { name: "Edit Sales" })).toBeDisabled();
    const create = screen.getByRole("button", { name: "Create Role" });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(permissionMessages.disabledReason("people.manage"));
  });
});

describe("Edit Role", () => {
  it("edits a staff role's name, status and permissions on a grid and sends them with the revision", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/roles": envelope(allRoles),
      "GET /api/roles/4": envelope(sales),
      "PUT /api/roles/4": written({ ...sales, name: "Field Sales", _revision: 4 }),
    });
    const { user, router } = renderApp("/home/team/roles/4");
    const form = await screen.findByRole("form", { name: "Edit role" });
    const grid = within(form).getByRole("table", { name: "Permissions of Sales" });
    // A checkbox only where the permission exists: 11 of 6 areas × 3 actions.
    expect(within(grid).getAllByRole("checkbox")).toHaveLength(permissionValues.length);
    expect(within(grid).queryByRole("checkbox", { name: "Brands: View" })).not.toBeInTheDocument();
    expect(within(grid).getByRole("checkbox", { name: "Orders: Manage" })).toBeChecked();
    const publish = within(grid).getByRole("checkbox", { name: "Catalogs: Publish" });
    expect(publish).not.toBeChecked();
    expect(publish).toHaveAccessibleDescription("Publish catalogs to customers");
    await user.hover(publish);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Publish catalogs to customers");

    await user.click(publish);
    await user.click(within(grid).getByRole("checkbox", { name: "Orders: Manage" }));
    const name = within(form).getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Field Sales");
    await user.clear(within(form).getByLabelText("Description"));
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Role updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/team/roles"));
    expect(sentBodies(fetchMock, "PUT", "/api/roles/4")).toEqual([
      {
        expectedRevision: 3,
        name: "Field Sales",
        description: null,
        status: "active",
        permissions: [
          "catalogs.view",
          "catalogs.publish",
          "customers.view",
          "customers.manage",
          "orders.view",
        ],
      },
    ]);
  });

  it("shows the Admin role's permissions all checked and locked", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/roles/1": envelope(admin),
      "PUT /api/roles/1": written({ ...admin, description: "Runs the place", _revision: 2 }),
    });
    const { user } = renderApp("/home/team/roles/1");
    const form = await screen.findByRole("form", { name: "Edit role" });
    expect(within(form).getByText(permissionMessages.adminPermissionsLocked)).toBeInTheDocument();
    const boxes = within(form).getAllByRole("checkbox");
    expect(boxes).toHaveLength(permissionValues.length);
    for (const box of boxes) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(within(form).getByLabelText("Name")).toBeDisabled();

    await user.type(within(form).getByLabelText("Description"), "Runs the place");
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Role updated successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/roles/1")).toEqual([
      { expectedRevision: 1, description: "Runs the place" },
    ]);
  });

  it("offers a customer role the portal permissions, not the staff grid", async () => {
    mockPeopleApi({ "GET /api/roles/2": envelope(buyer) });
    const { user } = renderApp("/home/team/roles/2");
    const form = await screen.findByRole("form", { name: "Edit role" });
    expect(within(form).getByText("Customer")).toBeInTheDocument();
    expect(within(form).queryByRole("table")).not.toBeInTheDocument();
    const list = within(form).getByRole("list", { name: "Permissions of Buyer" });
    expect(within(list).getAllByRole("checkbox")).toHaveLength(3);
    const catalogs = within(list).getByRole("checkbox", { name: "Portal: Catalogs" });
    expect(catalogs).toHaveAccessibleDescription("See published catalogs and prices");
    expect(within(list).getByRole("checkbox", { name: "Portal: Users" })).not.toBeChecked();
    expect(within(form).queryByRole("checkbox", { name: "Catalogs: View" })).not.toBeInTheDocument();

    // Ordering needs the catalogs: checking Orders checks and locks Catalogs, saying so.
    await user.click(within(list).getByRole("checkbox", { name: "Portal: Orders" }));
    expect(catalogs).toBeChecked();
    expect(catalogs).toBeDisabled();
    expect(catalogs).toHaveAccessibleDescription(
      "See published catalogs and prices (included in Portal: Orders)",
    );
  });

  it("saves a customer role's portal permissions, with what they include", async () => {
    const storeViewer = {
      ...buyer,
      id: 5,
      name: "Store Viewer",
      portalPermissions: ["portal.catalogs.view"],
    };
    const fetchMock = mockPeopleApi({
      "GET /api/roles/5": envelope(storeViewer),
      "PUT /api/roles/5": written({ ...storeViewer, _revision: 2 }),
    });
    const { user } = renderApp("/home/team/roles/5");
    const form = await screen.findByRole("form", { name: "Edit role" });
    const list = within(form).getByRole("list", { name: "Permissions of Store Viewer" });
    expect(within(list).getByRole("checkbox", { name: "Portal: Catalogs" })).toBeChecked();
    await user.click(within(list).getByRole("checkbox", { name: "Portal: Orders" }));
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Role updated successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/roles/5")).toEqual([
      {
        expectedRevision: 1,
        name: "Store Viewer",
        description: null,
        status: "active",
        portalPermissions: ["portal.catalogs.view", "portal.orders.manage"],
      },
    ]);
  });

  it("says the server's message when the role changed meanwhile", async () => {
    const stale = "This record was changed by someone else. Reload it and try again.";
    mockPeopleApi({
      "GET /api/roles/4": envelope(sales),
      "PUT /api/roles/4": { status: 409, body: { success: false, message: stale, data: null } },
    });
    const { user, router } = renderApp("/home/team/roles/4");
    const form = await screen.findByRole("form", { name: "Edit role" });
    await user.click(within(form).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/home/team/roles/4");
  });
});

describe("Create Role dialog", () => {
  it("gives a new customer role the portal permissions checked, and no staff ones", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/roles": envelope(allRoles),
      "POST /api/roles": written({ ...buyer, id: 9, name: "Head Buyer" }, 201),
    });
    const { user } = renderApp("/home/team/roles");
    await user.click(await screen.findByRole("button", { name: "Create Role" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Role" });
    await user.type(within(dialog).getByLabelText("Name"), "Head Buyer");
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Customer" }));
    const portal = within(dialog).getByRole("list", { name: "Permissions of the new role" });
    await user.click(within(portal).getByRole("checkbox", { name: "Portal: Orders" }));
    await user.click(within(portal).getByRole("checkbox", { name: "Portal: Users" }));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Role created successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/roles")).toEqual([
      {
        name: "Head Buyer",
        type: "external",
        status: "active",
        permissions: [],
        portalPermissions: ["portal.catalogs.view", "portal.orders.manage", "portal.users.manage"],
      },
    ]);
  });

  it("gives a new staff role the permissions checked on its grid, and a customer role none", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/roles": envelope(allRoles),
      "POST /api/roles": written({ ...sales, id: 9, name: "Catalog Team" }, 201),
    });
    const { user } = renderApp("/home/team/roles");
    await user.click(await screen.findByRole("button", { name: "Create Role" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Role" });
    await user.type(within(dialog).getByLabelText("Name"), "Catalog Team");
    const grid = within(dialog).getByRole("table", { name: "Permissions of the new role" });
    await user.click(within(grid).getByRole("checkbox", { name: "Catalogs: Manage" }));
    await user.click(within(grid).getByRole("checkbox", { name: "Catalogs: View" }));

    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Customer" }));
    expect(within(dialog).queryByRole("table")).not.toBeInTheDocument();
    // A customer role is offered the portal permissions instead, none checked.
    const portal = within(dialog).getByRole("list", { name: "Permissions of the new role" });
    expect(within(portal).getByRole("checkbox", { name: "Portal: Catalogs" })).not.toBeChecked();
    expect(within(portal).getByRole("checkbox", { name: "Portal: Orders" })).not.toBeChecked();
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Staff" }));
    const again = within(dialog).getByRole("table", { name: "Permissions of the new role" });
    expect(within(again).getByRole("checkbox", { name: "Catalogs: Manage" })).not.toBeChecked();
    await user.click(within(again).getByRole("checkbox", { name: "Catalogs: Manage" }));
    await user.click(within(again).getByRole("checkbox", { name: "Catalogs: View" }));

    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Role created successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/roles")).toEqual([
      {
        name: "Catalog Team",
        type: "internal",
        status: "active",
        permissions: ["catalogs.view", "catalogs.manage"],
        portalPermissions: [],
      },
    ]);
  });
  it("checks and locks what a permission includes, and keeps it when that permission goes", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/roles": envelope(allRoles),
      "POST /api/roles": written({ ...sales, id: 9, name: "Order Desk" }, 201),
    });
    const { user } = renderApp("/home/team/roles");
    await user.click(await screen.findByRole("button", { name: "Create Role" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Role" });
    await user.type(within(dialog).getByLabelText("Name"), "Order Desk");
    const grid = within(dialog).getByRole("table", { name: "Permissions of the new role" });
    const view = within(grid).getByRole("checkbox", { name: "Orders: View" });
    const manage = within(grid).getByRole("checkbox", { name: "Orders: Manage" });
    await user.click(manage);
    expect(view).toBeChecked();
    expect(view).toBeDisabled();
    expect(view).toHaveAccessibleDescription(
      `${permissionMessages.includedIn(["orders.manage"])}. See orders and the orders dashboard`,
    );
    await user.click(within(grid).getByRole("checkbox", { name: "Brands: Manage" }));
    expect(within(grid).getByRole("checkbox", { name: "Catalogs: View" })).toBeChecked();
    await user.click(within(grid).getByRole("checkbox", { name: "Brands: Manage" }));
    // Unchecking Orders: Manage leaves Orders: View checked, now free to change.
    await user.click(manage);
    expect(view).toBeChecked();
    expect(view).toBeEnabled();
    await user.click(manage);

    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Role created successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/roles")).toEqual([
      {
        name: "Order Desk",
        type: "internal",
        status: "active",
        permissions: ["catalogs.view", "orders.view", "orders.manage"],
        portalPermissions: [],
      },
    ]);
  });
});
