import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { vi } from "vitest";
import { AppProvider } from "@/app/provider";
import { appRoutes } from "@/app/router";
import { createQueryClient } from "@/lib/react-query";
import { seededSessionUser } from "@/testing/auth";

// The signed-in shell is a lazy route (it stays off the sign-in page's bundle). Imported here once,
// with the test file, so a test's first render waits for its screen, not for the whole shell too.
await import("@/app/layouts/app-layout");

function pathOf(input: RequestInfo | URL): string {
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, "http://localhost").pathname;
}

/**
 * Every screen asks `GET /api/me` what the signed-in user may do. Tests whose fetch mock does not
 * answer it (404) get the user `seedSession` describes: every permission unless it said otherwise.
 */
function answerSessionUser() {
  const testFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await testFetch(input, init);
    if (response.status !== 404 || pathOf(input) !== "/api/me") return response;
    return Response.json({ success: true, message: "OK", data: seededSessionUser() });
  });
}

/** Renders the whole app, routes and providers included, at `path`. */
export function renderApp(path: string) {
  answerSessionUser();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
