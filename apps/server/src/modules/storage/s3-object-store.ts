import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type {
  LocalObjectCopy,
  ObjectStore,
  PresignedPut,
  PresignPutInput,
  StoredObject,
} from "./object-store.ts";
import { isUploadKey, uploadKeyPrefix } from "./object-store.ts";

export interface S3ObjectStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2...); path-style addressing is used with it. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * S3 (or S3-compatible) storage behind the S3 presigner, with the local store's contract: the
 * URL is signed for the key, the content type, the exact length and the content disposition, and
 * carries `If-None-Match: *`, so S3 refuses a second PUT to the same key (412) while the object
 * exists. The bucket's CORS rules must let the web app's origin PUT with those headers.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3ObjectStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  async presignPut(input: PresignPutInput): Promise<PresignedPut> {
    const expiresAt = new Date(Date.now() + input.expiresInSeconds * 1000);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: input.key,
      ContentType: input.contentType,
      ContentLength: input.contentLength,
      ContentDisposition: input.contentDisposition,
      IfNoneMatch: "*",
    });
    const signed = ["content-type", "content-length", "if-none-match"];
    if (input.contentDisposition !== undefined) signed.push("content-disposition");
    const url = await getSignedUrl(this.client, command, {
      expiresIn: input.expiresInSeconds,
      signableHeaders: new Set(signed),
      // Kept as headers the browser must send, not moved into the query string.
      unhoistableHeaders: new Set(signed),
    });
    const headers: Record<string, string> = { "Content-Type": input.contentType, "If-None-Match": "*" };
    if (input.contentDisposition !== undefined) headers["Content-Disposition"] = input.contentDisposition;
    return { url, headers, expiresAt };
  }

  /** Downloads the object to a temporary file for the parser, which reads files. */
  async openLocalCopy(key: string): Promise<LocalObjectCopy | undefined> {
    if (!isUploadKey(key)) return undefined;
    let body: Readable;
    let size: number;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      body = object.Body as Readable;
      size = object.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return undefined;
      throw error;
    }
    const folder = await mkdtemp(path.join(os.tmpdir(), "cm-s3-object-"));
    const file = path.join(folder, path.basename(key));
    const release = () => rm(folder, { recursive: true, force: true });
    try {
      await pipeline(body, createWriteStream(file));
    } catch (error) {
      await release();
      throw error;
    }
    return { path: file, size, release };
  }

  async delete(key: string): Promise<void> {
    if (!isUploadKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Lists the `uploads/` prefix (1,000 keys a request; needs s3:ListBucket on the bucket). Keys
   * that are not upload keys are never returned, so other objects in the bucket are safe.
   */
  async *listUploads(options: { modifiedBefore: Date }): AsyncIterable<StoredObject> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: uploadKeyPrefix,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isUploadKey(object.Key) || !object.LastModified) continue;
        if (object.LastModified < options.modifiedBefore) {
          yield { key: object.Key, lastModified: object.LastModified };
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** A presigned PUT stores the whole object or nothing: there are no partial writes to remove. */
  async removeAbandonedWrites(): Promise<number> {
    return 0;
  }
}
