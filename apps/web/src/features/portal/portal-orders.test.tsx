import { portalBuyer, testPortalMe } from "@/testing/portal";
import type { PortalMe } from "@cm/contracts/portal";
import { orderMessages } from "@cm/contracts/orders";
import {
  type Cart,
  type PortalOrder,
  type PortalOrderListItem,
  portalOrderMessages,
} from "@cm/contracts/portal-orders";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { type MockResponse, mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

const buyer = portalBuyer;

function portalMe(stores?: PortalMe["stores"], permissions?: PortalMe["permissions"]): PortalMe {
  return testPortalMe({ stores, permissions });
}

function listItem(extra: Partial<PortalOrderListItem> = {}): PortalOrderListItem {
  return {
    id: 21,
    number: "SO-000021",
    organizationId: 3,
    organizationName: "Sole Brothers",
    storeId: 11,
    storeName: "Downtown",
    placedAt: "2026-11-20T15:00:00.000Z",
    orderType: "pre-book",
    status: "pending",
    multibrand: false,
    brands: [{ id: 2, name: "Trailhead" }],
    units: 5,
    totalWhs: "250.00",
    source: "portal",
    _revision: 1,
    ...extra,
  };
}

function order(extra: Partial<PortalOrder> = {}): PortalOrder {
  return {
    ...listItem(),
    shipDate: null,
    placedBy: { id: 41, name: "Bea Buyer" },
    lineLists: [],
    lines: [
      {
        id: 1,
        lineListId: 5,
        sku: "TR-100-8",
        size: "8",
        style: { id: 9, modelCode: "TR-100", name: "Ridge Runner", color: "Black", imageUrl: null },
        brand: { id: 2, name: "Trailhead" },
        quantity: 2,
        unitWhs: "50.00",
        msrp: "120.00",
        lineTotal: "100.00",
      },
      {
        id: 2,
        lineListId: 5,
        sku: "TR-100-9",
        size: "9",
        style: { id: 9, modelCode: "TR-100", name: "Ridge Runner", color: "Black", imageUrl: null },
        brand: { id: 2, name: "Trailhead" },
        quantity: 3,
        unitWhs: "50.00",
        msrp: "120.00",
        lineTotal: "150.00",
      },
    ],
    history: [
      {
        fromStatus: null,
        toStatus: "pending",
        changedAt: "2026-11-20T15:00:00.000Z",
        changedBy: { id: 41, name: "Bea Buyer" },
      },
    ],
    nextStatuses: ["processing", "cancelled"],
    ...extra,
  };
}

const emptyCart: Cart = { storeId: 11, revision: 4, lines: [], units: 0, totalWhs: "0.00", updatedAt: null };

function signIn(routes: Record<string, MockResponse | (() => MockResponse)>, me = portalMe()) {
  const fetchMock = mockFetch({
    "/api/me": ok(buyer),
    "/api/portal/me": ok(me),
    "/api/portal/cart": ok(emptyCart),
    ...routes,
  });
  const calls = () => fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
  return { fetchMock, calls };
}

describe("the orders list", () => {
  it("lists the orders with number, store, day, type, status, units and total, each opening its detail", async () => {
    signIn({
      "/api/portal/orders": ok({
        orders: [
          listItem(),
          listItem({
            id: 22,
            number: "SO-000022",
            status: "shipped",
            orderType: "brand-ats",
            units: 1,
            totalWhs: "80.00",
          }),
        ],
        total: 2,
      }),
    });
    renderApp("/portal/orders");
    const first = await screen.findByRole("link", { name: /Order SO-000021/ }, firstRender);
    expect(within(first).getByText("Pending")).toBeInTheDocument();
    expect(within(first).getByText("Downtown")).toBeInTheDocument();
    expect(within(first).getByText("Pre-Book")).toBeInTheDocument();
    expect(within(first).getByText("$250.00")).toBeInTheDocument();
    expect(first).toHaveAttribute("href", "/portal/orders/21");
    const second = screen.getByRole("link", { name: /Order SO-000022/ });
    expect(within(second).getByText("Shipped")).toBeInTheDocument();
    expect(within(second).getByText("Brand ATS")).toBeInTheDocument();
    expect(screen.getByText("1–2 of 2")).toBeInTheDocument();
  });

  it("filters by status and by store when the user orders for several, asking the server", async () => {
    const { calls } = signIn(
      { "/api/portal/orders": ok({ orders: [listItem()], total: 1 }) },
      portalMe([
        { id: 11, name: "Downtown" },
        { id: 12, name: "Harbour" },
      ]),
    );
    const { router, user } = renderApp("/portal/orders");
    await user.click(await screen.findByRole("combobox", { name: "Status" }, firstRender));
    await user.click(await screen.findByRole("option", { name: "Shipped" }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=shipped"));
    await user.click(screen.getByRole("combobox", { name: "Store" }));
    await user.click(await screen.findByRole("option", { name: "Harbour" }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=shipped&storeId=12"));
    await waitFor(() =>
      expect(calls().map(([input]) => String(input))).toContain(
        "/api/portal/orders?storeId=12&status=shipped&page=1&pageSize=25",
      ),
    );
  });

  it("says when there is no order yet", async () => {
    signIn({ "/api/portal/orders": ok({ orders: [], total: 0 }) });
    renderApp("/portal/orders");
    expect(await screen.findByText(portalOrderMessages.noOrders, {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Store" })).not.toBeInTheDocument();
  });
});

describe("an order's detail", () => {
  it("shows the header, lines with totals and the status history", async () => {
    signIn({ "/api/portal/orders/21": ok(order()) });
    renderApp("/portal/orders/21");
    expect(
      await screen.findByRole("heading", { level: 1, name: /Order SO-000021/ }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText("Placed by").nextSibling).toHaveTextContent("Bea Buyer");
    expect(screen.getByText("Store").nextSibling).toHaveTextContent("Downtown");
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent("Ridge Runner");
    expect(rows[3]).toHaveTextContent("5 units");
    expect(rows[3]).toHaveTextContent("$250.00");
    expect(screen.getByText("Placed as Pending")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to cart" })).toHaveAttribute(
      "href",
      "/portal/cart?storeId=11",
    );
  });

  it("cancels a Pending order after asking", async () => {
    let current = order();
    const { calls } = signIn({
      "/api/portal/orders/21": () => ok(current),
      "/api/portal/orders/21/cancel": () => {
        current = order({ status: "cancelled", _revision: 2 });
        return ok(current);
      },
      "/api/portal/orders": ok({ orders: [], total: 0 }),
    });
    const { user } = renderApp("/portal/orders/21");
    await user.click(await screen.findByRole("button", { name: "Cancel order" }, firstRender));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(orderMessages.cancelConfirmTitle("SO-000021"))).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Yes, cancel order" }));
    expect(await screen.findByText(portalOrderMessages.cancelled)).toBeInTheDocument();
    const cancel = calls().find(([input]) => String(input).endsWith("/cancel"));
    expect(JSON.parse(String(cancel?.[1]?.body))).toEqual({ revision: 1 });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument(),
    );
  });

  it("offers no Cancel once the order is past Pending, nor Cancel and Reorder to a user who may not order", async () => {
    signIn(
      { "/api/portal/orders/21": ok(order({ status: "processing" })) },
      portalMe(undefined, ["portal.catalogs.view"]),
    );
    renderApp("/portal/orders/21");
    await screen.findByRole("heading", { level: 1, name: /Order SO-000021/ }, firstRender);
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reorder" })).not.toBeInTheDocument();
  });

  it("reorders into the cart at its revision, naming the lines left out and why", async () => {
    const { calls } = signIn({
      "/api/portal/orders/21": ok(order({ status: "delivered" })),
      "/api/portal/orders/21/reorder": ok({
        cart: { ...emptyCart, revision: 5 },
        added: 1,
        skipped: [{ sku: "TR-100-9", modelCode: "TR-100", reason: "The style left the catalogs" }],
      }),
    });
    const { user } = renderApp("/portal/orders/21");
    await user.click(await screen.findByRole("button", { name: "Reorder" }, firstRender));
    expect(await screen.findByText(portalOrderMessages.reordered(1))).toBeInTheDocument();
    expect(screen.getAllByText(portalOrderMessages.reorderSkipped(1)).length).toBeGreaterThan(0);
    expect(screen.getByText("TR-100 (TR-100-9): The style left the catalogs")).toBeInTheDocument();
    const reorder = calls().find(([input]) => String(input).endsWith("/reorder"));
    expect(JSON.parse(String(reorder?.[1]?.body))).toEqual({ revision: 4 });
  });

  it("says so for an order that is not the organization's", async () => {
    signIn({});
    renderApp("/portal/orders/999");
    expect(await screen.findByText(portalOrderMessages.notFound, {}, firstRender)).toBeInTheDocument();
  });
});
