import type { FastifyReply } from "fastify";

/**
 * A Content-Disposition for downloading `fileName`: an ASCII fallback for old clients and the
 * exact name in RFC 5987 encoding, neither able to break out of the header or name a path.
 */
export function attachmentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const safe = fileName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "-").trim() || "download";
  const fallback = safe.replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Answers a generated file as a download: its type, its name (above) and never cached. */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; bytes: Buffer | Uint8Array; contentType: string },
): FastifyReply {
  return reply
    .type(file.contentType)
    .header("content-disposition", attachmentDisposition(file.fileName))
    .header("cache-control", "no-store")
    .send(file.bytes);
}
