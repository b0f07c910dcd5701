import { passkeyMessages } from "@cm/contracts/passkeys";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as SimpleWebAuthnBrowser from "@simplewebauthn/browser";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PasskeySignIn } from "@/features/auth/components/passkey-sign-in";
import { usePasskeySignIn } from "@/features/auth/hooks/use-passkey-sign-in";
import { mockFetch, type MockResponse, ok } from "@/testing/mock-fetch";

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
  browserSupportsWebAuthnAutofill: vi.fn(async () => false),
}));
vi.mock("@simplewebauthn/browser", async (importOriginal) => ({
  ...(await importOriginal<typeof SimpleWebAuthnBrowser>()),
  ...browser,
}));

const signInOptions = {
  challenge: "Y2hhbGxlbmdl",
  rpId: "localhost",
  userVerification: "required",
  timeout: 300000,
};
const assertion = {
  id: "Y3JlZA",
  rawId: "Y3JlZA",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "YXV0aA", signature: "c2ln", userHandle: "dXNlcg" },
  clientExtensionResults: {},
};
const redirectTo = "http://localhost/oidc/auth/interaction-uid";

function SignInHarness({ onSignedIn, notice }: { onSignedIn: (url: string) => void; notice?: string }) {
  const passkey = usePasskeySignIn({ ready: true, onSignedIn });
  return <PasskeySignIn passkey={passkey} disabled={false} notice={notice} />;
}

type FetchCall = [input: RequestInfo | URL, init?: RequestInit];

function serverAnswers(verify: () => MockResponse = () => ok({ redirectTo })) {
  const fetchMock = mockFetch({
    "/code/passkey/options": ok(signInOptions),
    "/code/passkey/verify": verify,
  });
  return () =>
    (fetchMock.mock.calls as unknown as FetchCall[]).map(([input, init]) => ({
      path: String(input),
      method: init?.method,
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

beforeEach(() => {
  browser.browserSupportsWebAuthn.mockReturnValue(true);
  browser.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  browser.startAuthentication.mockResolvedValue(assertion);
});

describe("passkey sign-in", () => {
  it("signs in with the button: the server's options, the browser's prompt, the answer checked", async () => {
    const calls = serverAnswers();
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    render(<SignInHarness onSignedIn={onSignedIn} />);
    await user.click(screen.getByRole("button", { name: passkeyMessages.signIn }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(redirectTo));
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: signInOptions,
      useBrowserAutofill: false,
    });
    expect(calls()).toEqual([
      { path: "/code/passkey/options", method: "POST", body: undefined },
      { path: "/code/passkey/verify", method: "POST", body: { response: assertion } },
    ]);
  });

  it("offers passkeys in the e-mail field's autofill where the browser supports it", async () => {
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    serverAnswers();
    const onSignedIn = vi.fn();
    render(<SignInHarness onSignedIn={onSignedIn} />);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(redirectTo));
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: signInOptions,
      useBrowserAutofill: true,
    });
  });

  it("shows the server's reason when it refuses the passkey, and lets the user try again", async () => {
    serverAnswers(() => ({
      status: 400,
      body: { success: false, message: passkeyMessages.unknownPasskey, data: null },
    }));
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    render(<SignInHarness onSignedIn={onSignedIn} />);
    await user.click(screen.getByRole("button", { name: passkeyMessages.signIn }));
    expect(await screen.findByRole("alert")).toHaveTextContent(passkeyMessages.unknownPasskey);
    expect(screen.getByRole("button", { name: passkeyMessages.signIn })).toBeEnabled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("says so when the browser's prompt is closed", async () => {
    serverAnswers();
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error("The operation either timed out or was not allowed."), {
        name: "NotAllowedError",
      }),
    );
    const user = userEvent.setup();
    render(<SignInHarness onSignedIn={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: passkeyMessages.signIn }));
    expect(await screen.findByRole("alert")).toHaveTextContent(passkeyMessages.cancelled);
  });

  it("shows the server's notice for an account that needs its passkey", () => {
    serverAnswers();
    render(<SignInHarness onSignedIn={vi.fn()} notice={passkeyMessages.passkeyRequired} />);
    expect(screen.getByRole("alert")).toHaveTextContent(passkeyMessages.passkeyRequired);
  });
});
