import { testPortalMe } from "@/testing/portal";
import type { PortalMe } from "@cm/contracts/portal";
import { portalOrderMessages } from "@cm/contracts/portal-orders";
import {
  type PortalOrderFormPreview,
  type PortalUser,
  type PortalUsers,
  portalOrderFormMessages,
  portalUserMessages,
} from "@cm/contracts/portal-users";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { OrderFormImport } from "@/features/portal/components/order-form-import";
import { createQueryClient } from "@/lib/react-query";
import { seedSession, testSessionUser } from "@/testing/auth";
import { renderApp } from "@/testing/render-app";

vi.setConfig({ testTimeout: 30_000 });
const firstRender = { timeout: 20_000 };

beforeEach(() => seedSession());

const sessionUser = testSessionUser({
  id: 41,
  email: "head@shoes.example",
  firstName: "Hana",
  lastName: "Head",
  type: "external",
  permissions: [],
  role: { id: 9, name: "Head Buyer" },
});

function portalMe(permissions: PortalMe["permissions"]): PortalMe {
  return testPortalMe({
    user: { id: 41, email: "head@shoes.example", firstName: "Hana", lastName: "Head" },
    permissions,
  });
}

const colleague = (overrides: Partial<PortalUser>): PortalUser => ({
  id: 42,
  email: "bea@shoes.example",
  firstName: "Bea",
  lastName: "Buyer",
  status: "active",
  role: { id: 7, name: "Buyer" },
  stores: [{ id: 11, name: "Downtown" }],
  _revision: 3,
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A portal server: `/api/me`, `/api/portal/me`, the users list and its writes, method by method. */
function portalServer(permissions: PortalMe["permissions"], users: PortalUser[]) {
  const calls: Call[] = [];
  const state: PortalUsers = {
    users,
    roles: [
      { id: 7, name: "Buyer" },
      { id: 8, name: "Store Viewer" },
    ],
    stores: [
      { id: 11, name: "Downtown" },
      { id: 12, name: "Harbour" },
    ],
  };
  const json = (status: number, body: unknown) => Response.json(body, { status });
  const ok = (data: unknown, message = "OK") => json(200, { success: true, message, data });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === "/api/me") return ok(sessionUser);
      if (url.pathname === "/api/portal/me") return ok(portalMe(permissions));
      if (url.pathname === "/api/portal/users" && method === "GET") return ok(state);
      if (url.pathname === "/api/portal/users" && method === "POST") {
        const input = body as { email: string; firstName: string; lastName: string; storeIds: number[] };
        if (input.email === "taken@shoes.example") {
          return json(409, { success: false, message: portalUserMessages.emailTaken, data: null });
        }
        const invited = colleague({
          id: 50,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          stores: state.stores.filter((store) => input.storeIds.includes(store.id)),
        });
        state.users = [...state.users, invited];
        return json(201, { success: true, message: portalUserMessages.invited, data: invited });
      }
      const status = /^\/api\/portal\/users\/(\d+)\/(deactivate|reactivate)$/.exec(url.pathname);
      if (status && method === "POST") {
        const id = Number(status[1]);
        state.users = state.users.map((user) =>
          user.id === id
            ? {
                ...user,
                status: status[2] === "deactivate" ? "inactive" : "active",
                _revision: user._revision + 1,
              }
            : user,
        );
        return ok(state.users.find((user) => user.id === id));
      }
      return json(404, { success: false, message: "Not found", data: null });
    }),
  );
  return calls;
}

