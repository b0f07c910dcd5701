import type { LineListSave, LineListSaveDetail, UndoSaveData } from "@cm/contracts/line-list-saves";
import { undoMessages } from "@cm/contracts/line-list-saves";
import { genericMessages } from "@cm/contracts/messages";
import { lineListSavesUiMessages as ui } from "@cm/contracts/line-list-saves-ui";
import { type Permission, permissionValues } from "@cm/contracts/permissions";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { LineListSavesPanel } from "@/features/line-lists/components/line-list-saves-panel";
import { lineListKeys } from "@/lib/api/line-lists/line-list-keys";
import { previewKeys } from "@/lib/api/line-list-preview/preview-keys";
import { sessionKeys } from "@/lib/api/session/session-keys";
import { formatInstantDateTime } from "@/lib/format";
import { createQueryClient } from "@/lib/react-query";
import { testSessionUser } from "@/testing/auth";

afterEach(() => toast.dismiss());

const lineListId = 7;

function save(overrides: Partial<LineListSave> = {}): LineListSave {
  return {
    id: 2,
    kind: "update",
    savedAt: "2027-03-01T18:05:00.000Z",
    savedBy: "Ana Diaz",
    fileName: "crocs-fall-v2.xlsx",
    counts: { added: 3, changed: 12, removed: 1 },
    undoes: null,
    undoneBy: null,
    ...overrides,
  };
}

const newSave = save({
  id: 1,
  kind: "new",
  savedAt: "2027-02-20T15:00:00.000Z",
  fileName: "crocs-fall.xlsx",
  counts: { added: 40, changed: 0, removed: 0 },
});

const detail: LineListSaveDetail = {
  save: save(),
  styles: [
    {
      modelCode: "10001-001",
      change: "changed",
      fields: [
        { field: "msrp", before: 49.99, after: 89.99 },
        { field: "color", before: "Black", after: "Navy" },
      ],
    },
    { modelCode: "20002-410", change: "added", fields: [] },
  ],
};

function dryRun(overrides: Partial<UndoSaveData> = {}): UndoSaveData {
  return {
    revert: [
      { modelCode: "10001-001", action: "restore-field", field: "msrp", before: 49.99, current: 89.99 },
      { modelCode: "20002-410", action: "remove-style", field: null },
      { modelCode: "30003-100", action: "restore-style", field: null },
    ],
    skip: [
      { modelCode: "10001-001", field: "color", reason: undoMessages.changedSince },
      { modelCode: "40004-001", field: null, reason: undoMessages.orderedStyle },
    ],
    publishedCatalogs: [],
    applied: false,
    save: null,
    ...overrides,
  };
}

interface Answer {
  status?: number;
  data?: unknown;
  message?: string;
  /** The line list's revision (`nextExpectedStreamVersion`), as a dry run and an undo answer. */
  revision?: number;
}

interface Call {
  method: string;
  path: string;
  dryRun: boolean;
  body: unknown;
  ifMatch: string | null;
}

/** Answers the saves API: `routes` by "METHOD path" (the dry run as "POST …/undo?dryRun"). */
function mockSavesApi(routes: Record<string, Answer | (() => Answer)>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://x",
    );
    const method = init?.method ?? "GET";
    const isDryRun = url.searchParams.get("dryRun") === "true";
    calls.push({
      method,
      path: url.pathname,
      dryRun: isDryRun,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      ifMatch: new Headers(init?.headers).get("If-Match"),
    });
    const route = routes[`${method} ${url.pathname}${isDryRun ? "?dryRun" : ""}`];
    const answer = typeof route === "function" ? route() : route;
    if (!answer) return Response.json({ success: false, message: "Not found", data: null }, { status: 404 });
    const status = answer.status ?? 200;
    return Response.json(
      {
        success: status < 400,
        message: answer.message ?? "OK",
        data: answer.data ?? null,
        ...(answer.revision === undefined ? {} : { nextExpectedStreamVersion: answer.revision }),
      },
      { status },
    );
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

const savesPath = `/api/line-lists/${lineListId}/saves`;
const undoPath = (saveId: number) => `${savesPath}/${saveId}/undo`;

function renderPanel({
  permissions = permissionValues,
  canManage,
}: { permissions?: readonly Permission[]; canManage?: boolean } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(sessionKeys.me(), testSessionUser({ permissions: [...permissions] }));
  render(
    <QueryClientProvider client={queryClient}>
      <LineListSavesPanel lineListId={lineListId} canManage={canManage} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient };
}

async function savesList() {
  return screen.findByRole("list", { name: undoMessages.savesTitle });
}

async function rowOf(fileName: string) {
  const list = await savesList();
  return within(list)
    .getAllByRole("listitem")
    .find((item) => item.textContent?.includes(fileName))!;
}

