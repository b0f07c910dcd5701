import type { DroppedStyle, PreviewStyleRow, PreviewSummary } from "@cm/contracts/line-list-preview";
import { previewMessages } from "@cm/contracts/line-list-preview";
import {
  type PreviewChoicesInput,
  type PreviewChoiceTotals,
  type PreviewReach,
  reviewMessages,
} from "@cm/contracts/line-list-review";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { savedLineList } from "@/testing/catalogs";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

// The first visit to the screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

beforeEach(() => {
  seedSession();
  // happy-dom lays nothing out: the table's scroll area gets a screen's height, each row measures as one.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(1400);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(57);
});
afterEach(() => toast.dismiss());

const noChoices: PreviewChoiceTotals = {
  changesTaken: 3,
  changesKept: 0,
  stylesKept: 0,
  newStylesTaken: 2,
  newStylesLeftOut: 0,
  droppedRemoved: 0,
  droppedKept: 2,
  keptColumns: [],
};

function style(
  overrides: Partial<PreviewStyleRow> & Pick<PreviewStyleRow, "id" | "model_code">,
): PreviewStyleRow {
  return {
    position: overrides.id - 1,
    franchise: "Classic",
    silhouette: "Clog",
    color: "Black",
    gender: "Unisex",
    msrp: 49.99,
    expected_shipped_date: null,
    image_urls: [],
    attributes: { comfort_level: null, height_range: null, wear_occasion: null, target_fit: null },
    status: "new",
    changedFields: [],
    previous: null,
    items: [{ size: "M4/W6", sku: `${overrides.model_code}-M4`, status: "new" }],
    removedItems: [],
    kept: [],
    leftOut: false,
    ...overrides,
  };
}

function changed(
  id: number,
  modelCode: string,
  next: Partial<PreviewStyleRow>,
  changedFields: PreviewStyleRow["changedFields"],
): PreviewStyleRow {
  const base = style({ id, model_code: modelCode });
  const { items, ...previous } = base;
  return {
    ...base,
    ...next,
    status: "changed",
    changedFields,
    previous: { ...previous, items: items.map(({ size, sku }) => ({ size, sku })) },
    items: items.map((item) => ({ ...item, status: "old" as const })),
  };
}

/** Two changed styles (MSRP of both, the colour of one) and two new ones. */
const rows = (): PreviewStyleRow[] => [
  changed(1, "10001-001", { msrp: 54.99, color: "Navy" }, ["color", "msrp"]),
  changed(2, "10002-001", { msrp: 59.99 }, ["msrp"]),
  style({ id: 3, model_code: "10003-001" }),
  style({ id: 4, model_code: "10004-001" }),
];

function dropped(modelCode: string, overrides: Partial<DroppedStyle> = {}): DroppedStyle {
  return {
    model_code: modelCode,
    franchise: "Classic",
    silhouette: "Clog",
    color: "Lime",
    gender: "Unisex",
    msrp: 44.99,
    remove: false,
    removeBlockedBy: null,
    ...overrides,
  };
}

function summary(overrides: Partial<PreviewSummary> = {}): PreviewSummary {
  return {
    id: 3,
    type: "own-stock",
    brand: "Crocs",
    brandId: 1,
    dateSent: null,
    dateReceived: null,
    futureDateOfAvailability: null,
    lineList: savedLineList(),
    mode: "upload",
    action: "update",
    fileName: "Fall 2027 v2.xlsx",
    season: "Fall",
    year: 2027,
    rowCount: 4,
    counts: { all: 4, new: 2, changed: 2, old: 0 },
    dropped: { count: 2, styles: [dropped("20001-001"), dropped("20002-001")] },
    uploadedAt: "2027-01-04T00:00:00.000Z",
    choices: noChoices,
    reach: [],
    ...overrides,
  };
}

type FetchCall = [RequestInfo | URL, RequestInit | undefined];

interface Api {
  preview: PreviewSummary;
  styles: PreviewStyleRow[];
  /** The totals each PATCH answers. */
  answer: (body: PreviewChoicesInput) => PreviewChoiceTotals;
}

