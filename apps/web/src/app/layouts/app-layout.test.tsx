import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { brands } from "@/testing/customers-api";
import { mockFetch, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";
import { setViewportWidth } from "@/testing/viewport";

// The shell is for signed-in users only.
beforeEach(() => seedSession());

// A test's first visit to a screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

async function renderShell(path: string) {
  const app = renderApp(path);
  // The first render loads the screen's code on demand: slow on a busy machine.
  const nav = await screen.findByRole("navigation", { name: "Main" }, { timeout: 20_000 });
  // The groups follow once the signed-in user's permissions are known.
  await within(nav).findByRole("group", { name: "Settings" });
  return app;
}

describe("sidebar", () => {
  it("has the product name linking home and the spec's groups", async () => {
    await renderShell("/home/brands");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Catalog Manager" })).toHaveAttribute("href", "/home");
    for (const group of ["Inventory", "Orders", "Customers", "Settings"]) {
      expect(within(nav).getByRole("group", { name: group })).toBeInTheDocument();
    }
    const orders = within(nav).getByRole("group", { name: "Orders" });
    expect(within(orders).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/home/orders");
    expect(within(orders).getByRole("link", { name: "Pre-Book" })).toHaveAttribute(
      "href",
      "/home/orders/catalog-type/pre-book",
    );
    expect(within(orders).getByRole("link", { name: "All" })).toHaveAttribute("href", "/home/orders/all");
    expect(within(nav).getByRole("link", { name: "Brands" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("logs out to the landing page", async () => {
    const { user, router } = await renderShell("/home/team");
    await user.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("collapses and expands with Ctrl+B and keeps the state in a 7-day cookie", async () => {
    const { user } = await renderShell("/home");
    const toggle = screen.getByRole("button", { name: "Toggle Sidebar" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await user.keyboard("{Control>}b{/Control}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(document.querySelector('[data-slot="sidebar"]')).toHaveAttribute("data-state", "collapsed");
    expect(document.cookie).toContain("sidebar_state=false");

    await user.keyboard("{Meta>}b{/Meta}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(document.cookie).toContain("sidebar_state=true");
  });

  it("starts collapsed when the cookie says so", async () => {
    document.cookie = "sidebar_state=false; path=/";
    await renderShell("/home");
    expect(screen.getByRole("button", { name: "Toggle Sidebar" })).toHaveAttribute("aria-expanded", "false");
  });

  it("is a drawer below 1024 px, opened by the trigger and closed by picking a link", async () => {
    setViewportWidth(800);
    const { user, router } = renderApp("/home");
    const toggle = await screen.findByRole("button", { name: "Toggle Sidebar" }, { timeout: 20_000 });
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();

    await user.click(toggle);
    const drawer = await screen.findByRole("dialog", { name: "Navigation menu" });
    await user.click(within(drawer).getByRole("link", { name: "Stores" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/home/stores"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(document.cookie).not.toContain("sidebar_state");
  });

  it("switches between rail and drawer when the window crosses 1024 px", async () => {
    const { user } = await renderShell("/home");
    act(() => setViewportWidth(1023));
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    await user.keyboard("{Control>}b{/Control}");
    expect(await screen.findByRole("dialog", { name: "Navigation menu" })).toBeInTheDocument();
  });

  it("lists one Line Lists entry per brand", async () => {
    mockFetch({ "/api/brands": ok(brands) });
    await renderShell("/home/brand/2/line-lists");
    const lineLists = await screen.findByRole("list", { name: "Line Lists" });
    expect(await within(lineLists).findByRole("link", { name: "Crocs" })).toHaveAttribute(
      "href",
      "/home/brand/1/line-lists",
    );
    expect(within(lineLists).getByRole("link", { name: "Pandora" })).toHaveAttribute("aria-current", "page");
  });

  it("says the brand list is not loaded when the brands call fails, and loads it on Try again", async () => {
    let failing = true;
    mockFetch({
      "/api/brands": () =>
        failing
          ? {
              status: 500,
              body: { success: false, message: "Something went wrong in the server.", data: null },
            }
          : ok([brands[0]]),
    });
    const { user } = await renderShell("/home");
    const lineLists = await screen.findByRole("list", { name: "Line Lists" });
    expect(await within(lineLists).findByText("Brand list is not loaded")).toBeInTheDocument();
    expect(within(lineLists).queryByRole("link")).not.toBeInTheDocument();

    failing = false;
    await user.click(within(lineLists).getByRole("button", { name: "Try again" }));
    expect(await within(lineLists).findByRole("link", { name: "Crocs" })).toBeInTheDocument();
    expect(within(lineLists).queryByText("Brand list is not loaded")).not.toBeInTheDocument();
  });

  it("says the brand list is empty when there is no brand", async () => {
    mockFetch({ "/api/brands": ok([]) });
    await renderShell("/home");
    const lineLists = await screen.findByRole("list", { name: "Line Lists" });
    expect(await within(lineLists).findByText("Brand list is empty")).toBeInTheDocument();
    expect(within(lineLists).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });
});

describe("breadcrumbs", () => {
  it("are built from the path segments, each linking to its path", async () => {
    await renderShell("/home/organizations/create-customer");
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/home");
    expect(within(trail).getByRole("link", { name: "Organizations" })).toHaveAttribute(
      "href",
      "/home/organizations",
    );
    expect(within(trail).getByText("Create Customer")).toHaveAttribute("aria-current", "page");
  });

  it("use the list a dynamic route gives instead of its id", async () => {
    await renderShell("/home/brands/edit/42");
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(trail).getByRole("link", { name: "Brands" })).toHaveAttribute("href", "/home/brands");
    expect(within(trail).getByText("Edit Brand")).toHaveAttribute("aria-current", "page");
    expect(within(trail).queryByText("42")).not.toBeInTheDocument();
  });
});

describe("routes", () => {
  it("show the Orders group's screens, with no placeholder left", async () => {
    mockFetch({ "/api/orders": ok({ orders: [], total: 0 }) });
    await renderShell("/home/orders/all");
    expect(await screen.findByRole("heading", { level: 1, name: "All Orders" })).toBeInTheDocument();
    expect(await screen.findByText("No orders found")).toBeInTheDocument();
    expect(screen.queryByText("This screen arrives with a later issue.")).not.toBeInTheDocument();
  });

  it("show 'Page not found / Might be under construction' for an unknown child of /home", async () => {
    await renderShell("/home/no-such-screen");
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByText("Might be under construction")).toBeInTheDocument();
    // Still inside the shell.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });
});

describe("environment badge", () => {
  it.each([
    ["development", "Development"],
    ["qa", "Quality Assurance"],
  ])("reads the label for APP_ENV %s", async (appEnv, label) => {
    mockFetch({ "/api/config": ok({ appEnv, companyName: "Acme" }) });
    await renderShell("/home");
    expect(await screen.findByText(label)).toBeInTheDocument();
  });

  it("is absent in production", async () => {
    const fetchMock = mockFetch({ "/api/config": ok({ appEnv: "production", companyName: "Acme" }) });
    await renderShell("/home");
    await act(async () => {
      await Promise.all(fetchMock.mock.results.map((result) => result.value));
    });
    expect(screen.queryByTestId("environment-badge")).not.toBeInTheDocument();
  });

  it("is absent when the config cannot be loaded", async () => {
    await renderShell("/home");
    expect(screen.queryByTestId("environment-badge")).not.toBeInTheDocument();
  });
});