describe("LineListSavesPanel", () => {
  it("lists the saves newest first: when, who, the file, the kind and the counts; an undone save and an undo marked", async () => {
    mockSavesApi({
      [`GET ${savesPath}`]: {
        data: {
          saves: [
            save({
              id: 3,
              kind: "undo",
              savedAt: "2027-03-02T10:00:00.000Z",
              fileName: null,
              undoes: 2,
              counts: { added: 1, changed: 12, removed: 3 },
            }),
            save({ undoneBy: 3 }),
            newSave,
          ],
        },
      },
    });
    renderPanel();

    expect(screen.getByRole("heading", { name: undoMessages.savesTitle })).toBeInTheDocument();
    const list = await savesList();
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);

    const [undo, update, created] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(undo).toHaveTextContent(ui.kindLabels.undo);
    expect(undo).toHaveTextContent(ui.undoOf(formatInstantDateTime("2027-03-01T18:05:00.000Z")));
    expect(undo).toHaveTextContent("1 added, 12 changed, 3 removed");

    expect(update).toHaveTextContent(formatInstantDateTime("2027-03-01T18:05:00.000Z"));
    expect(update).toHaveTextContent("Ana Diaz");
    expect(update).toHaveTextContent("crocs-fall-v2.xlsx");
    expect(update).toHaveTextContent(ui.kindLabels.update);
    expect(update).toHaveTextContent("3 added, 12 changed, 1 removed");
    expect(within(update).getByText(ui.undone)).toBeInTheDocument();
    // Undone already: it cannot be undone again, and says why; the undo can.
    expect(within(update).getByRole("button", { name: undoMessages.undoThisSave })).toBeDisabled();
    expect(
      within(update).getByRole("button", { name: undoMessages.undoThisSave }),
    ).toHaveAccessibleDescription(expect.stringContaining(undoMessages.alreadyUndone));
    expect(within(undo).getByRole("button", { name: undoMessages.undoThisSave })).toBeEnabled();

    expect(created).toHaveTextContent(ui.kindLabels.new);
    expect(created).toHaveTextContent("40 added, 0 changed, 0 removed");
    expect(within(created).queryByText(ui.undone)).not.toBeInTheDocument();
  });

  it("expands a save to its styles' changes, each field before → after", async () => {
    const calls = mockSavesApi({
      [`GET ${savesPath}`]: { data: { saves: [save()] } },
      [`GET ${savesPath}/2`]: { data: detail },
    });
    const { user } = renderPanel();
    const row = await rowOf("crocs-fall-v2.xlsx");
    expect(calls.filter((call) => call.path === `${savesPath}/2`)).toHaveLength(0);

    const toggle = within(row).getByRole("button", { name: ui.showChanges });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName(ui.hideChanges);

    const styles = await within(row).findByRole("list", { name: ui.showChanges });
    const lines = within(styles)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(lines).toContain("MSRP: $49.99 → $89.99");
    expect(lines).toContain("Color: Black → Navy");
    expect(styles).toHaveTextContent("10001-001 · Changed");
    expect(styles).toHaveTextContent("20002-410 · Added");

    await user.click(toggle);
    expect(within(row).queryByRole("list", { name: ui.showChanges })).not.toBeInTheDocument();
  });

  it("says when there are no saves yet", async () => {
    mockSavesApi({ [`GET ${savesPath}`]: { data: { saves: [] } } });
    renderPanel();
    expect(await screen.findByText(undoMessages.noSaves)).toBeInTheDocument();
  });

  it("says when the saves could not be loaded, and tries again", async () => {
    let call = 0;
    mockSavesApi({
      [`GET ${savesPath}`]: () =>
        call++ === 0
          ? { status: 500, message: "Something went wrong in the server." }
          : { data: { saves: [save()] } },
    });
    const { user } = renderPanel();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(ui.loadFailed);
    expect(alert).toHaveTextContent("Something went wrong in the server.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await rowOf("crocs-fall-v2.xlsx")).toBeInTheDocument();
  });

  it("offers no undo without catalogs.manage, and says why", async () => {
    const calls = mockSavesApi({ [`GET ${savesPath}`]: { data: { saves: [save(), newSave] } } });
    const { user } = renderPanel({ permissions: ["catalogs.view"] });
    const row = await rowOf("crocs-fall-v2.xlsx");
    const undo = within(row).getByRole("button", { name: undoMessages.undoThisSave });
    expect(undo).toBeDisabled();
    expect(undo).toHaveAccessibleDescription(
      expect.stringContaining('Needs the "Catalogs: Manage" permission'),
    );
    await user.click(undo);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });

  it("offers no undo when the page says the person may not manage (canManage false)", async () => {
    mockSavesApi({ [`GET ${savesPath}`]: { data: { saves: [save()] } } });
    renderPanel({ canManage: false });
    const row = await rowOf("crocs-fall-v2.xlsx");
    expect(within(row).getByRole("button", { name: undoMessages.undoThisSave })).toBeDisabled();
  });
});

