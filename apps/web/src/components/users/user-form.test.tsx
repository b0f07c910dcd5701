import { permissionMessages } from "@cm/contracts/permissions";
import { userMessages } from "@cm/contracts/users";
import { configure, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import {
  envelope,
  mockPeopleApi,
  person,
  roles,
  sentBodies,
  timestamps,
  written,
} from "@/testing/people-api";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// Whole screens, loaded lazily, with many typed keys: slow under happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const staffRole = (id: number, name: string, status = "active") => ({
  id,
  name,
  description: null,
  type: "internal",
  status,
  permissions: ["catalogs.view"],
  userCount: 0,
  _revision: 1,
  ...timestamps,
});
const withStaffRoles = [...roles, staffRole(4, "Sales"), staffRole(5, "Retired Staff", "inactive")];

describe("the role of a new staff member", () => {
  it("is any active staff role, none chosen at first: Create without one asks for it", async () => {
    const fetchMock = mockPeopleApi({
      "GET /api/roles": envelope(withStaffRoles),
      "POST /api/users/create-with-organization-membership": written(
        person(6, "Tina", "Teamer", "internal"),
        201,
      ),
    });
    const { user, router } = renderApp("/home/team/create-user");
    const form = await screen.findByRole("form", { name: "New team member" });
    const role = within(form).getByRole("combobox", { name: "Role" });
    expect(role).toHaveTextContent("Select a role");

    await user.type(within(form).getByLabelText("First Name"), "Tina");
    await user.type(within(form).getByLabelText("Last Name"), "Teamer");
    await user.type(within(form).getByLabelText("Email"), "tina@catalog.example");
    await user.click(within(form).getByRole("button", { name: "Create" }));
    expect(await within(form).findByText(userMessages.roleRequired)).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/users/create-with-organization-membership")).toEqual([]);

    await user.click(role);
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual([
      "Admin",
      "Sales",
    ]);
    await user.click(screen.getByRole("option", { name: "Sales" }));
    await user.click(within(form).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/team"));
    expect(sentBodies(fetchMock, "POST", "/api/users/create-with-organization-membership")).toEqual([
      {
        email: "tina@catalog.example",
        firstName: "Tina",
        lastName: "Teamer",
        organizationId: 1,
        userType: "internal",
        roleId: 4,
      },
    ]);
  });

  it("is chosen again when People's type changes: none is carried over, none is Admin by default", async () => {
    mockPeopleApi({ "GET /api/roles": envelope(withStaffRoles) });
    const { user } = renderApp("/home/people/create-user");
    const form = await screen.findByRole("form", { name: "New user" });
    const type = within(form).getByRole("combobox", { name: "Type" });
    const role = within(form).getByRole("combobox", { name: "Role" });
    expect(role).toHaveTextContent("Select a role");
    await user.click(role);
    await user.click(await screen.findByRole("option", { name: "Sales" }));
    expect(role).toHaveTextContent("Sales");
    await user.click(type);
    await user.click(await screen.findByRole("option", { name: "Customer" }));
    expect(within(form).getByRole("combobox", { name: "Role" })).toHaveTextContent("Select a role");
    await user.click(type);
    await user.click(await screen.findByRole("option", { name: "Staff" }));
    expect(within(form).getByRole("combobox", { name: "Role" })).toHaveTextContent("Select a role");
  });

  it("cannot be given by someone who may manage customers but not people: People offers customers only", async () => {
    seedSession({ permissions: ["customers.view", "customers.manage"] });
    mockPeopleApi();
    const { user } = renderApp("/home/people/create-user");
    const form = await screen.findByRole("form", { name: "New user" });
    const type = within(form).getByRole("combobox", { name: "Type" });
    expect(type).toHaveTextContent("Customer");
    await user.click(type);
    const staff = await screen.findByRole("option", { name: /Staff/ });
    expect(staff).toHaveAttribute("aria-disabled", "true");
    expect(staff).toHaveTextContent(permissionMessages.disabledReason("people.manage"));
  });
});
