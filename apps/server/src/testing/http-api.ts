import { authPaths } from "@cm/contracts/auth";
import { contentTypeForFileName, type PresignUploadData } from "@cm/contracts/uploads";
import * as oauth from "oauth4webapi";
import { authorizationRequest, discoverIssuer, FetchBrowser, redeemCallback } from "./oauth-client.ts";

/*
 * The API of a server that listens, over HTTP as a browser or another process calls it: signed in
 * through the real flow, JSON calls, a workbook presigned and stored. Free of vitest, so the fault
 * tests (test/faults/server-process.ts starts their servers), the browser suite and the
 * benchmarks share it.
 */

export type Auth = { authorization: string };

/** The API's answer envelope, for `callApi<Envelope<…>>`. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

/** One JSON call to the server; the body as JSON when it is JSON, else its text. */
export async function callApi<T = unknown>(
  baseUrl: string,
  auth: Auth | undefined,
  method: string,
  url: string,
  payload?: unknown,
): Promise<ApiResponse<T>> {
  const response = await fetch(baseUrl + url, {
    method,
    headers: {
      ...auth,
      ...(payload !== undefined && { "content-type": "application/json" }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T };
}

/**
 * The newest login code mailed to `email` since `after` (ms), from the dev outbox of the server at
 * `baseUrl` (mail is sent async). The browser suite reads it too.
 */
export async function latestLoginCode(baseUrl: string, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  do {
    const mails = (await (await fetch(`${baseUrl}/dev/outbox.json`)).json()) as {
      to: string;
      text: string;
      sentAt: string;
    }[];
    const mail = mails.find(
      (entry) => entry.to.toLowerCase().includes(email) && Date.parse(entry.sentAt) >= after,
    );
    const code = mail && /^\s+([A-Z0-9]{6})$/m.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  throw new Error(`no login code was mailed to ${email}`);
}

/**
 * `email` (the seeded admin by default) signed in over HTTP as test/auth.ts does over inject:
 * oauth4webapi plays the SPA, the login code comes from the dev outbox. Answers the token
 * endpoint's answer, the ID token's claims and the cookies the server set on the way (its OpenID
 * session among them), for a browser that should start signed in (e2e/support/sign-in.ts).
 */
export async function signInOverHttpForTokens(baseUrl: string, email = "admin@example.com") {
  const transport = { [oauth.allowInsecureRequests]: true } as const;
  const as = await discoverIssuer(new URL(`${baseUrl}/oidc`), transport);
  const request = await authorizationRequest(as, `${baseUrl}/`);

  const browser = new FetchBrowser();
  await browser.request(request.url.href);
  // The server runs on this machine's clock and stamps the mail after it got the request: a mail
  // stamped before this is an earlier sign-in's, whose code a moment ago was still the newest
  // (another worker's, when the browser suite signs the admin in to its shared app).
  const requestedAt = Date.now();
  await browser.request(baseUrl + authPaths.codeForm, { action: "request", email });
  const code = await latestLoginCode(baseUrl, email, requestedAt);

  let response = await browser.request(baseUrl + authPaths.codeForm, { action: "verify", email, code });
  let callback: URL | undefined;
  for (let hop = 0; hop < 5 && !callback; hop++) {
    const location = response.headers.get("location");
    if (response.status !== 303 || !location) break;
    const url = new URL(location, baseUrl);
    if (url.searchParams.has("code")) callback = url;
    else response = await browser.request(url.href);
  }
  if (!callback) throw new Error(`sign-in did not reach the callback: ${response.status}`);

  const tokens = await redeemCallback(as, request, callback, transport);
  return { tokens, claims: oauth.getValidatedIdTokenClaims(tokens), cookies: browser.cookies };
}

/** Bearer headers of `email` (the seeded admin by default), signed in over HTTP. */
export async function signInOverHttp(baseUrl: string, email = "admin@example.com"): Promise<Auth> {
  const { tokens } = await signInOverHttpForTokens(baseUrl, email);
  return { authorization: `Bearer ${tokens.access_token}` };
}

export async function crocsBrandId(baseUrl: string, auth: Auth): Promise<number> {
  const brands = await callApi<Envelope<{ id: number; name: string }[] | null>>(
    baseUrl,
    auth,
    "GET",
    "/api/brands",
  );
  const crocs = brands.body.data?.find((brand) => brand.name === "Crocs");
  if (!crocs) throw new Error(`no Crocs brand: ${brands.status} ${JSON.stringify(brands.body)}`);
  return crocs.id;
}

/** Presign and PUT a line list workbook, as the upload dialog does: answers the stored file's key. */
export async function storeWorkbookOverHttp(
  baseUrl: string,
  auth: Auth,
  fileName: string,
  bytes: Buffer,
): Promise<string> {
  const presigned = await callApi<Envelope<PresignUploadData>>(
    baseUrl,
    auth,
    "POST",
    "/api/uploads/get-presigned-upload-url",
    {
      fileKey: fileName,
      fileSize: bytes.length,
      contentType: contentTypeForFileName(fileName),
      metadata: { brandId: await crocsBrandId(baseUrl, auth), lineListType: "own-stock" },
    },
  );
  if (presigned.status !== 200) throw new Error(`presign failed: ${presigned.status}`);
  const { presignedUrl, headers, fileKey } = presigned.body.data;
  const put = await fetch(presignedUrl, { method: "PUT", headers, body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${await put.text()}`);
  return fileKey;
}

/** The processing request's body for a stored workbook, a new own-stock line list. */
export function processLineListBody(fileName: string, key: string) {
  return {
    brand: "Crocs",
    type: "own-stock",
    fileName,
    filename: fileName,
    key,
    action: "new",
    linelist_attributes: {},
  };
}
