import { historyMessages } from "@cm/contracts/history";
import { permissionMessages } from "@cm/contracts/permissions";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { historyEntry, historyPage, historyRequests } from "@/testing/history-api";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { person } from "@/testing/people-api";
import { renderApp } from "@/testing/render-app";

// A whole screen, loaded lazily: slow under happy-dom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const staff = [person(5, "Ana", "Diaz", "internal"), person(6, "Ben", "Okafor", "internal")];
const customerUser = person(7, "Carla", "Customer");

const entries = [
  historyEntry({ id: 9, entityType: "order", entityId: 42, entityLabel: "SO-000042", action: "status" }),
  historyEntry({ id: 8, entityType: "brand", entityId: 3, entityLabel: "Old Brand", action: "delete" }),
  historyEntry({ id: 7, entityType: "brand", entityId: 3, entityLabel: "Old Brand", action: "update" }),
  historyEntry({ id: 6, entityType: "brand", entityId: 1, entityLabel: "Crocs", action: "update" }),
  historyEntry({ id: 5 }),
  historyEntry({
    id: 4,
    entityType: "line-list",
    entityId: 12,
    entityLabel: "Crocs Spring 2027",
    action: "upload",
  }),
  historyEntry({ id: 3, entityType: "role", entityId: 4, entityLabel: "Sales", action: "create" }),
];

function mockActivityApi(page = historyPage(entries, { pageSize: 20, total: 45 })) {
  return mockFetch({
    "/api/history": page,
    "/api/users": ok([...staff, customerUser]),
  });
}

function location(router: ReturnType<typeof renderApp>["router"]) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

