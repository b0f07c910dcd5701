import { portalBuyer, testPortalMe } from "@/testing/portal";
import type { PortalMe } from "@cm/contracts/portal";
import { type Cart, type CartLine, portalOrderMessages } from "@cm/contracts/portal-orders";
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

function portalMe(permissions?: PortalMe["permissions"]): PortalMe {
  return testPortalMe({ permissions });
}

function line(extra: Partial<CartLine>): CartLine {
  return {
    lineListId: 5,
    lineListName: "FW26 Pre-Book",
    lineListType: "pre-book",
    orderType: "pre-book",
    brandId: 2,
    brandName: "Trailhead",
    modelCode: "TR-100",
    name: "Ridge Runner",
    color: "Black",
    imageUrl: null,
    sku: "TR-100-8",
    size: "8",
    quantity: 2,
    msrp: "120.00",
    unitWhs: "50.00",
    lineTotal: "100.00",
    problem: null,
    ...extra,
  };
}

const cart: Cart = {
  storeId: 11,
  revision: 7,
  lines: [
    line({}),
    line({ sku: "TR-100-9", size: "9", quantity: 3, lineTotal: "150.00" }),
    line({
      lineListId: 6,
      lineListType: "brand-ats",
      orderType: "brand-ats",
      sku: "TR-200-8",
      modelCode: "TR-200",
      name: "Summit",
      quantity: 1,
      unitWhs: "80.00",
      lineTotal: "80.00",
    }),
    line({
      lineListId: 9,
      brandId: 1,
      brandName: "Alpine",
      sku: "AL-1-7",
      modelCode: "AL-1",
      name: "Glacier",
      size: "7",
      quantity: 4,
      unitWhs: "25.00",
      lineTotal: "100.00",
      problem: "The deadline for orders has passed",
    }),
  ],
  units: 10,
  totalWhs: "430.00",
  updatedAt: "2026-11-20T10:00:00.000Z",
};

function signIn(routes: Record<string, MockResponse | (() => MockResponse)> = {}, me = portalMe()) {
  return mockFetch({
    "/api/me": ok(buyer),
    "/api/portal/me": ok(me),
    "/api/portal/cart": ok(cart),
    "/api/portal/orders": ok({ orders: [], total: 0 }),
    ...routes,
  });
}