describe("portal users (colleagues)", () => {
  it("lists the organization's users with role, stores and status; the signed-in user cannot deactivate themselves", async () => {
    portalServer(
      ["portal.users.manage"],
      [
        colleague({ id: 41, email: "head@shoes.example", firstName: "Hana", lastName: "Head" }),
        colleague({
          stores: [
            { id: 11, name: "Downtown" },
            { id: 12, name: "Harbour" },
          ],
        }),
        colleague({
          id: 43,
          email: "old@shoes.example",
          firstName: "Olly",
          lastName: "Old",
          status: "inactive",
        }),
      ],
    );
    renderApp("/portal/users");
    const bea = (await screen.findByRole("cell", { name: "Bea Buyer" }, firstRender)).closest("tr")!;
    expect(within(bea).getByText("bea@shoes.example")).toBeInTheDocument();
    expect(within(bea).getByText("Buyer")).toBeInTheDocument();
    expect(within(bea).getByText("Downtown, Harbour")).toBeInTheDocument();
    expect(within(bea).getByText("Active")).toBeInTheDocument();
    expect(within(bea).getByRole("button", { name: "Deactivate Bea Buyer" })).toBeInTheDocument();
    const me = screen.getByText(portalUserMessages.you).closest("tr")!;
    expect(within(me).queryByRole("button")).not.toBeInTheDocument();
    const olly = screen.getByRole("cell", { name: "Olly Old" }).closest("tr")!;
    expect(within(olly).getByText("Inactive")).toBeInTheDocument();
    expect(within(olly).getByRole("button", { name: "Reactivate Olly Old" })).toBeInTheDocument();
  });

  it("invites a colleague with the stores chosen, and shows them with a toast", async () => {
    const calls = portalServer(["portal.users.manage"], [colleague({})]);
    const { user } = renderApp("/portal/users");
    await user.click(await screen.findByRole("button", { name: portalUserMessages.invite }, firstRender));
    const dialog = await screen.findByRole("dialog", { name: portalUserMessages.invite });
    await user.type(within(dialog).getByLabelText("First name"), "Nia");
    await user.type(within(dialog).getByLabelText("Last name"), "Newcomer");
    await user.type(within(dialog).getByLabelText("E-mail"), "nia@shoes.example");
    // No store chosen: the contract's message, and nothing sent.
    await user.click(within(dialog).getByRole("button", { name: portalUserMessages.sendInvitation }));
    expect(await within(dialog).findByText(portalUserMessages.storesRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.click(within(dialog).getByRole("checkbox", { name: "Harbour" }));
    await user.click(within(dialog).getByRole("button", { name: portalUserMessages.sendInvitation }));
    expect(await screen.findByText(portalUserMessages.invited)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      email: "nia@shoes.example",
      firstName: "Nia",
      lastName: "Newcomer",
      storeIds: [12],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const nia = (await screen.findByRole("cell", { name: "Nia Newcomer" })).closest("tr")!;
    expect(within(nia).getByText("Harbour")).toBeInTheDocument();
  });

  it("marks the e-mail when the address is taken", async () => {
    portalServer(["portal.users.manage"], []);
    const { user } = renderApp("/portal/users");
    expect(await screen.findByText(portalUserMessages.noUsers, {}, firstRender)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: portalUserMessages.invite }));
    const dialog = await screen.findByRole("dialog", { name: portalUserMessages.invite });
    await user.type(within(dialog).getByLabelText("First name"), "Tess");
    await user.type(within(dialog).getByLabelText("Last name"), "Taken");
    await user.type(within(dialog).getByLabelText("E-mail"), "taken@shoes.example");
    await user.click(within(dialog).getByRole("checkbox", { name: "Downtown" }));
    await user.click(within(dialog).getByRole("button", { name: portalUserMessages.sendInvitation }));
    expect(await within(dialog).findByText(portalUserMessages.emailTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("E-mail")).toHaveAttribute("aria-invalid", "true");
  });

  it("deactivates a colleague after asking, with the revision shown", async () => {
    const calls = portalServer(["portal.users.manage"], [colleague({})]);
    const { user } = renderApp("/portal/users");
    await user.click(await screen.findByRole("button", { name: "Deactivate Bea Buyer" }, firstRender));
    const confirm = await screen.findByRole("alertdialog", { name: "Deactivate Bea Buyer?" });
    await user.click(within(confirm).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText(portalUserMessages.deactivated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      path: "/api/portal/users/42/deactivate",
      body: { revision: 3 },
    });
    const bea = (await screen.findByRole("button", { name: "Reactivate Bea Buyer" })).closest("tr")!;
    expect(within(bea).getByText("Inactive")).toBeInTheDocument();
  });

  it("says why there is nothing to manage without portal.users.manage, and asks the server nothing", async () => {
    const calls = portalServer(["portal.catalogs.view", "portal.orders.manage"], []);
    renderApp("/portal/users");
    expect(await screen.findByText(portalUserMessages.notAllowed, {}, firstRender)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: portalUserMessages.invite })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === "/api/portal/users")).toBe(false);
  });
});

describe("order form import", () => {
  it("sends the file for the store, hands the lines over, and lists the refused cells", async () => {
    const preview: PortalOrderFormPreview = {
      lineListId: 5,
      lines: [
        { lineListId: 5, sku: "A-M8", quantity: 3 },
        { lineListId: 5, sku: "A-M10", quantity: 1 },
      ],
      refused: [
        {
          row: 14,
          column: "H",
          size: "M11",
          modelCode: "B",
          value: "x",
          reason: "Quantity must be a whole number",
        },
      ],
      refusedCount: 1,
    };
    const fetchMock = vi.fn(async () =>
      Response.json({ success: true, message: portalOrderFormMessages.preview, data: preview }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const onLines = vi.fn();
    const user = userEvent.setup();
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <OrderFormImport storeId={11} onLines={onLines} />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(screen.getByRole("button", { name: portalOrderFormMessages.importButton })).toBeInTheDocument();
    const file = new File(["xlsx bytes"], "filled.xlsx", {
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await waitFor(() => expect(onLines).toHaveBeenCalledWith(preview.lines));
    expect(await screen.findByText(portalOrderMessages.formImported(2))).toBeInTheDocument();
    const refused = screen.getByRole("alert");
    expect(within(refused).getByText(portalOrderFormMessages.refusedTitle(1))).toBeInTheDocument();
    expect(within(refused).getByText(/H14 · B M11/)).toBeInTheDocument();
    expect(within(refused).getByText(/Quantity must be a whole number/)).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(input)).toContain("/api/portal/order-form/preview?storeId=11");
    expect(init.method).toBe("POST");
    expect(init.body).toBe(file);
  });
});
