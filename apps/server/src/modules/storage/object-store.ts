import { randomUUID } from "node:crypto";
import type { WorkbookExtension } from "@cm/contracts/uploads";
import type { Config } from "../../env.ts";

/**
 * Where uploaded files live (DESIGN.md section 3): the local disk under DATA_DIR behind signed,
 * expiring URLs by default, or S3-compatible storage when S3_BUCKET is set. Both give the browser
 * a URL to PUT one object to, bound to a key the server chose, a content type and a size.
 */
export interface PresignPutInput {
  key: string;
  contentType: string;
  contentLength: number;
  /** When given, the PUT must carry exactly this Content-Disposition header. */
  contentDisposition?: string;
  expiresInSeconds: number;
}

export interface PresignedPut {
  url: string;
  /** Headers the PUT must send as given. */
  headers: Record<string, string>;
  expiresAt: Date;
}

/** A stored object as a file on this machine, for the parser to read. */
export interface LocalObjectCopy {
  path: string;
  size: number;
  /** Removes the copy when it is a temporary one (S3); a no-op for the local store. */
  release(): Promise<void>;
}

/** An upload object as a listing shows it. */
export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface ObjectStore {
  readonly kind: "local" | "s3";
  presignPut(input: PresignPutInput): Promise<PresignedPut>;
  /** The object as a local file, or undefined when there is no such object. */
  openLocalCopy(key: string): Promise<LocalObjectCopy | undefined>;
  /** Deletes the object; deleting a missing object is fine. */
  delete(key: string): Promise<void>;
  /**
   * The upload objects (keys `newUploadKey` makes, nothing else) last written before
   * `modifiedBefore`, in no particular order, fetched page by page as the caller iterates.
   */
  listUploads(options: { modifiedBefore: Date }): AsyncIterable<StoredObject>;
  /**
   * Removes what interrupted writes left behind before `modifiedBefore` (the local store's
   * temporary `.part` files, e.g. after a crash mid-PUT); answers how many. S3 writes are atomic:
   * nothing to remove there.
   */
  removeAbandonedWrites(modifiedBefore: Date): Promise<number>;
}

/** Line list uploads are kept under this prefix, one object per upload. */
export const uploadKeyPrefix = "uploads/";
const uploadKeyPattern =
  /^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(xlsx|xls|csv)$/;

/** A fresh, unguessable key for an uploaded workbook. */
export function newUploadKey(extension: WorkbookExtension): string {
  return `${uploadKeyPrefix}${randomUUID()}.${extension}`;
}

/** Whether a key is one `newUploadKey` could have made: nothing else is ever read or written. */
export function isUploadKey(key: string): boolean {
  return uploadKeyPattern.test(key);
}

/**
 * The origin browsers PUT uploads to when it is not the app's own (S3), for the content security
 * policy's connect-src; undefined for the local store.
 */
export function objectStoreOrigin(
  config: Pick<Config, "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT">,
): string | undefined {
  if (!config.S3_BUCKET) return undefined;
  if (config.S3_ENDPOINT) return new URL(config.S3_ENDPOINT).origin;
  return `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`;
}
