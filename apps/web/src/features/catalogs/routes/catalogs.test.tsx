import type { LineListWithCatalogs } from "@cm/contracts/line-lists";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { seedSession } from "@/testing/auth";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

const firstRender = { timeout: 20_000 };

type FetchCall = [input: RequestInfo | URL, init?: RequestInit];

function lineList(overrides: Partial<LineListWithCatalogs>): LineListWithCatalogs {
  return {
    id: 1,
    name: "Spring 2027 Pre-Book",
    description: null,
    type: "pre-book",
    brandId: 1,
    brandName: "Crocs",
    stage: "saved",
    season: "Spring",
    year: 2027,
    sentOn: "2026-09-01",
    dateSent: "2026-09-01",
    deadline: "2026-10-31",
    dateOfAvailability: null,
    published: 0,
    publishAt: null,
    sortingCompleted: 1,
    itemsCount: 10,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    _revision: 1,
    catalogs: [
      { type: "athletic", itemsCount: 4, audience: ["good", "better", "best"] },
      { type: "boutique", itemsCount: 3, audience: ["good", "better", "best"] },
    ],
    unsortedItemsCount: 3,
    ...overrides,
  };
}

/** The catalogs API over a list of line lists; publishing answers what `publish` says. */
function catalogsApi(initial: LineListWithCatalogs[], publish?: (lineListId: number) => MockResponse) {
  let lineLists = [...initial];
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  const routes: Record<string, () => MockResponse> = {
    "/api/line-lists/with-catalogs-info": () => {
      const url = new URL(String(calls().at(-1)![0]), "http://localhost");
      const status = url.searchParams.get("status");
      const data = lineLists.filter((item) => (status === "published" ? item.published : !item.published));
      return {
        status: 200,
        body: {
          success: true,
          message: "OK",
          data,
          pagination: { page: 1, pageSize: 10, total: data.length, totalPages: 1 },
        },
      };
    },
    "/api/crocs/catalogs/publish": () => {
      const { lineListId, publishAt } = JSON.parse(String(calls().at(-1)![1]?.body)) as {
        lineListId: number;
        publishAt?: string;
      };
      const answer = publish?.(lineListId) ?? ok(null);
      if (answer.status === undefined || answer.status === 200) {
        lineLists = lineLists.map((item) =>
          item.id !== lineListId
            ? item
            : publishAt
              ? { ...item, publishAt }
              : { ...item, published: 1 as const, publishAt: null },
        );
        return ok(answerOf(lineListId));
      }
      return answer;
    },
  };
  const answerOf = (lineListId: number) => {
    const {
      catalogs: _catalogs,
      unsortedItemsCount: _unsorted,
      ...answer
    } = lineLists.find((item) => item.id === lineListId)!;
    return answer;
  };
  for (const { id } of initial) {
    routes[`/api/line-lists/${id}/scheduled-publication`] = () => {
      lineLists = lineLists.map((item) => (item.id === id ? { ...item, publishAt: null } : item));
      return ok(answerOf(id));
    };
  }
  const fetchMock = mockFetch(routes);
  return {
    publishCalls: () => calls().filter(([input]) => String(input) === "/api/crocs/catalogs/publish"),
    cancelCalls: () => calls().filter(([input]) => String(input).endsWith("/scheduled-publication")),
  };
}

const region = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });

beforeEach(() => seedSession());

