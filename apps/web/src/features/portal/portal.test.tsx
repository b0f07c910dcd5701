import type { PortalMe } from "@cm/contracts/portal";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession, testSessionUser } from "@/testing/auth";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";
import { setViewportWidth } from "@/testing/viewport";

// A test's first visit to a screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

beforeEach(() => seedSession());

const buyer = testSessionUser({
  id: 41,
  email: "buyer@shoes.example",
  firstName: "Bea",
  lastName: "Buyer",
  type: "external",
  permissions: [],
  role: { id: 7, name: "Buyer" },
});

function portalMe(stores: PortalMe["stores"]): PortalMe {
  return {
    user: { id: 41, email: "buyer@shoes.example", firstName: "Bea", lastName: "Buyer" },
    organization: { id: 3, name: "Sole Brothers" },
    stores,
    permissions: ["portal.catalogs.view", "portal.orders.manage"],
  };
}

const downtown = { id: 11, name: "Downtown" };
const harbour = { id: 12, name: "Harbour" };

function signInAsCustomer(stores: PortalMe["stores"] = [downtown]) {
  return mockFetch({ "/api/me": ok(buyer), "/api/portal/me": ok(portalMe(stores)) });
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
  it("shows the organization, the user, the one store and where its catalogs will be", async () => {
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
    expect(screen.getByText("Catalogs published for Downtown will appear here.")).toBeInTheDocument();
  });

  it("offers a store switcher when the user orders for several stores, kept in the URL", async () => {
    signInAsCustomer([downtown, harbour]);
    const { router, user } = renderApp("/portal");
    const store = await screen.findByRole("combobox", { name: "Store" }, firstRender);
    expect(store).toHaveTextContent("Downtown");
    expect(screen.getByText("Catalogs published for Downtown will appear here.")).toBeInTheDocument();

    await user.click(store);
    await user.click(await screen.findByRole("option", { name: "Harbour" }));
    await waitFor(() => expect(router.state.location.search).toBe("?storeId=12"));
    expect(screen.getByText("Catalogs published for Harbour will appear here.")).toBeInTheDocument();
  });

  it("opens on the store the URL names", async () => {
    signInAsCustomer([downtown, harbour]);
    renderApp("/portal?storeId=12");
    expect(await screen.findByRole("combobox", { name: "Store" }, firstRender)).toHaveTextContent("Harbour");
  });

  it("falls back to the first store for an id that is not theirs", async () => {
    signInAsCustomer([downtown, harbour]);
    renderApp("/portal?storeId=999");
    expect(await screen.findByRole("combobox", { name: "Store" }, firstRender)).toHaveTextContent("Downtown");
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
