import { lineListMessages } from "@cm/contracts/line-lists";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seedSession } from "@/testing/auth";
import { savedLineList } from "@/testing/catalogs";
import { brands } from "@/testing/customers-api";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

beforeEach(() => seedSession());
afterEach(() => toast.dismiss());

// The first visit to the screen loads its code on demand: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

type FetchCall = [RequestInfo | URL, RequestInit | undefined];
const callsOf = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls as unknown as FetchCall[];

describe("a brand's line lists: renaming", () => {
  function setUp(renameAnswer: (body: { name: string }) => MockResponse) {
    let current = savedLineList({ _revision: 4 });
    const fetchMock = mockFetch({
      "/api/brands": ok(brands),
      "/api/line-lists": () => ok({ lineLists: [current] }),
      [`/api/line-lists/${current.id}`]: () => {
        const init = callsOf(fetchMock).at(-1)![1];
        const answer = renameAnswer(JSON.parse(String(init?.body)) as { name: string });
        if (answer.status === 200) current = (answer.body as { data: typeof current }).data;
        return answer;
      },
    });
    return { fetchMock, renderPage: () => renderApp("/home/brand/1/line-lists") };
  }

  it("renames a line list from its row at the revision listed, and the list shows the new name", async () => {
    const { fetchMock, renderPage } = setUp(({ name }) => ok(savedLineList({ name, _revision: 5 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Rename Fall 2027 Own Stock" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Rename line list" });
    const name = within(dialog).getByRole("textbox", { name: "Line list name" });
    expect(name).toHaveValue("Fall 2027 Own Stock");
    await user.clear(name);
    await user.type(name, "  Fall 2027 Core  ");
    await user.click(within(dialog).getByRole("button", { name: "Rename" }));

    expect(await screen.findByText(lineListMessages.renamed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Fall 2027 Core")).toBeInTheDocument();
    const [url, init] = callsOf(fetchMock).find(([, init]) => init?.method === "PATCH")!;
    expect(String(url)).toContain("/api/line-lists/3");
    expect(JSON.parse(String(init!.body))).toEqual({ name: "Fall 2027 Core" });
    expect(new Headers(init!.headers).get("If-Match")).toBe('"4"');
  });

  it("says why a blank name cannot be saved, without asking the server", async () => {
    const { fetchMock, renderPage } = setUp(() => ok(savedLineList()));
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Rename Fall 2027 Own Stock" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Rename line list" });
    const name = within(dialog).getByRole("textbox", { name: "Line list name" });
    await user.clear(name);
    await user.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await within(dialog).findByText(lineListMessages.nameRequired)).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(callsOf(fetchMock).some(([, init]) => init?.method === "PATCH")).toBe(false);
  });

  it("tells a refused rename in a toast with the server's reason", async () => {
    const { renderPage } = setUp(() => ({
      status: 409,
      body: { success: false, message: "This record was changed by someone else", data: null },
    }));
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Rename Fall 2027 Own Stock" }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: "Rename line list" });
    await user.type(within(dialog).getByRole("textbox", { name: "Line list name" }), " 2");
    await user.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await screen.findByText(lineListMessages.renameFailed)).toBeInTheDocument();
    expect(screen.getByText("This record was changed by someone else")).toBeInTheDocument();
  });
});
