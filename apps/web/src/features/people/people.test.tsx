import { configure, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import {
  envelope,
  failure,
  mockPeopleApi,
  people,
  person,
  roles,
  sentBodies,
  written,
} from "@/testing/people-api";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// Whole screens, loaded lazily, with many typed keys: slow under happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

describe("People list", () => {
  it("shows every person with their type as Staff or Customer", async () => {
    mockPeopleApi();
    renderApp("/home/people");
    const table = await screen.findByRole("table", { name: "People" });
    const carla = await within(table).findByRole("row", { name: /Carla Customer/ });
    expect(within(carla).getByText("Customer")).toBeInTheDocument();
    expect(within(carla).getAllByText("Sole Mates").length).toBeGreaterThan(0);
    expect(within(carla).getByRole("link", { name: "Edit Carla Customer" })).toHaveAttribute(
      "href",
      "/home/people/edit/2",
    );
    const sam = within(table).getByRole("row", { name: /Sam Staffer/ });
    expect(within(sam).getByText("Staff")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add New User" })).toHaveAttribute(
      "href",
      "/home/people/create-user",
    );
  });

  it("searches first name, last name and e-mail in any case, and says when nothing matches", async () => {
    mockPeopleApi();
    const { user } = renderApp("/home/people");
    const table = await screen.findByRole("table", { name: "People" });
    await within(table).findByText("Carla Customer");
    const search = screen.getByRole("searchbox", { name: "Search people" });

    await user.type(search, "STAFFER");
    expect(within(table).getByText("Sam Staffer")).toBeInTheDocument();
    expect(within(table).queryByText("Carla Customer")).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "carla.customer@");
    expect(within(table).getByText("Carla Customer")).toBeInTheDocument();
    expect(within(table).queryByText("Sam Staffer")).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, "nobody");
    expect(within(table).getByText("No people found")).toBeInTheDocument();
  });

  it("shows 10 people a page with Previous and Next", async () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      person(index + 1, `Person${String(index + 1).padStart(2, "0")}`, "Example"),
    );
    mockPeopleApi({ "GET /api/users/with-memberships": envelope(many) });
    const { user } = renderApp("/home/people");
    const table = await screen.findByRole("table", { name: "People" });
    await within(table).findByText("Person01 Example");
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    expect(screen.getByText("1–10 of 23")).toBeInTheDocument();
    const previous = screen.getByRole("button", { name: "Previous" });
    const next = screen.getByRole("button", { name: "Next" });
    expect(previous).toBeDisabled();

    await user.click(next);
    await user.click(next);
    expect(within(table).getByText("Person21 Example")).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(screen.getByText("21–23 of 23")).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(within(table).getByText("Person11 Example")).toBeInTheDocument();
  });

  it('shows placeholders while loading and "No people found" for an empty list', async () => {
    mockPeopleApi({ "GET /api/users/with-memberships": envelope([]) });
    renderApp("/home/people");
    const table = await screen.findByRole("table", { name: "People" });
    expect(await within(table).findByText("No people found")).toBeInTheDocument();
  });
});

