import { type PreviewSummary, previewMessages } from "@cm/contracts/line-list-preview";
import { lineListFormatMessages } from "@cm/contracts/line-list-workbook";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { savedLineList } from "@/testing/catalogs";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// The first visit to the screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

function summary(overrides: Partial<PreviewSummary> = {}): PreviewSummary {
  return {
    id: 3,
    type: "own-stock",
    brand: "Crocs",
    brandId: 1,
    dateSent: null,
    dateReceived: null,
    futureDateOfAvailability: null,
    lineList: savedLineList({ stage: "preview" }),
    mode: "upload",
    action: "new",
    fileName: "Fall 2027.xlsx",
    season: "Fall",
    year: 2027,
    rowCount: 10,
    counts: { all: 5, new: 5, changed: 0, old: 0 },
    dropped: { count: 0, styles: [] },
    uploadedAt: "2027-01-04T00:00:00.000Z",
    choices: {
      changesTaken: 0,
      changesKept: 0,
      stylesKept: 0,
      newStylesTaken: 5,
      newStylesLeftOut: 0,
      droppedRemoved: 0,
      droppedKept: 0,
      keptColumns: [],
    },
    reach: [],
    ...overrides,
  };
}

type FetchCall = [RequestInfo | URL, RequestInit | undefined];

function mockPreview(preview: PreviewSummary, addStyle: (body: Record<string, unknown>) => MockResponse) {
  const fetchMock = mockFetch({
    "/api/crocs/preview/3": () => ok(preview),
    "/api/crocs/preview/3/styles": () => {
      const init = (fetchMock.mock.calls as unknown as FetchCall[]).at(-1)![1];
      if (init?.method === "POST") return addStyle(JSON.parse(String(init.body)) as Record<string, unknown>);
      return {
        status: 200,
        body: {
          success: true,
          message: "OK",
          data: [],
          pagination: { page: 1, pageSize: 100, total: 0, totalPages: 0 },
        },
      };
    },
  });
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  return {
    posts: () => calls().filter(([, init]) => init?.method === "POST"),
    summaryReads: () =>
      calls().filter(
        ([input, init]) =>
          new URL(String(input), "http://localhost").pathname === "/api/crocs/preview/3" &&
          (init?.method ?? "GET") === "GET",
      ).length,
  };
}

describe("the preview's Add new item", () => {
  it("adds a style typed by hand to the upload waiting, and the preview reads its counts again", async () => {
    const api = mockPreview(summary(), () => ({
      status: 201,
      body: { success: true, message: "OK", data: { lineListId: 3, modelCode: "HAND-1", position: 5 } },
    }));
    const { user } = renderApp("/home/line-list/preview/3");
    const addButton = await screen.findByRole("button", { name: previewMessages.addNewItem }, firstRender);
    expect(addButton).toBeEnabled();
    expect(screen.queryByText(/Not available yet/)).not.toBeInTheDocument();
    await user.click(addButton);

    const dialog = await screen.findByRole("dialog", { name: previewMessages.addNewItem });
    await user.type(within(dialog).getByRole("textbox", { name: "Model Code" }), "HAND-1");
    await user.type(within(dialog).getByRole("textbox", { name: "MSRP" }), "54.99");
    await user.type(within(dialog).getByRole("textbox", { name: "Size 1" }), "M4/W6");
    await user.type(within(dialog).getByRole("textbox", { name: "SKU 1" }), "HAND-1-4");
    await user.click(within(dialog).getByRole("button", { name: "Add size" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Size 2" }), "M5/W7");
    await user.type(within(dialog).getByRole("textbox", { name: "SKU 2" }), "HAND-1-5");
    const readsBefore = api.summaryReads();
    await user.click(within(dialog).getByRole("button", { name: previewMessages.addNewItem }));

    expect(await screen.findByText(previewMessages.itemAdded("HAND-1"))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [[url, init]] = api.posts() as [FetchCall];
    expect(String(url)).toContain("/api/crocs/preview/3/styles");
    expect(JSON.parse(String(init!.body))).toMatchObject({
      modelCode: "HAND-1",
      msrp: "54.99",
      sizes: [
        { size: "M4/W6", sku: "HAND-1-4" },
        { size: "M5/W7", sku: "HAND-1-5" },
      ],
    });
    await waitFor(() => expect(api.summaryReads()).toBeGreaterThan(readsBefore));
  });

  it("marks the fields the workbook's rules refuse, as the server names them", async () => {
    mockPreview(summary(), () => ({
      status: 400,
      body: {
        success: false,
        message: previewMessages.itemHasErrors,
        data: {
          msrp: [lineListFormatMessages.msrpInvalid],
          "sizes.0.sku": [lineListFormatMessages.required("SKU")],
        },
      },
    }));
    const { user } = renderApp("/home/line-list/preview/3");
    await user.click(await screen.findByRole("button", { name: previewMessages.addNewItem }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: previewMessages.addNewItem });
    await user.type(within(dialog).getByRole("textbox", { name: "Model Code" }), "HAND-2");
    await user.type(within(dialog).getByRole("textbox", { name: "MSRP" }), "about fifty");
    await user.type(within(dialog).getByRole("textbox", { name: "Size 1" }), "M4");
    await user.click(within(dialog).getByRole("button", { name: previewMessages.addNewItem }));

    const msrp = within(dialog).getByRole("textbox", { name: "MSRP" });
    await waitFor(() => expect(msrp).toHaveAttribute("aria-invalid", "true"));
    expect(msrp).toHaveAccessibleDescription(lineListFormatMessages.msrpInvalid);
    expect(within(dialog).getByRole("textbox", { name: "SKU 1" })).toHaveAccessibleDescription(
      lineListFormatMessages.required("SKU"),
    );
    expect(screen.getByRole("dialog", { name: previewMessages.addNewItem })).toBeInTheDocument();
  });

  it("names the new line list as the upload dialog named it", async () => {
    mockPreview(summary({ lineList: savedLineList({ stage: "preview", name: "Crocs Fall Core" }) }), () => ({
      status: 404,
    }));
    renderApp("/home/line-list/preview/3");
    expect(
      await screen.findByText(/^Crocs Fall Core · Fall 2027\.xlsx/, {}, firstRender),
    ).toBeInTheDocument();
  });

  it("is not offered on a saved line list with nothing waiting", async () => {
    mockPreview(summary({ mode: "saved", action: null, lineList: savedLineList() }), () => ({ status: 404 }));
    renderApp("/home/line-list/preview/3");
    expect(await screen.findByText(previewMessages.savedBadge, {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: previewMessages.addNewItem })).not.toBeInTheDocument();
  });
});
