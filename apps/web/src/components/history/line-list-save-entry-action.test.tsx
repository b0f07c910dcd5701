import { type HistoryEntry, historyMessages } from "@cm/contracts/history";
import type { UndoSaveData } from "@cm/contracts/line-list-saves";
import { undoMessages } from "@cm/contracts/line-list-saves";
import { lineListSavesUiMessages as ui } from "@cm/contracts/line-list-saves-ui";
import { type Permission, permissionValues } from "@cm/contracts/permissions";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import { createMemoryRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { HistoryEntryItem } from "@/components/history/history-entry";
import { HistorySheetButton } from "@/components/history/history-sheet";
import { Toaster } from "@/components/ui/sonner";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { createQueryClient } from "@/lib/react-query";
import { testSessionUser } from "@/testing/auth";
import { historyEntry, historyPage } from "@/testing/history-api";
import { mockFetch, ok } from "@/testing/mock-fetch";

afterEach(() => toast.dismiss());

/** A line list's upload saved, its entry naming the save (`saveId`, issue 33). */
function saveEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return historyEntry({
    entityType: "line-list",
    entityId: 7,
    entityLabel: "Crocs Fall 2027",
    action: "upload",
    summary: "crocs-fall-v2.xlsx: 3 new, 12 changed and 40 unchanged style(s)",
    saveId: 2,
    ...overrides,
  });
}

const dryRun: UndoSaveData = {
  revert: [{ modelCode: "10001-001", action: "restore-field", field: "msrp", before: 49.99, current: 89.99 }],
  skip: [{ modelCode: "10001-001", field: "color", reason: undoMessages.changedSince }],
  publishedCatalogs: [],
  applied: false,
  save: null,
};

function renderEntry(entry: HistoryEntry, permissions: readonly Permission[] = permissionValues) {
  return renderUi(
    <ol aria-label="History">
      <HistoryEntryItem entry={entry} />
    </ol>,
    permissions,
  );
}

function renderUi(element: React.ReactNode, permissions: readonly Permission[] = permissionValues) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(sessionKeys.me(), testSessionUser({ permissions: [...permissions] }));
  const router = createMemoryRouter([
    {
      path: "/",
      element,
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

describe("a line list's history entry of a save", () => {
  it('offers "Undo this save": the dry run, then the undo applied', async () => {
    const fetchMock = mockFetch({ "/api/line-lists/7/saves/2/undo": ok(dryRun) });
    const { user } = renderEntry(saveEntry());

    await user.click(await screen.findByRole("button", { name: undoMessages.undoThisSave }));
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining("Ana Diaz uploaded Crocs Fall 2027"));
    const revert = await within(dialog).findByRole("list", { name: `${ui.revertTitle} (1)` });
    expect(revert).toHaveTextContent("10001-001 · MSRP: $89.99 → $49.99");
    expect(within(dialog).getByRole("list", { name: `${ui.skipTitle} (1)` })).toHaveTextContent(
      `10001-001 · Color: ${undoMessages.changedSince}`,
    );
    const [dryRunUrl] = fetchMock.mock.calls[0] as unknown as [string];
    expect(String(dryRunUrl)).toContain("dryRun=true");

    await user.click(within(dialog).getByRole("button", { name: undoMessages.confirm }));
    expect(await screen.findByText(undoMessages.undone)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posts = (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(
      ([, init]) => init?.method === "POST",
    );
    expect(posts.map(([url]) => String(url).includes("dryRun=true"))).toEqual([true, false]);
  });

  it("offers nothing without catalogs.manage", async () => {
    renderEntry(saveEntry(), ["catalogs.view", "history.view"]);
    expect(await screen.findByRole("listitem")).toHaveTextContent("Ana Diaz uploaded Crocs Fall 2027");
    expect(screen.queryByRole("button", { name: undoMessages.undoThisSave })).not.toBeInTheDocument();
  });

  it("offers nothing on a line list's entry that recorded no save", async () => {
    renderEntry(saveEntry({ saveId: undefined, action: "update" }));
    expect(await screen.findByRole("listitem")).toHaveTextContent("Ana Diaz updated Crocs Fall 2027");
    expect(screen.queryByRole("button", { name: undoMessages.undoThisSave })).not.toBeInTheDocument();
  });

  it("offers nothing on another entity's entry, even one with a saveId", async () => {
    renderEntry(historyEntry({ saveId: 2 }));
    expect(await screen.findByRole("listitem")).toHaveTextContent("Ana Diaz published");
    expect(screen.queryByRole("button", { name: undoMessages.undoThisSave })).not.toBeInTheDocument();
  });

  it("is offered in the line list's History sheet, from the entry the history API answers", async () => {
    mockFetch({
      "/api/history": historyPage([saveEntry()]),
      "/api/line-lists/7/saves/2/undo": ok(dryRun),
    });
    const { user } = renderUi(
      <HistorySheetButton entityType="line-list" entityId={7} description="Crocs Fall 2027" />,
    );
    await user.click(await screen.findByRole("button", { name: historyMessages.title }));
    const sheet = await screen.findByRole("dialog", { name: historyMessages.title });
    await user.click(await within(sheet).findByRole("button", { name: undoMessages.undoThisSave }));
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    expect(await within(dialog).findByRole("list", { name: `${ui.revertTitle} (1)` })).toBeInTheDocument();
  });
});
