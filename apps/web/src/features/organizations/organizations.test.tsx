import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import {
  arubaAddress,
  envelope,
  externalUser,
  failure,
  mockCustomersApi,
  organization,
  roles,
  sentBodies,
  written,
} from "@/testing/customers-api";
import { renderApp } from "@/testing/render-app";

// The first render of a screen in this file also loads its lazy route module.
const firstRender = { timeout: 20_000 };

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// Whole screens with many typed keys: slow under happy-dom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe("Organizations list", () => {
  it("lists customers with their country, stores and users, and searches by name or country", async () => {
    mockCustomersApi();
    const { user } = renderApp("/home/organizations");
    const table = await screen.findByRole("table", { name: "Organizations" }, { timeout: 10_000 });
    const soleMates = await within(table).findByRole("row", { name: /Sole Mates/ });
    expect(within(soleMates).getAllByText(/Aruba/).length).toBeGreaterThan(0);
    expect(within(soleMates).getByRole("link", { name: "Edit Sole Mates" })).toHaveAttribute(
      "href",
      "/home/organizations/edit/2",
    );
    // A customer with history is deactivated, not deleted.
    expect(within(soleMates).getByRole("button", { name: /Delete Sole Mates/ })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Add New Customer" })).toHaveAttribute(
      "href",
      "/home/organizations/create-customer",
    );

    const search = screen.getByRole("searchbox", { name: "Search organizations" });
    await user.type(search, "canada");
    expect(within(table).getByText("Maple Feet")).toBeInTheDocument();
    expect(within(table).queryByText("Sole Mates")).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "AW");
    expect(within(table).getByText("Sole Mates")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "sole");
    expect(within(table).queryByText("Maple Feet")).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "nowhere");
    expect(within(table).getByText("No organizations found")).toBeInTheDocument();
  });

  it("says Organizations not found, with the server's reason and a retry, when the list fails to load", async () => {
    let failing = true;
    mockCustomersApi({
      "GET /api/customers": async () =>
        failing ? failure(500, "Something went wrong in the server.") : envelope([]),
    });
    const { user } = renderApp("/home/organizations");
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent("Organizations not found");
    expect(alert).toHaveTextContent("Something went wrong in the server.");

    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No organizations found")).toBeInTheDocument();
  });
});

