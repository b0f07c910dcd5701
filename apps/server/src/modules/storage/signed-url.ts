import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signatures of the local store's upload URLs. The HMAC covers the method, the key, the content
 * type, the size, the content disposition and the expiry, so changing any of them in the URL
 * breaks it. Its key is derived from the server's own secret (kept in the database), so every
 * instance on the same database accepts the URLs any of them issued.
 */
export interface SignedPutParams {
  key: string;
  contentType: string;
  contentLength: number;
  contentDisposition: string | undefined;
  /** Unix seconds. */
  expires: number;
}

export const signedUrlParams = {
  expires: "X-Expires",
  contentType: "X-Content-Type",
  contentLength: "X-Content-Length",
  contentDisposition: "X-Content-Disposition",
  signature: "X-Signature",
} as const;

/** A key for upload URLs only, so a signature made for one purpose is worthless for another. */
export function deriveUploadUrlKey(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "catalog-manager", "storage upload URL signing", 32));
}

function canonical(params: SignedPutParams): string {
  return [
    "PUT",
    params.key,
    params.contentType,
    String(params.contentLength),
    params.contentDisposition ?? "",
    String(params.expires),
  ].join("\n");
}

export function signPut(signingKey: Buffer, params: SignedPutParams): string {
  return createHmac("sha256", signingKey).update(canonical(params)).digest("base64url");
}

export function verifyPutSignature(signingKey: Buffer, params: SignedPutParams, signature: string): boolean {
  const expected = Buffer.from(signPut(signingKey, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query string of a signed URL. */
export function signedQuery(signingKey: Buffer, params: SignedPutParams): URLSearchParams {
  const query = new URLSearchParams();
  query.set(signedUrlParams.expires, String(params.expires));
  query.set(signedUrlParams.contentType, params.contentType);
  query.set(signedUrlParams.contentLength, String(params.contentLength));
  if (params.contentDisposition !== undefined)
    query.set(signedUrlParams.contentDisposition, params.contentDisposition);
  query.set(signedUrlParams.signature, signPut(signingKey, params));
  return query;
}

/** Reads the signed parameters back from a URL's query; undefined when any is missing or malformed. */
export function readSignedQuery(
  key: string,
  query: Record<string, string | string[] | undefined>,
): { params: SignedPutParams; signature: string } | undefined {
  const one = (name: string) => {
    const value = query[name];
    return typeof value === "string" ? value : undefined;
  };
  const expires = Number(one(signedUrlParams.expires));
  const contentLength = Number(one(signedUrlParams.contentLength));
  const contentType = one(signedUrlParams.contentType);
  const signature = one(signedUrlParams.signature);
  if (!Number.isSafeInteger(expires) || !Number.isSafeInteger(contentLength) || contentLength < 0)
    return undefined;
  if (!contentType || !signature) return undefined;
  return {
    params: {
      key,
      contentType,
      contentLength,
      contentDisposition: one(signedUrlParams.contentDisposition),
      expires,
    },
    signature,
  };
}
