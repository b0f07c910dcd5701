import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { authStorageKeys } from "@/lib/auth";
import { seedSession } from "@/testing/auth";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderApp } from "@/testing/render-app";

/** The first render loads the page's code on demand: slow on a busy machine. */
const firstRender = { timeout: 20_000 };
const origin = window.location.origin;
const discovery: MockResponse = {
  status: 200,
  body: {
    issuer: `${origin}/oidc`,
    authorization_endpoint: `${origin}/oidc/auth`,
    token_endpoint: `${origin}/oidc/token`,
    revocation_endpoint: `${origin}/oidc/token/revocation`,
    jwks_uri: `${origin}/oidc/jwks`,
  },
};

describe("landing page /", { timeout: 30_000 }, () => {
  it("sends a provider error to the e-mail form with both parameters", async () => {
    const { router } = renderApp(
      "/?error=access_denied&error_description=Sign-in%20was%20cancelled&state=s1",
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/start"), firstRender);
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get("error")).toBe("access_denied");
    expect(query.get("error_description")).toBe("Sign-in was cancelled");
    expect(await screen.findByText("Sign-in was cancelled", {}, firstRender)).toBeInTheDocument();
  });

  it("refuses a callback whose state this tab never saved: no tokens, no /home, a readable error", async () => {
    // Even an older session is dropped, so a forged callback cannot land anybody on /home.
    seedSession();
    const { router } = renderApp("/?code=forged&state=never-saved");

    expect(await screen.findByRole("heading", { name: "Log in" }, firstRender)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/start");
    expect(new URLSearchParams(router.state.location.search).get("error")).toBe("invalid_state");
    expect(screen.getByText(/could not be verified/)).toBeInTheDocument();
    expect(window.localStorage.getItem(authStorageKeys.user)).toBeNull();
  });

  it("refuses a callback whose saved sign-in lost its PKCE verifier", async () => {
    window.sessionStorage.setItem(
      "cm.auth.signin.saved-state",
      JSON.stringify({ id: "saved-state", created: Math.floor(Date.now() / 1000), request_type: "si:r" }),
    );
    const { router } = renderApp("/?code=abc&state=saved-state");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/start"), firstRender);
    expect(new URLSearchParams(router.state.location.search).get("error")).toBe("invalid_state");
    expect(window.localStorage.getItem(authStorageKeys.user)).toBeNull();
    expect(window.sessionStorage.getItem("cm.auth.signin.saved-state")).toBeNull();
  });

  it("shows Authenticating while it works", async () => {
    // The server answers (404, so the sign-in fails) only once the page has been read: in a worker
    // warmed by the files before, the failure could otherwise replace the page between the reads.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    const notFound = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      asked = true;
      await answered;
      return notFound(input, init);
    });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Authenticating" }, firstRender)).toBeInTheDocument();
    expect(screen.getByText("This will take a minute")).toBeInTheDocument();
    answer();
    // A sign-in this test started ends before the next test lands on `/` (one landing per URL).
    if (asked) await screen.findByRole("heading", { name: "Sign-in unavailable" });
  });

  it("with stored tokens refreshes them and goes to /home", async () => {
    seedSession();
    const fetchMock = mockFetch({
      "/oidc/.well-known/openid-configuration": discovery,
      "/oidc/token": {
        status: 200,
        body: { access_token: "renewed", refresh_token: "rotated", token_type: "Bearer", expires_in: 600 },
      },
    });
    const { router } = renderApp("/");

    await waitFor(() => expect(router.state.location.pathname).toBe("/home"), firstRender);
    const tokenCalls = fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/oidc/token"));
    expect(tokenCalls).toHaveLength(1);
    const stored = JSON.parse(window.localStorage.getItem(authStorageKeys.user)!) as Record<string, unknown>;
    expect(stored).toMatchObject({ access_token: "renewed", refresh_token: "rotated" });
  });

  it("when the server refuses the stored refresh token, forgets the tokens instead of going to /home", async () => {
    seedSession();
    mockFetch({
      "/oidc/.well-known/openid-configuration": discovery,
      "/oidc/token": {
        status: 400,
        body: { error: "invalid_grant", error_description: "grant request is invalid" },
      },
    });
    const { router } = renderApp("/");
    await waitFor(() => expect(window.localStorage.getItem(authStorageKeys.user)).toBeNull(), firstRender);
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("protected routes", { timeout: 30_000 }, () => {
  it("send a signed-out visitor to / and remember the page they wanted", async () => {
    const { router } = renderApp("/home/settings/account?tab=profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), firstRender);
    expect(window.sessionStorage.getItem(authStorageKeys.returnTo)).toBe(
      "/home/settings/account?tab=profile",
    );
  });
});
