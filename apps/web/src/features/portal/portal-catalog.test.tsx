import { testPortalMe } from "@/testing/portal";
import type { PortalMe } from "@cm/contracts/portal";
import {
  type PortalLineList,
  type PortalStyle,
  type PortalStyles,
  portalCatalogMessages,
} from "@cm/contracts/portal-catalogs";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession, testSessionUser } from "@/testing/auth";
import { envelope, mockCustomersApi, store } from "@/testing/customers-api";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

// A test's first visit to a screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

/** The store's cart as the size grids see it (usePortalCart's interface), without the server. */
const cart = vi.hoisted(() => {
  const quantities = new Map<string, number>();
  const setQuantity = vi.fn((lineListId: number, sku: string, quantity: number) => {
    quantities.set(`${lineListId}:${sku}`, quantity);
  });
  return { setQuantity, quantities };
});
vi.mock("@/features/portal/hooks/use-portal-cart", () => ({
  usePortalCart: () => ({
    cart: undefined,
    isLoading: false,
    quantityOf: (lineListId: number, sku: string) => cart.quantities.get(`${lineListId}:${sku}`) ?? 0,
    setQuantity: cart.setQuantity,
    saving: false,
    error: null,
  }),
}));

beforeEach(() => {
  seedSession();
  cart.setQuantity.mockClear();
  cart.quantities.clear();
});

const buyer = testSessionUser({
  id: 41,
  firstName: "Bea",
  lastName: "Buyer",
  type: "external",
  permissions: [],
});

function portalMe(permissions: PortalMe["permissions"]): PortalMe {
  return testPortalMe({ permissions });
}

const spring: PortalLineList = {
  id: 5,
  name: "Nike Spring 2027",
  brandId: 1,
  brandName: "Nike",
  type: "pre-book",
  deadline: "2027-03-01",
  dateOfAvailability: null,
  publishedAt: "2027-01-10T09:00:00.000Z",
  isNew: false,
  catalogs: [
    { type: "athletic", itemsCount: 2 },
    { type: "boutique", itemsCount: 1 },
  ],
};

function style(modelCode: string, overrides: Partial<PortalStyle> = {}): PortalStyle {
  return {
    modelCode,
    name: `${modelCode} Runner`,
    color: "Black",
    gender: "Women",
    imageUrl: null,
    catalogTypes: ["athletic"],
    msrp: "90.00",
    unitWhs: "45.00",
    sizes: ["8", "9", "10"].map((size) => ({ sku: `${modelCode}-${size}`, size, available: null })),
    ...overrides,
  };
}

function stylesAnswer(overrides: Partial<PortalStyles> = {}): PortalStyles {
  return {
    lineList: spring,
    styles: [
      style("NK-100", {
        sizes: [
          { sku: "NK-100-8", size: "8", available: 4 },
          { sku: "NK-100-9", size: "9", available: 0 },
          { sku: "NK-100-10", size: "10", available: null },
        ],
      }),
      style("NK-200", { name: "Court Classic", color: "White", msrp: "120.00", unitWhs: "54.00" }),
    ],
    total: 2,
    facets: { genders: ["Men", "Women"], colors: ["Black", "White"] },
    ...overrides,
  };
}

function signInAsCustomer(
  permissions: PortalMe["permissions"] = ["portal.catalogs.view", "portal.orders.manage"],
  styles: PortalStyles = stylesAnswer(),
) {
  return mockFetch({
    "/api/me": ok(buyer),
    "/api/portal/me": ok(portalMe(permissions)),
    "/api/portal/line-lists/5/styles": ok(styles),
  });
}