describe("catalogs page", { timeout: 30_000 }, () => {
  it("shows each line list with its type, brand, dates, counts and the actions of its state", async () => {
    catalogsApi([
      lineList({ id: 1, published: 1 }),
      lineList({
        id: 2,
        name: "Summer 2027 Future Stock",
        type: "future-stock",
        dateSent: null,
        deadline: null,
        sentOn: null,
        dateOfAvailability: "2027-04-01",
      }),
      lineList({
        id: 3,
        name: "Fall 2027 Own Stock",
        type: "own-stock",
        sortingCompleted: 0,
        catalogs: [],
        unsortedItemsCount: 10,
      }),
    ]);
    renderApp("/home/catalogs");
    const published = await screen.findByRole("article", { name: "Spring 2027 Pre-Book" }, firstRender);
    expect(within(region("Active Catalogs")).getByRole("article")).toBe(published);
    // Calendar dates as MM/DD/YYYY, on the very day the server names.
    expect(published).toHaveTextContent("09/01/2026");
    expect(published).toHaveTextContent("10/31/2026");
    expect(published).toHaveTextContent("Pre-Book");
    expect(published).toHaveTextContent("Crocs");
    expect(within(published).getByRole("link", { name: /^Manage/ })).toHaveAttribute(
      "href",
      "/home/catalog-segmentation/1",
    );
    expect(within(published).queryByRole("button", { name: /^Publish/ })).not.toBeInTheDocument();

    const unpublished = region("Unpublished Catalogs");
    const sorted = within(unpublished).getByRole("article", { name: "Summer 2027 Future Stock" });
    expect(sorted).toHaveTextContent("Future Stock");
    expect(sorted).toHaveTextContent("04/01/2027");
    expect(within(sorted).getByRole("link", { name: /^Edit/ })).toHaveAttribute(
      "href",
      "/home/catalog-segmentation/2",
    );
    expect(within(sorted).getByRole("button", { name: /^Publish/ })).toBeInTheDocument();

    const pending = within(unpublished).getByRole("article", { name: "Fall 2027 Own Stock" });
    expect(pending).toHaveTextContent("Sorting Pending");
    expect(pending).toHaveTextContent("Own Stock");
    expect(within(pending).getByRole("link", { name: /^Complete/ })).toHaveAttribute(
      "href",
      "/home/catalog-segmentation/3",
    );
    expect(within(pending).queryByRole("button", { name: /^Publish/ })).not.toBeInTheDocument();

    // Counts per catalog type (0 for a catalog not created yet) and unsorted.
    const counts = within(sorted)
      .getAllByRole("definition")
      .map((node) => node.textContent);
    expect(counts.slice(-4)).toEqual(["4", "3", "0", "3"]);
  });

  it("calls a published line list Published even when its sorting is not completed", async () => {
    catalogsApi([lineList({ id: 4, name: "Winter 2027 Pre-Book", published: 1, sortingCompleted: 0 })]);
    renderApp("/home/catalogs");
    const card = await screen.findByRole("article", { name: "Winter 2027 Pre-Book" }, firstRender);
    expect(within(region("Active Catalogs")).getByRole("article")).toBe(card);
    expect(card).toHaveTextContent("Published");
    expect(card).not.toHaveTextContent("Sorting Pending");
    expect(within(card).getByRole("link", { name: /^Complete/ })).toHaveAttribute(
      "href",
      "/home/catalog-segmentation/4",
    );
  });

  it("opens the orders of a line list from its card's View Orders", async () => {
    catalogsApi([lineList({ id: 5, name: "Spring 2027 Brand ATS", type: "brand-ats", published: 1 })]);
    const { user } = renderApp("/home/catalogs");
    const card = await screen.findByRole("article", { name: "Spring 2027 Brand ATS" }, firstRender);
    await user.click(within(card).getByRole("button", { name: "More actions for Spring 2027 Brand ATS" }));
    expect(await screen.findByRole("menuitem", { name: "View Orders" })).toHaveAttribute(
      "href",
      "/home/orders/all?lineListId=5",
    );
  });

  it("says so when a section is empty", async () => {
    catalogsApi([lineList({ id: 5, name: "Spring 2027 Brand ATS", type: "brand-ats" })]);
    renderApp("/home");
    expect(await screen.findByText("No active catalogs yet", {}, firstRender)).toBeInTheDocument();
    expect(
      within(region("Unpublished Catalogs")).getByRole("article", { name: "Spring 2027 Brand ATS" }),
    ).toBeInTheDocument();
    expect(screen.queryByText("No line list found at the moment.")).not.toBeInTheDocument();
  });

  it("says there is no line list at the moment when there is none at all, and offers the upload", async () => {
    catalogsApi([]);
    const { user } = renderApp("/home");
    expect(await screen.findByText("No line list found at the moment.", {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /^Active Catalogs/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upload Line List" }));
    expect(await screen.findByRole("dialog", { name: "Upload Inventory" }, firstRender)).toBeInTheDocument();
  });

  it("publishes after confirmation and moves the card to Active Catalogs", async () => {
    const api = catalogsApi([lineList({ id: 7, name: "Summer 2027 Future Stock" })]);
    const { user } = renderApp("/home/catalogs");
    const card = await screen.findByRole("article", { name: "Summer 2027 Future Stock" }, firstRender);

    await user.click(within(card).getByRole("button", { name: /^Publish/ }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Are you sure you want to publish this catalog? This action is irreversible.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));

    expect(await screen.findByText("Catalog published successfully")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(region("Active Catalogs")).getByRole("article", { name: "Summer 2027 Future Stock" }),
      ).toBeInTheDocument(),
    );
    expect(api.publishCalls()).toHaveLength(1);
    // Sent at the revision the page shows, so a line list changed since is refused rather than published unseen.
    // Every catalog's audience goes with it: all three unless changed.
    expect(JSON.parse(String(api.publishCalls()[0]![1]?.body))).toEqual({
      lineListId: 7,
      expectedRevision: 1,
      audiences: { athletic: ["good", "better", "best"], boutique: ["good", "better", "best"] },
    });
  });

  it("says when publishing failed", async () => {
    catalogsApi([lineList({ id: 7 })], () => ({
      status: 404,
      body: { success: false, message: "No line list found", data: null },
    }));
    const { user } = renderApp("/home/catalogs");
    const card = await screen.findByRole("article", { name: "Spring 2027 Pre-Book" }, firstRender);
    await user.click(within(card).getByRole("button", { name: /^Publish/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("Failed to publish catalog")).toBeInTheDocument();
    expect(screen.getByText("No line list found")).toBeInTheDocument();
    expect(
      within(region("Unpublished Catalogs")).getByRole("article", { name: "Spring 2027 Pre-Book" }),
    ).toBeInTheDocument();
  });

  it("publishes each catalog to the audience chosen, and needs at least one segmentation", async () => {
    const api = catalogsApi([lineList({ id: 8, name: "Summer 2027 Future Stock" })]);
    const { user } = renderApp("/home/catalogs");
    const card = await screen.findByRole("article", { name: "Summer 2027 Future Stock" }, firstRender);
    expect(within(card).getByRole("list", { name: "Audiences" })).toHaveTextContent(
      "Athletic Catalog·Good, Better, Best",
    );

    await user.click(within(card).getByRole("button", { name: /^Publish/ }));
    const dialog = await screen.findByRole("dialog");
    const athletic = within(dialog).getByRole("group", { name: /^Athletic Catalog/ });
    const boutique = within(dialog).getByRole("group", { name: /^Boutique Catalog/ });
    for (const name of ["Good", "Better", "Best"]) {
      expect(within(athletic).getByRole("checkbox", { name })).toBeChecked();
    }
    // None left: said, and Publish is off until one is chosen again.
    for (const name of ["Good", "Better", "Best"])
      await user.click(within(boutique).getByRole("checkbox", { name }));
    expect(boutique).toHaveTextContent("Choose at least one segmentation");
    expect(within(dialog).getByRole("button", { name: "Publish" })).toBeDisabled();
    await user.click(within(boutique).getByRole("checkbox", { name: "Best" }));
    await user.click(within(athletic).getByRole("checkbox", { name: "Good" }));
    await user.click(within(dialog).getByRole("button", { name: "Publish" }));

    expect(await screen.findByText("Catalog published successfully")).toBeInTheDocument();
    expect(JSON.parse(String(api.publishCalls()[0]![1]?.body))).toEqual({
      lineListId: 8,
      expectedRevision: 1,
      audiences: { athletic: ["better", "best"], boutique: ["best"] },
    });
  });

  it("schedules a publication at the date and time chosen, then shows Publishes on … with Cancel", async () => {
    const api = catalogsApi([lineList({ id: 9, name: "Summer 2027 Future Stock" })]);
    const { user } = renderApp("/home/catalogs");
    const card = await screen.findByRole("article", { name: "Summer 2027 Future Stock" }, firstRender);
    await user.click(within(card).getByRole("button", { name: /^Publish/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("radio", { name: "Schedule" }));
    const input = within(dialog).getByLabelText("Publication date and time");

    // A time in the past is refused before anything is sent.
    fireEvent.change(input, { target: { value: "2020-01-01T09:00" } });
    await user.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(dialog).toHaveTextContent("The publication time must be in the future");
    expect(api.publishCalls()).toHaveLength(0);

    const year = new Date().getFullYear() + 1;
    fireEvent.change(input, { target: { value: `${year}-03-01T14:30` } });
    await user.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await screen.findByText("Publication scheduled")).toBeInTheDocument();
    const when = new Date(year, 2, 1, 14, 30);
    expect(JSON.parse(String(api.publishCalls()[0]![1]?.body))).toEqual({
      lineListId: 9,
      expectedRevision: 1,
      audiences: { athletic: ["good", "better", "best"], boutique: ["good", "better", "best"] },
      publishAt: when.toISOString(),
    });

    // Still unpublished, with the local date and time it publishes on.
    const scheduled = await within(region("Unpublished Catalogs")).findByText(
      `Publishes on 03/01/${year}, 2:30 PM`,
    );
    const updated = screen.getByRole("article", { name: "Summer 2027 Future Stock" });
    expect(updated).toContainElement(scheduled);
    await user.click(
      within(updated).getByRole("button", {
        name: "Cancel the scheduled publication of Summer 2027 Future Stock",
      }),
    );
    expect(await screen.findByText("Scheduled publication cancelled")).toBeInTheDocument();
    expect(api.cancelCalls()).toHaveLength(1);
    expect(api.cancelCalls()[0]![1]?.method).toBe("DELETE");
    await waitFor(() => expect(screen.queryByText(/^Publishes on/)).not.toBeInTheDocument());
  });
});
