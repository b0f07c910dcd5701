import type { CatalogItem, PlacementResult, PopulatedCatalogs } from "@cm/contracts/catalog-segmentation";
import { type CatalogType, itemPlacementValues } from "@cm/contracts/catalogs";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";
import { savedLineList } from "@/testing/catalogs";

const firstRender = { timeout: 20_000 };

type FetchCall = [input: RequestInfo | URL, init?: RequestInit];

const lineList = savedLineList({ itemsCount: 6 });

const modelCodes = ["10001-001", "10008-001", "10015-001", "10022-001", "10029-001", "10036-001"];

/**
 * The catalogs API over one line list, keeping the items' catalogs as the server would; a write
 * answers what `fail` says instead when it says something.
 */
function segmentationApi(
  options: {
    fail?: (path: string) => MockResponse | undefined;
    initial?: Record<string, CatalogType[]>;
  } = {},
) {
  let current = { ...lineList };
  const placements = new Map<string, CatalogType[]>(
    modelCodes.map((code) => [code, options.initial?.[code] ?? []]),
  );
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  const lastBody = () => JSON.parse(String(calls().at(-1)![1]?.body)) as Record<string, unknown>;

  const items = (): CatalogItem[] =>
    modelCodes.map((code, position) => ({
      id: code,
      model_code: code,
      silhouette: "Clog",
      color: "Black",
      sizes: ["M4/W6", "M5/W7"],
      image_url: null,
      position,
      catalogTypes: placements.get(code)!,
    }));
  const populated = (): PopulatedCatalogs => ({
    lineList: current,
    catalogs: itemPlacementValues.map((type) => ({
      type,
      lineListId: lineList.id,
      items: items().filter((item) =>
        type === "unsorted" ? item.catalogTypes.length === 0 : item.catalogTypes.includes(type),
      ),
    })),
  });
  const result = (codes: string[]): MockResponse => {
    const data = populated();
    const answer: PlacementResult = {
      lineListId: lineList.id,
      items: codes.map((modelCode) => ({ modelCode, catalogTypes: placements.get(modelCode)! })),
      counts: {
        unsorted: data.catalogs[0]!.items.length,
        athletic: data.catalogs[1]!.items.length,
        boutique: data.catalogs[2]!.items.length,
        crocs: data.catalogs[3]!.items.length,
      },
    };
    return ok(answer);
  };
  const place = (code: string, add?: CatalogType, remove?: string) => {
    const types = placements.get(code)!.filter((type) => type !== remove);
    if (add && !types.includes(add)) types.push(add);
    placements.set(
      code,
      (["athletic", "boutique", "crocs"] as const).filter((type) => types.includes(type)),
    );
  };
  const write = (path: string, apply: (body: Record<string, unknown>) => string[]) => () =>
    options.fail?.(path) ?? result(apply(lastBody()));

  const fetchMock = mockFetch({
    [`/api/crocs/catalogs/populated/${lineList.id}`]: () => ok(populated()),
    "/api/crocs/catalogs/populated/404": {
      status: 404,
      body: { success: false, message: "No line list found", data: null },
    },
    "/api/crocs/catalogs/add-items": write("add-items", (body) => {
      const adds = body.addItems as { modelCode: string; targetCatalogType: CatalogType }[];
      for (const add of adds) place(add.modelCode, add.targetCatalogType);
      return adds.map((add) => add.modelCode);
    }),
    "/api/crocs/catalogs/add-items-to": write("add-items-to", (body) => {
      const codes = body.modelCodes as string[];
      for (const code of codes) place(code, body.targetCatalogType as CatalogType);
      return codes;
    }),
    "/api/crocs/catalogs/copy-items-to": write("copy-items-to", (body) => {
      const codes = body.modelCodes as string[];
      for (const code of codes) place(code, body.targetCatalogType as CatalogType);
      return codes;
    }),
    "/api/crocs/catalogs/move-items": write("move-items", (body) => {
      const moves = body.moveItems as {
        modelCode: string;
        originCatalogType: string;
        targetCatalogType: CatalogType;
      }[];
      for (const move of moves) place(move.modelCode, move.targetCatalogType, move.originCatalogType);
      return moves.map((move) => move.modelCode);
    }),
    "/api/crocs/catalogs/remove-items": write("remove-items", (body) => {
      const codes = body.modelCodes as string[];
      for (const code of codes) place(code, undefined, body.catalogType as string);
      return codes;
    }),
    "/api/crocs/catalogs/save": () => {
      // Saving is a write: the line list's revision moves on, as the server's does.
      current = { ...current, sortingCompleted: 1, _revision: current._revision + 1 };
      return ok(current);
    },
    "/api/crocs/catalogs/publish": () => {
      current = { ...current, published: 1 };
      return ok(current);
    },
    "/api/line-lists/with-catalogs-info": ok([]),
    [`/api/line-lists/${lineList.id}/catalogs`]: () =>
      ok({
        catalogs: (["athletic", "boutique", "crocs"] as const).map((type) => ({
          type,
          itemsCount: [...placements.values()].filter((types) => types.includes(type)).length,
          audience: type === "crocs" ? ["best"] : ["good", "better", "best"],
        })),
      }),
  });

  return {
    callsTo: (path: string) =>
      calls()
        .filter(([input]) => String(input).startsWith(`/api/crocs/catalogs/${path}`))
        .map(([, init]) => ({
          method: init?.method,
          body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
        })),
  };
}

