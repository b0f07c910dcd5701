import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiFetch, isApiError, setAuthHandlers } from "@/lib/api-client";

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

function respond(body: unknown, init: { status?: number; statusText?: string } = {}) {
  const text = body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body);
  return new Response(text, { status: init.status ?? 200, statusText: init.statusText ?? "" });
}

/** Each argument answers one call: a Response resolves, anything else is thrown. */
function stubFetch(...responses: unknown[]) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  for (const response of responses) {
    if (response instanceof Response) fetchMock.mockResolvedValueOnce(response);
    else fetchMock.mockRejectedValueOnce(response);
  }
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof stubFetch>, call = 0) {
  const [url, init] = fetchMock.mock.calls[call] as FetchArgs;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (reason: unknown) => reason,
  );
  expect(isApiError(error)).toBe(true);
  return error as ApiError;
}

afterEach(() => {
  setAuthHandlers({});
});

describe("apiFetch success", () => {
  it("returns the envelope's data", async () => {
    stubFetch(respond({ success: true, message: "OK", data: [{ id: 1, name: "Crocs" }] }));
    await expect(apiFetch("/api/brands")).resolves.toEqual([{ id: 1, name: "Crocs" }]);
  });

  it("returns the whole envelope when asked, e.g. for pagination", async () => {
    const envelope = {
      success: true,
      message: "OK",
      data: [{ id: 1 }],
      pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 },
    };
    stubFetch(respond(envelope));
    await expect(apiFetch("/api/items", { envelope: true })).resolves.toEqual(envelope);
  });

  it("returns undefined for an empty body (204)", async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiFetch("/api/brands/1", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("returns a JSON body that is not an envelope as it is", async () => {
    stubFetch(respond({ ok: true }));
    await expect(apiFetch("/healthz")).resolves.toEqual({ ok: true });
  });

  it("sends GET with Accept JSON and no body by default", async () => {
    const fetchMock = stubFetch(respond({ success: true, message: "", data: null }));
    await apiFetch("/api/brands");
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe("/api/brands");
    expect(init.method).toBe("GET");
    expect(init.body).toBeUndefined();
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.has("Content-Type")).toBe(false);
    expect(headers.has("Authorization")).toBe(false);
  });

  it("sends a body as JSON with the method and extra headers", async () => {
    const fetchMock = stubFetch(respond({ success: true, message: "Created", data: { id: 7 } }));
    await apiFetch("/api/brands", {
      method: "POST",
      body: { name: "Crocs", categoryId: 1 },
      headers: { "If-Match": "3" },
    });
    const { init, headers } = sentRequest(fetchMock);
    expect(init.method).toBe("POST");
    expect(init.body).toBe(JSON.stringify({ name: "Crocs", categoryId: 1 }));
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("If-Match")).toBe("3");
  });

  it("sends FormData as it is, letting the browser set the content type", async () => {
    const fetchMock = stubFetch(respond({ success: true, message: "", data: null }));
    const form = new FormData();
    form.set("file", new Blob(["x"]), "list.xlsx");
    await apiFetch("/api/uploads", { method: "POST", body: form });
    const { init, headers } = sentRequest(fetchMock);
    expect(init.body).toBe(form);
    expect(headers.has("Content-Type")).toBe(false);
  });

  it("builds the query string, leaving out null and undefined and repeating arrays", async () => {
    const fetchMock = stubFetch(respond({ success: true, message: "", data: [] }));
    await apiFetch("/api/items", {
      query: { page: 2, orderDir: "asc", status: undefined, brand: null, ids: [1, 2], active: false },
    });
    expect(sentRequest(fetchMock).url).toBe("/api/items?page=2&orderDir=asc&ids=1&ids=2&active=false");
  });

  it("appends to a path that already has a query string", async () => {
    const fetchMock = stubFetch(respond({ success: true, message: "", data: [] }));
    await apiFetch("/api/items?status=all", { query: { page: 1 } });
    expect(sentRequest(fetchMock).url).toBe("/api/items?status=all&page=1");
  });

  it("passes the abort signal on", async () => {
    const fetchMock = stubFetch(respond({ success: true, message: "", data: null }));
    const controller = new AbortController();
    await apiFetch("/api/brands", { signal: controller.signal });
    expect(sentRequest(fetchMock).init.signal).toBe(controller.signal);
  });

  it("validates data with a schema", async () => {
    stubFetch(respond({ success: true, message: "", data: { id: 1, name: "Crocs", extra: true } }));
    const schema = z.object({ id: z.number(), name: z.string() });
    await expect(apiFetch("/api/brands/1", { schema })).resolves.toEqual({ id: 1, name: "Crocs" });
  });
});

