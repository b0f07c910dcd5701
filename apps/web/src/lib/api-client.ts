import { genericMessages } from "@cm/contracts/messages";
import type { z } from "zod";

/** Every answer of our API: `{success, message, data}`, plus `pagination` on paginated lists. */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data: T;
  pagination?: { page: number; pageSize: number; total: number; totalPages: number };
  [key: string]: unknown;
}

/** Any failed call: HTTP status (0 when no response arrived), the message to show, and the envelope's data. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data: unknown = undefined) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The header of a write based on the revision the person saw (none when there is none): the
 * server refuses it with 409, changing nothing, when the record has changed since.
 */
export function ifMatch(revision: number | undefined): Record<string, string> | undefined {
  return revision === undefined ? undefined : { "If-Match": `"${revision}"` };
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON, except FormData, Blob and URLSearchParams, which go as they are. */
  body?: unknown;
  /** Added to the URL; null and undefined values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates `data`; a mismatch is an ApiError like any other failure. */
  schema?: z.ZodType<T>;
}

/**
 * Where the auth feature plugs in: the bearer token for each call, and what to do on a 401
 * (refresh the tokens once and answer true to retry the call, or false to give up).
 */
export interface AuthHandlers {
  getAccessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  onUnauthorized?: () => boolean | Promise<boolean>;
}

let authHandlers: AuthHandlers = {};
let pendingRefresh: Promise<boolean> | null = null;

export function setAuthHandlers(handlers: AuthHandlers): void {
  authHandlers = handlers;
  pendingRefresh = null;
}

/** Calls that fail with 401 at the same time share one refresh instead of racing to rotate the tokens. */
function refreshOnce(): Promise<boolean> {
  const { onUnauthorized } = authHandlers;
  if (!onUnauthorized) return Promise.resolve(false);
  pendingRefresh ??= Promise.resolve()
    .then(onUnauthorized)
    .catch(() => false)
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}

function buildUrl(path: string, query: ApiFetchOptions<unknown>["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value !== null && value !== undefined) params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { success?: unknown }).success === "boolean"
  );
}

function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function failureMessage(body: unknown, response: Response): string {
  const serverMessage =
    typeof body === "object" && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof serverMessage === "string" && serverMessage.trim()) return serverMessage;
  if (response.statusText) return response.statusText;
  return genericMessages.anErrorOccurred;
}

async function send(url: string, init: RequestInit, body: unknown): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = await authHandlers.getAccessToken?.();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      payload = body;
    } else {
      headers.set("Content-Type", "application/json");
      payload = JSON.stringify(body);
    }
  }
  return fetch(url, { ...init, headers, body: payload });
}

/**
 * Calls our server with the session's bearer token (refreshed once on a 401, like apiFetch) and
 * returns the Response as it is, for the endpoints that answer something other than an envelope
 * (the processing function's text id and its 422 list of row errors). A refused connection is an
 * ApiError with status 0; the caller reads the status and body.
 */
export async function apiRequest(
  path: string,
  options: Pick<ApiFetchOptions<unknown>, "method" | "body" | "headers" | "signal"> = {},
): Promise<Response> {
  const { method = "GET", body, headers, signal } = options;
  const init: RequestInit = { method, headers, credentials: "same-origin", signal };
  try {
    const response = await send(path, init, body);
    if (response.status === 401 && authHandlers.onUnauthorized && (await refreshOnce())) {
      return await send(path, init, body);
    }
    return response;
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    throw new ApiError(0, genericMessages.anErrorOccurred);
  }
}

/** The message of a failed Response: the envelope's, else the status text, else "An error occurred". */
export async function responseFailureMessage(response: Response): Promise<string> {
  return failureMessage(await readJson(response).catch(() => undefined), response);
}

/**
 * A failed response as the ApiError `apiFetch` would throw: the server's message and the
 * envelope's `data` (field errors, or `data.mapping` for the line list upload's question).
 */
export async function responseFailure(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  const data = typeof body === "object" && body !== null ? (body as { data?: unknown }).data : undefined;
  return new ApiError(response.status, failureMessage(body, response), data);
}

/**
 * Calls our API and returns the envelope's `data`, or with `envelope: true` the whole envelope
 * (for `pagination` and the write metadata). Every failure, from a refused connection to
 * `success: false`, becomes an ApiError whose message is the server's, else the status text,
 * else "An error occurred". An aborted call rejects with the AbortError so TanStack Query can
 * tell a cancellation from a failure.
 */
export async function apiFetch<T = unknown>(
  path: string,
  options: ApiFetchOptions<T> & { envelope: true },
): Promise<ApiEnvelope<T>>;
export async function apiFetch<T = unknown>(
  path: string,
  options?: ApiFetchOptions<T> & { envelope?: false },
): Promise<T>;
export async function apiFetch<T = unknown>(
  path: string,
  options: ApiFetchOptions<T> & { envelope?: boolean } = {},
): Promise<T | ApiEnvelope<T>> {
  const { method = "GET", body, query, headers, signal, schema, envelope = false } = options;
  const url = buildUrl(path, query);
  const init: RequestInit = {
    method,
    headers: { Accept: "application/json", ...headers },
    credentials: "same-origin",
    signal,
  };

  let response: Response;
  try {
    response = await send(url, init, body);
    if (response.status === 401 && authHandlers.onUnauthorized && (await refreshOnce())) {
      response = await send(url, init, body);
    }
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    throw new ApiError(0, genericMessages.anErrorOccurred);
  }

  const json = await readJson(response).catch((error: unknown) => {
    if (isAbort(error) || signal?.aborted) throw error;
    return undefined;
  });

  if (!response.ok) {
    throw new ApiError(
      response.status,
      failureMessage(json, response),
      isEnvelope(json) ? json.data : undefined,
    );
  }
  if (isEnvelope(json) && !json.success) {
    throw new ApiError(response.status, failureMessage(json, response), json.data);
  }

  const wrapped: ApiEnvelope<unknown> = isEnvelope(json) ? json : { success: true, message: "", data: json };

  let data: unknown = wrapped.data;
  if (schema) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(response.status, genericMessages.anErrorOccurred, parsed.error.issues);
    }
    data = parsed.data;
  }

  return envelope ? { ...wrapped, data: data as T } : (data as T);
}
