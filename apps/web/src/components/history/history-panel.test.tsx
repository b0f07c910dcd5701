import { historyMessages } from "@cm/contracts/history";
import { type Permission, permissionValues } from "@cm/contracts/permissions";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format } from "date-fns";
import type * as React from "react";
import { createMemoryRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { describe, expect, it } from "vitest";
import { HistoryPanel } from "@/components/history/history-panel";
import { HistorySheetButton } from "@/components/history/history-sheet";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { createQueryClient } from "@/lib/react-query";
import { testSessionUser } from "@/testing/auth";
import { historyEntry, historyPage, historyRequests, minutesAgo } from "@/testing/history-api";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";

/** Renders `ui` for a signed-in user holding `permissions` (already known: no call is made for them). */
function renderFor(ui: React.ReactNode, permissions: readonly Permission[] = permissionValues) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(sessionKeys.me(), testSessionUser({ permissions: [...permissions] }));
  const router = createMemoryRouter([{ path: "/", element: ui }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient };
}

function answerHistory(...answers: MockResponse[]) {
  let call = 0;
  return mockFetch({ "/api/history": () => answers[Math.min(call++, answers.length - 1)]! });
}

describe("HistoryPanel", () => {
  it("tells each change as a sentence with how long ago, the exact time on hover", async () => {
    const at = minutesAgo(3);
    const fetchMock = answerHistory(historyPage([historyEntry({ at })]));
    renderFor(<HistoryPanel entityType="catalog" entityId={11} />);

    const list = await screen.findByRole("list", { name: historyMessages.title });
    const [entry] = within(list).getAllByRole("listitem");
    expect(entry).toHaveTextContent(
      "Ana Diaz published the Athletic catalog of Crocs Spring 2027 · 3 min ago",
    );
    expect(within(entry!).getByText("3 min ago")).toHaveAttribute(
      "title",
      format(new Date(at), "MM/dd/yyyy, h:mm a"),
    );
    expect(screen.getByRole("heading", { name: historyMessages.title })).toBeInTheDocument();

    const [query] = historyRequests(fetchMock);
    expect(Object.fromEntries(query!)).toEqual({
      entityType: "catalog",
      entityId: "11",
      page: "1",
      pageSize: "10",
    });
  });

  it("lists an update's fields before → after, readably, and the summary", async () => {
    answerHistory(
      historyPage([
        historyEntry({
          id: 2,
          actor: null,
          action: "update",
          entityType: "role",
          entityLabel: "Sales",
          changes: [
            { field: "name", before: "Sales", after: "Field Sales" },
            { field: "wholesaleFactor", before: 2, after: 2.2 },
            { field: "description", before: null, after: "Reps on the road" },
            { field: "active", before: true, after: false },
            { field: "permissions", before: ["orders.view"], after: ["orders.view", "orders.manage"] },
            { field: "address.zipCode", before: "", after: "33101" },
          ],
          summary: "Two permissions added",
        }),
      ]),
    );
    renderFor(<HistoryPanel entityType="role" entityId={4} />);

    const list = await screen.findByRole("list", { name: historyMessages.title });
    const entry = within(list).getAllByRole("listitem")[0]!;
    expect(entry).toHaveTextContent(`${historyMessages.system} updated Sales`);
    const fields = within(entry)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(fields).toEqual([
      "Name: Sales → Field Sales",
      "Wholesale factor: 2 → 2.2",
      "Description: — → Reps on the road",
      "Active: Yes → No",
      "Permissions: Orders: View → Orders: View, Manage",
      "Address › Zip code: — → 33101",
    ]);
    expect(entry).toHaveTextContent("Two permissions added");
  });

  it("names the records a change names by id, and by its id one that has no name", async () => {
    answerHistory(
      historyPage([
        historyEntry({
          action: "update",
          entityType: "store",
          entityLabel: "Main Store",
          changes: [
            { field: "mainContactUserId", before: 2, after: 9 },
            { field: "userIds", before: [2], after: [2, 3] },
          ],
          names: { users: { "2": "Maria Lopez", "3": "Tom Reyes" } },
        }),
      ]),
    );
    renderFor(<HistoryPanel entityType="store" entityId={1} />);

    const list = await screen.findByRole("list", { name: historyMessages.title });
    const entry = within(list).getAllByRole("listitem")[0]!;
    expect(
      within(entry)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Main contact: Maria Lopez → #9", "Users: Maria Lopez → Maria Lopez, Tom Reyes"]);
  });

  it("shows a creation's values without a before", async () => {
    answerHistory(
      historyPage([
        historyEntry({
          action: "create",
          entityType: "brand",
          entityLabel: "Crocs",
          changes: [{ field: "name", before: null, after: "Crocs" }],
        }),
      ]),
    );
    renderFor(<HistoryPanel entityType="brand" entityId={1} />);
    const list = await screen.findByRole("list", { name: historyMessages.title });
    expect(within(list).getByText("Name:").parentElement).toHaveTextContent(/^Name: Crocs$/);
  });

  it("shows more, a page at a time, until every change is listed", async () => {
    const fetchMock = answerHistory(
      historyPage([historyEntry({ id: 3 }), historyEntry({ id: 2 })], { pageSize: 2, total: 3 }),
      historyPage([historyEntry({ id: 1, action: "create", at: minutesAgo(60 * 24 * 2) })], {
        page: 2,
        pageSize: 2,
        total: 3,
      }),
    );
    const { user } = renderFor(<HistoryPanel entityType="catalog" entityId={11} />);

    const list = await screen.findByRole("list", { name: historyMessages.title });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("2 of 3 changes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: historyMessages.showMore }));

    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(within(list).getAllByRole("listitem")[2]).toHaveTextContent("Ana Diaz created");
    expect(within(list).getAllByRole("listitem")[2]).toHaveTextContent("2 days ago");
    expect(screen.queryByRole("button", { name: historyMessages.showMore })).not.toBeInTheDocument();
    expect(historyRequests(fetchMock).map((query) => query.get("page"))).toEqual(["1", "2"]);
  });

  it("says when nothing was recorded yet", async () => {
    answerHistory(historyPage([]));
    renderFor(<HistoryPanel entityType="store" entityId={3} />);
    expect(await screen.findByText(historyMessages.empty)).toBeInTheDocument();
  });

  it("says when the history could not be loaded, and tries again", async () => {
    answerHistory(
      { status: 500, body: { success: false, message: "Something went wrong in the server.", data: null } },
      historyPage([historyEntry()]),
    );
    const { user } = renderFor(<HistoryPanel entityType="catalog" entityId={11} />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(historyMessages.loadFailed);
    expect(alert).toHaveTextContent("Something went wrong in the server.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: historyMessages.title })).toBeInTheDocument();
  });

  it("reads the history again after any write, so a change just saved shows", async () => {
    const fetchMock = answerHistory(
      historyPage([historyEntry({ id: 1 })]),
      historyPage([historyEntry({ id: 2, action: "update", entityLabel: "Crocs" }), historyEntry({ id: 1 })]),
    );
    const { queryClient } = renderFor(<HistoryPanel entityType="catalog" entityId={11} />);
    const list = await screen.findByRole("list", { name: historyMessages.title });

    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => "saved" })
      .execute(undefined);

    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent("Ana Diaz updated Crocs");
    expect(historyRequests(fetchMock)).toHaveLength(2);
  });

  it("is not there at all, and asks nothing, without history.view", async () => {
    const fetchMock = answerHistory(historyPage([historyEntry()]));
    renderFor(
      <>
        <h1>Edit Brand</h1>
        <HistoryPanel entityType="brand" entityId={1} />
        <HistorySheetButton entityType="line-list" entityId={2} description="Crocs Spring 2027" />
      </>,
      ["catalogs.view", "brands.manage", "catalogs.manage"],
    );
    expect(await screen.findByRole("heading", { name: "Edit Brand" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: historyMessages.title })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: historyMessages.title })).not.toBeInTheDocument();
    expect(historyRequests(fetchMock)).toHaveLength(0);
  });
});

describe("HistorySheetButton", () => {
  it("opens the entity's history in a sheet, read only when it is opened", async () => {
    const fetchMock = answerHistory(
      historyPage([historyEntry({ entityType: "line-list", action: "upload" })]),
    );
    const { user } = renderFor(
      <HistorySheetButton entityType="line-list" entityId={2} description="Crocs Spring 2027" />,
    );
    const button = await screen.findByRole("button", { name: historyMessages.title });
    expect(historyRequests(fetchMock)).toHaveLength(0);

    await user.click(button);
    const sheet = await screen.findByRole("dialog", { name: historyMessages.title });
    expect(sheet).toHaveAccessibleDescription("Crocs Spring 2027");
    const list = await within(sheet).findByRole("list", { name: historyMessages.title });
    expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent("Ana Diaz uploaded");
    expect(historyRequests(fetchMock)[0]?.get("entityType")).toBe("line-list");
  });
});
