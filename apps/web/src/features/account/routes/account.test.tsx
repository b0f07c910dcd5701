import type { Passkey } from "@cm/contracts/passkeys";
import { userMessages } from "@cm/contracts/users";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loginMethodTexts } from "@/features/account/utils/login-method-texts";
import { authStorageKeys } from "@/lib/auth";
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
  {
    passkeys = [] as Passkey[],
    deactivate = (): MockResponse => ({
      status: 500,
      body: { success: false, message: "Unexpected", data: null },
    }),
  } = {},
) {
  let me = { ...admin };
  const calls = () => fetchMock.mock.calls as unknown as FetchCall[];
  const fetchMock = mockFetch({
    "/api/me": () => ok(me),
    "/api/me/passkeys": () => ok(passkeys),
    "/api/users/me/deactivate": deactivate,
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
  return { ...app, putCalls, fetchMock };
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

  const deleteAccountSection = async () =>
    (await screen.findByRole("heading", { name: "Delete Account" }, firstRender)).closest<HTMLElement>(
      "[data-slot=card]",
    )!;
  const deactivationCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
    (fetchMock.mock.calls as unknown as FetchCall[])
      .filter(([input]) => String(input) === "/api/users/me/deactivate")
      .map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));

  it("deletes the account after confirmation: deactivates it, then signs the person out", async () => {
    const { user, router, fetchMock } = renderAccount(undefined, {
      deactivate: () => ok({ ...writtenAdmin, status: "inactive" }),
    });
    const section = await deleteAccountSection();
    expect(within(section).getByText("This action cannot be undone!")).toBeInTheDocument();
    const button = within(section).getByRole("button", { name: "Delete Account" });
    expect(button).toBeEnabled();

    // Cancel changes nothing.
    await user.click(button);
    let dialog = await screen.findByRole("alertdialog", { name: userMessages.deleteAccountConfirmTitle });
    expect(dialog).toHaveTextContent(userMessages.deleteAccountConfirmDescription);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(deactivationCalls(fetchMock)).toEqual([]);

    await user.click(button);
    dialog = await screen.findByRole("alertdialog", { name: userMessages.deleteAccountConfirmTitle });
    await user.click(within(dialog).getByRole("button", { name: "Delete Account" }));
    expect(await screen.findByText(userMessages.accountDeleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(deactivationCalls(fetchMock)).toEqual([{ method: "POST", body: { confirm: true } }]);
    expect(window.localStorage.getItem(authStorageKeys.user)).toBeNull();
  });

  it("keeps the last people manager signed in and says why the account was not deleted", async () => {
    const { user, router } = renderAccount(undefined, {
      deactivate: () => ({
        status: 409,
        body: { success: false, message: userMessages.lastPeopleManagerSelf, data: null },
      }),
    });
    const section = await deleteAccountSection();
    await user.click(within(section).getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("alertdialog", { name: userMessages.deleteAccountConfirmTitle });
    await user.click(within(dialog).getByRole("button", { name: "Delete Account" }));
    expect(await screen.findByText(userMessages.lastPeopleManagerSelf)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/home/settings/account");
    expect(window.localStorage.getItem(authStorageKeys.user)).not.toBeNull();
  });
});