describe("Activity", () => {
  it("asks for the URL's filters, 20 a page, and shows them in the filters", async () => {
    seedSession();
    const fetchMock = mockActivityApi();
    renderApp("/home/activity?entityType=brand&userId=5&from=2027-03-01&to=2027-03-31&page=2");

    expect(await screen.findByRole("heading", { name: historyMessages.activityTitle })).toBeInTheDocument();
    await screen.findByRole("list", { name: historyMessages.activityTitle });
    expect(Object.fromEntries(historyRequests(fetchMock).at(-1)!)).toEqual({
      entityType: "brand",
      userId: "5",
      from: "2027-03-01",
      to: "2027-03-31",
      page: "2",
      pageSize: "20",
    });
    const filters = screen.getByRole("group", { name: "Filters" });
    expect(within(filters).getByRole("combobox", { name: "Type" })).toHaveTextContent("Brand");
    await waitFor(() =>
      expect(within(filters).getByRole("combobox", { name: "Person" })).toHaveTextContent("Ana Diaz"),
    );
    expect(within(filters).getByLabelText("From")).toHaveValue("2027-03-01");
    expect(within(filters).getByLabelText("To")).toHaveValue("2027-03-31");
    // Breadcrumb: Home › Settings › Activity.
    expect(
      within(screen.getByRole("navigation", { name: "Breadcrumb" })).getByText("Activity"),
    ).toBeInTheDocument();
  });

  it("puts each filter in the URL and the request, back on the first page", async () => {
    seedSession();
    const fetchMock = mockActivityApi();
    const { user, router } = renderApp("/home/activity?page=2");
    const filters = await screen.findByRole("group", { name: "Filters" });

    await user.click(within(filters).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Order" }));
    await waitFor(() => expect(location(router)).toEqual({ entityType: "order" }));

    await user.click(within(filters).getByRole("combobox", { name: "Person" }));
    // Staff only: customers' users do not work in Catalog Manager.
    expect(screen.queryByRole("option", { name: /Carla Customer/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("option", { name: /Ben Okafor/ }));
    await waitFor(() => expect(location(router)).toEqual({ entityType: "order", userId: "6" }));

    await user.type(within(filters).getByLabelText("From"), "2027-03-01");
    await waitFor(() => expect(location(router)).toMatchObject({ from: "2027-03-01" }));
    await waitFor(() =>
      expect(Object.fromEntries(historyRequests(fetchMock).at(-1)!)).toEqual({
        entityType: "order",
        userId: "6",
        from: "2027-03-01",
        page: "1",
        pageSize: "20",
      }),
    );

    await user.click(within(filters).getByRole("button", { name: historyMessages.clearFilters }));
    await waitFor(() => expect(location(router)).toEqual({}));
  });

  it("pages through the changes with the total", async () => {
    seedSession();
    const fetchMock = mockActivityApi();
    const { user, router } = renderApp("/home/activity");
    const pages = await screen.findByRole("navigation", { name: "Pages of changes" });
    expect(pages).toHaveTextContent("45 changes · Page 1 of 3");
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(location(router)).toEqual({ page: "2" }));
    await waitFor(() => expect(historyRequests(fetchMock).at(-1)?.get("page")).toBe("2"));
  });

  it("links each entry to its entity's screen while the entity exists", async () => {
    seedSession();
    mockActivityApi();
    renderApp("/home/activity");
    const list = await screen.findByRole("list", { name: historyMessages.activityTitle });
    const items = within(list)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === list);
    const byId = (index: number) => items[index]!;

    expect(byId(0)).toHaveTextContent("Order");
    expect(within(byId(0)).getByRole("link", { name: "SO-000042" })).toHaveAttribute(
      "href",
      "/home/orders/42",
    );
    // Deleted: neither the deletion nor the older entries of that brand link to it.
    expect(within(byId(1)).queryByRole("link")).not.toBeInTheDocument();
    expect(within(byId(2)).queryByRole("link")).not.toBeInTheDocument();
    expect(within(byId(3)).getByRole("link", { name: "Crocs" })).toHaveAttribute(
      "href",
      "/home/brands/edit/1",
    );
    // A catalog has no screen of its own.
    expect(within(byId(4)).queryByRole("link")).not.toBeInTheDocument();
    expect(within(byId(5)).getByRole("link", { name: "Crocs Spring 2027" })).toHaveAttribute(
      "href",
      "/home/catalog-segmentation/12",
    );
    expect(within(byId(6)).getByRole("link", { name: "Sales" })).toHaveAttribute(
      "href",
      "/home/team/roles/4",
    );
  });

  it("links only to the screens the user may open", async () => {
    seedSession({ permissions: ["history.view", "orders.view"] });
    mockActivityApi();
    renderApp("/home/activity");
    const list = await screen.findByRole("list", { name: historyMessages.activityTitle });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["SO-000042"]);
    // Without people.view or customers.view the people cannot be listed to choose from.
    expect(screen.getByRole("combobox", { name: "Person" })).toBeDisabled();
  });

  it("says when nothing was recorded, and when nothing matches the filters", async () => {
    seedSession();
    mockActivityApi(historyPage([], { pageSize: 20 }));
    const { user, router, unmount } = renderApp("/home/activity?entityType=store");
    expect(await screen.findByText(historyMessages.noResults)).toBeInTheDocument();
    const clear = screen.getAllByRole("button", { name: historyMessages.clearFilters }).at(-1)!;
    await user.click(clear);
    await waitFor(() => expect(location(router)).toEqual({}));
    expect(await screen.findByText(historyMessages.empty)).toBeInTheDocument();
    unmount();
  });

  it("asks nothing for a From after the To, and says why", async () => {
    seedSession();
    const fetchMock = mockActivityApi();
    renderApp("/home/activity?from=2027-03-31&to=2027-03-01");
    expect(await screen.findByText(historyMessages.fromAfterTo)).toBeInTheDocument();
    expect(screen.getByLabelText("To")).toHaveAttribute("aria-invalid", "true");
    expect(historyRequests(fetchMock)).toHaveLength(0);
  });

  it("says when the changes could not be loaded", async () => {
    seedSession();
    mockFetch({ "/api/history": { status: 500, body: { success: false, message: "Boom", data: null } } });
    renderApp("/home/activity");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(historyMessages.loadFailed);
    expect(alert).toHaveTextContent("Boom");
  });

  it("is in the sidebar's Settings only for a user with history.view", async () => {
    seedSession();
    mockActivityApi();
    const first = renderApp("/home/settings/account");
    const settings = await screen.findByRole("group", { name: "Settings" });
    expect(within(settings).getByRole("link", { name: "Activity" })).toHaveAttribute(
      "href",
      "/home/activity",
    );
    first.unmount();

    seedSession({ permissions: ["catalogs.view", "orders.view"] });
    const fetchMock = mockActivityApi();
    renderApp("/home/activity");
    expect(
      await screen.findByRole("heading", { name: permissionMessages.noAccessTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Activity" })).not.toBeInTheDocument();
    expect(historyRequests(fetchMock)).toHaveLength(0);
  });
});
