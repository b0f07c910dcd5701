import type { Brand } from "@cm/contracts/brands";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { seedSession } from "@/testing/auth";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

/** The first render loads the shell's and the screen's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };

type FetchCall = [input: RequestInfo | URL, init?: RequestInit];

function brand(id: number, name: string, description: string | null = null): Brand {
  return {
    id,
    name,
    description,
    categoryId: 1,
    status: "active",
    wholesaleFactor: 0.5,
    createdAt: "2026-11-02T10:00:00.000Z",
    updatedAt: "2026-11-02T10:00:00.000Z",
    _revision: 1,
  };
}

/** A brands API over a list: GET lists it, POST/PUT/DELETE answer what `write` says. */
function brandsApi(
  initial: Brand[],
  write: (method: string, url: string, body: unknown) => MockResponse = () => ok(null),
) {
  let brands = [...initial];
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  const answer = () => {
    const [input, init] = calls().at(-1)!;
    const method = init?.method ?? "GET";
    if (method === "GET") return ok(brands);
    const response = write(method, String(input), init?.body ? JSON.parse(String(init.body)) : undefined);
    if ((response.status ?? 200) < 300) {
      const written = (response.body as { data: Brand }).data;
      brands =
        method === "DELETE"
          ? brands.filter((b) => b.id !== written.id)
          : [...brands.filter((b) => b.id !== written.id), written];
    }
    return response;
  };
  const routes: Record<string, () => MockResponse> = { "/api/brands": answer };
  for (const b of initial) routes[`/api/brands/${b.id}`] = answer;
  routes["/api/brands/99"] = answer;
  const fetchMock = mockFetch(routes);
  const writes = () => calls().filter(([, init]) => init?.method && init.method !== "GET");
  return { writes };
}

beforeEach(() => seedSession());

describe("brands list", { timeout: 30_000 }, () => {
  const many = Array.from({ length: 12 }, (_, index) =>
    brand(index + 1, `Brand ${String(index + 1).padStart(2, "0")}`),
  );

  it("shows 10 brands a page with Previous and Next", async () => {
    brandsApi(many);
    const { user } = renderApp("/home/brands");
    const table = await screen.findByRole("table", { name: "Brands" }, firstRender);
    await within(table).findByText("Brand 01");
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    expect(screen.getByText("1–10 of 12")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByText("Brand 12")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("writes the creation date as MM/DD/YYYY, like every date of the product", async () => {
    brandsApi([brand(1, "Crocs")]);
    renderApp("/home/brands");
    const table = await screen.findByRole("table", { name: "Brands" }, firstRender);
    const row = await within(table).findByRole("row", { name: /Crocs/ });
    expect(row).toHaveTextContent("11/02/2026");
    expect(row).not.toHaveTextContent("November");
  });

  it("searches by name, ignoring letter case, and says when nothing matches", async () => {
    brandsApi([brand(1, "Crocs"), brand(2, "Hey Dude", "Loafers"), brand(3, "Pandora")]);
    const { user } = renderApp("/home/brands");
    const table = await screen.findByRole("table", { name: "Brands" }, firstRender);
    await within(table).findByText("Crocs");
    const search = screen.getByRole("searchbox", { name: "Search brands" });

    await user.type(search, "DUDE");
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).getByText("Hey Dude")).toBeInTheDocument();

    await user.clear(search);
    // The description is not searched.
    await user.type(search, "loafers");
    expect(within(table).getByText("No brand found")).toBeInTheDocument();
  });

  it("deletes a brand only after confirmation", async () => {
    const api = brandsApi([brand(1, "Crocs"), brand(2, "Pandora")], (method, url) =>
      method === "DELETE" && url === "/api/brands/2"
        ? ok(brand(2, "Pandora"))
        : { status: 500, body: { success: false, message: "unexpected", data: null } },
    );
    const { user } = renderApp("/home/brands");
    await user.click(await screen.findByRole("button", { name: "Delete Pandora" }, firstRender));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Delete the brand Pandora?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.writes()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Pandora" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Brand deleted successfully")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Pandora" })).not.toBeInTheDocument());
    const writes = api.writes();
    expect(writes).toHaveLength(1);
    const [input, init] = writes[0]!;
    expect(String(input)).toBe("/api/brands/2");
    expect(new Headers(init?.headers).get("If-Match")).toBe('"1"');
  });

  it("tells why a delete was refused", async () => {
    brandsApi([brand(1, "Crocs")], () => ({
      status: 409,
      body: { success: false, message: "This brand has line lists and cannot be deleted", data: null },
    }));
    const { user } = renderApp("/home/brands");
    await user.click(await screen.findByRole("button", { name: "Delete Crocs" }, firstRender));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete brand")).toBeInTheDocument();
    expect(screen.getByText("This brand has line lists and cannot be deleted")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Crocs" })).toBeInTheDocument();
  });
});

describe("create brand", { timeout: 30_000 }, () => {
  it("keeps Create disabled until the name is valid and shows the rules' messages", async () => {
    brandsApi([]);
    const { user } = renderApp("/home/brands/create");
    const name = await screen.findByRole("textbox", { name: "Name" }, firstRender);
    const create = screen.getByRole("button", { name: "Create" });
    expect(create).toBeDisabled();

    await user.type(name, "x");
    await user.clear(name);
    expect(await screen.findByText("Name is required cannot be empty")).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.type(name, "y".repeat(101));
    expect(await screen.findByText("Name must be at most 100 characters")).toBeInTheDocument();
    expect(create).toBeDisabled();
  });

  it("enables the description only with Has Description, clears it on uncheck, and creates", async () => {
    const api = brandsApi([], (_method, _url, body) => ({
      status: 201,
      body: {
        success: true,
        message: "Brand created successfully",
        data: brand(99, (body as { name: string }).name),
      },
    }));
    const { user, router } = renderApp("/home/brands/create");
    await user.type(await screen.findByRole("textbox", { name: "Name" }, firstRender), "  Teva  ");
    const description = screen.getByRole("textbox", { name: "Description" });
    expect(description).toBeDisabled();

    const hasDescription = screen.getByRole("checkbox", { name: "Has Description" });
    await user.click(hasDescription);
    await user.type(description, "Sandals");
    await user.click(hasDescription);
    expect(description).toHaveValue("");
    expect(description).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Brand created successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/brands"));
    const writes = api.writes();
    expect(writes).toHaveLength(1);
    const [input, init] = writes[0]!;
    expect(String(input)).toBe("/api/brands");
    // Trimmed, category 1, the default factor, and no description at all rather than a blank one.
    expect(JSON.parse(String(init?.body))).toEqual({ name: "Teva", categoryId: 1, wholesaleFactor: 0.5 });
  });

  it("marks the name when the brand already exists", async () => {
    brandsApi([], () => ({
      status: 409,
      body: { success: false, message: "Brand already exists", data: null },
    }));
    const { user, router } = renderApp("/home/brands/create");
    await user.type(await screen.findByRole("textbox", { name: "Name" }, firstRender), "crocs");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findAllByText("Brand already exists")).not.toHaveLength(0);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.pathname).toBe("/home/brands/create");
  });
});