describe("UndoSaveDialog", () => {
  it("shows the dry run (what is reverted, what is skipped and why) before anything changes", async () => {
    const calls = mockSavesApi({
      [`GET ${savesPath}`]: { data: { saves: [save()] } },
      [`POST ${undoPath(2)}?dryRun`]: { data: dryRun() },
    });
    const { user } = renderPanel();
    await user.click(
      within(await rowOf("crocs-fall-v2.xlsx")).getByRole("button", { name: undoMessages.undoThisSave }),
    );

    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining("crocs-fall-v2.xlsx"));
    const revert = await within(dialog).findByRole("list", { name: `${ui.revertTitle} (3)` });
    expect(
      within(revert)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "10001-001 · MSRP: $89.99 → $49.99",
      `20002-410: ${ui.removeStyle}`,
      `30003-100: ${ui.restoreStyle}`,
    ]);
    const skip = within(dialog).getByRole("list", { name: `${ui.skipTitle} (2)` });
    expect(
      within(skip)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([`10001-001 · Color: ${undoMessages.changedSince}`, `40004-001: ${undoMessages.orderedStyle}`]);

    // Only the dry run was asked for.
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.dryRun).toBe(true);
    expect(within(dialog).getByRole("button", { name: undoMessages.confirm })).toBeEnabled();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });

  it("asks to confirm the published catalogs an undo changes, and sends that confirmation", async () => {
    const calls = mockSavesApi({
      [`GET ${savesPath}`]: { data: { saves: [save()] } },
      [`POST ${undoPath(2)}?dryRun`]: {
        data: dryRun({ publishedCatalogs: [{ catalogId: 31, type: "athletic", styles: 2 }] }),
      },
      [`POST ${undoPath(2)}`]: {
        data: dryRun({ applied: true, save: save({ id: 3, kind: "undo", undoes: 2 }) }),
      },
    });
    const { user } = renderPanel();
    await user.click(
      within(await rowOf("crocs-fall-v2.xlsx")).getByRole("button", { name: undoMessages.undoThisSave }),
    );
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });

    expect(await within(dialog).findByText(undoMessages.publishedNeedsConfirm)).toBeInTheDocument();
    expect(within(dialog).getByText("Athletic catalog: 2 styles")).toBeInTheDocument();
    const apply = within(dialog).getByRole("button", { name: undoMessages.confirm });
    expect(apply).toBeDisabled();

    await user.click(within(dialog).getByRole("checkbox", { name: ui.confirmPublished }));
    expect(apply).toBeEnabled();
    await user.click(apply);

    expect(await screen.findByText(undoMessages.undone)).toBeInTheDocument();
    const applied = calls.find((call) => call.method === "POST" && !call.dryRun)!;
    expect(applied.body).toEqual({ confirmPublished: true });
  });

  it("applies the undo: a toast, the dialog closes, the saves, the line list and its page are read again", async () => {
    let undone = false;
    const calls = mockSavesApi({
      [`GET ${savesPath}`]: () => ({
        data: {
          saves: undone
            ? [
                save({ id: 3, kind: "undo", fileName: null, undoes: 2, savedAt: "2027-03-02T10:00:00.000Z" }),
                save({ undoneBy: 3 }),
              ]
            : [save()],
        },
      }),
      [`POST ${undoPath(2)}?dryRun`]: { data: dryRun(), revision: 5 },
      [`POST ${undoPath(2)}`]: () => {
        undone = true;
        return { data: dryRun({ applied: true, save: save({ id: 3, kind: "undo", undoes: 2 }) }) };
      },
    });
    const { user, queryClient } = renderPanel();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    await user.click(
      within(await rowOf("crocs-fall-v2.xlsx")).getByRole("button", { name: undoMessages.undoThisSave }),
    );
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    await within(dialog).findByRole("list", { name: `${ui.revertTitle} (3)` });
    await user.click(within(dialog).getByRole("button", { name: undoMessages.confirm }));

    expect(await screen.findByText(undoMessages.undone)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const applied = calls.find((call) => call.method === "POST" && !call.dryRun)!;
    expect(applied.body).toEqual({});
    // At the line list's revision the dry run was read at: a save since would be refused.
    expect(applied.ifMatch).toBe('"5"');

    // The list shows the undo and the save it undid.
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: undoMessages.savesTitle })).getAllByRole("listitem"),
      ).toHaveLength(2),
    );
    expect(await rowOf("crocs-fall-v2.xlsx")).toHaveTextContent(ui.undone);
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toContain(JSON.stringify(lineListKeys.all));
    expect(keys).toContain(JSON.stringify(previewKeys.detail(lineListId)));
    // Every other screen's data is stale too (products are shared), but the dry run is not read again.
    expect(invalidate.mock.calls.some(([filters]) => filters?.predicate !== undefined)).toBe(true);
    expect(calls.filter((call) => call.dryRun)).toHaveLength(1);
  });

  it("says in the dialog when another person undid the save first (409), and the list refreshes", async () => {
    let undoneElsewhere = false;
    mockSavesApi({
      [`GET ${savesPath}`]: () => ({ data: { saves: [save({ undoneBy: undoneElsewhere ? 9 : null })] } }),
      [`POST ${undoPath(2)}?dryRun`]: () =>
        undoneElsewhere ? { status: 409, message: undoMessages.alreadyUndone } : { data: dryRun() },
      [`POST ${undoPath(2)}`]: () => {
        undoneElsewhere = true;
        return { status: 409, message: undoMessages.alreadyUndone };
      },
    });
    const { user } = renderPanel();
    await user.click(
      within(await rowOf("crocs-fall-v2.xlsx")).getByRole("button", { name: undoMessages.undoThisSave }),
    );
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    await within(dialog).findByRole("list", { name: `${ui.revertTitle} (3)` });
    await user.click(within(dialog).getByRole("button", { name: undoMessages.confirm }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(undoMessages.alreadyUndone);
    expect(within(dialog).getByRole("button", { name: undoMessages.confirm })).toBeDisabled();
    expect(screen.queryByText(undoMessages.undone)).not.toBeInTheDocument();

    // Closed, the list shows the save undone (by the other person), no longer to be undone.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const row = await rowOf("crocs-fall-v2.xlsx");
    await waitFor(() => expect(row).toHaveTextContent(ui.undone));
    expect(within(row).getByRole("button", { name: undoMessages.undoThisSave })).toBeDisabled();
  });

  it("says so when the save was undone before the dialog opened (409 on the dry run)", async () => {
    mockSavesApi({
      [`GET ${savesPath}`]: { data: { saves: [save()] } },
      [`POST ${undoPath(2)}?dryRun`]: { status: 409, message: undoMessages.alreadyUndone },
    });
    const { user } = renderPanel();
    await user.click(
      within(await rowOf("crocs-fall-v2.xlsx")).getByRole("button", { name: undoMessages.undoThisSave }),
    );
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(undoMessages.alreadyUndone);
    expect(within(dialog).getByRole("button", { name: undoMessages.confirm })).toBeDisabled();
  });

  it("has nothing to apply when every change was changed again since", async () => {
    mockSavesApi({
      [`GET ${savesPath}`]: { data: { saves: [save()] } },
      [`POST ${undoPath(2)}?dryRun`]: { data: dryRun({ revert: [] }) },
    });
    const { user } = renderPanel();
    await user.click(
      within(await rowOf("crocs-fall-v2.xlsx")).getByRole("button", { name: undoMessages.undoThisSave }),
    );
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    expect(await within(dialog).findByText(undoMessages.nothingToUndo)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: undoMessages.confirm })).toBeDisabled();
  });

  it("reads the dry run again when the line list was saved since it was read (409), and applies the new one", async () => {
    let revision = 5;
    const calls = mockSavesApi({
      [`GET ${savesPath}`]: { data: { saves: [save()] } },
      [`POST ${undoPath(2)}?dryRun`]: () =>
        revision === 5
          ? { data: dryRun(), revision }
          : { data: dryRun({ revert: dryRun().revert.slice(1) }), revision },
      [`POST ${undoPath(2)}`]: () => {
        const sent = calls.at(-1)!.ifMatch;
        if (sent !== `"${revision}"`) {
          revision = 6;
          return { status: 409, message: genericMessages.staleRevision };
        }
        return { data: dryRun({ applied: true, save: save({ id: 3, kind: "undo", undoes: 2 }) }) };
      },
    });
    const { user } = renderPanel();
    await user.click(
      within(await rowOf("crocs-fall-v2.xlsx")).getByRole("button", { name: undoMessages.undoThisSave }),
    );
    const dialog = await screen.findByRole("dialog", { name: undoMessages.dryRunTitle });
    await within(dialog).findByRole("list", { name: `${ui.revertTitle} (3)` });
    revision = 6; // Someone saves the line list meanwhile.
    await user.click(within(dialog).getByRole("button", { name: undoMessages.confirm }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(genericMessages.staleRevision);
    expect(await within(dialog).findByRole("list", { name: `${ui.revertTitle} (2)` })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: undoMessages.confirm }));
    expect(await screen.findByText(undoMessages.undone)).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === "POST" && !call.dryRun).map((call) => call.ifMatch),
    ).toEqual(['"5"', '"6"']);
  });
});
