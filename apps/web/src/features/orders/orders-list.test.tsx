import { type OrderListItem, orderMessages } from "@cm/contracts/orders";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { brands, envelope, failure, organization, store, written } from "@/testing/customers-api";
import { orderListItem } from "@/testing/orders";
import { renderApp } from "@/testing/render-app";

/** The first render loads the shell's and the screen's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };

type Answer = { status?: number; body: unknown };

/**
 * The orders API over a list: GET answers the page asked for (narrowed by status, the only
 * filter these tests need the fake to apply), its total capped at `countedPastOffset` orders past
 * the page's first row as the server does; PUT status and POST status/undo answer what `move` says.
 */
function ordersApi(
  orders: OrderListItem[],
  move: (orderId: number, body: unknown) => Answer = () => failure(500, "unexpected"),
  countedPastOffset = 1000,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    let answer: Answer = failure(404, "Not found");
    const status = /^\/api\/orders\/(\d+)\/status(\/undo)?$/.exec(url.pathname);
    if (method === "GET" && url.pathname === "/api/orders") {
      const wanted = url.searchParams.get("status");
      const matching = orders.filter((item) => !wanted || item.status === wanted);
      const page = Number(url.searchParams.get("page") ?? 1);
      const pageSize = Number(url.searchParams.get("pageSize") ?? 10);
      const offset = (page - 1) * pageSize;
      const cap = offset + countedPastOffset;
      answer = envelope({
        orders: matching.slice(offset, offset + pageSize),
        ...(matching.length > cap ? { total: cap, totalIsLowerBound: true } : { total: matching.length }),
      });
    } else if ((method === "PUT" || method === "POST") && status) {
      answer = move(Number(status[1]), JSON.parse(String(init.body)));
    } else if (method === "GET") {
      answer =
        {
          "/api/brands": envelope(brands),
          "/api/organizations": envelope([
            organization(1, "Our Company", { type: "internal" }),
            organization(2, "Sole Mates"),
            organization(3, "Maple Feet"),
          ]),
          "/api/stores": envelope([
            store(21, "Beach Store"),
            store(22, "Mall Store"),
            store(31, "Toronto Store", { organizationId: 3 }),
          ]),
        }[url.pathname] ?? answer;
    }
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetchMock);

  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => ({ url: new URL(String(input), "http://localhost"), init }));
  const listCalls = () =>
    calls().filter(({ url, init }) => url.pathname === "/api/orders" && (init?.method ?? "GET") === "GET");
  return {
    /** How many order list requests were made. */
    listRequests: () => listCalls().length,
    /** The query of the latest order list request. */
    lastListQuery: () => Object.fromEntries(listCalls().at(-1)!.url.searchParams),
    statusWrites: () =>
      calls()
        .filter(({ init }) => init?.method === "PUT" || init?.method === "POST")
        .map(({ url, init }) => ({ path: url.pathname, body: JSON.parse(String(init?.body)) as unknown })),
  };
}

const ordersTable = () => screen.findByRole("table", { name: "Orders" }, firstRender);
const search = (router: ReturnType<typeof renderApp>["router"]) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