describe("the cart page", () => {
  it("groups lines by brand and order type with each group's and the cart's totals, and shows problems", async () => {
    signIn();
    renderApp("/portal/cart");
    const alpine = await screen.findByRole("region", { name: "Alpine Pre-Book" }, firstRender);
    const trailheadPreBook = screen.getByRole("region", { name: "Trailhead Pre-Book" });
    const trailheadAts = screen.getByRole("region", { name: "Trailhead Brand ATS" });
    // Brands A–Z, then the order types in their order.
    const groups = screen.getAllByRole("region", { name: /Pre-Book|Brand ATS/ });
    expect(groups).toEqual([alpine, trailheadPreBook, trailheadAts]);

    expect(within(trailheadPreBook).getAllByRole("listitem")).toHaveLength(2);
    expect(within(trailheadPreBook).getByText("5 units")).toBeInTheDocument();
    expect(within(trailheadPreBook).getByText("$250.00")).toBeInTheDocument();
    expect(within(trailheadAts).getByText("Summit")).toBeInTheDocument();
    expect(within(trailheadAts).getByText("TR-200 · Black · Size 8")).toBeInTheDocument();
    expect(
      within(trailheadAts).getByRole("spinbutton", { name: /Quantity of Summit TR-200 Black, size 8/ }),
    ).toHaveValue(1);

    const problem = within(alpine).getByText("The deadline for orders has passed");
    expect(problem).toHaveClass("text-destructive");
    expect(screen.getByText("Units").nextSibling).toHaveTextContent("10");
    expect(screen.getByText("Total WHS").nextSibling).toHaveTextContent("$430.00");
  });

  it("shows a typed quantity's total at once and saves the cart at its revision", async () => {
    const saved = {
      ...cart,
      revision: 8,
      lines: cart.lines.map((l) => (l.sku === "TR-200-8" ? { ...l, quantity: 6, lineTotal: "480.00" } : l)),
      units: 15,
      totalWhs: "830.00",
    };
    let answer = cart;
    const fetchMock = signIn({
      "/api/portal/cart": () => ok(answer),
    });
    const { user } = renderApp("/portal/cart");
    const summit = await screen.findByRole("region", { name: "Trailhead Brand ATS" }, firstRender);
    const quantity = within(summit).getByRole("spinbutton", { name: /Quantity of Summit/ });
    answer = saved;
    await user.clear(quantity);
    await user.type(quantity, "6");
    expect(within(summit).getByText("$480.00", { selector: "p" })).toBeInTheDocument();
    expect(screen.getByText("Units").nextSibling).toHaveTextContent("15");

    const calls = () => fetchMock.mock.calls as unknown as [RequestInfo, RequestInit | undefined][];
    await waitFor(() => expect(calls().some(([, init]) => init?.method === "PUT")).toBe(true), {
      timeout: 5_000,
    });
    const puts = calls().filter(([, init]) => init?.method === "PUT");
    expect(puts).toHaveLength(1);
    const body = JSON.parse(String(puts[0]![1]!.body)) as {
      revision: number;
      lines: { sku: string; quantity: number }[];
    };
    expect(body.revision).toBe(7);
    expect(body.lines.find((l) => l.sku === "TR-200-8")?.quantity).toBe(6);
    expect(body.lines).toHaveLength(4);
  });

  it("asks before submitting, then says how many orders were placed and opens the orders", async () => {
    const fetchMock = signIn({
      "/api/portal/cart/submit": {
        status: 201,
        body: { success: true, message: "OK", data: { orders: [] } },
      },
    });
    const { router, user } = renderApp("/portal/cart?storeId=11");
    await user.click(await screen.findByRole("button", { name: "Submit" }, firstRender));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(portalOrderMessages.submitConfirm(2))).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/portal/orders"));
    expect(router.state.location.search).toBe("?storeId=11");
    expect(await screen.findByText(portalOrderMessages.submitted(0))).toBeInTheDocument();
    const calls = fetchMock.mock.calls as unknown as [RequestInfo, RequestInit | undefined][];
    const submit = calls.find(([input]) => String(input).includes("/cart/submit"));
    expect(submit?.[1]?.method).toBe("POST");
    expect(JSON.parse(String(submit?.[1]?.body))).toEqual({ storeId: 11, revision: 7 });
  });

  it("names the refused lines when the submit is refused", async () => {
    signIn({
      "/api/portal/cart/submit": {
        status: 400,
        body: {
          success: false,
          message: "Some lines cannot be ordered",
          data: { "lines.3.sku": ["AL-1-7: The deadline for orders has passed"] },
        },
      },
    });
    const { user } = renderApp("/portal/cart");
    await user.click(await screen.findByRole("button", { name: "Submit" }, firstRender));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Submit" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Some lines cannot be ordered")).toBeInTheDocument();
    expect(within(alert).getByText("AL-1-7: The deadline for orders has passed")).toBeInTheDocument();
  });

  it("reloads the cart when it changed elsewhere before the submit", async () => {
    let answer = cart;
    const fetchMock = signIn({
      "/api/portal/cart": () => ok(answer),
      "/api/portal/cart/submit": () => {
        answer = { ...cart, revision: 9, lines: cart.lines.slice(0, 1), units: 2, totalWhs: "100.00" };
        return {
          status: 409,
          body: { success: false, message: portalOrderMessages.cartChanged, data: null },
        };
      },
    });
    const { user } = renderApp("/portal/cart");
    await user.click(await screen.findByRole("button", { name: "Submit" }, firstRender));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(portalOrderMessages.cartChanged)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Units").nextSibling).toHaveTextContent("2"));
    const gets = fetchMock.mock.calls.filter(([input]) => String(input).startsWith("/api/portal/cart?"));
    expect(gets.length).toBeGreaterThanOrEqual(2);
  });

  it("says the cart is empty, with the way to the catalogs", async () => {
    signIn({ "/api/portal/cart": ok({ ...cart, revision: 0, lines: [], units: 0, totalWhs: "0.00" }) });
    renderApp("/portal/cart");
    expect(await screen.findByText(portalOrderMessages.emptyCart, {}, firstRender)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse catalogs" })).toHaveAttribute(
      "href",
      "/portal?storeId=11",
    );
  });
});

describe("the portal's navigation", () => {
  it("shows Catalogs, Cart with its units and Orders, keeping the store, and marks the page shown", async () => {
    signIn();
    renderApp("/portal/cart?storeId=11");
    const nav = await screen.findByRole("navigation", { name: "Portal" }, firstRender);
    await waitFor(() => expect(within(nav).getByLabelText("10 units")).toBeInTheDocument());
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["Catalogs", "Cart10", "Orders"]);
    expect(within(nav).getByRole("link", { name: /Cart/ })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Orders" })).toHaveAttribute(
      "href",
      "/portal/orders?storeId=11",
    );
    expect(within(nav).queryByRole("link", { name: "Users" })).not.toBeInTheDocument();
  });

  it("shows Users to a user who manages the organization's users", async () => {
    signIn({}, portalMe(["portal.catalogs.view", "portal.orders.manage", "portal.users.manage"]));
    renderApp("/portal/orders");
    const nav = await screen.findByRole("navigation", { name: "Portal" }, firstRender);
    expect(within(nav).getByRole("link", { name: "Users" })).toHaveAttribute("href", "/portal/users");
    expect(within(nav).getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  });

  it("shows no Cart to a user who may not order", async () => {
    const fetchMock = signIn({}, portalMe(["portal.catalogs.view"]));
    renderApp("/portal/orders");
    const nav = await screen.findByRole("navigation", { name: "Portal" }, firstRender);
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Catalogs", "Orders"]);
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith("/api/portal/cart"))).toBe(false);
  });
});
