import type { OrderDashboard, OrderListItem, OrderMonthlyTotals } from "@cm/contracts/orders";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  formatDay,
  formatMonthDays,
  monthDateRange,
  shiftMonth,
} from "@/features/orders/utils/dashboard-month";
import { seedSession } from "@/testing/auth";
import { orderListItem } from "@/testing/orders";
import { renderApp } from "@/testing/render-app";

/** The first render loads the shell's and the screen's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };

/** The server's current month in these tests. */
const currentMonth = "2027-03";

function order(id: number, overrides: Partial<OrderListItem> = {}): OrderListItem {
  return orderListItem(id, { placedAt: "2027-03-14T15:30:00.000Z", status: "processing", ...overrides });
}

/** The server's today in these tests. */
const today = "2027-03-14";

function dashboard(month: string, overrides: Partial<OrderDashboard> = {}): OrderDashboard {
  const toDate = month === currentMonth;
  return {
    month,
    previousMonth: shiftMonth(month, -1),
    // The current month to date, against the same days of February; other months whole.
    toDate,
    through: toDate ? today : monthDateRange(month).to,
    previousThrough: toDate ? "2027-02-14" : monthDateRange(shiftMonth(month, -1)).to,
    totalWhs: { value: "12345.60", previous: "10000.00", changePercent: 23.5 },
    monobrandOrders: { value: 8, previous: 10, changePercent: -20 },
    multibrandOrders: { value: 3, previous: 0, changePercent: null },
    inactiveAccounts: { value: 4, previous: 2, changePercent: 100 },
    lastOrders: [
      order(7),
      order(6, { organizationId: 3, organizationName: "Maple Feet", status: "pending" }),
    ],
    topCustomers: [
      { organizationId: 2, organizationName: "Sole Mates", orders: 5, units: 1200, totalWhs: "9000.00" },
    ],
    mostUnitsSold: [
      {
        productId: 40,
        modelCode: "10001-001",
        name: "Classic Clog",
        color: "Black",
        imageUrl: null,
        brand: { id: 1, name: "Crocs" },
        lineListId: 9,
        units: 480,
        totalWhs: "7200.00",
      },
    ],
    ...overrides,
  };
}

const emptyDashboard = (month: string) =>
  dashboard(month, {
    totalWhs: { value: "0.00", previous: "0.00", changePercent: null },
    monobrandOrders: { value: 0, previous: 0, changePercent: null },
    multibrandOrders: { value: 0, previous: 0, changePercent: null },
    inactiveAccounts: { value: 0, previous: 0, changePercent: null },
    lastOrders: [],
    topCustomers: [],
    mostUnitsSold: [],
  });

function monthlyTotals(withOrders = true): OrderMonthlyTotals {
  return {
    months: Array.from({ length: 12 }, (_, index) => ({
      month: shiftMonth(currentMonth, index - 11),
      totalWhs: withOrders ? `${(index + 1) * 1000}.50` : "0.00",
      orders: withOrders ? index + 1 : 0,
    })),
  };
}

/**
 * The dashboard API: each month's answer from `answer` (the current month when none is asked
 * for) and the monthly totals; anything else the shell asks for is not found.
 */
function dashboardApi({
  answer = (month: string) => dashboard(month),
  totals = monthlyTotals(),
}: {
  answer?: (month: string) => OrderDashboard | Promise<OrderDashboard>;
  totals?: OrderMonthlyTotals;
} = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const data =
      url.pathname === "/api/orders/dashboard"
        ? await answer(url.searchParams.get("month") ?? currentMonth)
        : url.pathname === "/api/orders/monthly-totals"
          ? totals
          : undefined;
    return data === undefined
      ? Response.json({ success: false, message: "Not found", data: null }, { status: 404 })
      : Response.json({ success: true, message: "OK", data });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    /** The query of each dashboard request, in order. */
    dashboardQueries: () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), "http://localhost"))
        .filter((url) => url.pathname === "/api/orders/dashboard")
        .map((url) => Object.fromEntries(url.searchParams)),
  };
}

const card = (name: string) => screen.getByRole("group", { name });

/** happy-dom lays nothing out: the chart's container gets the size a browser would give it. */
function sizeCharts(width = 640, height = 256) {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains("recharts-responsive-container")) return measure.call(this);
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) };
  });
}

beforeEach(() => {
  seedSession();
  sizeCharts();
});

