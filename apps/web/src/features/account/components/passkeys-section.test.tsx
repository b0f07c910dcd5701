import { type Passkey, passkeyMessages } from "@cm/contracts/passkeys";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as SimpleWebAuthnBrowser from "@simplewebauthn/browser";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppProvider } from "@/app/provider";
import { PasskeysSection } from "@/features/account/components/passkeys-section";
import { suggestedPasskeyName } from "@/features/account/utils/suggested-passkey-name";
import { createQueryClient } from "@/lib/react-query";
import { seedSession } from "@/testing/auth";

const browser = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock("@simplewebauthn/browser", async (importOriginal) => ({
  ...(await importOriginal<typeof SimpleWebAuthnBrowser>()),
  startRegistration: browser.startRegistration,
  browserSupportsWebAuthn: browser.browserSupportsWebAuthn,
}));

const laptop: Passkey = {
  id: 7,
  name: "Laptop",
  createdAt: "2026-03-02T10:00:00.000Z",
  lastUsedAt: null,
  backedUp: true,
  _revision: 1,
};

const registrationOptions = {
  rp: { name: "Catalog Manager", id: "localhost" },
  user: { id: "dXNlcg", name: "admin@example.com", displayName: "Admin User" },
  challenge: "Y2hhbGxlbmdl",
  pubKeyCredParams: [{ alg: -7, type: "public-key" }],
  timeout: 300000,
  excludeCredentials: [],
  authenticatorSelection: { residentKey: "required", userVerification: "required" },
  attestation: "none",
};

const registrationResponse = {
  id: "Y3JlZA",
  rawId: "Y3JlZA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "o2Nm", transports: ["internal"] },
  authenticatorAttachment: "platform",
  clientExtensionResults: {},
};

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Answer = { status: number; body: unknown };
const okAnswer = (data: unknown, message = "OK"): Answer => ({
  status: 200,
  body: { success: true, message, data },
});
const failed = (status: number, message: string): Answer => ({
  status,
  body: { success: false, message, data: null },
});

/**
 * A fake server for the passkeys endpoints, keeping a list that the writes change. `override`
 * answers a call first when it returns something.
 */
function fakeServer(initial: Passkey[], override?: (call: Call) => Answer | undefined) {
  let passkeys = [...initial];
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call: Call = {
      method: init.method ?? "GET",
      path: url.pathname,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const answer = override?.(call) ?? route(call);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });

  function route({ method, path, body }: Call): Answer {
    if (path === "/api/me/passkeys" && method === "GET") return okAnswer(passkeys);
    if (path === "/api/me/passkeys/registration-options") return okAnswer(registrationOptions);
    if (path === "/api/me/passkeys" && method === "POST") {
      const added: Passkey = {
        ...laptop,
        id: 8,
        name: (body as { name: string }).name,
        createdAt: new Date().toISOString(),
      };
      passkeys = [...passkeys, added];
      return { status: 201, body: { success: true, message: "Passkey added", data: added } };
    }
    const match = /^\/api\/me\/passkeys\/(\d+)$/.exec(path);
    const passkey = passkeys.find((candidate) => candidate.id === Number(match?.[1]));
    if (passkey && method === "PUT") {
      const renamed = { ...passkey, name: (body as { name: string }).name, _revision: passkey._revision + 1 };
      passkeys = passkeys.map((candidate) => (candidate.id === passkey.id ? renamed : candidate));
      return okAnswer(renamed);
    }
    if (passkey && method === "DELETE") {
      passkeys = passkeys.filter((candidate) => candidate.id !== passkey.id);
      return okAnswer(passkey);
    }
    return failed(404, "Not found");
  }

  vi.stubGlobal("fetch", fetchMock);
  return { calls, writes: () => calls.filter((call) => call.method !== "GET") };
}

function renderSection() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={queryClient}>
      <PasskeysSection />
    </AppProvider>,
  );
  return { user };
}

const passkeyTable = () => screen.getByRole("table", { name: passkeyMessages.sectionTitle });

beforeEach(() => {
  seedSession({ accessToken: "session-token" });
  browser.browserSupportsWebAuthn.mockReturnValue(true);
  browser.startRegistration.mockResolvedValue(registrationResponse);
});