describe("New Customer wizard", () => {
  it("keeps Create disabled until the organization, every store and every user have a name", async () => {
    mockCustomersApi();
    const { user } = renderApp("/home/organizations/create-customer");
    const create = await screen.findByRole("button", { name: "Create" }, { timeout: 10_000 });
    expect(create).toBeDisabled();
    // The first store is "Main Store" and cannot be removed.
    expect(screen.getByRole("textbox", { name: "Store name" })).toHaveValue("Main Store");
    expect(screen.queryByRole("button", { name: "Remove store" })).not.toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: "Organization name" }), "Island Steps");
    expect(create).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Add store" }));
    expect(create).toBeDisabled();
    const secondStore = screen.getByRole("region", { name: "Store 2" });
    await user.type(within(secondStore).getByRole("textbox", { name: "Store name" }), "Mall Store");
    expect(create).toBeEnabled();
    await user.click(within(secondStore).getByRole("checkbox", { name: "Shipping address" }));
    expect(within(secondStore).getByRole("checkbox", { name: "Shipping address" })).toBeChecked();
    expect(within(secondStore).getByRole("textbox", { name: "Address line 1" })).toBeInTheDocument();
    expect(within(secondStore).getByText("Shipping Only")).toBeInTheDocument();
    expect(within(secondStore).getByRole("button", { name: "Remove store" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add user" }));
    expect(create).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "User 1 first name" }), "Cal");
    expect(create).toBeEnabled();
  });

  it("shows the section 5 messages and sends nothing while the form is invalid", async () => {
    const fetchMock = mockCustomersApi();
    const { user } = renderApp("/home/organizations/create-customer");
    await user.type(
      await screen.findByRole("textbox", { name: "Organization name" }, { timeout: 10_000 }),
      "Island Steps",
    );
    await user.click(screen.getByRole("button", { name: "Add user" }));
    await user.type(screen.getByRole("textbox", { name: "User 1 first name" }), "Cal");
    // At most 10 characters can be typed (the longest code of any country offered); each
    // country's own format is checked once a country is chosen (address-form.test.tsx).
    const postalCode = screen.getByRole("textbox", { name: /Postal code/ });
    await user.type(postalCode, "12345678901");
    expect(postalCode).toHaveValue("1234567890");
    await user.click(screen.getByRole("button", { name: "Create" }));

    expect(await screen.findByText("User last name is required")).toBeInTheDocument();
    expect(screen.getByText("User email is required")).toBeInTheDocument();
    expect(screen.getByText("Address line 1 is required")).toBeInTheDocument();
    expect(screen.getByText("Country is required")).toBeInTheDocument();
    expect(screen.getByText("Choose at least one brand")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/register-new-customer/register-new-customer")).toEqual([]);
  });

  async function fillValidCustomer(user: ReturnType<typeof renderApp>["user"]) {
    // Pasting rather than typing key by key keeps these long forms quick under happy-dom.
    const fill = async (element: HTMLElement, text: string) => {
      await user.click(element);
      await user.paste(text);
    };
    await fill(
      await screen.findByRole("textbox", { name: "Organization name" }, { timeout: 10_000 }),
      "Island Steps",
    );
    const organizationSection = screen.getByRole("region", { name: "Organization" });
    await fill(within(organizationSection).getByRole("textbox", { name: "Address line 1" }), "5 Ocean Drive");
    await fill(within(organizationSection).getByRole("textbox", { name: "City" }), "Oranjestad");
    await fill(within(organizationSection).getByRole("textbox", { name: "State / Province" }), "Aruba");
    await user.click(within(organizationSection).getByRole("combobox", { name: "Country" }));
    await fill(screen.getByRole("combobox", { name: "Search countries" }), "aruba");
    await user.keyboard("{Enter}");

    const mainStore = screen.getByRole("region", { name: "Store 1" });
    await user.click(within(mainStore).getByRole("checkbox", { name: "Billing address" }));
    await user.click(within(mainStore).getByRole("checkbox", { name: "Same as Organization Address" }));
    await user.click(within(mainStore).getByRole("checkbox", { name: "Crocs" }));
    await user.click(within(mainStore).getByRole("checkbox", { name: "Pandora" }));

    await fill(screen.getByRole("textbox", { name: "Main contact first name" }), "Bea");
    await fill(screen.getByRole("textbox", { name: "Main contact last name" }), "Boss");
    await fill(screen.getByRole("textbox", { name: "Main contact email" }), "bea@islandsteps.test");
  }

  /** The roles a customer user may hold (seeded by migration 0026), beside the staff ones. */
  const customerRoles = [
    ...roles,
    { ...roles[0]!, id: 7, name: "Buyer", type: "external", permissions: [], userCount: 0 },
    { ...roles[0]!, id: 8, name: "Store Viewer", type: "external", permissions: [], userCount: 0 },
    { ...roles[0]!, id: 9, name: "Old Buyer", type: "external", status: "inactive", permissions: [] },
  ];

  it("offers a new customer user the customer roles only, Buyer by default", async () => {
    const fetchMock = mockCustomersApi({
      "GET /api/roles": envelope(customerRoles),
      "POST /api/register-new-customer/register-new-customer": written(
        {
          organization: organization(9, "Island Steps"),
          mainContactUser: {
            id: 5,
            email: "bea@islandsteps.test",
            firstName: "Bea",
            lastName: "Boss",
            roleId: 7,
            created: true,
          },
          users: [],
          stores: [],
        },
        201,
      ),
    });
    const { user, router } = renderApp("/home/organizations/create-customer");
    const mainContactRole = await screen.findByRole("combobox", { name: "Main contact role" }, firstRender);
    expect(mainContactRole).toHaveTextContent("Buyer");
    await user.click(mainContactRole);
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Buyer", "Store Viewer"]);
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Add user" }));
    const userRole = screen.getByRole("combobox", { name: "User 1 role" });
    expect(userRole).toHaveTextContent("Buyer");
    await user.click(userRole);
    await user.click(await screen.findByRole("option", { name: "Store Viewer" }));
    expect(userRole).toHaveTextContent("Store Viewer");
    await user.click(screen.getByRole("button", { name: "Remove user" }));

    await fillValidCustomer(user);
    await user.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/organizations"));
    const [body] = sentBodies(fetchMock, "POST", "/api/register-new-customer/register-new-customer") as [
      { organizationMainContact: { roleId?: number } },
    ];
    expect(body.organizationMainContact.roleId).toBe(7);
  });

  it("sends the whole customer at once, then says so and goes back to the list", async () => {
    const result = {
      organization: organization(9, "Island Steps"),
      mainContactUser: {
        id: 5,
        email: "bea@islandsteps.test",
        firstName: "Bea",
        lastName: "Boss",
        roleId: 1,
        created: true,
      },
      users: [],
      stores: [],
    };
    const fetchMock = mockCustomersApi({
      "GET /api/roles": envelope(customerRoles),
      "POST /api/register-new-customer/register-new-customer": written(result, 201),
    });
    const success = vi.spyOn(toast, "success");
    const { user, router } = renderApp("/home/organizations/create-customer");
    await fillValidCustomer(user);
    await user.click(screen.getByRole("button", { name: "Create" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/home/organizations"));
    expect(success).toHaveBeenCalledWith("Customer created successfully");
    const bodies = sentBodies(fetchMock, "POST", "/api/register-new-customer/register-new-customer");
    expect(bodies).toEqual([
      {
        organization: { name: "Island Steps", type: "external", address: arubaAddress },
        organizationMainContact: {
          email: "bea@islandsteps.test",
          firstName: "Bea",
          lastName: "Boss",
          roleId: 7,
        },
        stores: [
          {
            id: expect.any(String),
            name: "Main Store",
            // Optional fields left blank are sent as absent.
            addresses: [{ ...arubaAddress, type: "billing" }],
            brandFocusType: {
              storeType: "multi-brand",
              brandSegmentation: [
                { brandId: 1, segmentation: "good" },
                { brandId: 2, segmentation: "good" },
              ],
            },
          },
        ],
        users: [],
      },
    ]);
  });

  it("stays on the form with what was typed and the server's reason when the creation fails", async () => {
    mockCustomersApi({
      "POST /api/register-new-customer/register-new-customer": failure(
        409,
        "A user with this email address already exists",
        { "organizationMainContact.email": ["A user with this email address already exists"] },
      ),
    });
    const error = vi.spyOn(toast, "error");
    const { user, router } = renderApp("/home/organizations/create-customer");
    await fillValidCustomer(user);
    await user.click(screen.getByRole("button", { name: "Create" }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Failed to create customer", {
        description: "A user with this email address already exists",
      }),
    );
    expect(router.state.location.pathname).toBe("/home/organizations/create-customer");
    expect(screen.getByRole("textbox", { name: "Organization name" })).toHaveValue("Island Steps");
    expect(screen.getByRole("textbox", { name: "Main contact email" })).toHaveAccessibleDescription(
      "A user with this email address already exists",
    );
  });

  it("fills the main contact from an existing customer user", async () => {
    mockCustomersApi();
    const { user } = renderApp("/home/organizations/create-customer");
    const mainContact = await screen.findByRole("region", { name: "Main contact" }, { timeout: 10_000 });
    await user.click(within(mainContact).getByRole("combobox", { name: "Existing customer user" }));
    await user.click(screen.getByRole("option", { name: /Erin Existing/ }));
    expect(within(mainContact).getByRole("textbox", { name: "Main contact email" })).toHaveValue(
      externalUser.email,
    );
    expect(within(mainContact).getByRole("textbox", { name: "Main contact first name" })).toHaveAttribute(
      "readonly",
    );
    await user.click(within(mainContact).getByRole("button", { name: /Create a new user/ }));
    expect(within(mainContact).getByRole("textbox", { name: "Main contact email" })).toHaveValue("");
  });
});

describe("Edit Customer", () => {
  it("saves the name with the revision it loaded", async () => {
    const fetchMock = mockCustomersApi({
      "PUT /api/organizations/name": written(organization(2, "Sole Mates Group", { _revision: 2 })),
    });
    const success = vi.spyOn(toast, "success");
    const { user } = renderApp("/home/organizations/edit/2");
    const name = await screen.findByRole("textbox", { name: "Organization name" }, firstRender);
    expect(name).toHaveValue("Sole Mates");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Organization name is required")).toBeInTheDocument();
    await user.type(name, "Sole Mates Group");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Name saved"));
    expect(sentBodies(fetchMock, "PUT", "/api/organizations/name")).toEqual([
      { organizationId: 2, name: "Sole Mates Group", expectedRevision: 1 },
    ]);
  });

  it("saves the address, or says it failed", async () => {
    mockCustomersApi({
      "PUT /api/organizations/2/address": failure(
        409,
        "This record was changed by someone else. Reload it and try again.",
      ),
    });
    const error = vi.spyOn(toast, "error");
    const { user } = renderApp("/home/organizations/edit/2");
    const addressForm = await screen.findByRole("form", { name: "Organization address" });
    const city = within(addressForm).getByRole("textbox", { name: "City" });
    expect(city).toHaveValue("Oranjestad");
    await user.clear(city);
    await user.type(city, "Noord");
    await user.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Failed to save address", {
        description: "This record was changed by someone else. Reload it and try again.",
      }),
    );
  });

  it("edits the per-brand discounts, one per brand, and saves them with the revision it loaded", async () => {
    const fetchMock = mockCustomersApi({
      "GET /api/organizations/2": envelope(
        organization(2, "Sole Mates", { discounts: [{ brandId: 1, percentage: 10 }] }),
      ),
      "PUT /api/organizations/update-discounts": written(
        organization(2, "Sole Mates", { discounts: [{ brandId: 2, percentage: 12.5 }], _revision: 2 }),
      ),
    });
    const success = vi.spyOn(toast, "success");
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Discounts" });
    const crocs = await within(section).findByRole("group", { name: "Discount for Crocs" });
    expect(within(crocs).getByRole("combobox", { name: "Brand" })).toHaveTextContent("Crocs");
    expect(within(crocs).getByRole("spinbutton", { name: "Discount percentage" })).toHaveValue(10);
    const save = within(section).getByRole("button", { name: "Save discounts" });
    expect(save).toBeDisabled();

    // A new row takes a brand no other row has; once every brand has one, there is nothing to add.
    const add = within(section).getByRole("button", { name: "Add discount" });
    await user.click(add);
    const pandora = within(section).getByRole("group", { name: "Discount for Pandora" });
    expect(add).toBeDisabled();
    expect(within(section).getByText("Every brand has a discount.")).toBeInTheDocument();
    await user.click(within(pandora).getByRole("combobox", { name: "Brand" }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["Pandora"]);
    await user.keyboard("{Escape}");

    const percentage = within(pandora).getByRole("spinbutton", { name: "Discount percentage" });
    await user.clear(percentage);
    await user.type(percentage, "150");
    await user.tab();
    expect(
      await within(pandora).findByText("Discount must be between 0 and 100 percent"),
    ).toBeInTheDocument();
    expect(percentage).toHaveAttribute("aria-invalid", "true");
    await user.click(save);
    expect(sentBodies(fetchMock, "PUT", "/api/organizations/update-discounts")).toEqual([]);

    await user.clear(percentage);
    await user.type(percentage, "12.5");
    await user.click(within(crocs).getByRole("button", { name: "Remove discount for Crocs" }));
    expect(within(section).queryByRole("group", { name: "Discount for Crocs" })).not.toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(success).toHaveBeenCalledWith("Discounts saved"));
    expect(sentBodies(fetchMock, "PUT", "/api/organizations/update-discounts")).toEqual([
      { organizationId: 2, discounts: [{ brandId: 2, percentage: 12.5 }], expectedRevision: 1 },
    ]);
    // The form starts again from what the server kept.
    await waitFor(() => expect(save).toBeDisabled());
    expect(
      within(within(section).getByRole("group", { name: "Discount for Pandora" })).getByRole("spinbutton", {
        name: "Discount percentage",
      }),
    ).toHaveValue(12.5);
    expect(within(section).getByRole("button", { name: "Add discount" })).toBeEnabled();
  });

  it("shows the server's refusal next to the discount it concerns", async () => {
    mockCustomersApi({
      // A brand deleted since the discount was given.
      "GET /api/organizations/2": envelope(
        organization(2, "Sole Mates", { discounts: [{ brandId: 7, percentage: 5 }] }),
      ),
      "PUT /api/organizations/update-discounts": failure(400, "Wrong Input", {
        "discounts.0.brandId": ["Brand not found"],
      }),
    });
    const error = vi.spyOn(toast, "error");
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Discounts" });
    const unknown = await within(section).findByRole("group", { name: "Discount for Unknown brand (7)" });
    const percentage = within(unknown).getByRole("spinbutton", { name: "Discount percentage" });
    await user.clear(percentage);
    await user.type(percentage, "6");
    await user.click(within(section).getByRole("button", { name: "Save discounts" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Failed to save discounts", { description: "Wrong Input" }),
    );
    expect(within(unknown).getByText("Brand not found")).toBeInTheDocument();
    expect(within(unknown).getByRole("combobox", { name: "Brand" })).toHaveAttribute("aria-invalid", "true");
  });

  it("sends an unknown organization back to the list", async () => {
    mockCustomersApi({ "GET /api/organizations/404": failure(404, "Organization not found") });
    const error = vi.spyOn(toast, "error");
    const { router } = renderApp("/home/organizations/edit/404");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/organizations"));
    expect(error).toHaveBeenCalledWith("Organization not found");
  });
});

