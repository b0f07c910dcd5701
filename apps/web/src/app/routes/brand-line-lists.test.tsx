import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { brands } from "@/testing/customers-api";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// The first visit to the screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

const crocs = brands[0]!;

const serverError: MockResponse = {
  status: 500,
  body: { success: false, message: "Something went wrong in the server.", data: null },
};

describe("a brand's line lists without its brand", () => {
  it("says the brand list is not loaded, in place, and shows the brand once Try again loads it", async () => {
    let failing = true;
    mockFetch({
      "/api/brands": () => (failing ? serverError : ok([crocs])),
      "/api/line-lists": ok({ lineLists: [] }),
    });
    const { user, router } = renderApp("/home/brand/1/line-lists");
    const main = await screen.findByRole("main", {}, firstRender);
    const alert = await within(main).findByRole("alert", {}, firstRender);
    expect(alert).toHaveTextContent("Brand list is not loaded");
    expect(alert).toHaveTextContent("Something went wrong in the server.");
    expect(router.state.location.pathname).toBe("/home/brand/1/line-lists");

    failing = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Crocs Line List Table" })).toBeInTheDocument();
  });

  it("goes back to the brands saying the current brand is not set when the id names no brand", async () => {
    mockFetch({ "/api/brands": ok([crocs]) });
    const error = vi.spyOn(toast, "error");
    const { router } = renderApp("/home/brand/42/line-lists");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/brands"), firstRender);
    expect(error).toHaveBeenCalledWith("Current brand is not set", expect.anything());
  });

  it("goes back to the brands saying the brand list is empty when there is no brand", async () => {
    mockFetch({ "/api/brands": ok([]) });
    const error = vi.spyOn(toast, "error");
    const { router } = renderApp("/home/brand/1/line-lists");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/brands"), firstRender);
    expect(error).toHaveBeenCalledWith("Brand list is empty", expect.anything());
  });
});

describe("a brand's line lists", () => {
  const pandora = brands[1]!;

  it("is titled with the brand's own name, also when the sidebar goes there from another brand", async () => {
    mockFetch({ "/api/brands": ok(brands), "/api/line-lists": ok({ lineLists: [] }) });
    const { user } = renderApp("/home/brand/1/line-lists");
    expect(
      await screen.findByRole("heading", { name: "Crocs Line List Table" }, firstRender),
    ).toBeInTheDocument();

    const sidebar = screen.getByRole("navigation", { name: /main|sidebar/i });
    await user.click(within(sidebar).getByRole("link", { name: pandora.name }));
    expect(
      await screen.findByRole("heading", { name: `${pandora.name} Line List Table` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Crocs Line List Table" })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${pandora.name} Line List Table · Catalog Manager`));
  });

  it("opens the upload with Crocs chosen from Crocs' page", async () => {
    mockFetch({ "/api/brands": ok(brands), "/api/line-lists": ok({ lineLists: [] }) });
    const { user } = renderApp("/home/brand/1/line-lists");
    const button = await screen.findByRole("button", { name: "Upload Line List" }, firstRender);
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Upload Brand Line List" }, firstRender);
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Brand" })).toHaveTextContent("Crocs"),
    );
    expect(within(dialog).queryByRole("status")).not.toBeInTheDocument();
  });

  it('opens the upload on any brand, Crocs or not: every brand\'s files can be mapped (no "(WIP)")', async () => {
    mockFetch({ "/api/brands": ok(brands), "/api/line-lists": ok({ lineLists: [] }) });
    const { user } = renderApp(`/home/brand/${pandora.id}/line-lists`);
    const button = await screen.findByRole("button", { name: "Upload Line List" }, firstRender);
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Upload Brand Line List" }, firstRender);
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Brand" })).toHaveTextContent(pandora.name),
    );
    expect(within(dialog).queryByText(/\(WIP\)|cannot be uploaded yet/)).not.toBeInTheDocument();
  });
});
