import type { Passkey } from "@cm/contracts/passkeys";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loginMethodTexts } from "@/features/account/utils/login-method-texts";
import { seedSession, testSessionUser } from "@/testing/auth";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";
import { person } from "@/testing/people-api";
import { renderApp } from "@/testing/render-app";

const admin = testSessionUser();
/** `PUT /api/users` answers with the user as the server writes it (not the session's shape). */
const writtenAdmin = {
  ...person(admin.id, admin.firstName, admin.lastName, "internal"),
  email: admin.email,
  _revision: 2,
};

/** The first render loads the shell's and the screen's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };

type FetchCall = [input: RequestInfo | URL, init?: RequestInit];

const passkey: Passkey = {
  id: 3,
  name: "MacBook",
  createdAt: "2026-03-02T10:00:00.000Z",
  lastUsedAt: null,
  backedUp: true,
  _revision: 1,
};

function renderAccount(
  updateAnswer: () => MockResponse = () => ok(writtenAdmin),
  { passkeys = [] as Passkey[] } = {},
) {
  let me = { ...admin };
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  const fetchMock = mockFetch({
    "/api/me": () => ok(me),
    "/api/me/passkeys": () => ok(passkeys),
    "/api/users": () => {
      const [, init] = calls().at(-1)!;
      // The shell lists users too (GET); only the save (PUT) is this test's business.
      if (init?.method !== "PUT") return ok([]);
      const answer = updateAnswer();
      if (answer.status === 200) {
        me = { ...me, ...(JSON.parse(String(init?.body)) as Partial<typeof admin>) };
      }
      return answer;
    },
  });
  const app = renderApp("/home/settings/account");
  const putCalls = () =>
    calls()
      .filter(([input, init]) => String(input) === "/api/users" && init?.method === "PUT")
      .map(([, init]) => ({
        body: JSON.parse(String(init?.body)) as unknown,
        authorization: new Headers(init?.headers).get("Authorization"),
      }));
  return { ...app, putCalls };
}

beforeEach(() => seedSession({ accessToken: "session-token" }));

describe("account page", { timeout: 30_000 }, () => {
  it("shows the session user's names, the e-mail disabled, OTP checked and disabled", async () => {
    renderAccount();
    expect(await screen.findByLabelText("First Name", {}, firstRender)).toHaveValue("Admin");
    expect(screen.getByLabelText("Last Name")).toHaveValue("User");
    expect(screen.getByLabelText("Email")).toHaveValue("admin@example.com");
    expect(screen.getByLabelText("Email")).toBeDisabled();
    const otp = screen.getByRole("checkbox", { name: "OTP" });
    expect(otp).toBeChecked();
    expect(otp).toBeDisabled();
    expect(otp).toHaveAccessibleDescription(loginMethodTexts.otpSignsIn);
    const passkeyOption = screen.getByRole("checkbox", { name: "Passkey" });
    expect(passkeyOption).not.toBeChecked();
    expect(passkeyOption).toBeDisabled();
    await waitFor(() => expect(passkeyOption).toHaveAccessibleDescription(loginMethodTexts.passkeyNone));
  });

  it("with a passkey, shows both login options and that the passkey signs the person in", async () => {
    renderAccount(undefined, { passkeys: [passkey] });
    await screen.findByLabelText("First Name", {}, firstRender);
    const passkeyOption = screen.getByRole("checkbox", { name: "Passkey" });
    await waitFor(() => expect(passkeyOption).toBeChecked());
    expect(passkeyOption).toHaveAccessibleDescription(
      'Signs you in: choose "Sign in with a passkey" on the sign-in page (1 passkey below).',
    );
    const otp = screen.getByRole("checkbox", { name: "OTP" });
    expect(otp).not.toBeChecked();
    expect(otp).toHaveAccessibleDescription(loginMethodTexts.otpReplaced);
  });

  it("saves the names with PUT /api/users and says so", async () => {
    const { user, putCalls } = renderAccount();
    const firstName = await screen.findByLabelText("First Name", {}, firstRender);
    await user.clear(firstName);
    await user.type(firstName, "Ada");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("User updated successfully")).toBeInTheDocument();
    expect(putCalls()).toEqual([
      { body: { id: 1, firstName: "Ada", lastName: "User" }, authorization: "Bearer session-token" },
    ]);
    await waitFor(() => expect(screen.getByLabelText("First Name")).toHaveValue("Ada"));
  });

  it("requires both names", async () => {
    const { user, putCalls } = renderAccount();
    await user.clear(await screen.findByLabelText("First Name", {}, firstRender));
    await user.clear(screen.getByLabelText("Last Name"));
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Last name is required")).toBeInTheDocument();
    expect(putCalls()).toEqual([]);
  });

  it("shows the server's message when saving fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = renderAccount(() => ({
      status: 404,
      body: { success: false, message: "User not found", data: null },
    }));
    const lastName = await screen.findByLabelText("Last Name", {}, firstRender);
    await user.type(lastName, "s");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("User not found")).toBeInTheDocument();
  });

  it("has a Delete Account section whose button is disabled and not available yet", async () => {
    const { user } = renderAccount();
    const section = (
      await screen.findByRole("heading", { name: "Delete Account" }, firstRender)
    ).closest<HTMLElement>("[data-slot=card]")!;
    expect(within(section).getByText("This action cannot be undone!")).toBeInTheDocument();
    const button = within(section).getByRole("button", { name: "Delete Account" });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement!);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Not available yet");
  });
});