function mockPreviewApi(api: Api) {
  const lastInit = () => (fetchMock.mock.calls as unknown as FetchCall[]).at(-1)![1];
  const answers: Record<string, () => MockResponse> = {
    "/api/crocs/preview/3": () => ok(api.preview),
    "/api/crocs/preview/3/styles": () => ({
      status: 200,
      body: {
        success: true,
        message: "OK",
        data: api.styles,
        pagination: { page: 1, pageSize: 200, total: api.styles.length, totalPages: 1 },
      },
    }),
    "/api/crocs/preview/3/choices": () => {
      const body = JSON.parse(String(lastInit()?.body)) as PreviewChoicesInput;
      const choices = api.answer(body);
      // The server keeps the choices with the upload: the summary read next has their totals.
      api.preview = { ...api.preview, choices };
      return ok({ choices });
    },
    "/api/crocs/preview/3/confirm": () =>
      ok({
        lineList: savedLineList(),
        created: 1,
        updated: 2,
        unchanged: 0,
        droppedKept: 2,
        alreadyConfirmed: false,
        choices: noChoices,
        droppedRemoved: 0,
      }),
  };
  const fetchMock = mockFetch(answers);
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  const path = (input: RequestInfo | URL) => new URL(String(input), "http://localhost").pathname;
  return {
    patches: () =>
      calls()
        .filter(([input, init]) => init?.method === "PATCH" && path(input) === "/api/crocs/preview/3/choices")
        .map(([, init]) => JSON.parse(String(init!.body)) as PreviewChoicesInput),
    confirms: () => calls().filter(([input]) => path(input) === "/api/crocs/preview/3/confirm").length,
  };
}

async function openPreview(api: Api) {
  const calls = mockPreviewApi(api);
  const view = renderApp("/home/line-list/preview/3");
  const table = await screen.findByRole("table", {}, firstRender);
  await within(table).findByText("10001-001", {}, firstRender);
  return { ...calls, ...view, table };
}

function rowOf(table: HTMLElement, modelCode: string): HTMLElement {
  return within(table).getByText(modelCode).closest("tr")!;
}

/** The cell of `row` under the column `header`. */
function cellOf(table: HTMLElement, row: HTMLElement, header: string): HTMLElement {
  const headers = within(table).getAllByRole("columnheader");
  const index = headers.findIndex((th) => th.textContent?.trim() === header);
  return within(row).getAllByRole("cell")[index]!;
}

/** The count of one status in the line above the table ("2 new (1 left out)"). */
function statusCount(status: "new" | "changed" | "old"): HTMLElement {
  const counts = within(screen.getByRole("list", { name: "Styles by status" })).getAllByRole("listitem");
  return counts.find((item) => item.textContent?.includes(` ${status}`))!;
}

const totals = (overrides: Partial<PreviewChoiceTotals>): PreviewChoiceTotals => ({
  ...noChoices,
  ...overrides,
});