describe("edit brand", { timeout: 30_000 }, () => {
  it("reads Edit Brand, says the brand is not set while loading, and saves with its revision", async () => {
    const api = brandsApi([brand(1, "Crocs", "Clogs")], (_method, _url, body) =>
      ok({ ...brand(1, (body as { name: string }).name, "Clogs"), _revision: 2 }),
    );
    const { user, router } = renderApp("/home/brands/edit/1");
    expect(await screen.findByRole("heading", { name: "Edit Brand" }, firstRender)).toBeInTheDocument();
    expect(screen.getAllByText("Brand not set yet").length).toBeGreaterThan(0);

    const name = await screen.findByRole("textbox", { name: "Name" });
    expect(name).toHaveValue("Crocs");
    expect(screen.getByRole("checkbox", { name: "Has Description" })).toBeChecked();
    await user.clear(name);
    await user.type(name, "Crocs Inc");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Brand updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/brands"));
    const writes = api.writes();
    expect(writes).toHaveLength(1);
    const [input, init] = writes[0]!;
    expect(String(input)).toBe("/api/brands/1");
    expect(init?.method).toBe("PUT");
    expect(new Headers(init?.headers).get("If-Match")).toBe('"1"');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Crocs Inc",
      description: "Clogs",
      categoryId: 1,
      wholesaleFactor: 0.5,
    });
  });

  it("shows the wholesale factor, refuses one out of range or too precise, and saves a new one", async () => {
    const api = brandsApi([{ ...brand(1, "Crocs"), wholesaleFactor: 0.45 }], (_method, _url, body) =>
      ok({
        ...brand(1, "Crocs"),
        wholesaleFactor: (body as { wholesaleFactor: number }).wholesaleFactor,
        _revision: 2,
      }),
    );
    const { user, router } = renderApp("/home/brands/edit/1");
    const factor = await screen.findByRole("spinbutton", { name: "Wholesale factor" }, firstRender);
    expect(factor).toHaveValue(0.45);
    expect(factor).toHaveAccessibleDescription(
      "From 0.01 to 1. Unit WHS = MSRP × factor × (1 − customer discount).",
    );
    const save = screen.getByRole("button", { name: "Save Changes" });

    await user.clear(factor);
    await user.type(factor, "0");
    expect(await screen.findByText("Wholesale factor must be between 0.01 and 1")).toBeInTheDocument();
    expect(factor).toHaveAttribute("aria-invalid", "true");
    expect(save).toBeDisabled();
    await user.clear(factor);
    await user.type(factor, "1.01");
    expect(await screen.findByText("Wholesale factor must be between 0.01 and 1")).toBeInTheDocument();
    await user.clear(factor);
    await user.type(factor, "0.555");
    expect(await screen.findByText("Wholesale factor can have at most two decimals")).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(factor);
    await user.type(factor, "0.35");
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText("Brand updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/brands"));
    const writes = api.writes();
    expect(writes).toHaveLength(1);
    expect(JSON.parse(String(writes[0]![1]?.body))).toEqual({
      name: "Crocs",
      categoryId: 1,
      wholesaleFactor: 0.35,
    });
    // The list shows the saved factor with two decimals, right-aligned.
    const table = await screen.findByRole("table", { name: "Brands" });
    expect(within(table).getByRole("columnheader", { name: "Wholesale factor" })).toHaveClass("text-right");
    expect(await within(table).findByRole("cell", { name: "0.35" })).toHaveClass("text-right");
  });

  it("goes back to the brands when the brand does not exist", async () => {
    brandsApi([brand(1, "Crocs")]);
    const { router } = renderApp("/home/brands/edit/42");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/brands"), firstRender);
    expect(await screen.findByText("Brand not found")).toBeInTheDocument();
  });
});
