import { portalBuyer, testPortalMe } from "@/testing/portal";
import type { PortalMe } from "@cm/contracts/portal";
import { type PortalLineList, portalCatalogMessages } from "@cm/contracts/portal-catalogs";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";
import { setViewportWidth } from "@/testing/viewport";

// A test's first visit to a screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

beforeEach(() => seedSession());

const buyer = portalBuyer;

function portalMe(stores: PortalMe["stores"]): PortalMe {
  return testPortalMe({ stores });
}

const downtown = { id: 11, name: "Downtown" };
const harbour = { id: 12, name: "Harbour" };

function signInAsCustomer(stores: PortalMe["stores"] = [downtown], lineLists: PortalLineList[] = []) {
  return mockFetch({
    "/api/me": ok(buyer),
    "/api/portal/me": ok(portalMe(stores)),
    "/api/portal/catalogs": ok({ lineLists }),
    "/api/portal/catalogs/seen": ok({ seenAt: "2027-02-01T10:00:00.000Z", previousSeenAt: null }),
  });
}

describe("where each user lands", () => {
  it("sends a customer user from /home (where sign-in returns) to /portal", async () => {
    signInAsCustomer();
    const { router } = renderApp("/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/portal"), firstRender);
    expect(await screen.findByRole("heading", { level: 1, name: "Sole Brothers" })).toBeInTheDocument();
    // The staff shell never rendered: no sidebar.
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });

  it("sends a customer user opening a staff page to /portal without showing it", async () => {
    const fetchMock = signInAsCustomer();
    const { router } = renderApp("/home/orders");
    await waitFor(() => expect(router.state.location.pathname).toBe("/portal"), firstRender);
    await screen.findByRole("heading", { level: 1, name: "Sole Brothers" });
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    // No staff API was asked for anything.
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost").pathname);
    expect(paths.every((path) => path === "/api/me" || path.startsWith("/api/portal/"))).toBe(true);
  });

  it("keeps staff on /home and sends staff opening /portal to /home", async () => {
    const { router } = renderApp("/portal");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"), firstRender);
    expect(await screen.findByRole("navigation", { name: "Main" }, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign out" })).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor of /portal to the sign-in", async () => {
    window.localStorage.clear();
    const { router } = renderApp("/portal");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), firstRender);
  });

  it("says so when the signed-in user cannot be read, and shows no screen", async () => {
    mockFetch({
      "/api/me": { status: 503, body: { success: false, message: "Try again later", data: null } },
    });
    renderApp("/home/orders");
    expect(await screen.findByText("Your account could not be loaded", {}, firstRender)).toBeInTheDocument();
    expect(screen.getByText("Try again later")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });
});

describe("portal home", () => {
  it("shows the organization, the user, the one store and that nothing is published for it yet", async () => {
    signInAsCustomer();
    renderApp("/portal");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sole Brothers" }, firstRender),
    ).toBeInTheDocument();
    const header = screen.getByRole("banner");
    expect(within(header).getByText("Catalog Manager")).toBeInTheDocument();
    expect(within(header).getByText("Bea Buyer")).toBeInTheDocument();
    expect(within(header).getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    expect(screen.getByText("Downtown", { selector: "span" })).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Store" })).not.toBeInTheDocument();
    expect(await screen.findByText(portalCatalogMessages.noCatalogs("Downtown"))).toBeInTheDocument();
  });

  it("offers a store switcher when the user orders for several stores, kept in the URL", async () => {
    signInAsCustomer([downtown, harbour]);
    const { router, user } = renderApp("/portal");
    const store = await screen.findByRole("combobox", { name: "Store" }, firstRender);
    expect(store).toHaveDisplayValue("Downtown");
    expect(await screen.findByText(portalCatalogMessages.noCatalogs("Downtown"))).toBeInTheDocument();

    await user.selectOptions(store, "Harbour");
    await waitFor(() => expect(router.state.location.search).toBe("?storeId=12"));
    expect(await screen.findByText(portalCatalogMessages.noCatalogs("Harbour"))).toBeInTheDocument();
  });

  it("opens on the store the URL names", async () => {
    signInAsCustomer([downtown, harbour]);
    renderApp("/portal?storeId=12");
    expect(await screen.findByRole("combobox", { name: "Store" }, firstRender)).toHaveDisplayValue("Harbour");
  });

  it("falls back to the first store for an id that is not theirs", async () => {
    signInAsCustomer([downtown, harbour]);
    renderApp("/portal?storeId=999");
    expect(await screen.findByRole("combobox", { name: "Store" }, firstRender)).toHaveDisplayValue(
      "Downtown",
    );
  });

  it("says so when the user has no store yet", async () => {
    signInAsCustomer([]);
    renderApp("/portal");
    expect(await screen.findByText("No stores yet", {}, firstRender)).toBeInTheDocument();
  });

  it("shows a load error with a way to try again", async () => {
    mockFetch({
      "/api/me": ok(buyer),
      "/api/portal/me": { status: 500, body: { success: false, message: "Server unavailable", data: null } },
    });
    renderApp("/portal");
    expect(
      await screen.findByText("Your organization could not be loaded", {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("names the signed-in user on a line of its own for phones", async () => {
    setViewportWidth(390);
    signInAsCustomer([downtown, harbour]);
    renderApp("/portal");
    expect(await screen.findByText("Signed in as Bea Buyer", {}, firstRender)).toBeInTheDocument();
  });
});

function lineList(overrides: Partial<PortalLineList> & Pick<PortalLineList, "id" | "name">): PortalLineList {
  return {
    brandId: 1,
    brandName: "Nike",
    type: "pre-book",
    deadline: "2027-03-01",
    dateOfAvailability: null,
    publishedAt: "2027-01-10T09:00:00.000Z",
    isNew: false,
    catalogs: [{ type: "athletic", itemsCount: 120 }],
    ...overrides,
  };
}

const published = [
  lineList({
    id: 5,
    name: "Nike Spring 2027",
    isNew: true,
    catalogs: [
      { type: "athletic", itemsCount: 120 },
      { type: "boutique", itemsCount: 1 },
    ],
  }),
  lineList({
    id: 6,
    name: "Adidas Future",
    brandId: 2,
    brandName: "Adidas",
    type: "future-stock",
    deadline: null,
    dateOfAvailability: "2027-05-15",
  }),
  lineList({ id: 7, name: "Nike ATS", type: "brand-ats", deadline: null }),
];

function seenCalls(fetchMock: ReturnType<typeof mockFetch>) {
  // The mock is called with the request's init too, though its signature names the input only.
  const calls = fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
  return calls
    .filter(([input]) => new URL(String(input), "http://localhost").pathname === "/api/portal/catalogs/seen")
    .map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));
}

describe("portal home: the catalogs published for the store", () => {
  it("lists the line lists by brand with their type, date, catalogs and what is new", async () => {
    signInAsCustomer([downtown], published);
    renderApp("/portal");
    const adidas = await screen.findByRole("region", { name: "Adidas" }, firstRender);
    const nike = screen.getByRole("region", { name: "Nike" });
    // Brands by name.
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(["Adidas", "Nike"]);

    const future = within(adidas).getByRole("article", { name: "Adidas Future" });
    expect(within(future).getByText("Future Stock")).toBeInTheDocument();
    expect(within(future).getByText("Available")).toBeInTheDocument();
    expect(within(future).getByText("05/15/2027")).toBeInTheDocument();
    expect(within(future).queryByText(portalCatalogMessages.newSinceLastVisit)).not.toBeInTheDocument();

    const spring = within(nike).getByRole("article", { name: "Nike Spring 2027" });
    expect(within(spring).getByText("Pre-Book")).toBeInTheDocument();
    expect(within(spring).getByText("Deadline")).toBeInTheDocument();
    expect(within(spring).getByText("03/01/2027")).toBeInTheDocument();
    expect(within(spring).getByText(portalCatalogMessages.newSinceLastVisit)).toBeInTheDocument();
    expect(within(spring).getByRole("link", { name: "Nike Spring 2027" })).toHaveAttribute(
      "href",
      "/portal/line-lists/5?storeId=11",
    );
    expect(within(spring).getByRole("link", { name: /Athletic\s*120 styles/ })).toHaveAttribute(
      "href",
      "/portal/line-lists/5?storeId=11&catalogType=athletic",
    );
    expect(within(spring).getByRole("link", { name: /Boutique\s*1 style$/ })).toBeInTheDocument();
    expect(within(nike).getByRole("article", { name: "Nike ATS" })).toHaveTextContent("Brand ATS");
  });

  it("records the visit once per store after the list shows", async () => {
    const fetchMock = signInAsCustomer([downtown, harbour], published);
    const { user } = renderApp("/portal");
    await screen.findByRole("article", { name: "Nike ATS" }, firstRender);
    await waitFor(() => expect(seenCalls(fetchMock)).toEqual([{ method: "POST", body: { storeId: 11 } }]));

    await user.selectOptions(screen.getByRole("combobox", { name: "Store" }), "Harbour");
    await waitFor(() => expect(seenCalls(fetchMock)).toHaveLength(2));
    await user.selectOptions(screen.getByRole("combobox", { name: "Store" }), "Downtown");
    await screen.findByRole("article", { name: "Nike ATS" });
    expect(seenCalls(fetchMock)).toEqual([
      { method: "POST", body: { storeId: 11 } },
      { method: "POST", body: { storeId: 12 } },
    ]);
  });

  it("says when the catalogs cannot be loaded, with a way to try again", async () => {
    const fetchMock = mockFetch({
      "/api/me": ok(buyer),
      "/api/portal/me": ok(portalMe([downtown])),
      "/api/portal/catalogs": { status: 500, body: { success: false, message: "Database down", data: null } },
    });
    renderApp("/portal");
    expect(await screen.findByText(portalCatalogMessages.loadFailed, {}, firstRender)).toBeInTheDocument();
    expect(screen.getByText("Database down")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(seenCalls(fetchMock)).toEqual([]);
  });
});
