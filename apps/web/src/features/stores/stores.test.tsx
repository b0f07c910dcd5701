import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import {
  arubaAddress,
  envelope,
  failure,
  mockCustomersApi,
  sentBodies,
  store,
  written,
} from "@/testing/customers-api";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 10_000 };

describe("Stores list", () => {
  it("lists stores with their organization, address status and status, and searches by name", async () => {
    mockCustomersApi({
      "GET /api/stores": envelope([
        store(21, "Beach Store", { addresses: [{ ...arubaAddress, type: "billing" }] }),
        store(22, "Mall Store", { status: "inactive" }),
      ]),
    });
    const { user } = renderApp("/home/stores");
    const table = await screen.findByRole("table", { name: "Stores" }, slow);
    const beach = await within(table).findByRole("row", { name: /Beach Store/ });
    expect(within(beach).getByText("Billing Only")).toBeInTheDocument();
    expect(within(beach).getByText("Active")).toBeInTheDocument();
    expect(within(beach).getByRole("link", { name: "Edit Beach Store" })).toHaveAttribute(
      "href",
      "/home/stores/21",
    );
    expect(within(table).getByRole("row", { name: /Mall Store/ })).toHaveTextContent("Inactive");
    expect(screen.getByRole("link", { name: "Add Store" })).toHaveAttribute("href", "/home/stores/add");

    await user.type(screen.getByRole("searchbox", { name: "Search stores" }), "MALL");
    expect(within(table).queryByText("Beach Store")).not.toBeInTheDocument();
    expect(within(table).getByText("Mall Store")).toBeInTheDocument();
  });

  it("says when there are no stores yet", async () => {
    mockCustomersApi({ "GET /api/stores": envelope([], "No business stores found.") });
    renderApp("/home/stores");
    expect(await screen.findByText("You don't have any stores yet", {}, slow)).toBeInTheDocument();
  });
});