describe("Create Role dialog", () => {
  it("creates a role of type internal by default and says so", async () => {
    const fetchMock = mockPeopleApi({
      "POST /api/roles": written({ ...roles[1], id: 9, name: "Merchandiser", type: "internal" }, 201),
    });
    const { user } = renderApp("/home/people");
    await user.click(await screen.findByRole("button", { name: "Create Role" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Role" });
    expect(within(dialog).getByRole("combobox", { name: "Type" })).toHaveTextContent("Staff");

    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("Name is required")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Name"), "Merchandiser");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Role created successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, "POST", "/api/roles")).toEqual([
      { name: "Merchandiser", type: "internal", status: "active", permissions: [], portalPermissions: [] },
    ]);
  });

  it("clears back to type internal when closed", async () => {
    mockPeopleApi();
    const { user } = renderApp("/home/people");
    await user.click(await screen.findByRole("button", { name: "Create Role" }));
    let dialog = await screen.findByRole("dialog", { name: "Create Role" });
    await user.type(within(dialog).getByLabelText("Name"), "Half typed");
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Customer" }));
    expect(within(dialog).getByRole("combobox", { name: "Type" })).toHaveTextContent("Customer");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Create Role" }));
    dialog = await screen.findByRole("dialog", { name: "Create Role" });
    expect(within(dialog).getByLabelText("Name")).toHaveValue("");
    expect(within(dialog).getByRole("combobox", { name: "Type" })).toHaveTextContent("Staff");
  });

  it("shows the server's message when the role is refused", async () => {
    mockPeopleApi({ "POST /api/roles": failure(409, 'A staff role named "Admin" already exists') });
    const { user } = renderApp("/home/people");
    await user.click(await screen.findByRole("button", { name: "Create Role" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Role" });
    await user.type(within(dialog).getByLabelText("Name"), "Admin");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await screen.findAllByText('A staff role named "Admin" already exists')).not.toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Create Role" })).toBeInTheDocument();
  });
});

describe("Create New User", () => {
  it("hides the organization and starts staff with no role chosen", async () => {
    mockPeopleApi();
    const { user } = renderApp("/home/people/create-user");
    const form = await screen.findByRole("form", { name: "New user" });
    expect(within(form).getByRole("combobox", { name: "Type" })).toHaveTextContent("Staff");
    expect(within(form).queryByRole("combobox", { name: "Organization" })).not.toBeInTheDocument();
    expect(within(form).getByText(/Joins/)).toHaveTextContent("Joins Catalog Manager Footwear.");
    expect(within(form).getByRole("combobox", { name: "Role" })).toHaveTextContent("Select a role");

    await user.click(within(form).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Customer" }));
    expect(within(form).getByRole("combobox", { name: "Role" })).toHaveTextContent("Select a role");
    await user.click(within(form).getByRole("combobox", { name: "Organization" }));
    const options = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(options).toEqual(["Sole Mates"]);
  });

  it("shows the form's rules and messages", async () => {
    mockPeopleApi();
    const { user } = renderApp("/home/people/create-user");
    const form = await screen.findByRole("form", { name: "New user" });
    await user.type(within(form).getByLabelText("First Name"), "Al");
    await user.type(within(form).getByLabelText("Email"), "not-an-email");
    await user.click(within(form).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Customer" }));
    await user.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText("First name must be at least 3 characters")).toBeInTheDocument();
    expect(within(form).getByText("Last name is required")).toBeInTheDocument();
    expect(within(form).getByText("Expected a valid email address")).toBeInTheDocument();
    expect(within(form).getByText("Organization is required")).toBeInTheDocument();
    expect(within(form).getByText("Role is required")).toBeInTheDocument();
  });

  it("creates a customer, says so and goes back to the people list", async () => {
    const fetchMock = mockPeopleApi({
      "POST /api/users/create-with-organization-membership": written(person(4, "Bianca", "Buyer"), 201),
    });
    const { user, router } = renderApp("/home/people/create-user");
    const form = await screen.findByRole("form", { name: "New user" });
    await user.type(within(form).getByLabelText("First Name"), "Bianca");
    await user.type(within(form).getByLabelText("Last Name"), "Buyer");
    await user.type(within(form).getByLabelText("Email"), "bianca@customer.example");
    await user.click(within(form).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Customer" }));
    await user.click(within(form).getByRole("combobox", { name: "Organization" }));
    await user.click(await screen.findByRole("option", { name: "Sole Mates" }));
    await user.click(within(form).getByRole("combobox", { name: "Role" }));
    const roleOptions = (await screen.findAllByRole("option")).map((option) => option.textContent);
    // A customer user holds a customer role only (the server refuses a staff one).
    expect(roleOptions).toEqual(["Buyer"]);
    await user.click(screen.getByRole("option", { name: /Buyer/ }));
    await user.click(within(form).getByRole("button", { name: "Create" }));

    expect(await screen.findByText("User created successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/people"));
    expect(sentBodies(fetchMock, "POST", "/api/users/create-with-organization-membership")).toEqual([
      {
        email: "bianca@customer.example",
        firstName: "Bianca",
        lastName: "Buyer",
        organizationId: 2,
        userType: "external",
        roleId: 2,
      },
    ]);
  });

  it('shows "Creating..." while saving and the server\'s message when it fails', async () => {
    let answer: (response: { status: number; body: unknown }) => void = () => {};
    const fetchMock = mockPeopleApi({
      "POST /api/users/create-with-organization-membership": () =>
        new Promise((resolve) => (answer = resolve)),
    });
    const { user, router } = renderApp("/home/people/create-user");
    const form = await screen.findByRole("form", { name: "New user" });
    await user.type(within(form).getByLabelText("First Name"), "Admin");
    await user.type(within(form).getByLabelText("Last Name"), "Again");
    await user.type(within(form).getByLabelText("Email"), "ADMIN@example.com");
    await user.click(within(form).getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Admin" }));
    await user.click(within(form).getByRole("button", { name: "Create" }));

    const creating = await within(form).findByRole("button", { name: "Creating..." });
    expect(creating).toBeDisabled();
    answer(failure(409, "A user with this email address already exists"));

    expect(await screen.findByText("Failed to create user")).toBeInTheDocument();
    expect(
      await within(form).findByText("A user with this email address already exists"),
    ).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Create" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/home/people/create-user");
    expect(sentBodies(fetchMock, "POST", "/api/users/create-with-organization-membership")).toEqual([
      {
        email: "ADMIN@example.com",
        firstName: "Admin",
        lastName: "Again",
        organizationId: 1,
        userType: "internal",
        roleId: 1,
      },
    ]);
  });
});

describe("Editing User", () => {
  it("saves the names with the revision it was based on", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/users/with-memberships/2": envelope(people[1]),
      "PUT /api/users": written({ ...people[1], firstName: "Carlotta", _revision: 2 }),
    });
    const { user, router } = renderApp("/home/people/edit/2");
    const form = await screen.findByRole("form", { name: "Edit user" });
    const firstName = within(form).getByLabelText("First Name");
    expect(firstName).toHaveValue("Carla");
    expect(within(form).getByText("carla.customer@example.com")).toBeInTheDocument();

    await user.clear(firstName);
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("First name is required")).toBeInTheDocument();
    await user.clear(within(form).getByLabelText("Last Name"));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByText("Last name is required")).toBeInTheDocument();

    await user.type(firstName, "Carlotta");
    await user.type(within(form).getByLabelText("Last Name"), "Customer");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("User updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/people"));
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([
      { id: 2, firstName: "Carlotta", lastName: "Customer", expectedRevision: 1 },
    ]);
  });

  it("gives a staff member another staff role", async () => {
    const sales = { ...roles[0]!, id: 4, name: "Sales", permissions: ["orders.view"], userCount: 0 };
    const sam = people[2]!;
    const fetchMock = mockPeopleApi({
      "GET /api/roles": envelope([...roles, sales]),
      "GET /api/users/with-memberships/3": envelope(sam),
      "PUT /api/users": written({ ...sam, roleId: 4, _revision: 2 }),
    });
    const { user } = renderApp("/home/people/edit/3");
    const form = await screen.findByRole("form", { name: "Edit user" });
    const role = within(form).getByRole("combobox", { name: "Role" });
    await waitFor(() => expect(role).toHaveTextContent("Admin"));
    await user.click(role);
    // Staff roles only: the customer roles are not offered.
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Admin", "Sales"]);
    await user.click(screen.getByRole("option", { name: "Sales" }));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("User updated successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([
      { id: 3, firstName: "Sam", lastName: "Staffer", roleId: 4, expectedRevision: 1 },
    ]);
  });

  it("resets a staff member's passkeys after asking, the recovery path when they lost them", async () => {
    const sam = people[2]!;
    const fetchMock = mockPeopleApi({
      "GET /api/users/with-memberships/3": envelope(sam),
      "DELETE /api/users/3/passkeys": envelope({ userId: 3, removed: 2 }),
    });
    const { user } = renderApp("/home/people/edit/3");
    const section = await screen.findByRole("region", { name: "Reset Passkeys" });
    await user.click(within(section).getByRole("button", { name: "Reset passkeys" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Reset the passkeys of Sam Staffer?" });
    await user.click(within(dialog).getByRole("button", { name: "Reset passkeys" }));
    expect(
      await screen.findByText(
        "Passkeys reset: the user signs in with a login code until they add a new passkey.",
      ),
    ).toBeInTheDocument();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE");
    expect(deletes.map(([input]) => String(input))).toEqual(["/api/users/3/passkeys"]);
  });

  it("shows no role choice for a customer's user", async () => {
    mockPeopleApi({ "GET /api/users/with-memberships/2": envelope(people[1]) });
    renderApp("/home/people/edit/2");
    const form = await screen.findByRole("form", { name: "Edit user" });
    expect(within(form).queryByRole("combobox", { name: "Role" })).not.toBeInTheDocument();
    // Customers' users never sign in here: no passkeys to reset.
    expect(screen.queryByRole("region", { name: "Reset Passkeys" })).not.toBeInTheDocument();
  });

  it("sends an unknown user back to the people list", async () => {
    mockPeopleApi({
      "GET /api/users/with-memberships/99": failure(404, "User not found"),
    });
    const { router } = renderApp("/home/people/edit/99");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/people"));
    expect(await screen.findByText("User not found")).toBeInTheDocument();
  });
});

describe("Deactivate and Reactivate", () => {
  const carla = people[1];

  it("deactivates a person from the list after asking, with the revision it showed", async () => {
    const fetchMock = mockPeopleApi({
      "PUT /api/users": written({ ...carla, status: "inactive", _revision: 2 }),
    });
    const { user } = renderApp("/home/people");
    const table = await screen.findByRole("table", { name: "People" });
    const row = await within(table).findByRole("row", { name: /Carla Customer/ });
    expect(within(row).getByText("Active")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Deactivate Carla Customer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Carla Customer?" });
    expect(dialog).toHaveTextContent("Carla Customer can no longer sign in");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));

    expect(await screen.findByText("User deactivated successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([
      { id: 2, firstName: "Carla", lastName: "Customer", status: "inactive", expectedRevision: 1 },
    ]);
  });

  it("changes nothing when the question is cancelled", async () => {
    const fetchMock = mockPeopleApi();
    const { user } = renderApp("/home/people");
    const table = await screen.findByRole("table", { name: "People" });
    const row = await within(table).findByRole("row", { name: /Carla Customer/ });
    await user.click(within(row).getByRole("button", { name: "Deactivate Carla Customer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Carla Customer?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([]);
  });

  it("shows the server's message as it is when the deactivation is refused", async () => {
    const refusal = "The last active user who can manage people cannot be deactivated";
    mockPeopleApi({ "PUT /api/users": failure(409, refusal) });
    const { user } = renderApp("/home/people");
    const table = await screen.findByRole("table", { name: "People" });
    const row = await within(table).findByRole("row", { name: /Sam Staffer/ });
    await user.click(within(row).getByRole("button", { name: "Deactivate Sam Staffer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Sam Staffer?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));

    expect(await screen.findByText("Failed to deactivate user")).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("reactivates an inactive person from the edit screen", async () => {
    const inactive = { ...carla, status: "inactive", _revision: 4 };
    const fetchMock = mockPeopleApi({
      "GET /api/users/with-memberships/2": envelope(inactive),
      "PUT /api/users": written({ ...carla, status: "active", _revision: 5 }),
    });
    const { user, router } = renderApp("/home/people/edit/2");
    const form = await screen.findByRole("form", { name: "Edit user" });
    expect(within(form).getByText("Inactive")).toBeInTheDocument();
    const section = screen.getByRole("region", { name: "Reactivate User" });
    expect(section).toHaveTextContent("This user is inactive and cannot sign in.");

    await user.click(within(section).getByRole("button", { name: "Reactivate User" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Reactivate Carla Customer?" });
    await user.click(within(dialog).getByRole("button", { name: "Reactivate" }));

    expect(await screen.findByText("User reactivated successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([
      { id: 2, firstName: "Carla", lastName: "Customer", status: "active", expectedRevision: 4 },
    ]);
    // The screen stays: only the status changed.
    expect(router.state.location.pathname).toBe("/home/people/edit/2");
  });

  it("deactivates from the edit screen with the names the server holds, not the ones being typed", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/users/with-memberships/2": envelope(carla),
      "PUT /api/users": failure(409, "This record was changed by someone else. Reload it and try again."),
    });
    const { user } = renderApp("/home/people/edit/2");
    const form = await screen.findByRole("form", { name: "Edit user" });
    await user.type(within(form).getByLabelText("First Name"), "tta");
    const section = screen.getByRole("region", { name: "Deactivate User" });
    await user.click(within(section).getByRole("button", { name: "Deactivate User" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Carla Customer?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));

    expect(await screen.findByText("Failed to deactivate user")).toBeInTheDocument();
    expect(
      screen.getByText("This record was changed by someone else. Reload it and try again."),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([
      { id: 2, firstName: "Carla", lastName: "Customer", status: "inactive", expectedRevision: 1 },
    ]);
  });
});