/** The query strings of the styles reads, in order. */
function stylesQueries(fetchMock: ReturnType<typeof mockFetch>, path = "/api/portal/line-lists/5/styles") {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

describe("a line list's catalog", () => {
  it("shows the line list and its styles as cards with the store's own price", async () => {
    signInAsCustomer();
    renderApp("/portal/line-lists/5?storeId=11");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Nike Spring 2027" }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText("Pre-Book")).toBeInTheDocument();
    expect(screen.getByText("03/01/2027")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All catalogs" })).toHaveAttribute("href", "/portal?storeId=11");

    const list = screen.getByRole("list", { name: "Styles of Nike Spring 2027" });
    const first = within(list).getByRole("listitem", { name: "NK-100 Runner" });
    expect(first).toHaveTextContent("NK-100");
    expect(first).toHaveTextContent("Black");
    expect(within(first).getByText("Your price").nextElementSibling).toHaveTextContent("$45.00");
    expect(within(first).getByText("MSRP").nextElementSibling).toHaveTextContent("$90.00");
    // The sizes in the given order, each a quantity field, with the available quantity where known.
    const fields = within(first).getAllByRole("textbox");
    expect(fields.map((field) => field.getAttribute("aria-label"))).toEqual([
      "NK-100 size 8",
      "NK-100 size 9",
      "NK-100 size 10",
    ]);
    expect(within(first).getByText("4 avail.")).toBeInTheDocument();
    expect(within(first).getByText("0 avail.")).toBeInTheDocument();
    const second = within(list).getByRole("listitem", { name: "Court Classic" });
    expect(within(second).getByText("Your price").nextElementSibling).toHaveTextContent("$54.00");
    expect(within(second).queryByText(/avail\./)).not.toBeInTheDocument();
    expect(screen.getByText("1–2 of 2")).toBeInTheDocument();
  });

  it("reads the first page of 48 and puts the search and filters in the URL and the query", async () => {
    const fetchMock = signInAsCustomer();
    const { router, user } = renderApp("/portal/line-lists/5?storeId=11&catalogType=athletic");
    await screen.findByRole("heading", { level: 1, name: "Nike Spring 2027" }, firstRender);
    const first = stylesQueries(fetchMock)[0]!;
    expect(Object.fromEntries(first)).toEqual({
      storeId: "11",
      catalogType: "athletic",
      page: "1",
      pageSize: "48",
    });
    expect(screen.getByRole("combobox", { name: "Catalog" })).toHaveTextContent("Athletic");

    await user.click(screen.getByRole("combobox", { name: "Gender" }));
    await user.click(await screen.findByRole("option", { name: "Women" }));
    await waitFor(() => expect(router.state.location.search).toContain("gender=Women"));
    await waitFor(() => expect(stylesQueries(fetchMock).at(-1)?.get("gender")).toBe("Women"));

    await user.click(screen.getByRole("combobox", { name: "Colour" }));
    await user.click(await screen.findByRole("option", { name: "White" }));
    await waitFor(() => expect(stylesQueries(fetchMock).at(-1)?.get("color")).toBe("White"));

    await user.type(screen.getByRole("searchbox", { name: "Search styles" }), "court");
    await waitFor(() => expect(router.state.location.search).toContain("q=court"));
    await waitFor(() => expect(stylesQueries(fetchMock).at(-1)?.get("q")).toBe("court"));
    const last = stylesQueries(fetchMock).at(-1)!;
    expect(last.get("q")).toBe("court");
    expect(last.get("catalogType")).toBe("athletic");
    expect(last.get("storeId")).toBe("11");

    await user.click(screen.getByRole("combobox", { name: "Catalog" }));
    await user.click(await screen.findByRole("option", { name: "All catalogs" }));
    await waitFor(() => expect(router.state.location.search).not.toContain("catalogType"));
    await waitFor(() => expect(stylesQueries(fetchMock).at(-1)?.has("catalogType")).toBe(false));
  });

  it("pages by 48 and switches between cards and rows", async () => {
    const many = Array.from({ length: 48 }, (_, index) => style(`NK-${1000 + index}`));
    const fetchMock = signInAsCustomer(undefined, stylesAnswer({ styles: many, total: 120 }));
    const { router, user } = renderApp("/portal/line-lists/5?storeId=11");
    const list = await screen.findByRole("list", { name: "Styles of Nike Spring 2027" }, firstRender);
    expect(within(list).getAllByRole("listitem", { name: /Runner/ })).toHaveLength(48);
    expect(screen.getByText("1–48 of 120")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(router.state.location.search).toContain("page=2"));
    await waitFor(() => expect(stylesQueries(fetchMock).at(-1)?.get("page")).toBe("2"));
    expect(await screen.findByText("49–96 of 120")).toBeInTheDocument();

    expect(screen.getByRole("button", { name: "Cards" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Rows" }));
    await waitFor(() => expect(router.state.location.search).toContain("view=rows"));
    // The layout is no filter: the page stays.
    expect(router.state.location.search).toContain("page=2");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Rows" })).toHaveAttribute("aria-pressed", "true"),
    );
    expect(screen.getByRole("list", { name: "Styles of Nike Spring 2027" })).toBeInTheDocument();
  });

  it("moves between the size fields with the arrow keys and types quantities into the cart", async () => {
    signInAsCustomer();
    const { user } = renderApp("/portal/line-lists/5?storeId=11");
    const field = (name: string) => screen.getByRole("textbox", { name });
    await screen.findByRole("textbox", { name: "NK-100 size 8" }, firstRender);

    await user.click(field("NK-100 size 8"));
    await user.keyboard("3");
    expect(cart.setQuantity).toHaveBeenLastCalledWith(5, "NK-100-8", 3);
    expect(field("NK-100 size 8")).toHaveValue("3");

    await user.keyboard("{ArrowRight}");
    expect(field("NK-100 size 9")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(field("NK-200 size 9")).toHaveFocus();
    await user.keyboard("12");
    expect(cart.setQuantity).toHaveBeenLastCalledWith(5, "NK-200-9", 12);
    await user.keyboard("{ArrowLeft}");
    // The caret was after "12": Left first moves within what was typed.
    expect(field("NK-200 size 9")).toHaveFocus();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(field("NK-200 size 8")).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(field("NK-100 size 8")).toHaveFocus();
    // No style above the first: focus stays.
    await user.keyboard("{ArrowUp}");
    expect(field("NK-100 size 8")).toHaveFocus();

    // Letters are no quantity; emptying a field sets 0.
    await user.clear(field("NK-200 size 10"));
    await user.type(field("NK-200 size 10"), "a");
    expect(field("NK-200 size 10")).toHaveValue("");
    await user.type(field("NK-100 size 10"), "2");
    expect(cart.setQuantity).toHaveBeenLastCalledWith(5, "NK-100-10", 2);
    await user.type(field("NK-100 size 10"), "{Backspace}");
    expect(cart.setQuantity).toHaveBeenLastCalledWith(5, "NK-100-10", 0);
  });

  it("moves up and down to the same size of the next style, or the size in the same place", async () => {
    const answer = stylesAnswer();
    const kids = style("NK-300", {
      name: "Kids Runner",
      sizes: ["9", "10", "11"].map((size) => ({ sku: `NK-300-${size}`, size, available: null })),
    });
    signInAsCustomer(undefined, { ...answer, styles: [...answer.styles, kids], total: 3 });
    const { user } = renderApp("/portal/line-lists/5?storeId=11");
    const field = (name: string) => screen.getByRole("textbox", { name });
    await user.click(await screen.findByRole("textbox", { name: "NK-200 size 9" }, firstRender));
    await user.keyboard("{ArrowDown}");
    expect(field("NK-300 size 9")).toHaveFocus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(field("NK-300 size 11")).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(field("NK-200 size 10")).toHaveFocus();
    // No style after the last: focus stays.
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(field("NK-300 size 10")).toHaveFocus();
  });

  it("shows the quantities already in the cart", async () => {
    cart.quantities.set("5:NK-200-10", 6);
    signInAsCustomer();
    renderApp("/portal/line-lists/5?storeId=11");
    expect(await screen.findByRole("textbox", { name: "NK-200 size 10" }, firstRender)).toHaveValue("6");
    expect(screen.getByRole("listitem", { name: "Court Classic" })).toHaveTextContent("6 units · $324.00");
  });

  it("shows a Store Viewer the sizes without quantity fields", async () => {
    signInAsCustomer(["portal.catalogs.view"]);
    renderApp("/portal/line-lists/5?storeId=11");
    const sizes = await screen.findByRole("list", { name: "Sizes of NK-100" }, firstRender);
    expect(
      within(sizes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["84 avail.", "90 avail.", "10"]);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Cart/ })).not.toBeInTheDocument();
  });

  it("says when the line list is not one the store may see", async () => {
    mockFetch({
      "/api/me": ok(buyer),
      "/api/portal/me": ok(portalMe(["portal.catalogs.view"])),
      "/api/portal/line-lists/5/styles": {
        status: 404,
        body: { success: false, message: portalCatalogMessages.lineListNotFound, data: null },
      },
    });
    renderApp("/portal/line-lists/5?storeId=11");
    expect(
      await screen.findAllByText(portalCatalogMessages.lineListNotFound, {}, firstRender),
    ).not.toHaveLength(0);
    expect(screen.getByRole("link", { name: "All catalogs" })).toHaveAttribute("href", "/portal?storeId=11");
  });

  it("says when no style matches, with a way to clear the filters", async () => {
    signInAsCustomer(undefined, stylesAnswer({ styles: [], total: 0 }));
    const { router, user } = renderApp("/portal/line-lists/5?storeId=11&q=zzz");
    expect(await screen.findByText(portalCatalogMessages.noStyles, {}, firstRender)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?storeId=11"));
  });
});

describe("staff's View as store", () => {
  function mockViewAs() {
    return mockFetch({
      "/api/stores/11/portal-view/catalogs": ok({
        lineLists: [{ ...spring, isNew: true }],
        store: { id: 11, name: "Downtown" },
      }),
      "/api/stores/11/portal-view/line-lists/5/styles": ok(stylesAnswer()),
    });
  }

  it("shows the store's home and catalogs read-only under a banner, from the portal-view reads", async () => {
    const fetchMock = mockViewAs();
    const { router, user } = renderApp("/home/stores/11/view-as-store");
    expect(
      await screen.findByText(portalCatalogMessages.viewAsStoreTitle("Downtown"), {}, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText(portalCatalogMessages.viewAsStoreNotice)).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Nike Spring 2027" });
    expect(within(card).getByText(portalCatalogMessages.newSinceLastVisit)).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /Boutique/ })).toHaveAttribute(
      "href",
      "/home/stores/11/view-as-store?lineListId=5&catalogType=boutique",
    );

    await user.click(within(card).getByRole("link", { name: "Nike Spring 2027" }));
    await waitFor(() => expect(router.state.location.search).toBe("?lineListId=5"));
    const list = await screen.findByRole("list", { name: "Styles of Nike Spring 2027" });
    expect(screen.getByText(portalCatalogMessages.viewAsStoreTitle("Downtown"))).toBeInTheDocument();
    expect(within(list).getByRole("list", { name: "Sizes of NK-100" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Cart/ })).not.toBeInTheDocument();
    expect(within(list).getAllByText("Your price")).toHaveLength(2);

    // Filters stay beside the line list in the URL.
    await user.click(screen.getByRole("combobox", { name: "Gender" }));
    await user.click(await screen.findByRole("option", { name: "Men" }));
    await waitFor(() => expect(router.state.location.search).toBe("?lineListId=5&gender=Men"));
    await waitFor(() =>
      expect(
        stylesQueries(fetchMock, "/api/stores/11/portal-view/line-lists/5/styles").at(-1)?.get("gender"),
      ).toBe("Men"),
    );

    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost").pathname);
    expect(paths.some((path) => path.startsWith("/api/portal/"))).toBe(false);
  });

  it("is offered on the store's page to staff who may see catalogs", async () => {
    mockCustomersApi({ "GET /api/stores/21": envelope(store(21, "Beach Store")) });
    renderApp("/home/stores/21");
    expect(await screen.findByRole("link", { name: "View as store" }, firstRender)).toHaveAttribute(
      "href",
      "/home/stores/21/view-as-store",
    );
  });

  it("is not offered to staff who may not see catalogs", async () => {
    seedSession({ permissions: ["customers.view", "customers.manage"] });
    mockCustomersApi({ "GET /api/stores/21": envelope(store(21, "Beach Store")) });
    renderApp("/home/stores/21");
    await screen.findByRole("heading", { level: 1, name: "Beach Store" }, firstRender);
    expect(screen.queryByRole("link", { name: "View as store" })).not.toBeInTheDocument();
  });
});