describe("New Store", () => {
  it("creates a store linked to an organization and goes back to the list", async () => {
    const fetchMock = mockCustomersApi({ "POST /api/stores": written(store(30, "Harbour Store"), 201) });
    const success = vi.spyOn(toast, "success");
    const { user, router } = renderApp("/home/stores/add");
    expect(
      await screen.findByText("Create a new store linked to an organization", {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/home/stores");

    await user.click(screen.getByRole("button", { name: "Create Store" }));
    expect(await screen.findByText("Organization is required")).toBeInTheDocument();
    expect(screen.getByText("Store name is required")).toBeInTheDocument();
    expect(screen.getByText("Choose at least one brand")).toBeInTheDocument();

    await user.click(screen.getByRole("combobox", { name: "Organization" }));
    await user.click(await screen.findByRole("option", { name: "Sole Mates" }));
    await user.type(screen.getByRole("textbox", { name: "Store name" }), "Harbour Store");
    await user.click(screen.getByRole("checkbox", { name: "Crocs" }));
    await user.click(screen.getByRole("button", { name: "Create Store" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/home/stores"));
    expect(success).toHaveBeenCalledWith("Store created successfully");
    expect(sentBodies(fetchMock, "POST", "/api/stores")).toEqual([
      {
        organizationId: 2,
        name: "Harbour Store",
        addresses: [],
        mainContactUserId: null,
        status: "active",
        brandFocusType: { storeType: "monobrand", brandSegmentation: [{ brandId: 1, segmentation: "good" }] },
      },
    ]);
  });
});

describe("Edit store", () => {
  it("sends a store that does not exist back to the list: Editing store not found.", async () => {
    mockCustomersApi({ "GET /api/stores/99": failure(404, "BusinessStore not found.") });
    const error = vi.spyOn(toast, "error");
    const { router } = renderApp("/home/stores/99");
    // The first visit to the screen loads its code on demand.
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/stores"), { timeout: 20_000 });
    expect(error).toHaveBeenCalledWith("Editing store not found.");
  });

  it("says the same of an id that is no store id, without asking the server", async () => {
    const fetchMock = mockCustomersApi({});
    const error = vi.spyOn(toast, "error");
    const { router } = renderApp("/home/stores/8f14e45f-ceea-467f-a0e6-1d2b3c4d5e6f");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/stores"), slow);
    expect(error).toHaveBeenCalledWith("Editing store not found.");
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining("8f14e45f"),
    );
  });

  it("sends a store that fails to load back to the list with the server's reason", async () => {
    mockCustomersApi({ "GET /api/stores/99": failure(500, "Something went wrong in our side.") });
    const error = vi.spyOn(toast, "error");
    const { router } = renderApp("/home/stores/99");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/stores"), slow);
    expect(error).toHaveBeenCalledWith("Something went wrong in our side.");
  });

  it("deactivates after confirming, then offers to activate again", async () => {
    const fetchMock = mockCustomersApi({
      "GET /api/stores/21": envelope(store(21, "Beach Store")),
      "PUT /api/stores/21/status": written(store(21, "Beach Store", { status: "inactive", _revision: 2 })),
    });
    const success = vi.spyOn(toast, "success");
    const { user } = renderApp("/home/stores/21");
    await user.click(await screen.findByRole("button", { name: "Deactivate Store" }, slow));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Beach Store?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate Store" }));

    expect(await screen.findByRole("button", { name: "Activate Store" })).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith("Store status updated successfully.");
    expect(sentBodies(fetchMock, "PUT", "/api/stores/21/status")).toEqual([
      { newStatus: "inactive", expectedRevision: 1 },
    ]);
  });

  it("saves the basic info on its own, and tells a failure", async () => {
    const fetchMock = mockCustomersApi({
      "GET /api/stores/21": envelope(store(21, "Beach Store")),
      "PATCH /api/stores/21/basic-info": failure(
        409,
        "This record was changed by someone else. Reload it and try again.",
      ),
    });
    const error = vi.spyOn(toast, "error");
    const { user } = renderApp("/home/stores/21");
    const basicInfo = await screen.findByRole("form", { name: "Basic info" }, slow);
    const name = within(basicInfo).getByRole("textbox", { name: "Store name" });
    await user.clear(name);
    await user.type(name, "Beach Store North");
    await user.click(within(basicInfo).getByRole("button", { name: "Save basic info" }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith("Failed to update store basic info.", {
        description: "This record was changed by someone else. Reload it and try again.",
      }),
    );
    expect(sentBodies(fetchMock, "PATCH", "/api/stores/21/basic-info")).toEqual([
      { newName: "Beach Store North", newDescription: null, newMainContactUserId: null, expectedRevision: 1 },
    ]);
  });

  it("adds a billing address copied from the organization and saves the addresses", async () => {
    const fetchMock = mockCustomersApi({
      "GET /api/stores/21": envelope(store(21, "Beach Store")),
      "PUT /api/stores/21/addresses": written(
        store(21, "Beach Store", { addresses: [{ ...arubaAddress, type: "billing" }], _revision: 2 }),
      ),
    });
    const success = vi.spyOn(toast, "success");
    const { user } = renderApp("/home/stores/21");
    const addresses = await screen.findByRole("form", { name: "Addresses" }, slow);
    expect(within(addresses).getByText("Not set")).toBeInTheDocument();
    await user.click(within(addresses).getByRole("checkbox", { name: "Billing address" }));
    const same = within(addresses).getByRole("checkbox", { name: "Same as Organization Address" });
    await waitFor(() => expect(same).toBeEnabled());
    await user.click(same);
    expect(within(addresses).getByRole("textbox", { name: "City" })).toHaveValue("Oranjestad");
    expect(within(addresses).getByText("Billing Only")).toBeInTheDocument();
    await user.click(within(addresses).getByRole("button", { name: "Save addresses" }));

    await waitFor(() => expect(success).toHaveBeenCalledWith("Store addresses updated successfully."));
    expect(sentBodies(fetchMock, "PUT", "/api/stores/21/addresses")).toEqual([
      { addresses: [{ ...arubaAddress, type: "billing" }], expectedRevision: 1 },
    ]);
  });

  it("marks each edited section as unsaved and asks before leaving, naming them", async () => {
    mockCustomersApi({ "GET /api/stores/21": envelope(store(21, "Beach Store")) });
    const { user, router } = renderApp("/home/stores/21");
    const basicInfo = await screen.findByRole("form", { name: "Basic info" }, slow);
    const brandFocus = screen.getByRole("form", { name: "Brand focus" });
    const addresses = screen.getByRole("form", { name: "Addresses" });
    expect(screen.queryByText("Unsaved changes")).not.toBeInTheDocument();

    const name = within(basicInfo).getByRole("textbox", { name: "Store name" });
    await user.type(name, " North");
    expect(within(basicInfo).getByText("Unsaved changes")).toBeInTheDocument();
    expect(within(addresses).queryByText("Unsaved changes")).not.toBeInTheDocument();
    await user.click(await within(brandFocus).findByRole("checkbox", { name: "Pandora" }));
    expect(within(brandFocus).getByText("Unsaved changes")).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Back" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    expect(dialog).toHaveTextContent("Basic info and Brand focus have changes that are not saved.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/home/stores/21");
    expect(name).toHaveValue("Beach Store North");

    await user.click(screen.getByRole("link", { name: "Back" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/stores"));
  });

  it("asks the browser to confirm closing the tab only while a section is unsaved, and lets a saved page go", async () => {
    // A store with every section filled in is not unsaved as loaded.
    const filled = {
      description: "By the harbour",
      addresses: [
        { ...arubaAddress, type: "billing" },
        {
          type: "shipping",
          line1: "1 King St W",
          line2: "Unit 4",
          city: "Toronto",
          state: "ON",
          country: "CA",
          postalCode: "M5V 2T6",
        },
      ],
      brandFocusType: {
        storeType: "multi-brand",
        brandSegmentation: [
          { brandId: 1, segmentation: "best" },
          { brandId: 2, segmentation: "better" },
        ],
      },
    };
    mockCustomersApi({
      "GET /api/stores/21": envelope(store(21, "Beach Store", filled)),
      "PATCH /api/stores/21/basic-info": written(store(21, "Beach Store North", { _revision: 2 })),
    });
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { user, router } = renderApp("/home/stores/21");
    const basicInfo = await screen.findByRole("form", { name: "Basic info" }, slow);
    expect(await screen.findByRole("checkbox", { name: "Pandora" })).toBeChecked();
    expect(screen.queryByText("Unsaved changes")).not.toBeInTheDocument();
    expect(unload()).toBe(false);
    await user.type(within(basicInfo).getByRole("textbox", { name: "Store name" }), " North");
    expect(unload()).toBe(true);

    await user.click(within(basicInfo).getByRole("button", { name: "Save basic info" }));
    await waitFor(() => expect(within(basicInfo).queryByText("Unsaved changes")).not.toBeInTheDocument());
    expect(unload()).toBe(false);
    await user.click(screen.getByRole("link", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/stores"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});