describe("orders dashboard", { timeout: 40_000 }, () => {
  it("shows each figure of the month with its change against the month before", async () => {
    const api = dashboardApi();
    renderApp("/home/orders");
    expect(await screen.findByRole("heading", { name: "Orders Dashboard" }, firstRender)).toBeInTheDocument();
    await within(card("Total WHS")).findByText("$12,345.60");
    expect(api.dashboardQueries()).toEqual([{}]);

    expect(card("Total WHS")).toHaveTextContent("+23.5%");
    // The current month runs to date, against the same days of the month before.
    expect(card("Total WHS")).toHaveTextContent("March 1–14, to date");
    expect(card("Total WHS")).toHaveTextContent("vs February 1–14 ($10,000.00)");
    expect(
      screen.getByText("Orders placed in March 2027 to date, compared with February 1–14."),
    ).toBeVisible();
    expect(card("Monobrand Orders")).toHaveTextContent("8");
    expect(card("Monobrand Orders")).toHaveTextContent("-20%");
    // Nothing to compare with when the previous month had none.
    expect(card("Multibrand Orders")).toHaveTextContent("3");
    expect(within(card("Multibrand Orders")).getByText("—")).toBeInTheDocument();
    expect(card("Inactive Accounts")).toHaveTextContent("+100%");
    // A count at a moment: today against the same day a month before, and what it counts.
    expect(card("Inactive Accounts")).toHaveTextContent("As of today, March 14");
    expect(card("Inactive Accounts")).toHaveTextContent("vs February 14 (2)");
    expect(
      within(card("Inactive Accounts")).getByText("Active customers with no order for 90 days"),
    ).toBeVisible();
    // More inactive accounts is bad news: red, though the number went up.
    expect(within(card("Inactive Accounts")).getByText("+100%")).toHaveClass("text-red-700");
    expect(within(card("Total WHS")).getByText("+23.5%")).toHaveClass("text-emerald-700");
    expect(within(card("Monobrand Orders")).getByText("-20%")).toHaveClass("text-red-700");
  });

  it("keeps the month in the URL and asks the server for it", async () => {
    const api = dashboardApi();
    const { router, user } = renderApp("/home/orders");
    await within(await screen.findByRole("group", { name: "Total WHS" }, firstRender)).findByText(
      "$12,345.60",
    );
    const next = screen.getByRole("button", { name: "Next month" });
    await waitFor(() => expect(next).toBeDisabled());

    await user.click(screen.getByRole("button", { name: "Previous month" }));
    await waitFor(() => expect(router.state.location.search).toBe("?month=2027-02"));
    await waitFor(() => expect(api.dashboardQueries().at(-1)).toEqual({ month: "2027-02" }));
    expect(
      await screen.findByText("Orders placed in February 2027, compared with January 2027."),
    ).toBeVisible();
    expect(next).toBeEnabled();

    await user.click(screen.getByRole("combobox", { name: "Month shown" }));
    await user.click(await screen.findByRole("option", { name: "November 2026" }));
    await waitFor(() => expect(router.state.location.search).toBe("?month=2026-11"));
    await waitFor(() => expect(api.dashboardQueries().at(-1)).toEqual({ month: "2026-11" }));
    expect(await within(card("Total WHS")).findByText(/vs October/)).toBeInTheDocument();
    // A past month is whole, against the whole month before: no "to date".
    expect(card("Total WHS")).toHaveTextContent("vs October ($10,000.00)");
    expect(card("Inactive Accounts")).toHaveTextContent("vs October (2)");
    expect(card("Total WHS")).not.toHaveTextContent("to date");
    expect(card("Inactive Accounts")).not.toHaveTextContent("As of today");
    expect(card("Inactive Accounts")).toHaveTextContent("Active customers with no order for 90 days");

    await user.click(next);
    await waitFor(() => expect(router.state.location.search).toBe("?month=2026-12"));
    await waitFor(() => expect(api.dashboardQueries().at(-1)).toEqual({ month: "2026-12" }));
  });

  it("opens on the month of the URL, across a year's end", async () => {
    const api = dashboardApi();
    renderApp("/home/orders?month=2027-01");
    expect(
      await screen.findByText("Orders placed in January 2027, compared with December 2026.", {}, firstRender),
    ).toBeInTheDocument();
    expect(api.dashboardQueries()).toEqual([{ month: "2027-01" }]);
    expect(screen.getByRole("combobox", { name: "Month shown" })).toHaveTextContent("January 2027");
  });

  it("links each order to its detail and each customer to its orders", async () => {
    dashboardApi();
    renderApp("/home/orders?month=2027-03");
    const lastOrders = await screen.findByRole("table", { name: "Last Orders" }, firstRender);
    const number = await within(lastOrders).findByRole("link", { name: "SO-000007" });
    expect(number).toHaveAttribute("href", "/home/orders/7");
    const row = number.closest("tr")!;
    expect(within(row).getByRole("link", { name: "Sole Mates" })).toHaveAttribute(
      "href",
      "/home/orders/all?organizationId=2",
    );
    expect(row).toHaveTextContent("Beach Store");
    expect(row).toHaveTextContent("03/14/2027");
    expect(row).toHaveTextContent("Processing");
    expect(row).toHaveTextContent("$1,234.50");
    expect(within(lastOrders).getByRole("link", { name: "Maple Feet" })).toHaveAttribute(
      "href",
      "/home/orders/all?organizationId=3",
    );

    // A top customer's figures are the month's: its link opens that month's orders of the customer.
    const topCustomers = screen.getByRole("table", { name: "Top Customers" });
    const customer = within(topCustomers).getByRole("link", { name: "Sole Mates" });
    expect(customer).toHaveAttribute(
      "href",
      "/home/orders/all?organizationId=2&from=2027-03-01&to=2027-03-31",
    );
    expect(customer.closest("tr")).toHaveTextContent(/Sole Mates\s*51,200\$9,000\.00/);

    const mostUnitsSold = screen.getByRole("table", { name: "Most Units Sold" });
    const style = within(mostUnitsSold).getByRole("link", { name: /10001-001 Classic Clog · Black/ });
    expect(style).toHaveAttribute("href", "/home/catalog-segmentation/9");
    expect(style.closest("tr")).toHaveTextContent("Crocs");
    expect(style.closest("tr")).toHaveTextContent("480");
  });

  it("says when the month has no orders", async () => {
    dashboardApi({ answer: emptyDashboard, totals: monthlyTotals(false) });
    renderApp("/home/orders?month=2027-03");
    expect(await screen.findByText("No orders in March 2027", {}, firstRender)).toBeInTheDocument();
    expect(screen.getByText("No customer ordered in March 2027")).toBeInTheDocument();
    expect(screen.getByText("No units sold in March 2027")).toBeInTheDocument();
    expect(await screen.findByText("No orders in the last 12 months")).toBeInTheDocument();
    expect(card("Total WHS")).toHaveTextContent("$0.00");
    expect(within(card("Inactive Accounts")).getByText("—")).toBeInTheDocument();
  });

  it("charts the WHS of the last twelve months", async () => {
    dashboardApi();
    renderApp("/home/orders");
    const chart = await screen.findByRole("group", { name: "Total WHS — last 12 months" }, firstRender);
    // The figures behind the bars, as a table for screen readers.
    const table = await within(chart).findByRole("table", { name: "Total WHS — last 12 months" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveTextContent(/April 2026\s*\$1,000\.50\s*1/);
    expect(rows[12]).toHaveTextContent(/March 2027\s*\$12,000\.50\s*12/);
    // One bar a month, the months on the axis, the amounts in dollars.
    await waitFor(() => expect(chart.querySelectorAll(".recharts-bar-rectangle")).toHaveLength(12));
    expect(within(chart).getByText("Apr")).toBeInTheDocument();
    expect(within(chart).getAllByText(/^\$\d+(\.\d)?K$/).length).toBeGreaterThan(1);
  });

  it("shows placeholders while the month loads", async () => {
    dashboardApi({ answer: () => new Promise<never>(() => {}) });
    renderApp("/home/orders");
    const lastOrders = await screen.findByRole("table", { name: "Last Orders" }, firstRender);
    expect(lastOrders).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("table", { name: "Top Customers" })).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText(/^No orders in/)).not.toBeInTheDocument();
    expect(card("Total WHS").querySelector("[data-slot=skeleton]")).toBeInTheDocument();
  });

  it("tells when the dashboard cannot be loaded", async () => {
    dashboardApi({
      answer: () => {
        throw new Error("unreachable");
      },
    });
    renderApp("/home/orders");
    const title = await screen.findByText("The orders dashboard could not be loaded", {}, firstRender);
    expect(title).toBeVisible();
    // The dashboard's own Try again (the sidebar offers one for its brand list, unmocked here).
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("dashboard months", () => {
  it("step across a year's end and span whole months", () => {
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(monthDateRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthDateRange("2027-12")).toEqual({ from: "2027-12-01", to: "2027-12-31" });
  });

  it("name the days a figure covers", () => {
    expect(formatMonthDays("2026-10", "2026-10-27")).toBe("October 1–27");
    // A whole month is named as such, unless it is still under way.
    expect(formatMonthDays("2027-02", "2027-02-28")).toBe("February");
    expect(formatMonthDays("2026-11", "2026-11-30", true)).toBe("November 1–30");
    expect(formatMonthDays("2026-11", "2026-11-01", true)).toBe("November 1");
    expect(formatDay("2026-10-27")).toBe("October 27");
  });
});