describe("Edit Customer: status", () => {
  it("deactivates the customer after saying it will not be able to order", async () => {
    const fetchMock = mockCustomersApi({
      "PUT /api/organizations/2/status": written(
        organization(2, "Sole Mates", { status: "inactive", _revision: 2 }),
      ),
    });
    const success = vi.spyOn(toast, "success");
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Status" });
    expect(within(section).getByText("Active")).toBeInTheDocument();

    await user.click(within(section).getByRole("button", { name: "Deactivate Customer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Sole Mates?" });
    expect(dialog).toHaveTextContent("An inactive customer cannot order");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate Customer" }));

    await waitFor(() => expect(success).toHaveBeenCalledWith("Customer status updated successfully."));
    expect(sentBodies(fetchMock, "PUT", "/api/organizations/2/status")).toEqual([
      { status: "inactive", expectedRevision: 1 },
    ]);
    // The answer replaces the customer on screen: now it can be activated again.
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await within(section).findByRole("button", { name: "Activate Customer" })).toBeInTheDocument();
    expect(within(section).getByText("Inactive")).toBeInTheDocument();
    expect(section).toHaveTextContent("This customer is inactive and cannot order.");
  });

  it("changes nothing when the question is cancelled", async () => {
    const fetchMock = mockCustomersApi();
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Status" });
    await user.click(within(section).getByRole("button", { name: "Deactivate Customer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Sole Mates?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, "PUT", "/api/organizations/2/status")).toEqual([]);
    expect(within(section).getByText("Active")).toBeInTheDocument();
  });

  it("activates an inactive customer at once, or shows the server's reason", async () => {
    const refusal = "Organization status is already set to this status.";
    const fetchMock = mockCustomersApi({
      "GET /api/organizations/2": envelope(
        organization(2, "Sole Mates", { status: "inactive", _revision: 6 }),
      ),
      "PUT /api/organizations/2/status": failure(409, refusal),
    });
    const error = vi.spyOn(toast, "error");
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Status" });
    await user.click(within(section).getByRole("button", { name: "Activate Customer" }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Failed to update customer status.", { description: refusal }),
    );
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, "PUT", "/api/organizations/2/status")).toEqual([
      { status: "active", expectedRevision: 6 },
    ]);
  });

  it("shows the server's message when the deactivation is refused", async () => {
    const refusal = "This record was changed by someone else. Reload it and try again.";
    mockCustomersApi({ "PUT /api/organizations/2/status": failure(409, refusal) });
    const error = vi.spyOn(toast, "error");
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Status" });
    await user.click(within(section).getByRole("button", { name: "Deactivate Customer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Sole Mates?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate Customer" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Failed to update customer status.", { description: refusal }),
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });
});

describe("Edit Customer: main contact", () => {
  const member = (id: number, firstName: string, status = "active", organizationId = 2) => ({
    ...externalUser,
    id,
    firstName,
    lastName: "Member",
    email: `${firstName.toLowerCase()}@solemates.example`,
    status,
    organizationId,
  });
  const users = [
    member(31, "Ana"),
    member(32, "Ben"),
    member(33, "Cleo", "inactive"),
    member(34, "Dora", "active", 3),
  ];

  it("offers the customer's active users and saves the choice with the revision it loaded", async () => {
    const fetchMock = mockCustomersApi({
      "GET /api/users": envelope(users),
      "GET /api/organizations/2": envelope(organization(2, "Sole Mates", { mainContactUserId: 31 })),
      "PUT /api/organizations/change-main-contact-user": written(
        organization(2, "Sole Mates", { mainContactUserId: 32, _revision: 2 }),
      ),
    });
    const success = vi.spyOn(toast, "success");
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Main contact" });
    const picker = await within(section).findByRole("combobox", { name: "Main contact" });
    expect(picker).toHaveTextContent("Ana Member (ana@solemates.example)");
    const save = within(section).getByRole("button", { name: "Save main contact" });
    expect(save).toBeDisabled();

    await user.click(picker);
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual([
      "Ana Member (ana@solemates.example)",
      "Ben Member (ben@solemates.example)",
    ]);
    await user.click(screen.getByRole("option", { name: /Ben Member/ }));
    await user.click(save);

    await waitFor(() => expect(success).toHaveBeenCalledWith("Main contact saved"));
    expect(sentBodies(fetchMock, "PUT", "/api/organizations/change-main-contact-user")).toEqual([
      { organizationId: 2, mainContactUserId: 32, expectedRevision: 1 },
    ]);
    await waitFor(() => expect(save).toBeDisabled());
    expect(picker).toHaveTextContent("Ben Member");
  });

  it("shows a main contact deactivated since, and the server's refusal next to the picker", async () => {
    mockCustomersApi({
      "GET /api/users": envelope(users),
      "GET /api/organizations/2": envelope(organization(2, "Sole Mates", { mainContactUserId: 33 })),
      "PUT /api/organizations/change-main-contact-user": failure(400, "Wrong Input", {
        mainContactUserId: ["The main contact must be a member of the organization"],
      }),
    });
    const error = vi.spyOn(toast, "error");
    const { user } = renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Main contact" });
    const picker = await within(section).findByRole("combobox", { name: "Main contact" });
    expect(picker).toHaveTextContent("Cleo Member (cleo@solemates.example) · Inactive");

    await user.click(picker);
    await user.click(await screen.findByRole("option", { name: /Ana Member/ }));
    await user.click(within(section).getByRole("button", { name: "Save main contact" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Failed to save main contact", { description: "Wrong Input" }),
    );
    expect(picker).toHaveAccessibleDescription("The main contact must be a member of the organization");
    expect(picker).toHaveAttribute("aria-invalid", "true");
  });

  it("says when the customer has no active user to choose", async () => {
    mockCustomersApi({ "GET /api/users": envelope([member(33, "Cleo", "inactive")]) });
    renderApp("/home/organizations/edit/2");
    const section = await screen.findByRole("region", { name: "Main contact" });
    expect(await within(section).findByText("This customer has no active users yet.")).toBeInTheDocument();
    expect(within(section).getByRole("combobox", { name: "Main contact" })).toBeDisabled();
  });
});
