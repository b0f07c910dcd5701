import { configure, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { envelope, failure, mockPeopleApi, person, sentBodies, written } from "@/testing/people-api";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// Whole screens, loaded lazily, with many typed keys: slow under happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

describe("Team", () => {
  it("lists staff only, searched by full name", async () => {
    mockPeopleApi();
    const { user } = renderApp("/home/team");
    const table = await screen.findByRole("table", { name: "Team members" });
    expect(await within(table).findByText("Sam Staffer")).toBeInTheDocument();
    expect(within(table).queryByText("Carla Customer")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add New Team Member" })).toHaveAttribute(
      "href",
      "/home/team/create-user",
    );

    const search = screen.getByRole("searchbox", { name: "Search team members" });
    await user.type(search, "sam staff");
    expect(within(table).getByText("Sam Staffer")).toBeInTheDocument();
    expect(within(table).queryByText("Admin User")).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "carla");
    expect(within(table).getByText("No team members found")).toBeInTheDocument();
  });

  it("adds a team member in the internal organization and goes back to the team", async () => {
    const fetchMock = mockPeopleApi({
      "POST /api/users/create-with-organization-membership": written(
        person(5, "Tina", "Teamer", "internal"),
        201,
      ),
    });
    const { user, router } = renderApp("/home/team/create-user");
    const form = await screen.findByRole("form", { name: "New team member" });
    expect(within(form).queryByRole("combobox", { name: "Type" })).not.toBeInTheDocument();
    await user.click(within(form).getByRole("combobox", { name: "Organization" }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual([
      "Catalog Manager Footwear",
    ]);
    await user.keyboard("{Escape}");

    await user.type(within(form).getByLabelText("First Name"), "Tina");
    await user.type(within(form).getByLabelText("Last Name"), "Teamer");
    await user.type(within(form).getByLabelText("Email"), "tina@catalog.example");
    await user.click(within(form).getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Admin" }));
    await user.click(within(form).getByRole("button", { name: "Create" }));
    expect(await screen.findByText("User created successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/team"));
    expect(sentBodies(fetchMock, "POST", "/api/users/create-with-organization-membership")).toEqual([
      {
        email: "tina@catalog.example",
        firstName: "Tina",
        lastName: "Teamer",
        organizationId: 1,
        userType: "internal",
        roleId: 1,
      },
    ]);
  });
});

describe("Team member status", () => {
  it("deactivates a team member after asking, and says so", async () => {
    const sam = person(3, "Sam", "Staffer", "internal");
    const fetchMock = mockPeopleApi({
      "PUT /api/users": written({ ...sam, status: "inactive", _revision: 2 }),
    });
    const { user } = renderApp("/home/team");
    const table = await screen.findByRole("table", { name: "Team members" });
    const row = await within(table).findByRole("row", { name: /Sam Staffer/ });
    expect(within(row).getByText("Active")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Deactivate Sam Staffer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Sam Staffer?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));

    expect(await screen.findByText("User deactivated successfully")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([
      { id: 3, firstName: "Sam", lastName: "Staffer", status: "inactive", expectedRevision: 1 },
    ]);
  });

  it("is disabled, with the reason, for a user who cannot manage people", async () => {
    seedSession({ permissions: ["people.view"] });
    mockPeopleApi({});
    renderApp("/home/team");
    const table = await screen.findByRole("table", { name: "Team members" });
    const row = await within(table).findByRole("row", { name: /Sam Staffer/ });
    const deactivate = within(row).getByRole("button", { name: "Deactivate Sam Staffer" });
    expect(deactivate).toBeDisabled();
    expect(deactivate).toHaveAccessibleDescription('Needs the "People: Manage" permission');
  });

  it("reactivates an inactive team member, or shows why not", async () => {
    const inactiveSam = { ...person(3, "Sam", "Staffer", "internal"), status: "inactive", _revision: 3 };
    const { organizationMemberships: _memberships, ...listed } = inactiveSam;
    const fetchMock = mockPeopleApi({
      "GET /api/users": envelope([listed]),
      "PUT /api/users": failure(409, "This record was changed by someone else. Reload it and try again."),
    });
    const { user } = renderApp("/home/team");
    const table = await screen.findByRole("table", { name: "Team members" });
    const row = await within(table).findByRole("row", { name: /Sam Staffer/ });
    expect(within(row).getByText("Inactive")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Reactivate Sam Staffer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Reactivate Sam Staffer?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([]);

    await user.click(within(row).getByRole("button", { name: "Reactivate Sam Staffer" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Reactivate Sam Staffer?" })).getByRole(
        "button",
        { name: "Reactivate" },
      ),
    );
    expect(await screen.findByText("Failed to reactivate user")).toBeInTheDocument();
    expect(
      screen.getByText("This record was changed by someone else. Reload it and try again."),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/users")).toEqual([
      { id: 3, firstName: "Sam", lastName: "Staffer", status: "active", expectedRevision: 3 },
    ]);
  });
});
