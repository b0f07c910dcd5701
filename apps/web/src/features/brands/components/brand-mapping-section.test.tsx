import { type LineListMapping, mappingMessages } from "@cm/contracts/line-list-mapping";
import type { BrandMappingData } from "@cm/contracts/line-list-mapping-api";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { brands } from "@/testing/customers-api";
import { type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());

vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

const heyDude = { ...brands[0]!, id: 7, name: "Hey Dude" };

const mapping: LineListMapping = {
  sheet: "Line Sheet",
  headerRow: 4,
  layout: "size-columns",
  fields: { model_code: "Style", color: "Colour", msrp: "Retail" },
  sizeColumns: [
    { column: "7", size: "7" },
    { column: "8", size: "8" },
  ],
  attributes: [{ column: "Material", name: "Upper" }],
  sizeLabels: { "8+": "8.5" },
  decimalSeparator: null,
  season: null,
};

const saved: NonNullable<BrandMappingData> = {
  mapping,
  headers: ["Style", "Colour", "Description", "7", "8", "Retail", "Material"],
  updatedAt: "2026-11-20T14:05:00.000Z",
  updatedBy: "Ada Admin",
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The brand's line lists page: the brands, no line lists, and the mapping routes. */
function brandPageApi(initial: BrandMappingData) {
  let current = initial;
  const calls: Call[] = [];
  const routes: Record<string, (body: unknown) => MockResponse> = {
    "GET /api/brands": () => ok([brands[0], heyDude]),
    // The shell's own lists.
    ...Object.fromEntries(
      ["/api/users", "/api/users/with-memberships", "/api/stores", "/api/roles", "/api/organizations"].map(
        (path) => [`GET ${path}`, () => ok([])],
      ),
    ),
    "GET /api/line-lists": () => ok({ lineLists: [] }),
    "GET /api/brands/7/mapping": () => ok(current),
    "DELETE /api/brands/7/mapping": () => {
      current = null;
      return ok(null);
    },
    "PUT /api/brands/7/mapping": (body) => {
      const input = body as { mapping: LineListMapping; headers: string[] };
      current = { ...input, updatedAt: "2026-11-27T10:00:00.000Z", updatedBy: "Admin User" };
      return ok(current);
    },
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const answer = routes[`${method} ${url.pathname}`]?.(body) ?? {
      status: 404,
      body: { success: false, message: "Not found", data: null },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  return { writes: () => calls.filter((call) => call.method !== "GET") };
}

async function mappingSection() {
  const view = renderApp("/home/brand/7/line-lists");
  const section = await screen.findByRole("region", { name: "Column mapping" }, firstRender);
  return { ...view, section };
}

describe("a brand's column mapping on its line lists page", () => {
  it("shows the saved mapping: fields and columns, layout, sheet, header row, size columns, attributes, value maps, who changed it", async () => {
    brandPageApi(saved);
    const { section } = await mappingSection();
    const fields = await within(section).findByRole("table", { name: "Fields and their columns" });
    expect(within(fields).getByRole("row", { name: /Style number.*Style/ })).toBeInTheDocument();
    expect(within(fields).getByRole("row", { name: /MSRP Retail/ })).toBeInTheDocument();
    expect(within(fields).getByRole("row", { name: /Gender Not in this file/ })).toBeInTheDocument();
    // Sizes as columns reads no Size or SKU column.
    expect(within(fields).queryByRole("row", { name: /^SKU or UPC/ })).not.toBeInTheDocument();

    expect(section).toHaveTextContent("SheetLine Sheet");
    expect(section).toHaveTextContent("Header row4");
    expect(section).toHaveTextContent("LayoutSizes as columns");
    expect(section).toHaveTextContent(/by Ada Admin/);
    expect(within(section).getByRole("list", { name: "Size columns" })).toHaveTextContent("7 → as 7");
    expect(within(section).getByRole("list", { name: "Kept as attributes" })).toHaveTextContent(
      "Material → as Upper",
    );
    expect(within(section).getByRole("list", { name: "Size labels given" })).toHaveTextContent("8+ → as 8.5");
  });

  it("says a brand without a mapping gets one on its first upload", async () => {
    brandPageApi(null);
    const { section } = await mappingSection();
    expect(
      await within(section).findByText("No column mapping yet: it is made on the first upload."),
    ).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Reset mapping" })).not.toBeInTheDocument();
  });

  it("resets the mapping after asking, and says so", async () => {
    const api = brandPageApi(saved);
    const { section, user } = await mappingSection();
    await user.click(await within(section).findByRole("button", { name: "Reset mapping" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Reset Hey Dude's column mapping?" });
    await user.click(within(confirm).getByRole("button", { name: "Reset mapping" }));
    expect(await screen.findByText(mappingMessages.reset)).toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: "DELETE", path: "/api/brands/7/mapping", body: undefined }]);
    expect(
      await within(section).findByText("No column mapping yet: it is made on the first upload."),
    ).toBeInTheDocument();
  });

  it("changes a field's column among the saved headers, refusing one column for two fields", async () => {
    const api = brandPageApi(saved);
    const { section, user } = await mappingSection();
    await user.click(await within(section).findByRole("button", { name: "Edit columns" }));
    await user.click(within(section).getByRole("combobox", { name: "Style name" }));
    await user.click(await screen.findByRole("option", { name: "Colour" }));
    const save = within(section).getByRole("button", { name: "Save mapping" });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      mappingMessages.columnUsedTwice("Colour", "Style name", "Colour"),
    );

    await user.click(within(section).getByRole("combobox", { name: "Style name" }));
    await user.click(await screen.findByRole("option", { name: "Description" }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(mappingMessages.saved)).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({
      method: "PUT",
      body: { mapping: { fields: { silhouette: "Description", color: "Colour" } }, headers: saved.headers },
    });
    const fields = within(section).getByRole("table", { name: "Fields and their columns" });
    expect(within(fields).getByRole("row", { name: /Style name Description/ })).toBeInTheDocument();
    expect(section).toHaveTextContent(/by Admin User/);
  });

  it("lets a person without Catalogs: Manage see the mapping but not change it", async () => {
    seedSession({ permissions: ["catalogs.view"] });
    brandPageApi(saved);
    const { section } = await mappingSection();
    await within(section).findByRole("table", { name: "Fields and their columns" });
    expect(within(section).getByRole("button", { name: "Reset mapping" })).toBeDisabled();
    expect(within(section).getByRole("button", { name: "Edit columns" })).toBeDisabled();
  });
});
