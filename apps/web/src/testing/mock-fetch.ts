import { vi } from "vitest";

export interface MockResponse {
  status?: number;
  statusText?: string;
  /** Serialised as JSON unless it is already a string. */
  body?: unknown;
}

/**
 * Replaces fetch: each key is a path (without query string) and its answer; any other path gets
 * a 404 envelope, as from the server. Returns the mock to inspect the calls.
 */
export function mockFetch(routes: Record<string, MockResponse | (() => MockResponse)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const route = routes[url.pathname];
    const answer = typeof route === "function" ? route() : route;
    const {
      status = 404,
      statusText = "",
      body = { success: false, message: "Not found", data: null },
    } = answer ?? {};
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      statusText,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** A successful envelope around `data`. */
export function ok(data: unknown): MockResponse {
  return { status: 200, body: { success: true, message: "OK", data } };
}
