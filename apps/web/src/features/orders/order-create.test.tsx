import type { LineList } from "@cm/contracts/line-lists";
import type { Order, OrderOfferLineList } from "@cm/contracts/orders";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { savedLineList } from "@/testing/catalogs";
import { envelope, failure, organization, store, written } from "@/testing/customers-api";
import { orderListItem } from "@/testing/orders";
import { renderApp } from "@/testing/render-app";

/** The first render loads the shell's and the screen's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };

type Answer = { status?: number; body: unknown };

const publishedLineLists: LineList[] = [
  savedLineList({ id: 10, name: "Spring 2027", type: "pre-book", deadline: "2999-03-01", published: 1 }),
  savedLineList({ id: 11, name: "Winter 2020", type: "pre-book", deadline: "2020-01-31", published: 1 }),
  savedLineList({
    id: 12,
    name: "Charms Spring",
    type: "pre-book",
    brandId: 2,
    brandName: "Pandora",
    deadline: "2999-04-01",
    published: 1,
  }),
  savedLineList({ id: 13, name: "Basics", type: "own-stock", published: 1 }),
];

function offerStyle(productId: number, modelCode: string, unitWhs: string, sizes: string[]) {
  return {
    productId,
    modelCode,
    name: `Clog ${productId}`,
    color: "Black",
    imageUrl: null,
    msrp: "42.50",
    unitWhs,
    sizes: sizes.map((size) => ({ sku: `${modelCode}-${size}`, size })),
  };
}

function offerLineList(id: number): OrderOfferLineList {
  const lineList = publishedLineLists.find((entry) => entry.id === id)!;
  return {
    id,
    name: lineList.name,
    brandId: lineList.brandId,
    brandName: lineList.brandName,
    deadline: lineList.deadline,
    dateOfAvailability: lineList.dateOfAvailability,
    type: lineList.type,
    orderType: "pre-book",
    discountPercent: 0,
    wholesaleFactor: 0.5,
    styles:
      id === 12
        ? [offerStyle(7, "PA-1", "15.00", ["One Size"])]
        : [
            offerStyle(1, "CR-1", "21.25", ["M4", "M5", "M6"]),
            offerStyle(2, "CR-2", "10.10", ["M5", "M6", "M7"]),
          ],
  };
}

function createdOrder(id: number): Order {
  return {
    ...orderListItem(id, { units: 5, totalWhs: "106.25" }),
    shipDate: null,
    placedBy: { id: 1, name: "Ada Admin" },
    lineLists: [],
    lines: [],
    history: [],
    nextStatuses: ["processing", "cancelled"],
  };
}

/** Customers, stores, published line lists and the offer; POST /api/orders answers what `create` says. */
function newOrderApi(create: (body: unknown) => Answer = () => written(createdOrder(55), 201)) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    let answer: Answer = failure(404, "Not found");
    if (method === "POST" && url.pathname === "/api/orders") {
      answer = create(JSON.parse(String(init.body)));
    } else if (method === "GET" && url.pathname === "/api/orders/offer") {
      const ids = url.searchParams.getAll("lineListId").map(Number);
      answer = envelope({ lineLists: ids.map(offerLineList) });
    } else if (method === "GET") {
      answer =
        {
          "/api/organizations": envelope([
            organization(1, "Our Company", { type: "internal" }),
            organization(2, "Sole Mates"),
            organization(4, "Closed Shoes", { status: "inactive" }),
          ]),
          "/api/stores": envelope([
            store(21, "Beach Store"),
            store(22, "Closed Store", { status: "inactive" }),
            store(41, "Old Store", { organizationId: 4 }),
          ]),
          "/api/line-lists": envelope({ lineLists: publishedLineLists }),
          "/api/orders/55": envelope(createdOrder(55)),
        }[url.pathname] ?? answer;
    }
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    creates: () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === "POST")
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown),
  };
}

type User = ReturnType<typeof renderApp>["user"];

async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: field }));
  await user.click(await screen.findByRole("option", { name: option }));
}

/** Customer Sole Mates, its Beach Store, Pre-Book, and the Crocs line list. */
async function fillSteps(user: User) {
  await choose(user, "Customer", "Sole Mates");
  await choose(user, "Store", "Beach Store");
  await user.click(screen.getByRole("radio", { name: "Pre-Book" }));
  await user.click(await screen.findByRole("checkbox", { name: "Spring 2027" }));
  return screen.findByRole("table", { name: "Crocs · Spring 2027" });
}

const cell = (grid: HTMLElement, modelCode: string, size: string) =>
  within(grid).getByRole("textbox", { name: `${modelCode} size ${size}` });

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

