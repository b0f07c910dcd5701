import { cleanup, screen, waitFor } from "@testing-library/react";
import { MetadataService } from "oidc-client-ts";
import { beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
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

/** An ID token as the token endpoint sends it: the app reads its claims, it checks no signature. */
function idToken(claims: Record<string, unknown>): string {
  const encode = (part: unknown) =>
    btoa(JSON.stringify(part)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "none" })}.${encode(claims)}.`;
}

/** The browser's way to the authorization server: watched, and never taken in a test. */
let leaveForServer: MockInstance<Location["replace"]>;
beforeEach(() => {
  leaveForServer = vi.spyOn(window.location, "replace").mockImplementation(() => {});
});

/**
 * Until the sign-in the page started has left for the authorization server or failed: it must not
 * run on into the next test, whose landing on `/` would join it (one landing per URL).
 */
async function signInStartEnded(): Promise<void> {
  await waitFor(() => {
    if (leaveForServer.mock.calls.length > 0) return;
    expect(screen.getByRole("heading", { name: "Sign-in unavailable" })).toBeInTheDocument();
  });
}

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
    // (A client that an earlier test left with the server's metadata asks nothing and leaves.)
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const notFound = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      await answered;
      return notFound(input, init);
    });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Authenticating" }, firstRender)).toBeInTheDocument();
    expect(screen.getByText("This will take a minute")).toBeInTheDocument();
    answer();
    await signInStartEnded();
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
    // With no session any more, a new sign-in starts.
    await waitFor(() => expect(leaveForServer).toHaveBeenCalledOnce());
  });
});

describe("protected routes", { timeout: 30_000 }, () => {
  it("send a signed-out visitor to / and remember the page they wanted", async () => {
    const { router } = renderApp("/home/settings/account?tab=profile");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), firstRender);
    expect(window.sessionStorage.getItem(authStorageKeys.returnTo)).toBe(
      "/home/settings/account?tab=profile",
    );
    await signInStartEnded();
  });

  it("bring the visitor to the page they wanted after a failed start and Try again", async () => {
    mockFetch({
      "/oidc/.well-known/openid-configuration": discovery,
      "/oidc/token": {
        status: 200,
        body: {
          access_token: "signed-in",
          refresh_token: "refresh",
          token_type: "Bearer",
          expires_in: 600,
          id_token: idToken({ sub: "1", iss: `${origin}/oidc`, aud: "catalog-manager-web" }),
        },
      },
    });
    // The first start cannot reach the authorization server. Failed here rather than in fetch: the
    // client keeps the server's metadata once an earlier test has loaded it, and asks no more.
    vi.spyOn(MetadataService.prototype, "getAuthorizationEndpoint").mockRejectedValueOnce(
      new TypeError("Failed to fetch"),
    );
    const { user } = renderApp("/home/settings/account?tab=profile");

    expect(
      await screen.findByRole("heading", { name: "Sign-in unavailable" }, firstRender),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(leaveForServer).toHaveBeenCalledOnce());
    const authorization = new URL(String(leaveForServer.mock.calls[0]![0]));
    expect(authorization.pathname).toBe("/oidc/auth");

    // The server sends the browser back to `/` with a code: a new page load of the app.
    cleanup();
    const { router } = renderApp(`/?code=granted&state=${authorization.searchParams.get("state")}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/home/settings/account"), firstRender);
    expect(router.state.location.search).toBe("?tab=profile");
  });
});
