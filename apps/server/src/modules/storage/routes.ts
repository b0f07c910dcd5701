import { Readable } from "node:stream";
import { envelopeSchema, errorEnvelopeSchema } from "@cm/contracts/envelope";
import { uploadMessages } from "@cm/contracts/uploads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { DomainError, NotFoundError } from "../../lib/errors.ts";
import { ObjectWriteRefusal, type LocalObjectStore } from "./local-object-store.ts";
import { isUploadKey } from "./object-store.ts";
import { readSignedQuery, verifyPutSignature } from "./signed-url.ts";

class UnprocessableError extends DomainError {
  constructor(message: string) {
    super(422, message);
  }
}

const sameMediaType = (header: string | undefined, expected: string) =>
  header !== undefined && header.split(";", 1)[0]!.trim().toLowerCase() === expected.toLowerCase();

/**
 * `PUT /storage/{key}`: the local store's presigned upload URL. Not under /api and needs no
 * token: the URL's signature is the authorization. A tampered or expired URL gets 404, a body of
 * another type or size than the URL was issued for 422, a URL already used 409; none stores anything.
 */
export function localStorageRoutes(store: LocalObjectStore): FastifyPluginAsyncZod {
  return async (app) => {
    // The body is streamed to disk by the handler, whatever its type: no parser may read it first.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

    app.put(
      "/storage/*",
      {
        config: { permission: "public" },
        schema: {
          summary: "Store an uploaded file (presigned URL)",
          description:
            "The URL answered by POST /api/uploads/get-presigned-upload-url, used as is: the query holds the signed content type, size, disposition and expiry. Send the file as the body with the Content-Type (and Content-Disposition) the presign answer listed. 404: tampered or expired URL; 422: other content type or size; 409: URL already used. Nothing is stored on failure.",
          tags: ["storage"],
          response: {
            200: envelopeSchema(z.object({ fileKey: z.string() })),
            404: errorEnvelopeSchema,
            409: errorEnvelopeSchema,
            422: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const key = (request.params as { "*": string })["*"];
        const signed = isUploadKey(key)
          ? readSignedQuery(key, request.query as Record<string, string | string[] | undefined>)
          : undefined;
        if (!signed || !verifyPutSignature(store.signingKey, signed.params, signed.signature)) {
          throw new NotFoundError(uploadMessages.uploadUrlInvalid);
        }
        if (signed.params.expires * 1000 <= Date.now())
          throw new NotFoundError(uploadMessages.uploadUrlInvalid);

        const { params } = signed;
        if (!sameMediaType(request.headers["content-type"], params.contentType)) {
          throw new UnprocessableError(uploadMessages.uploadTypeMismatch);
        }
        if (
          params.contentDisposition !== undefined &&
          request.headers["content-disposition"] !== params.contentDisposition
        ) {
          throw new UnprocessableError(uploadMessages.uploadTypeMismatch);
        }
        const declaredLength = request.headers["content-length"];
        if (declaredLength !== undefined && Number(declaredLength) !== params.contentLength) {
          throw new UnprocessableError(uploadMessages.uploadSizeMismatch);
        }
        if (await store.exists(key)) throw new DomainError(409, uploadMessages.uploadUrlUsed);

        const body = request.body as Readable | undefined;
        try {
          await store.write(key, body ?? Readable.from([]), params.contentLength);
        } catch (error) {
          if (error instanceof ObjectWriteRefusal) {
            if (error.reason === "exists") throw new DomainError(409, uploadMessages.uploadUrlUsed);
            throw new UnprocessableError(uploadMessages.uploadSizeMismatch);
          }
          throw error;
        }
        request.log.info({ key, bytes: params.contentLength }, "upload stored");
        return ok({ fileKey: key });
      },
    );
  };
}