describe("passkeys section", { timeout: 30_000 }, () => {
  it("shows a loading state, then the empty state with the add button", async () => {
    fakeServer([]);
    renderSection();
    expect(screen.getByRole("status")).toHaveTextContent(passkeyMessages.loading);
    expect(await screen.findByText(passkeyMessages.empty)).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: passkeyMessages.add })).toBeEnabled();
  });

  it("lists each passkey's name, creation date and last use", async () => {
    const usedAt = new Date(Date.now() - 3 * 60 * 1000).toISOString();
    fakeServer([laptop, { ...laptop, id: 9, name: "YubiKey", lastUsedAt: usedAt }]);
    renderSection();
    await screen.findByText("YubiKey");
    const rows = within(passkeyTable()).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^NameCreatedLast used/),
      expect.stringMatching(/^Laptop03\/02\/2026Never/),
      expect.stringMatching(/^YubiKey03\/02\/20263 minutes ago/),
    ]);
  });

  it("adds a passkey: asks for its name, runs the browser's prompt, sends the answer and lists it", async () => {
    const server = fakeServer([]);
    const { user } = renderSection();
    await screen.findByText(passkeyMessages.empty);
    await user.click(screen.getByRole("button", { name: passkeyMessages.add }));

    const dialog = await screen.findByRole("dialog", { name: passkeyMessages.addDialogTitle });
    const name = within(dialog).getByLabelText(passkeyMessages.nameLabel);
    expect(name).toHaveValue(suggestedPasskeyName());
    await user.clear(name);
    await user.click(within(dialog).getByRole("button", { name: passkeyMessages.continue }));
    expect(await within(dialog).findByText(passkeyMessages.nameRequired)).toBeInTheDocument();
    expect(browser.startRegistration).not.toHaveBeenCalled();

    await user.type(name, " Work laptop ");
    await user.click(within(dialog).getByRole("button", { name: passkeyMessages.continue }));

    expect(await screen.findByText(passkeyMessages.registered)).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    expect(server.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "POST", path: "/api/me/passkeys/registration-options", body: undefined },
      {
        method: "POST",
        path: "/api/me/passkeys",
        body: { name: "Work laptop", response: registrationResponse },
      },
    ]);
    expect(server.writes()[1]!.headers.get("Authorization")).toBe("Bearer session-token");
    expect(await within(passkeyTable()).findByText("Work laptop")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says so when the browser's prompt is cancelled, and keeps the dialog open to try again", async () => {
    const server = fakeServer([]);
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error("The operation either timed out or was not allowed."), {
        name: "NotAllowedError",
      }),
    );
    const { user } = renderSection();
    await screen.findByText(passkeyMessages.empty);
    await user.click(screen.getByRole("button", { name: passkeyMessages.add }));
    const dialog = await screen.findByRole("dialog", { name: passkeyMessages.addDialogTitle });
    await user.click(within(dialog).getByRole("button", { name: passkeyMessages.continue }));

    expect(await screen.findByText(passkeyMessages.registerFailed)).toBeInTheDocument();
    expect(screen.getByText(passkeyMessages.cancelled)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: passkeyMessages.addDialogTitle })).toBeInTheDocument();
    expect(server.writes().map((call) => call.path)).toEqual(["/api/me/passkeys/registration-options"]);
  });

  it("shows the server's reason when it refuses the passkey", async () => {
    fakeServer([], (call) =>
      call.method === "POST" && call.path === "/api/me/passkeys"
        ? failed(409, passkeyMessages.alreadyRegistered)
        : undefined,
    );
    const { user } = renderSection();
    await screen.findByText(passkeyMessages.empty);
    await user.click(screen.getByRole("button", { name: passkeyMessages.add }));
    const dialog = await screen.findByRole("dialog", { name: passkeyMessages.addDialogTitle });
    await user.click(within(dialog).getByRole("button", { name: passkeyMessages.continue }));
    expect(await screen.findByText(passkeyMessages.alreadyRegistered)).toBeInTheDocument();
  });

  it("renames a passkey with the revision it showed", async () => {
    const server = fakeServer([laptop]);
    const { user } = renderSection();
    await user.click(await screen.findByRole("button", { name: "Rename Laptop" }));
    const dialog = await screen.findByRole("dialog", { name: passkeyMessages.renameDialogTitle });
    const name = within(dialog).getByLabelText(passkeyMessages.nameLabel);
    expect(name).toHaveValue("Laptop");
    await user.clear(name);
    await user.type(name, "Old laptop");
    await user.click(within(dialog).getByRole("button", { name: passkeyMessages.save }));

    expect(await screen.findByText(passkeyMessages.renamed)).toBeInTheDocument();
    expect(server.writes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "PUT", path: "/api/me/passkeys/7", body: { name: "Old laptop", expectedRevision: 1 } },
    ]);
    expect(await within(passkeyTable()).findByText("Old laptop")).toBeInTheDocument();
  });

  it("removes a passkey only after confirmation", async () => {
    const server = fakeServer([laptop]);
    const { user } = renderSection();
    await user.click(await screen.findByRole("button", { name: "Remove Laptop" }));
    const confirm = await screen.findByRole("alertdialog", {
      name: passkeyMessages.removeConfirmTitle("Laptop"),
    });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(server.writes()).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Remove Laptop" }));
    const again = await screen.findByRole("alertdialog", {
      name: passkeyMessages.removeConfirmTitle("Laptop"),
    });
    await user.click(within(again).getByRole("button", { name: passkeyMessages.remove }));

    expect(await screen.findByText(passkeyMessages.removed)).toBeInTheDocument();
    expect(
      server.writes().map(({ method, path, headers }) => [method, path, headers.get("If-Match")]),
    ).toEqual([["DELETE", "/api/me/passkeys/7", '"1"']]);
    expect(await screen.findByText(passkeyMessages.empty)).toBeInTheDocument();
  });

  it("offers to try again when the list cannot be loaded", async () => {
    let fail = true;
    fakeServer([laptop], (call) =>
      call.method === "GET" && fail ? failed(500, "Server unavailable") : undefined,
    );
    const { user } = renderSection();
    expect(await screen.findByText(passkeyMessages.loadFailed)).toBeInTheDocument();
    expect(screen.getByText("Server unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Laptop")).toBeInTheDocument();
  });

  it("disables adding where the browser has no passkeys, and says why", async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    fakeServer([]);
    const { user } = renderSection();
    await screen.findByText(passkeyMessages.empty);
    const add = screen.getByRole("button", { name: passkeyMessages.add });
    expect(add).toBeDisabled();
    await user.hover(add.parentElement!);
    expect(await screen.findByRole("tooltip")).toHaveTextContent(passkeyMessages.notSupported);
  });

  it("names a new passkey after the browser and system", () => {
    expect(
      suggestedPasskeyName(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
      ),
    ).toBe("Safari on macOS");
    expect(
      suggestedPasskeyName(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
    expect(suggestedPasskeyName("curl/8")).toBe("Passkey");
  });
});