describe("new order", { timeout: 40_000 }, () => {
  it("offers active customers, their active stores, and the type's line lists that take orders", async () => {
    newOrderApi();
    const { user } = renderApp("/home/orders/new");
    expect(await screen.findByRole("heading", { name: "New Order" }, firstRender)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Store" })).toBeDisabled();

    await user.click(screen.getByRole("combobox", { name: "Customer" }));
    const customers = await screen.findByRole("listbox");
    expect(
      within(customers)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Sole Mates"]);
    await user.click(within(customers).getByRole("option", { name: "Sole Mates" }));

    await user.click(screen.getByRole("combobox", { name: "Store" }));
    const stores = await screen.findByRole("listbox");
    expect(
      within(stores)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Beach Store"]);
    await user.click(within(stores).getByRole("option", { name: "Beach Store" }));

    await user.click(screen.getByRole("radio", { name: "Pre-Book" }));
    expect(await screen.findByRole("checkbox", { name: "Spring 2027" })).toBeEnabled();
    const closed = screen.getByRole("checkbox", { name: "Winter 2020" });
    expect(closed).toBeDisabled();
    expect(closed).toHaveAccessibleDescription(/The deadline for orders \(01\/31\/2020\) has passed/);
    expect(screen.queryByRole("checkbox", { name: "Basics" })).not.toBeInTheDocument();

    // The sidebar has a Multibrand entry too: look in the page only.
    const page = within(screen.getByRole("main"));
    await user.click(screen.getByRole("checkbox", { name: "Spring 2027" }));
    expect(page.queryByText("Multibrand")).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Charms Spring" }));
    expect(page.getAllByText("Multibrand").length).toBeGreaterThan(0);
    expect(await screen.findByRole("table", { name: "Pandora · Charms Spring" })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Crocs · Spring 2027" })).toBeInTheDocument();
  });

  it("says an Open Stock order is written from Own Stock line lists, and names them by their own type", async () => {
    newOrderApi();
    const { user } = renderApp("/home/orders/new");
    await screen.findByRole("heading", { name: "New Order" }, firstRender);
    // SPEC.md's labels stay: the order type is Open Stock, the line list type Own Stock.
    await user.click(screen.getByRole("radio", { name: "Open Stock" }));
    expect(
      screen.getByText(
        "Published Own Stock line lists: an Open Stock order is written from them (one offer, two names).",
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole("checkbox", { name: "Basics" })).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Brand ATS" }));
    expect(screen.getByText("Published Brand ATS line lists.")).toBeInTheDocument();
    // None published: named by the line lists' type.
    expect(screen.getByText("No published Brand ATS line lists")).toBeInTheDocument();
  });

  it("applies the presets of the query", async () => {
    newOrderApi();
    renderApp("/home/orders/new?storeId=21&lineListId=10");
    const grid = await screen.findByRole("table", { name: "Crocs · Spring 2027" }, firstRender);
    expect(screen.getByRole("combobox", { name: "Customer" })).toHaveTextContent("Sole Mates");
    expect(screen.getByRole("combobox", { name: "Store" })).toHaveTextContent("Beach Store");
    expect(screen.getByRole("radio", { name: "Pre-Book" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Spring 2027" })).toBeChecked();
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Style", "WHS", "MSRP", "M4", "M5", "M6", "M7", "Units", "Total WHS"]);
  });

  it("moves between cells with the arrow keys and Enter, and keeps running totals in cents", async () => {
    newOrderApi();
    const { user } = renderApp("/home/orders/new");
    await screen.findByRole("heading", { name: "New Order" }, firstRender);
    const grid = await fillSteps(user);
    // The grid is one tab stop.
    expect(
      within(grid)
        .getAllByRole("textbox")
        .filter((input) => input.tabIndex === 0),
    ).toEqual([cell(grid, "CR-1", "M4")]);

    await user.click(cell(grid, "CR-1", "M4"));
    await user.keyboard("2{ArrowRight}3");
    expect(cell(grid, "CR-1", "M4")).toHaveValue("2");
    expect(cell(grid, "CR-1", "M5")).toHaveValue("3");
    expect(cell(grid, "CR-1", "M5")).toHaveFocus();
    expect(cell(grid, "CR-1", "M5")).toHaveAttribute("tabindex", "0");

    await user.keyboard("{ArrowDown}");
    expect(cell(grid, "CR-2", "M5")).toHaveFocus();
    // CR-2 has no M4: nothing to its left.
    await user.keyboard("{ArrowLeft}");
    expect(cell(grid, "CR-2", "M5")).toHaveFocus();
    await user.keyboard("{ArrowUp}{Enter}");
    expect(cell(grid, "CR-2", "M5")).toHaveFocus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(cell(grid, "CR-2", "M7")).toHaveFocus();
    // CR-1 has no M7: up goes nowhere.
    await user.keyboard("{ArrowUp}3");
    expect(cell(grid, "CR-2", "M7")).toHaveValue("3");

    const rowOf = (modelCode: string) =>
      within(grid)
        .getByRole("rowheader", { name: new RegExp(modelCode) })
        .closest("tr")!;
    // 5 × $21.25 and 3 × $10.10.
    expect(rowOf("CR-1")).toHaveTextContent("$106.25");
    expect(rowOf("CR-2")).toHaveTextContent("$30.30");
    const total = screen.getByRole("region", { name: "Order total" });
    expect(within(total).getByText("8")).toBeInTheDocument();
    expect(within(total).getByText("$136.55")).toBeInTheDocument();

    // Empty is 0: the line goes.
    await user.clear(cell(grid, "CR-2", "M7"));
    expect(within(total).getByText("$106.25")).toBeInTheDocument();
  });

  it("moves to the next and previous cell with Tab and Shift+Tab, and leaves the grid at its end or with Escape", async () => {
    newOrderApi();
    const { user } = renderApp("/home/orders/new");
    await screen.findByRole("heading", { name: "New Order" }, firstRender);
    const grid = await fillSteps(user);

    await user.click(cell(grid, "CR-1", "M5"));
    await user.keyboard("2{Tab}");
    expect(cell(grid, "CR-1", "M6")).toHaveFocus();
    // The row's last cell goes on to the next row's first.
    await user.keyboard("{Tab}");
    expect(cell(grid, "CR-2", "M5")).toHaveFocus();
    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(cell(grid, "CR-1", "M6")).toHaveFocus();
    expect(screen.getByRole("link", { name: "Cancel" })).not.toHaveFocus();

    // Escape leaves the grid for the control after it; no dialog opens.
    await user.keyboard("{Escape}");
    expect(grid.contains(document.activeElement)).toBe(false);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    // The last cell's Tab leaves too.
    await user.click(cell(grid, "CR-2", "M7"));
    await user.keyboard("{Tab}");
    expect(grid.contains(document.activeElement)).toBe(false);
    expect(cell(grid, "CR-1", "M5")).toHaveValue("2");
  });

  it("sends the lines typed and opens the order written", async () => {
    const api = newOrderApi();
    const { user, router } = renderApp("/home/orders/new");
    await screen.findByRole("heading", { name: "New Order" }, firstRender);
    const grid = await fillSteps(user);
    expect(screen.getByRole("button", { name: "Save order" })).toBeDisabled();
    await user.type(cell(grid, "CR-1", "M4"), "2");
    await user.type(cell(grid, "CR-2", "M6"), "12");

    await user.click(screen.getByRole("button", { name: "Save order" }));
    expect(await screen.findByText("Order created successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/orders/55"));
    expect(api.creates()).toEqual([
      {
        storeId: 21,
        orderType: "pre-book",
        lines: [
          { lineListId: 10, sku: "CR-1-M4", quantity: 2 },
          { lineListId: 10, sku: "CR-2-M6", quantity: 12 },
        ],
      },
    ]);
  });

  it("shows each refused line's reason on its cell and stays on the page", async () => {
    newOrderApi(() => ({
      status: 400,
      body: {
        success: false,
        message: "Some lines cannot be ordered",
        data: { "lines.1.sku": ["CR-2-M6: The style is in none of the line list's catalogs"] },
      },
    }));
    const { user, router } = renderApp("/home/orders/new");
    await screen.findByRole("heading", { name: "New Order" }, firstRender);
    const grid = await fillSteps(user);
    await user.type(cell(grid, "CR-1", "M4"), "2");
    await user.type(cell(grid, "CR-2", "M6"), "12");
    await user.click(screen.getByRole("button", { name: "Save order" }));

    expect(await screen.findByText("Failed to create order")).toBeInTheDocument();
    expect(screen.getByText("Some lines cannot be ordered")).toBeInTheDocument();
    const refused = cell(grid, "CR-2", "M6");
    await waitFor(() => expect(refused).toHaveAttribute("aria-invalid", "true"));
    expect(refused).toHaveAccessibleDescription("CR-2-M6: The style is in none of the line list's catalogs");
    expect(cell(grid, "CR-1", "M4")).not.toHaveAttribute("aria-invalid");
    await waitFor(() => expect(refused).toHaveFocus());
    expect(router.state.location.pathname).toBe("/home/orders/new");

    // Changing the cell clears its reason.
    await user.type(refused, "{Backspace}");
    expect(refused).not.toHaveAttribute("aria-invalid");
  });

  it("asks before leaving with quantities not saved", async () => {
    newOrderApi();
    const { user, router } = renderApp("/home/orders/new");
    await screen.findByRole("heading", { name: "New Order" }, firstRender);
    const grid = await fillSteps(user);
    await user.type(cell(grid, "CR-1", "M4"), "2");

    await user.click(screen.getByRole("link", { name: "Cancel" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Leave without saving?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/home/orders/new");
    expect(cell(grid, "CR-1", "M4")).toHaveValue("2");

    await user.click(screen.getByRole("link", { name: "Cancel" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/orders/all"));
  });
});