describe("apiFetch failures become ApiError", () => {
  it("uses the server's message, status and data", async () => {
    stubFetch(
      respond(
        { success: false, message: "Brand already exists", data: { name: "taken" } },
        { status: 409, statusText: "Conflict" },
      ),
    );
    const error = await failure(apiFetch("/api/brands", { method: "POST", body: { name: "Crocs" } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe("Brand already exists");
    expect(error.data).toEqual({ name: "taken" });
  });

  it("falls back to the status text when the body has no message", async () => {
    stubFetch(respond("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    const error = await failure(apiFetch("/api/brands"));
    expect(error.status).toBe(502);
    expect(error.message).toBe("Bad Gateway");
    expect(error.data).toBeUndefined();
  });

  it("falls back to the status text when the message is blank", async () => {
    stubFetch(
      respond(
        { success: false, message: "  ", data: null },
        { status: 500, statusText: "Internal Server Error" },
      ),
    );
    expect((await failure(apiFetch("/api/brands"))).message).toBe("Internal Server Error");
  });

  it("falls back to 'An error occurred' without message or status text", async () => {
    stubFetch(respond(undefined, { status: 500 }));
    const error = await failure(apiFetch("/api/brands"));
    expect(error.status).toBe(500);
    expect(error.message).toBe("An error occurred");
  });

  it("treats success: false as a failure even with status 200", async () => {
    stubFetch(respond({ success: false, message: "Failed to publish catalog", data: null }));
    const error = await failure(apiFetch("/api/crocs/catalogs/publish", { method: "POST" }));
    expect(error.status).toBe(200);
    expect(error.message).toBe("Failed to publish catalog");
  });

  it("turns a network failure into status 0 and 'An error occurred'", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    const error = await failure(apiFetch("/api/brands"));
    expect(error.status).toBe(0);
    expect(error.message).toBe("An error occurred");
  });

  it("turns data that does not match the schema into a failure", async () => {
    stubFetch(respond({ success: true, message: "", data: { id: "one" } }));
    const error = await failure(apiFetch("/api/brands/1", { schema: z.object({ id: z.number() }) }));
    expect(error.status).toBe(200);
    expect(error.message).toBe("An error occurred");
    expect(Array.isArray(error.data)).toBe(true);
  });

  it("rethrows an abort as it is, so it is not reported as a failure", async () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    stubFetch(abort);
    await expect(apiFetch("/api/brands")).rejects.toBe(abort);
  });
});

describe("apiFetch auth handlers", () => {
  it("sends the bearer token", async () => {
    const fetchMock = stubFetch(respond({ success: true, message: "", data: null }));
    setAuthHandlers({ getAccessToken: async () => "token-1" });
    await apiFetch("/api/brands");
    expect(sentRequest(fetchMock).headers.get("Authorization")).toBe("Bearer token-1");
  });

  it("on 401 refreshes once and retries with the new token", async () => {
    let token = "expired";
    const fetchMock = stubFetch(
      respond({ success: false, message: "Unauthorized", data: null }, { status: 401 }),
      respond({ success: true, message: "", data: ["ok"] }),
    );
    const onUnauthorized = vi.fn(async () => {
      token = "fresh";
      return true;
    });
    setAuthHandlers({ getAccessToken: () => token, onUnauthorized });
    await expect(apiFetch("/api/brands", { method: "POST", body: { name: "Crocs" } })).resolves.toEqual([
      "ok",
    ]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentRequest(fetchMock, 1).headers.get("Authorization")).toBe("Bearer fresh");
    expect(sentRequest(fetchMock, 1).init.body).toBe(JSON.stringify({ name: "Crocs" }));
  });

  it("gives up with the 401 when the refresh fails", async () => {
    const fetchMock = stubFetch(
      respond({ success: false, message: "Unauthorized", data: null }, { status: 401 }),
    );
    setAuthHandlers({ getAccessToken: () => "expired", onUnauthorized: async () => false });
    const error = await failure(apiFetch("/api/brands"));
    expect(error.status).toBe(401);
    expect(error.message).toBe("Unauthorized");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not refresh twice when the retry is also refused", async () => {
    const fetchMock = stubFetch(
      respond({ success: false, message: "Unauthorized", data: null }, { status: 401 }),
      respond({ success: false, message: "Unauthorized", data: null }, { status: 401 }),
    );
    const onUnauthorized = vi.fn(async () => true);
    setAuthHandlers({ getAccessToken: () => "t", onUnauthorized });
    expect((await failure(apiFetch("/api/brands"))).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("treats a refresh that throws as a failed refresh", async () => {
    stubFetch(respond({ success: false, message: "Unauthorized", data: null }, { status: 401 }));
    setAuthHandlers({
      onUnauthorized: async () => {
        throw new Error("refresh token revoked");
      },
    });
    expect((await failure(apiFetch("/api/brands"))).status).toBe(401);
  });

  it("shares one refresh between calls refused at the same time", async () => {
    const unauthorized = () =>
      respond({ success: false, message: "Unauthorized", data: null }, { status: 401 });
    const success = () => respond({ success: true, message: "", data: 1 });
    stubFetch(unauthorized(), unauthorized(), success(), success());
    let finishRefresh: (value: boolean) => void = () => {};
    const onUnauthorized = vi.fn(() => new Promise<boolean>((resolve) => (finishRefresh = resolve)));
    setAuthHandlers({ onUnauthorized });
    const calls = Promise.all([apiFetch("/api/a"), apiFetch("/api/b")]);
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishRefresh(true);
    await expect(calls).resolves.toEqual([1, 1]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