describe("order lists", { timeout: 40_000 }, () => {
  it("shows each order with its link, customer, store, date, brands, status, units and total", async () => {
    ordersApi([
      orderListItem(1, {
        multibrand: true,
        brands: [
          { id: 1, name: "Crocs" },
          { id: 2, name: "Pandora" },
        ],
        units: 1200,
      }),
    ]);
    renderApp("/home/orders/all");
    expect(await screen.findByRole("heading", { name: "All Orders" }, firstRender)).toBeInTheDocument();
    const table = await ordersTable();
    const link = await within(table).findByRole("link", { name: "SO-000001" });
    expect(link).toHaveAttribute("href", "/home/orders/1");
    const row = link.closest("tr")!;
    expect(row).toHaveTextContent("Sole Mates");
    expect(row).toHaveTextContent("Beach Store");
    expect(row).toHaveTextContent("03/01/2027");
    expect(row).toHaveTextContent("Crocs, Pandora");
    expect(row).toHaveTextContent("Pending");
    expect(within(row).getByRole("cell", { name: "1,200" })).toHaveClass("text-right");
    expect(within(row).getByRole("cell", { name: "$1,234.50" })).toHaveClass("text-right", "tabular-nums");
    expect(screen.getByText("1–1 of 1")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Order" })).toHaveAttribute("href", "/home/orders/new");
    expect(screen.getByRole("button", { name: "Download Forms" })).toBeInTheDocument();
  });

  it("marks an order placed through the portal with Portal beside its number", async () => {
    ordersApi([orderListItem(1), orderListItem(2, { source: "portal" })]);
    renderApp("/home/orders/all");
    const table = await ordersTable();
    const portal = (await within(table).findByRole("link", { name: "SO-000002" })).closest("td")!;
    expect(within(portal).getByText("Portal")).toBeInTheDocument();
    const staff = within(table).getByRole("link", { name: "SO-000001" }).closest("td")!;
    expect(within(staff).queryByText("Portal")).not.toBeInTheDocument();
  });

  it("pages through the orders 10 at a time with the total count, in the URL", async () => {
    const api = ordersApi(Array.from({ length: 23 }, (_, index) => orderListItem(index + 1)));
    const { user, router } = renderApp("/home/orders/all");
    const table = await ordersTable();
    await within(table).findByRole("link", { name: "SO-000001" });
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    expect(screen.getByText("1–10 of 23")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await within(table).findByRole("link", { name: "SO-000011" });
    expect(search(router)).toEqual({ page: "2" });
    expect(api.lastListQuery()).toMatchObject({ page: "2", pageSize: "10" });
    expect(screen.getByText("11–20 of 23")).toBeInTheDocument();
  });

  it("says when the total is only a lower bound, and still pages on to the last order", async () => {
    const orders = Array.from({ length: 23 }, (_, index) => orderListItem(index + 1));
    ordersApi(orders, undefined, 12);
    const { user } = renderApp("/home/orders/all");
    const table = await ordersTable();
    await within(table).findByRole("link", { name: "SO-000001" });
    expect(screen.getByText("1–10 of 12+")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await within(table).findByRole("link", { name: "SO-000011" });
    expect(screen.getByText("11–20 of 22+")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await within(table).findByRole("link", { name: "SO-000021" });
    expect(screen.getByText("21–23 of 23")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("puts the filters and the search in the URL and in the request", async () => {
    const api = ordersApi([orderListItem(1), orderListItem(2, { status: "processing" })]);
    const { user, router } = renderApp("/home/orders/all");
    await within(await ordersTable()).findByRole("link", { name: "SO-000001" });

    const filters = screen.getByRole("button", { name: /^Filters/ });
    expect(filters).toHaveAttribute("aria-expanded", "false");
    await user.click(filters);
    const panel = screen.getByRole("group", { name: "Filters" });

    await user.click(within(panel).getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Processing" }));
    await waitFor(() => expect(search(router)).toEqual({ status: "processing" }));
    await waitFor(() => expect(api.lastListQuery()).toMatchObject({ status: "processing" }));
    expect(await screen.findByRole("link", { name: "SO-000002" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "SO-000001" })).not.toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText("Placed from"), { target: { value: "2027-03-01" } });
    fireEvent.change(within(panel).getByLabelText("Placed to"), { target: { value: "2027-03-31" } });

    await user.click(within(panel).getByRole("combobox", { name: "Customer" }));
    // Customers only: not the internal organization.
    expect(screen.queryByRole("option", { name: "Our Company" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("option", { name: "Maple Feet" }));
    await user.click(within(panel).getByRole("combobox", { name: "Store" }));
    // The chosen customer's stores only.
    expect(screen.queryByRole("option", { name: "Beach Store" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("option", { name: "Toronto Store" }));

    await user.type(screen.getByRole("searchbox", { name: "Search orders" }), "SO-2");
    const expected = {
      status: "processing",
      from: "2027-03-01",
      to: "2027-03-31",
      organizationId: "3",
      storeId: "31",
      q: "SO-2",
    };
    await waitFor(() => expect(search(router)).toEqual(expected));
    await waitFor(() => expect(api.lastListQuery()).toMatchObject(expected));
    expect(filters).toHaveAccessibleName("Filters (5 active)");
    // New Order starts with the customer and store the list is filtered to.
    expect(screen.getByRole("link", { name: "New Order" })).toHaveAttribute(
      "href",
      "/home/orders/new?organizationId=3&storeId=31",
    );

    await user.click(within(panel).getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(search(router)).toEqual({ q: "SO-2" }));
  });

  it("reloads a shared filtered URL with the same list", async () => {
    const api = ordersApi(Array.from({ length: 12 }, (_, index) => orderListItem(index + 1)));
    renderApp("/home/orders/all?status=pending&storeId=21&q=Sole&sort=-totalWhs&page=2");
    await within(await ordersTable()).findByRole("link", { name: "SO-000011" });
    expect(api.lastListQuery()).toEqual({
      status: "pending",
      storeId: "21",
      q: "Sole",
      sort: "-totalWhs",
      page: "2",
      pageSize: "10",
    });
    expect(screen.getByRole("searchbox", { name: "Search orders" })).toHaveValue("Sole");
    const panel = screen.getByRole("group", { name: "Filters" });
    expect(within(panel).getByRole("combobox", { name: "Status" })).toHaveTextContent("Pending");
    expect(within(panel).getByRole("combobox", { name: "Store" })).toHaveTextContent("Beach Store");
    expect(screen.getByRole("columnheader", { name: "Total WHS" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  });

  it("says the spec's empty state when the page has no orders, and No results. when filters match none", async () => {
    const api = ordersApi([]);
    const { unmount } = renderApp("/home/orders/multibrand");
    expect(
      await screen.findByRole("heading", { name: "Multibrand Orders" }, firstRender),
    ).toBeInTheDocument();
    const table = await ordersTable();
    expect(await within(table).findByText("No multibrand orders found")).toBeInTheDocument();
    expect(screen.getByText("0 items selected")).toBeInTheDocument();
    expect(api.lastListQuery()).toMatchObject({ multibrand: "true" });
    unmount();

    ordersApi([orderListItem(1)]);
    renderApp("/home/orders/multibrand?status=shipped");
    expect(await within(await ordersTable()).findByText("No results.")).toBeInTheDocument();
    expect(screen.queryByText("No multibrand orders found")).not.toBeInTheDocument();
  });

  it("asks nothing for a Placed from after the Placed to, and says why", async () => {
    const api = ordersApi([orderListItem(1)]);
    renderApp("/home/orders/all?status=pending");
    await within(await ordersTable()).findByRole("link", { name: "SO-000001" });
    const panel = screen.getByRole("group", { name: "Filters" });
    fireEvent.change(within(panel).getByLabelText("Placed to"), { target: { value: "2027-03-01" } });
    await waitFor(() => expect(api.lastListQuery()).toMatchObject({ to: "2027-03-01" }));
    const asked = api.listRequests();

    fireEvent.change(within(panel).getByLabelText("Placed from"), { target: { value: "2027-03-31" } });
    const table = await ordersTable();
    expect(await within(table).findByText(orderMessages.placedFromAfterTo)).toBeInTheDocument();
    expect(within(panel).getByText(orderMessages.placedFromAfterTo)).toBeInTheDocument();
    expect(within(panel).getByLabelText("Placed to")).toHaveAttribute("aria-invalid", "true");
    expect(within(table).queryByRole("link", { name: "SO-000001" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
    expect(api.listRequests()).toBe(asked);
  });

  it("sorts by a column header, toggling the direction, and says so with aria-sort", async () => {
    const api = ordersApi([orderListItem(1), orderListItem(2)]);
    const { user, router } = renderApp("/home/orders/all");
    await within(await ordersTable()).findByRole("link", { name: "SO-000001" });
    expect(screen.getByRole("columnheader", { name: "Date placed" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    expect(screen.getByRole("columnheader", { name: "Customer" })).toHaveAttribute("aria-sort", "none");

    await user.click(screen.getByRole("button", { name: "Customer" }));
    expect(search(router)).toEqual({ sort: "customer" });
    // The router commits the search before React renders the header from it.
    await waitFor(() =>
      expect(screen.getByRole("columnheader", { name: "Customer" })).toHaveAttribute(
        "aria-sort",
        "ascending",
      ),
    );
    await waitFor(() => expect(api.lastListQuery()).toMatchObject({ sort: "customer" }));

    await user.click(screen.getByRole("button", { name: "Customer" }));
    expect(search(router)).toEqual({ sort: "-customer" });
    // The router commits the search before React renders the header from it.
    await waitFor(() =>
      expect(screen.getByRole("columnheader", { name: "Customer" })).toHaveAttribute(
        "aria-sort",
        "descending",
      ),
    );
    await waitFor(() => expect(api.lastListQuery()).toMatchObject({ sort: "-customer" }));

    for (const header of ["Store", "Brands", "Status", "Units", "Total WHS"]) {
      expect(screen.getByRole("button", { name: header })).toBeInTheDocument();
    }
  });

  it("counts the selected orders", async () => {
    ordersApi([orderListItem(1), orderListItem(2), orderListItem(3)]);
    const { user } = renderApp("/home/orders/all");
    await within(await ordersTable()).findByRole("link", { name: "SO-000001" });
    expect(screen.getByText("0 items selected")).toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Select SO-000001" }));
    await user.click(screen.getByRole("checkbox", { name: "Select SO-000003" }));
    expect(screen.getByText("2 items selected")).toBeInTheDocument();

    const all = screen.getByRole("checkbox", { name: "Select all orders on this page" });
    expect(all).toHaveAttribute("data-state", "indeterminate");
    await user.click(all);
    expect(screen.getByText("3 items selected")).toBeInTheDocument();
    await user.click(all);
    expect(screen.getByText("0 items selected")).toBeInTheDocument();
  });

  it("changes the status of the selected orders and names those that could not move", async () => {
    const api = ordersApi(
      [
        orderListItem(1, { _revision: 4 }),
        orderListItem(2, { _revision: 2 }),
        orderListItem(3, { status: "completed" }),
      ],
      (orderId) =>
        orderId === 1
          ? written({
              ...orderListItem(1, { status: "processing", _revision: 5 }),
              shipDate: null,
              placedBy: null,
              lineLists: [],
              lines: [],
              history: [],
              nextStatuses: ["shipped", "cancelled"],
            })
          : failure(409, "The order was changed by someone else. Reload it and try again."),
    );
    const { user } = renderApp("/home/orders/all");
    await within(await ordersTable()).findByRole("link", { name: "SO-000001" });
    await user.click(screen.getByRole("checkbox", { name: "Select all orders on this page" }));

    await user.click(screen.getByRole("combobox", { name: "New status" }));
    await user.click(await screen.findByRole("option", { name: "Processing" }));
    await user.click(screen.getByRole("button", { name: "Change status" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Move 3 orders to Processing?");
    await user.click(within(dialog).getByRole("button", { name: "Change status" }));

    expect(
      await screen.findByText("1 order moved to Processing; 2 orders could not move"),
    ).toBeInTheDocument();
    expect(screen.getByText(/The order was changed by someone else/).closest("li")).toHaveTextContent(
      "SO-000002",
    );
    expect(
      screen
        .getByText(/A Completed order cannot become Processing\. Allowed next statuses: none\./)
        .closest("li"),
    ).toHaveTextContent("SO-000003");
    // One request per order the status path allows, each with its own revision.
    expect(api.statusWrites()).toEqual([
      { path: "/api/orders/1/status", body: { newStatus: "processing", revision: 4 } },
      { path: "/api/orders/2/status", body: { newStatus: "processing", revision: 2 } },
    ]);
    // The refused orders stay selected.
    expect(screen.getByText("2 items selected")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select SO-000001" })).not.toBeChecked();
  });

  it("undoes a bulk status change from its toast, order by order", async () => {
    const detail = (id: number, status: OrderListItem["status"], revision: number) =>
      written({
        ...orderListItem(id, { status, _revision: revision }),
        shipDate: null,
        placedBy: null,
        lineLists: [],
        lines: [],
        history: [],
        nextStatuses: [],
      });
    const api = ordersApi(
      [orderListItem(1, { _revision: 4 }), orderListItem(2, { _revision: 2 })],
      (orderId, body) =>
        "newStatus" in (body as object)
          ? detail(orderId, "processing", orderId === 1 ? 5 : 3)
          : orderId === 1
            ? detail(1, "pending", 6)
            : failure(409, "The order has changed since this status move, so it can no longer be undone."),
    );
    const { user } = renderApp("/home/orders/all");
    await within(await ordersTable()).findByRole("link", { name: "SO-000001" });
    await user.click(screen.getByRole("checkbox", { name: "Select all orders on this page" }));
    await user.click(screen.getByRole("combobox", { name: "New status" }));
    await user.click(await screen.findByRole("option", { name: "Processing" }));
    await user.click(screen.getByRole("button", { name: "Change status" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Change status" }),
    );
    expect(await screen.findByText("2 orders moved to Processing")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(
      await screen.findByText("1 order moved back from Processing; 1 order could not be moved back"),
    ).toBeInTheDocument();
    expect(screen.getByText(/can no longer be undone/).closest("li")).toHaveTextContent("SO-000002");
    // Each undo names the revision its move answered.
    expect(api.statusWrites().slice(2)).toEqual([
      { path: "/api/orders/1/status/undo", body: { revision: 5 } },
      { path: "/api/orders/2/status/undo", body: { revision: 3 } },
    ]);
  });

  it("narrows a catalog type page to its type and presets New Order with it and the line list", async () => {
    const api = ordersApi([]);
    renderApp("/home/orders/catalog-type/pre-book?lineListId=7");
    expect(await screen.findByRole("heading", { name: "Pre-Book Orders" }, firstRender)).toBeInTheDocument();
    expect(await within(await ordersTable()).findByText("No results.")).toBeInTheDocument();
    expect(api.lastListQuery()).toMatchObject({ orderType: "pre-book", lineListId: "7" });
    expect(screen.getByRole("link", { name: "New Order" })).toHaveAttribute(
      "href",
      "/home/orders/new?orderType=pre-book&lineListId=7",
    );
    expect(screen.getByRole("button", { name: "Remove the line list filter" })).toBeInTheDocument();
  });

  it("shows one brand's orders under its name and changes brand with the picker", async () => {
    const api = ordersApi([]);
    const { user, router } = renderApp("/home/orders/brand/1?status=pending");
    expect(await screen.findByRole("heading", { name: "Crocs Orders" }, firstRender)).toBeInTheDocument();
    await waitFor(() => expect(api.lastListQuery()).toMatchObject({ brandId: "1", status: "pending" }));

    await user.click(screen.getByRole("combobox", { name: "Brand" }));
    await user.click(await screen.findByRole("option", { name: "Pandora" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/orders/brand/2"));
    expect(search(router)).toEqual({ status: "pending" });
    expect(await screen.findByRole("heading", { name: "Pandora Orders" })).toBeInTheDocument();
    await waitFor(() => expect(api.lastListQuery()).toMatchObject({ brandId: "2" }));
  });
});
