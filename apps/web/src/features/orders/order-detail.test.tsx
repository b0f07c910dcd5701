import type { Order, OrderLine, OrderOfferLineList } from "@cm/contracts/orders";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { envelope, failure, written } from "@/testing/customers-api";
import { renderApp } from "@/testing/render-app";

/** The first render loads the shell's and the screen's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };

type Answer = { status?: number; body: unknown };

function line(id: number, modelCode: string, size: string, quantity: number, unitWhs: string): OrderLine {
  const productId = modelCode === "CR-1" ? 1 : 2;
  return {
    id,
    lineListId: 10,
    sku: `${modelCode}-${size}`,
    size,
    style: { id: productId, modelCode, name: `Clog ${productId}`, color: "Black", imageUrl: null },
    brand: { id: 1, name: "Crocs" },
    quantity,
    unitWhs,
    msrp: "42.50",
    lineTotal: "0.00",
  };
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    number: "SO-000001",
    organizationId: 2,
    organizationName: "Sole Mates",
    storeId: 21,
    storeName: "Beach Store",
    placedAt: "2027-03-01T15:30:00.000Z",
    orderType: "future-stock",
    status: "pending",
    multibrand: false,
    brands: [{ id: 1, name: "Crocs" }],
    units: 6,
    totalWhs: "116.35",
    source: "staff",
    _revision: 4,
    shipDate: "2027-06-01",
    placedBy: { id: 9, name: "Ada Admin" },
    lineLists: [
      {
        id: 10,
        name: "Summer 2027",
        brandId: 1,
        brandName: "Crocs",
        deadline: null,
        dateOfAvailability: "2027-06-01",
      },
    ],
    lines: [
      line(1, "CR-1", "M4", 2, "21.25"),
      line(2, "CR-1", "M5", 3, "21.25"),
      line(3, "CR-2", "M6", 1, "10.10"),
    ],
    history: [
      {
        fromStatus: null,
        toStatus: "pending",
        changedAt: "2027-03-01T15:30:00.000Z",
        changedBy: { id: 9, name: "Ada Admin" },
      },
    ],
    nextStatuses: ["processing", "cancelled"],
    ...overrides,
  };
}

const offer: OrderOfferLineList = {
  id: 10,
  name: "Summer 2027",
  brandId: 1,
  brandName: "Crocs",
  deadline: null,
  dateOfAvailability: "2027-06-01",
  type: "future-stock",
  orderType: "future-stock",
  discountPercent: 0,
  wholesaleFactor: 0.5,
  styles: [
    {
      productId: 1,
      modelCode: "CR-1",
      name: "Clog 1",
      color: "Black",
      imageUrl: null,
      msrp: "42.50",
      unitWhs: "21.25",
      sizes: ["M4", "M5", "M6"].map((size) => ({ sku: `CR-1-${size}`, size })),
    },
    {
      productId: 2,
      modelCode: "CR-2",
      name: "Clog 2",
      color: "Black",
      imageUrl: null,
      msrp: "20.20",
      unitWhs: "10.10",
      sizes: ["M6", "M7"].map((size) => ({ sku: `CR-2-${size}`, size })),
    },
  ],
};

/**
 * One order's API: GET answers the current order; PUT status, PUT lines and POST status/undo
 * answer what `write` says, and a successful write becomes the current order.
 */
function orderApi(
  initial: Order,
  write: (path: string, body: unknown) => Answer = () => failure(500, "unexpected"),
) {
  let current = initial;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = init.method ?? "GET";
    let answer: Answer = failure(404, "Order not found");
    if (method === "PUT" || method === "POST") {
      answer = write(url.pathname, JSON.parse(String(init.body)));
      if ((answer.status ?? 200) < 300) current = (answer.body as { data: Order }).data;
    } else if (url.pathname === `/api/orders/${current.id}`) {
      answer = envelope(current);
    } else if (url.pathname === "/api/orders/offer") {
      answer = envelope({ lineLists: [offer] });
    }
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  const calls = () =>
    fetchMock.mock.calls.map(([input, init]) => ({ url: new URL(String(input), "http://localhost"), init }));
  return {
    writes: () =>
      calls()
        .filter(({ init }) => init?.method === "PUT" || init?.method === "POST")
        .map(({ url, init }) => ({ path: url.pathname, body: JSON.parse(String(init?.body)) as unknown })),
    reads: () =>
      calls().filter(
        ({ url, init }) => url.pathname === `/api/orders/${current.id}` && (init?.method ?? "GET") === "GET",
      ).length,
  };
}

const heading = () => screen.findByRole("heading", { name: "SO-000001" }, firstRender);

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