describe("reviewing an upload before saving it", () => {
  it("keeps the old value of one cell: the cell shows the value saved and the new one struck", async () => {
    const { user, table, patches } = await openPreview({
      preview: summary(),
      styles: rows(),
      answer: () => totals({ changesTaken: 2, changesKept: 1 }),
    });
    const row = rowOf(table, "10002-001");
    const msrp = cellOf(table, row, "MSRP");
    expect(msrp).toHaveTextContent("$59.99");
    expect(msrp).toHaveTextContent("was $49.99");

    await user.click(within(msrp).getByRole("button", { name: reviewMessages.keepOldValue }));

    // Shown before the answer: the old price is the one saved, the new one struck.
    expect(msrp).toHaveAttribute("data-kept", "true");
    expect(msrp.querySelector("s")).toHaveTextContent("$59.99");
    expect(msrp).toHaveTextContent(/^\$49\.99/);
    expect(within(msrp).getByRole("button", { name: reviewMessages.takeNewValue })).toBeInTheDocument();
    await waitFor(() => expect(patches()).toEqual([{ styles: [{ id: 2, keep: ["msrp"] }] }]));
    expect(
      await screen.findByText(
        reviewMessages.saveTotals({
          changesTaken: 2,
          changesKept: 1,
          newStylesLeftOut: 0,
          droppedRemoved: 0,
        }),
      ),
    ).toBeInTheDocument();

    // Taken again: the cell shows the file's value and what it was.
    await user.click(within(msrp).getByRole("button", { name: reviewMessages.takeNewValue }));
    expect(msrp).not.toHaveAttribute("data-kept");
    expect(msrp).toHaveTextContent("was $49.99");
    await waitFor(() => expect(patches().at(-1)).toEqual({ styles: [{ id: 2, take: ["msrp"] }] }));
  });

  it("keeps a whole style as it was from its row's menu", async () => {
    const { user, table, patches } = await openPreview({
      preview: summary(),
      styles: rows(),
      answer: () => totals({ changesTaken: 1, changesKept: 2, stylesKept: 1 }),
    });
    const row = rowOf(table, "10001-001");
    await user.click(within(row).getByRole("button", { name: "Choices for 10001-001" }));
    await user.click(await screen.findByRole("menuitem", { name: reviewMessages.keepStyle }));

    expect(cellOf(table, row, "Color")).toHaveAttribute("data-kept", "true");
    expect(cellOf(table, row, "MSRP")).toHaveAttribute("data-kept", "true");
    expect(cellOf(table, row, "Color")).toHaveTextContent(/^Black/);
    expect(within(row).getByText("Kept as it was")).toBeInTheDocument();
    // The other changed style is left alone.
    expect(cellOf(table, rowOf(table, "10002-001"), "MSRP")).not.toHaveAttribute("data-kept");
    await waitFor(() => expect(patches()).toEqual([{ styles: [{ id: 1, keepStyle: true }] }]));
    await waitFor(() =>
      expect(statusCount("changed")).toHaveTextContent(/^2 changed \(1 kept as they were\)$/),
    );

    await user.click(within(row).getByRole("button", { name: "Choices for 10001-001" }));
    await user.click(await screen.findByRole("menuitem", { name: reviewMessages.takeStyle }));
    expect(cellOf(table, row, "MSRP")).not.toHaveAttribute("data-kept");
    await waitFor(() => expect(patches().at(-1)).toEqual({ styles: [{ id: 1, keepStyle: false }] }));
  });

  it("keeps every old MSRP with one request, from the column's header", async () => {
    const { user, table, patches } = await openPreview({
      preview: summary(),
      styles: rows(),
      answer: () => totals({ changesTaken: 1, changesKept: 2, stylesKept: 1, keptColumns: ["msrp"] }),
    });
    await user.click(within(table).getByRole("button", { name: "Choices for every MSRP" }));
    await user.click(await screen.findByRole("menuitem", { name: reviewMessages.keepColumn("MSRP") }));

    for (const modelCode of ["10001-001", "10002-001"]) {
      const row = rowOf(table, modelCode);
      expect(cellOf(table, row, "MSRP")).toHaveAttribute("data-kept", "true");
    }
    // The colour of 10001-001 is still taken.
    expect(cellOf(table, rowOf(table, "10001-001"), "Color")).not.toHaveAttribute("data-kept");
    await waitFor(() => expect(patches()).toEqual([{ column: { field: "msrp", keep: true } }]));
    expect(
      await screen.findByText(
        reviewMessages.saveTotals({
          changesTaken: 1,
          changesKept: 2,
          newStylesLeftOut: 0,
          droppedRemoved: 0,
        }),
      ),
    ).toBeInTheDocument();
  });

  it("takes every change again with Take all", async () => {
    let answer = totals({
      changesTaken: 0,
      changesKept: 3,
      stylesKept: 2,
      newStylesTaken: 1,
      newStylesLeftOut: 1,
    });
    const { user, table, patches } = await openPreview({
      // Choices made before a reload come with the rows.
      preview: summary({ choices: answer }),
      styles: [
        { ...rows()[0]!, kept: ["color", "msrp"] },
        { ...rows()[1]!, kept: ["msrp"] },
        { ...rows()[2]!, leftOut: true },
        rows()[3]!,
      ],
      answer: () => answer,
    });
    const first = rowOf(table, "10001-001");
    expect(cellOf(table, first, "MSRP")).toHaveAttribute("data-kept", "true");
    expect(rowOf(table, "10003-001")).toHaveAttribute("data-left-out", "true");
    expect(screen.getByText(previewMessages.newItemsNotice(1))).toBeInTheDocument();

    answer = noChoices;
    await user.click(screen.getByRole("button", { name: reviewMessages.takeAll }));
    expect(cellOf(table, first, "MSRP")).not.toHaveAttribute("data-kept");
    expect(cellOf(table, first, "Color")).not.toHaveAttribute("data-kept");
    expect(cellOf(table, rowOf(table, "10002-001"), "MSRP")).not.toHaveAttribute("data-kept");
    expect(rowOf(table, "10003-001")).not.toHaveAttribute("data-left-out");
    expect(screen.getByText(previewMessages.newItemsNotice(2))).toBeInTheDocument();
    await waitFor(() => expect(patches()).toEqual([{ takeAll: true }]));
    await waitFor(() => expect(screen.getByRole("button", { name: reviewMessages.takeAll })).toBeDisabled());
  });

  it("leaves a new style out, and the notice counts the new styles taken", async () => {
    const { user, table, patches } = await openPreview({
      preview: summary(),
      styles: rows(),
      answer: (body) =>
        body.newStyles
          ? totals({ newStylesTaken: 0, newStylesLeftOut: 2 })
          : totals({ newStylesTaken: 1, newStylesLeftOut: 1 }),
    });
    expect(screen.getByText(previewMessages.newItemsNotice(2))).toBeInTheDocument();
    const row = rowOf(table, "10003-001");
    await user.click(within(row).getByRole("button", { name: "Choices for 10003-001" }));
    await user.click(await screen.findByRole("menuitem", { name: reviewMessages.leaveOut }));

    expect(row).toHaveAttribute("data-left-out", "true");
    expect(within(row).getByText("Left out")).toBeInTheDocument();
    expect(screen.getByText(previewMessages.newItemsNotice(1))).toBeInTheDocument();
    expect(statusCount("new")).toHaveTextContent(/^2 new \(1 left out\)$/);
    await waitFor(() => expect(patches()).toEqual([{ styles: [{ id: 3, leaveOut: true }] }]));

    await user.click(within(row).getByRole("button", { name: "Choices for 10003-001" }));
    expect(await screen.findByRole("menuitem", { name: reviewMessages.takeNewStyle })).toBeInTheDocument();
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: reviewMessages.leaveOutAllNew }));
    expect(rowOf(table, "10004-001")).toHaveAttribute("data-left-out", "true");
    expect(screen.getByText(previewMessages.newItemsNotice(0))).toBeInTheDocument();
    await waitFor(() => expect(patches().at(-1)).toEqual({ newStyles: { leaveOut: true } }));
    expect(screen.getByRole("button", { name: reviewMessages.leaveOutAllNew })).toBeDisabled();
  });

  it("keeps the styles missing from the file unless removed, one or all", async () => {
    const { user, patches } = await openPreview({
      preview: summary({
        dropped: {
          count: 3,
          styles: [
            dropped("20001-001"),
            dropped("20002-001"),
            dropped("20003-001", { removeBlockedBy: "ordered" }),
          ],
        },
        choices: totals({ droppedKept: 3 }),
      }),
      styles: rows(),
      answer: (body) =>
        totals({ droppedRemoved: body.dropped?.remove ? body.dropped.modelCodes.length : 0, droppedKept: 1 }),
    });
    await user.click(screen.getByText("Show the styles"));
    const list = screen.getByRole("list", { name: "Dropped styles" });
    await user.click(
      within(list).getByRole("button", { name: `${reviewMessages.removeFromLineList}: 20001-001` }),
    );
    expect(within(list).getByText("20001-001").closest("li")).toHaveAttribute("data-removed", "true");
    expect(
      within(list).getByRole("button", { name: `${reviewMessages.keepInLineList}: 20001-001` }),
    ).toBeInTheDocument();
    // An ordered style stays: it offers no removal.
    const ordered = within(list).getByText("20003-001").closest("li")!;
    expect(within(ordered).queryByRole("button")).not.toBeInTheDocument();
    expect(ordered).toHaveTextContent("Stays: an order uses it");
    await waitFor(() =>
      expect(patches()).toEqual([{ dropped: { modelCodes: ["20001-001"], remove: true } }]),
    );

    // All at once: every style that may leave.
    await user.click(screen.getByRole("button", { name: `${reviewMessages.removeFromLineList}: all 2` }));
    await waitFor(() =>
      expect(patches().at(-1)).toEqual({ dropped: { modelCodes: ["20001-001", "20002-001"], remove: true } }),
    );
    expect(screen.getByText("2 of 3 to be removed from the line list on save.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `${reviewMessages.keepInLineList}: all 2` }));
    await waitFor(() =>
      expect(patches().at(-1)).toEqual({
        dropped: { modelCodes: ["20001-001", "20002-001"], remove: false },
      }),
    );
  });

  it("states the save's totals and the other line lists it changes before saving", async () => {
    const reach: PreviewReach[] = [
      { lineListId: 7, name: "Spring 2027 Pre-Book", published: true, styles: 3, fields: ["color"] },
      { lineListId: 8, name: "Summer 2027 ATS", published: false, styles: 1, fields: ["image_urls"] },
    ];
    const { user, table, patches, confirms } = await openPreview({
      preview: summary({ reach }),
      styles: rows(),
      answer: () => totals({ changesTaken: 2, changesKept: 1, newStylesTaken: 1, newStylesLeftOut: 1 }),
    });
    await user.click(
      within(cellOf(table, rowOf(table, "10002-001"), "MSRP")).getByRole("button", {
        name: reviewMessages.keepOldValue,
      }),
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("alertdialog", { name: previewMessages.saveQuestion });
    expect(dialog).toHaveTextContent(previewMessages.saveDescription);
    expect(
      await within(dialog).findByText(
        reviewMessages.saveTotals({
          changesTaken: 2,
          changesKept: 1,
          newStylesLeftOut: 1,
          droppedRemoved: 0,
        }),
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("heading", { name: reviewMessages.reachTitle })).toBeInTheDocument();
    const lines = within(within(dialog).getByRole("list", { name: reviewMessages.reachTitle })).getAllByRole(
      "listitem",
    );
    expect(lines[0]).toHaveTextContent(reviewMessages.reachLine("Spring 2027 Pre-Book", 3, true));
    expect(lines[0]).toHaveAttribute("data-published", "true");
    expect(lines[1]).toHaveTextContent(reviewMessages.reachLine("Summer 2027 ATS", 1, false));
    expect(lines[1]).not.toHaveAttribute("data-published");

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("dialog", { name: previewMessages.savedTitle })).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
    expect(confirms()).toBe(1);
  });

  it("names the other line lists the save changes on the preview, read again as choices are made", async () => {
    const api: Api = {
      preview: summary({
        reach: [
          { lineListId: 7, name: "Spring 2027 Pre-Book", published: true, styles: 1, fields: ["color"] },
        ],
      }),
      styles: rows(),
      answer: () => {
        // Keeping the colour of the one style they share leaves the other line list alone.
        api.preview = { ...api.preview, reach: [] };
        return totals({ changesTaken: 2, changesKept: 1 });
      },
    };
    const { user, table } = await openPreview(api);
    const reach = screen.getByRole("list", { name: reviewMessages.reachTitle });
    expect(reach).toHaveTextContent(reviewMessages.reachLine("Spring 2027 Pre-Book", 1, true));
    await user.click(
      within(cellOf(table, rowOf(table, "10001-001"), "Color")).getByRole("button", {
        name: reviewMessages.keepOldValue,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole("list", { name: reviewMessages.reachTitle })).not.toBeInTheDocument(),
    );
  });

  it("says when the save changes no other line list", async () => {
    const { user } = await openPreview({ preview: summary(), styles: rows(), answer: () => noChoices });
    await user.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("alertdialog", { name: previewMessages.saveQuestion });
    expect(await within(dialog).findByText(reviewMessages.reachNone)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        reviewMessages.saveTotals({
          changesTaken: 3,
          changesKept: 0,
          newStylesLeftOut: 0,
          droppedRemoved: 0,
        }),
      ),
    ).toBeInTheDocument();
  });
});