const tab = (name: string) => screen.getByRole("tab", { name: new RegExp(`^${name}`) });
const card = (modelCode: string) => screen.getByRole("gridcell", { name: new RegExp(`^${modelCode}`) });

beforeEach(() => {
  seedSession();
  // happy-dom lays nothing out to scroll; the grid scrolls the window to a card moved to with the keyboard.
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("catalog segmentation screen", { timeout: 40_000 }, () => {
  it("shows the line list, its tabs with counts and the unsorted items; selection by click, Ctrl and Shift", async () => {
    segmentationApi({ initial: { "10036-001": ["athletic", "crocs"] } });
    const { user } = renderApp(`/home/catalog-segmentation/${lineList.id}`);
    expect(
      await screen.findByRole("heading", { name: "Fall 2027 Own Stock", level: 1 }, firstRender),
    ).toBeVisible();
    // Calendar dates as MM/DD/YY.
    expect(screen.getByText("01/04/27")).toBeInTheDocument();
    expect(tab("Unsorted items")).toHaveAttribute("aria-selected", "true");
    expect(tab("Unsorted items")).toHaveTextContent("5");
    expect(tab("Athletic Catalog")).toHaveTextContent("1");
    expect(tab("Boutique Catalog")).toHaveTextContent("0");
    expect(tab("Crocs Catalog")).toHaveTextContent("1");
    // Items are added to a catalog: not on Unsorted.
    expect(screen.getByRole("button", { name: "Add items" })).toBeDisabled();

    const grid = screen.getByRole("grid", { name: "Unsorted items" });
    expect(within(grid).getAllByRole("gridcell")).toHaveLength(5);
    expect(card("10001-001")).toHaveTextContent("Clog · Black");
    expect(card("10001-001")).toHaveTextContent("2 sizes · M4/W6–M5/W7");

    await user.click(card("10001-001"));
    expect(card("10001-001")).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Shift>}");
    await user.click(card("10022-001"));
    await user.keyboard("{/Shift}");
    expect(screen.getByText("4 selected")).toBeInTheDocument();
    await user.keyboard("{Control>}");
    await user.click(card("10008-001"));
    await user.keyboard("{/Control}");
    expect(card("10008-001")).toHaveAttribute("aria-selected", "false");
    expect(screen.getByText("3 selected")).toBeInTheDocument();
    // Space toggles the focused card; Select all and Clear.
    card("10029-001").focus();
    await user.keyboard(" ");
    expect(screen.getByText("4 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(screen.getByText("5 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.getByText("0 selected")).toBeInTheDocument();

    // Another tab shows its own items, and the selection starts afresh.
    await user.click(card("10001-001"));
    await user.click(tab("Crocs Catalog"));
    const crocs = screen.getByRole("grid", { name: "Crocs Catalog" });
    expect(within(crocs).getByRole("gridcell", { name: /^10036-001/ })).toHaveTextContent("Also in Athletic");
    expect(screen.getByText("0 selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add items" })).toBeEnabled();
  });

  it("moves, copies and removes the selection from the Actions menu, with the spec's toasts", async () => {
    const api = segmentationApi();
    const { user } = renderApp(`/home/catalog-segmentation/${lineList.id}`);
    await screen.findByRole("grid", { name: "Unsorted items" }, firstRender);

    await user.click(card("10001-001"));
    await user.keyboard("{Control>}");
    await user.click(card("10015-001"));
    await user.keyboard("{/Control}");
    await user.click(screen.getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Move to Athletic Catalog" }));
    expect(
      await screen.findByText("Items added successfully to Athletic Catalog from unsorted"),
    ).toBeInTheDocument();
    await waitFor(() => expect(tab("Athletic Catalog")).toHaveTextContent("2"));
    expect(tab("Unsorted items")).toHaveTextContent("4");
    expect(screen.getByText("0 selected")).toBeInTheDocument();
    expect(api.callsTo("add-items-to")).toEqual([
      {
        method: "POST",
        body: {
          lineListId: 3,
          modelCodes: ["10001-001", "10015-001"],
          originCatalogType: "unsorted",
          targetCatalogType: "athletic",
        },
      },
    ]);

    await user.click(tab("Athletic Catalog"));
    await user.click(screen.getByRole("checkbox", { name: "Select all" }));
    await user.click(screen.getByRole("button", { name: "Actions" }));
    // The tab's own catalog is no target.
    expect(await screen.findByRole("menuitem", { name: "Move to Athletic Catalog" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.click(screen.getByRole("menuitem", { name: "Copy to Boutique Catalog" }));
    expect(await screen.findByText("2 item(s) copied to Boutique Catalog")).toBeInTheDocument();
    await waitFor(() => expect(tab("Boutique Catalog")).toHaveTextContent("2"));
    expect(tab("Athletic Catalog")).toHaveTextContent("2");

    await user.click(card("10015-001"));
    await user.click(screen.getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Move to Crocs Catalog" }));
    expect(await screen.findByText("1 item(s) moved to Crocs Catalog")).toBeInTheDocument();
    await waitFor(() => expect(tab("Crocs Catalog")).toHaveTextContent("1"));
    expect(tab("Athletic Catalog")).toHaveTextContent("1");

    await user.click(card("10001-001"));
    await user.click(screen.getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Remove" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Items removed")).toBeInTheDocument();
    await waitFor(() => expect(tab("Athletic Catalog")).toHaveTextContent("0"));
    // Still in Boutique, so not unsorted.
    expect(tab("Unsorted items")).toHaveTextContent("4");
    expect(screen.getByText("No items found.")).toBeInTheDocument();
  });

  it("keeps the focus where moved items were: on the next item, or on the emptied tab", async () => {
    segmentationApi({ initial: { "10029-001": ["athletic"], "10036-001": ["athletic"] } });
    const { user } = renderApp(`/home/catalog-segmentation/${lineList.id}`);
    await screen.findByRole("grid", { name: "Unsorted items" }, firstRender);

    // From the keyboard alone: Space selects the focused card, Shift+F10 opens the Actions menu.
    card("10008-001").focus();
    await user.keyboard(" ");
    await user.keyboard("{Shift>}{F10}{/Shift}");
    const menu = await screen.findByRole("menu");
    await user.keyboard("{ArrowDown}");
    expect(within(menu).getByRole("menuitem", { name: "Move to Boutique Catalog" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(
      await screen.findByText("Items added successfully to Boutique Catalog from unsorted"),
    ).toBeInTheDocument();
    await waitFor(() => expect(tab("Unsorted items")).toHaveTextContent("3"));
    // The moved card's place goes to the one after it.
    await waitFor(() => expect(card("10015-001")).toHaveFocus());

    // Every item of the tab moved: the tab's (now empty) panel holds the focus.
    await user.click(tab("Athletic Catalog"));
    card("10029-001").focus();
    await user.keyboard("{Control>}a{/Control}");
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.keyboard("{Shift>}{F10}{/Shift}");
    await user.click(await screen.findByRole("menuitem", { name: "Move to Crocs Catalog" }));
    expect(await screen.findByText("2 item(s) moved to Crocs Catalog")).toBeInTheDocument();
    await waitFor(() => expect(tab("Athletic Catalog")).toHaveTextContent("0"));
    await waitFor(() => expect(screen.getByRole("tabpanel", { name: /^Athletic Catalog/ })).toHaveFocus());

    // So does removing the last item of a catalog, once the confirmation closes.
    await user.click(tab("Boutique Catalog"));
    card("10008-001").focus();
    await user.keyboard(" ");
    await user.keyboard("{Shift>}{F10}{/Shift}");
    await user.click(await screen.findByRole("menuitem", { name: "Remove" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Items removed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("tabpanel", { name: /^Boutique Catalog/ })).toHaveFocus());
  });

  it("adds items to the tab's catalog from the add-items dialog, filtered by place and searched", async () => {
    const api = segmentationApi({ initial: { "10001-001": ["athletic"], "10008-001": ["crocs"] } });
    // happy-dom lays nothing out: the dialog's virtualized list needs a size to show its rows.
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(360);
    const { user } = renderApp(`/home/catalog-segmentation/${lineList.id}`);
    await screen.findByRole("grid", { name: "Unsorted items" }, firstRender);
    await user.click(tab("Athletic Catalog"));
    await user.click(screen.getByRole("button", { name: "Add items" }));
    let dialog = await screen.findByRole("dialog", { name: "Add items to Athletic Catalog" });
    // Already in the catalog: shown, checked and not choosable.
    const already = within(dialog).getByRole("checkbox", { name: "10001-001, Clog, Black" });
    expect(already).toBeDisabled();
    expect(already).toHaveAttribute("data-state", "checked");
    expect(within(dialog).getByText("6 shown · 0 chosen")).toBeInTheDocument();

    await user.type(within(dialog).getByRole("searchbox", { name: "Search items by id or title" }), "10008");
    expect(await within(dialog).findByText("1 shown · 0 chosen")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "10008-001, Clog, Black" }));
    await user.click(within(dialog).getByRole("button", { name: "Add 1 item" }));
    // It came from Crocs, so not "from unsorted".
    expect(await screen.findByText("Items added to catalog Athletic")).toBeInTheDocument();
    await waitFor(() => expect(tab("Athletic Catalog")).toHaveTextContent("2"));
    expect(api.callsTo("add-items")).toEqual([
      {
        method: "POST",
        body: {
          lineListId: 3,
          addItems: [{ modelCode: "10008-001", originCatalogType: "crocs", targetCatalogType: "athletic" }],
        },
      },
    ]);

    await user.click(screen.getByRole("button", { name: "Add items" }));
    dialog = await screen.findByRole("dialog", { name: "Add items to Athletic Catalog" });
    await user.click(within(dialog).getByRole("combobox", { name: "Show items from" }));
    await user.click(await screen.findByRole("option", { name: "Unsorted items" }));
    expect(await within(dialog).findByText("4 shown · 0 chosen")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "Select all shown" }));
    await user.click(within(dialog).getByRole("button", { name: "Add 4 items" }));
    expect(
      await screen.findByText("Items added successfully to Athletic Catalog from unsorted"),
    ).toBeInTheDocument();
    await waitFor(() => expect(tab("Athletic Catalog")).toHaveTextContent("6"));
    expect(tab("Unsorted items")).toHaveTextContent("0");
  });

  it("says why a write failed and shows what the server has", async () => {
    const api = segmentationApi({
      fail: () => ({
        status: 400,
        body: { success: false, message: "Some items are not in this line list", data: null },
      }),
    });
    const { user } = renderApp(`/home/catalog-segmentation/${lineList.id}`);
    await screen.findByRole("grid", { name: "Unsorted items" }, firstRender);
    await user.click(card("10001-001"));
    await user.click(screen.getByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Copy to Crocs Catalog" }));
    expect(await screen.findByText("Failed to copy items")).toBeInTheDocument();
    expect(screen.getByText("Some items are not in this line list")).toBeInTheDocument();
    expect(tab("Crocs Catalog")).toHaveTextContent("0");
    // The screen reloads the server's state after a failure.
    await waitFor(() => expect(api.callsTo("populated").length).toBeGreaterThanOrEqual(2));
  });

  it("saves, summarises the catalogs and publishes", async () => {
    const api = segmentationApi({
      initial: { "10001-001": ["athletic"], "10008-001": ["boutique", "crocs"] },
    });
    const { user, router } = renderApp(`/home/catalog-segmentation/${lineList.id}`);
    await screen.findByRole("grid", { name: "Unsorted items" }, firstRender);
    await user.click(screen.getByRole("button", { name: "Save Catalogs" }));
    const dialog = await screen.findByRole("dialog", { name: "Catalogs saved" });
    const counts = within(dialog)
      .getAllByRole("definition")
      .map((node) => node.textContent);
    expect(counts).toEqual(["1", "1", "1", "4"]);
    expect(within(dialog).getByRole("link", { name: "Go to Catalogs" })).toHaveAttribute(
      "href",
      "/home/catalogs",
    );
    await user.click(within(dialog).getByRole("button", { name: "Publish Catalogs" }));
    // On to the publish dialog, which starts from each catalog's audience.
    const publishDialog = await screen.findByRole("dialog", { name: `Publish ${lineList.name}?` });
    const crocs = within(publishDialog).getByRole("group", { name: /^Crocs Catalog/ });
    expect(within(crocs).getByRole("checkbox", { name: "Best" })).toBeChecked();
    expect(within(crocs).getByRole("checkbox", { name: "Good" })).not.toBeChecked();
    await user.click(within(publishDialog).getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("Catalogs published successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/catalogs"));
    // Each at the revision the screen holds: publishing at the one the save answered.
    expect(api.callsTo("save")).toEqual([
      { method: "POST", body: { lineListId: 3, expectedRevision: lineList._revision } },
    ]);
    expect(api.callsTo("publish")).toEqual([
      {
        method: "POST",
        body: {
          lineListId: 3,
          expectedRevision: lineList._revision + 1,
          audiences: {
            athletic: ["good", "better", "best"],
            boutique: ["good", "better", "best"],
            crocs: ["best"],
          },
        },
      },
    ]);
  });

  it("goes back to the catalogs with the server's message when the line list does not exist", async () => {
    segmentationApi();
    const { router } = renderApp("/home/catalog-segmentation/404");
    expect(await screen.findByText("No line list found", {}, firstRender)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/catalogs"));
  });
});