describe("order detail", { timeout: 40_000 }, () => {
  it("shows the customer, store, type, status, who placed it, the ship date, lines by style and the history", async () => {
    orderApi(order());
    renderApp("/home/orders/1");
    await heading();
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("link", { name: "Sole Mates" })).toHaveAttribute(
      "href",
      "/home/orders/all?organizationId=2",
    );
    expect(main.getAllByText("Beach Store").length).toBeGreaterThan(0);
    expect(main.getByText("Future Stock")).toBeInTheDocument();
    expect(main.getAllByText("Pending").length).toBeGreaterThan(0);
    expect(main.getByText("by Ada Admin")).toBeInTheDocument();
    expect(main.getByText("06/01/2027", { selector: "time" })).toBeInTheDocument();

    const grid = main.getByRole("table", { name: "Crocs · Summer 2027" });
    // Read-only: no inputs, the sizes ordered as columns.
    expect(within(grid).queryByRole("textbox")).not.toBeInTheDocument();
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Style", "WHS", "MSRP", "M4", "M5", "M6", "Units", "Total WHS"]);
    const cr1 = within(grid).getByRole("rowheader", { name: /CR-1/ }).closest("tr")!;
    expect(cr1).toHaveTextContent("$106.25");
    // The line list's total and the order's.
    expect(main.getAllByText("$116.35")).toHaveLength(2);

    const history = main.getByRole("list", { name: "History" });
    expect(history).toHaveTextContent("Placed as");
    expect(history).toHaveTextContent("Ada Admin");
  });

  it("offers only the allowed next statuses, sends the revision and shows the new status", async () => {
    const api = orderApi(order(), (path, body) =>
      path === "/api/orders/1/status"
        ? written(order({ status: "processing", nextStatuses: ["shipped", "cancelled"], _revision: 5 }))
        : failure(500, `unexpected ${JSON.stringify(body)}`),
    );
    const { user } = renderApp("/home/orders/1");
    await heading();
    expect(screen.getByRole("button", { name: "Start processing" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel order" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark as shipped" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Complete" })).not.toBeInTheDocument();

    // The everyday move does not ask.
    await user.click(screen.getByRole("button", { name: "Start processing" }));
    expect(await screen.findByText("SO-000001 moved to Processing")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(api.writes()).toEqual([
      { path: "/api/orders/1/status", body: { newStatus: "processing", revision: 4 } },
    ]);
    expect(await screen.findByRole("button", { name: "Mark as shipped" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Start processing" })).not.toBeInTheDocument();
    // Lines change only while Pending.
    expect(screen.queryByRole("button", { name: "Edit quantities" })).not.toBeInTheDocument();
  });

  it("cancels only after confirmation, and tells why a move was refused", async () => {
    const api = orderApi(order(), () =>
      failure(409, "The order was changed by someone else. Reload it and try again."),
    );
    const { user } = renderApp("/home/orders/1");
    await heading();
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Cancel order SO-000001?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.writes()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes, cancel order" }),
    );
    expect(
      await screen.findByText("The order was changed by someone else. Reload it and try again."),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { path: "/api/orders/1/status", body: { newStatus: "cancelled", revision: 4 } },
    ]);
  });

  it("says an Open Stock order comes from Own Stock line lists", async () => {
    orderApi(order({ orderType: "open-stock", shipDate: null }));
    renderApp("/home/orders/1");
    await heading();
    const type = screen.getByText("Type").nextElementSibling!;
    expect(type).toHaveTextContent("Open Stock (from Own Stock line lists)");
  });

  it("asks before a move past Processing, and undoes a move from its toast", async () => {
    const processing = order({ status: "processing", nextStatuses: ["shipped", "cancelled"], _revision: 4 });
    const shipped = order({ status: "shipped", nextStatuses: ["delivered"], _revision: 5 });
    const restored = order({
      ...processing,
      _revision: 6,
      history: [
        ...processing.history,
        {
          fromStatus: "shipped",
          toStatus: "processing",
          changedAt: "2027-03-02T10:00:00.000Z",
          changedBy: null,
          undo: true,
        },
      ],
    });
    const api = orderApi(processing, (path) =>
      path === "/api/orders/1/status"
        ? written(shipped)
        : path === "/api/orders/1/status/undo"
          ? written(restored)
          : failure(500, "unexpected"),
    );
    const { user } = renderApp("/home/orders/1");
    await heading();

    await user.click(screen.getByRole("button", { name: "Mark as shipped" }));
    let dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Move order SO-000001 to Shipped?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.writes()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Mark as shipped" }));
    dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Mark as shipped" }));
    expect(await screen.findByText("SO-000001 moved to Shipped")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Mark as delivered" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Status move undone: the order is Processing again")).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { path: "/api/orders/1/status", body: { newStatus: "shipped", revision: 4 } },
      // The undo names the revision the move answered.
      { path: "/api/orders/1/status/undo", body: { revision: 5 } },
    ]);
    expect(await screen.findByRole("button", { name: "Mark as shipped" })).toBeInTheDocument();
    expect(screen.getByText("(undone)")).toBeInTheDocument();
  });

  it("says why a move can no longer be undone", async () => {
    orderApi(order(), (path) =>
      path === "/api/orders/1/status"
        ? written(order({ status: "processing", nextStatuses: ["shipped", "cancelled"], _revision: 5 }))
        : failure(409, "A status move can be undone only within 30 seconds of it"),
    );
    const { user } = renderApp("/home/orders/1");
    await heading();
    await user.click(screen.getByRole("button", { name: "Start processing" }));
    await user.click(await screen.findByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Could not undo the status move")).toBeInTheDocument();
    expect(screen.getByText("A status move can be undone only within 30 seconds of it")).toBeInTheDocument();
  });

  it("edits the quantities of a Pending order on the grid of its line lists, with the revision", async () => {
    const saved = order({
      _revision: 5,
      units: 8,
      totalWhs: "158.85",
      lines: [...order().lines, line(4, "CR-1", "M6", 2, "21.25")],
    });
    const api = orderApi(order(), (path) =>
      path === "/api/orders/1/lines" ? written(saved) : failure(500, "unexpected"),
    );
    const { user } = renderApp("/home/orders/1");
    await heading();
    await user.click(screen.getByRole("button", { name: "Edit quantities" }));
    const grid = await screen.findByRole("table", { name: "Crocs · Summer 2027" });
    const input = (name: string) => within(grid).getByRole("textbox", { name });
    expect(await within(grid).findByRole("textbox", { name: "CR-1 size M4" })).toHaveValue("2");
    // A size not ordered yet can be added.
    expect(input("CR-1 size M6")).toHaveValue("");
    await user.type(input("CR-1 size M6"), "2");
    expect(screen.getByRole("region", { name: "Edited order total" })).toHaveTextContent("$158.85");
    // Status moves wait until the edit ends.
    expect(screen.queryByRole("button", { name: "Start processing" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save quantities" }));
    expect(await screen.findByText("Order lines updated successfully")).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        path: "/api/orders/1/lines",
        body: {
          revision: 4,
          lines: [
            { lineListId: 10, sku: "CR-1-M4", quantity: 2 },
            { lineListId: 10, sku: "CR-1-M5", quantity: 3 },
            { lineListId: 10, sku: "CR-1-M6", quantity: 2 },
            { lineListId: 10, sku: "CR-2-M6", quantity: 1 },
          ],
        },
      },
    ]);
    // Back to the read-only lines, with the saved order.
    await waitFor(() =>
      expect(screen.queryByRole("textbox", { name: "CR-1 size M4" })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByText("$158.85").length).toBeGreaterThan(0);
  });

  it("ends the edit and reloads the order when its revision is stale", async () => {
    const api = orderApi(order(), () =>
      failure(409, "The order was changed by someone else. Reload it and try again."),
    );
    const { user } = renderApp("/home/orders/1");
    await heading();
    await user.click(screen.getByRole("button", { name: "Edit quantities" }));
    const cell = await screen.findByRole("textbox", { name: "CR-1 size M4" });
    await user.type(cell, "{Backspace}5");
    const readsBefore = api.reads();
    await user.click(screen.getByRole("button", { name: "Save quantities" }));
    expect(
      await screen.findByText("The order was changed by someone else. Reload it and try again."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("textbox", { name: "CR-1 size M4" })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(api.reads()).toBeGreaterThan(readsBefore));
  });

  it("offers no edit once the order has left Pending", async () => {
    orderApi(order({ status: "shipped", nextStatuses: ["delivered"] }));
    renderApp("/home/orders/1");
    await heading();
    expect(screen.getByRole("button", { name: "Mark as delivered" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit quantities" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
  });

  it("says an unknown or malformed id names no order, with the way back", async () => {
    orderApi(order());
    const { unmount } = renderApp("/home/orders/999");
    expect(await screen.findByRole("heading", { name: "Order not found" }, firstRender)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All orders" })).toHaveAttribute("href", "/home/orders/all");
    unmount();

    renderApp("/home/orders/not-a-number");
    expect(await screen.findByRole("heading", { name: "Order not found" }, firstRender)).toBeInTheDocument();
  });
});
