import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type {
  LocalObjectCopy,
  ObjectStore,
  PresignedPut,
  PresignPutInput,
  StoredObject,
} from "./object-store.ts";
import { isUploadKey, uploadKeyPrefix } from "./object-store.ts";
import { signedQuery } from "./signed-url.ts";

/** Why a body could not be stored; the route turns each into its status. */
export class ObjectWriteRefusal extends Error {
  readonly reason: "exists" | "size";
  constructor(reason: "exists" | "size") {
    super(reason === "exists" ? "the object already exists" : "the body is not the declared size");
    this.reason = reason;
  }
}

/**
 * Writes the body to a new file and answers how many bytes came; more than `limit` stops at once
 * (refused as "size"). The body is never destroyed: what is left of it is read and dropped, so
 * the client still gets an answer rather than a reset connection.
 */
function copyAtMost(body: Readable, file: string, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: "wx" });
    let received = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      body.off("data", onData);
      body.resume();
      out.destroy();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return fail(new ObjectWriteRefusal("size"));
      if (!out.write(chunk)) {
        body.pause();
        out.once("drain", () => body.resume());
      }
    };
    body.on("data", onData);
    body.once("end", () => {
      if (settled) return;
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve(received);
      });
    });
    body.once("error", fail);
    body.once("close", () => {
      if (!body.readableEnded) fail(new Error("the upload was interrupted"));
    });
    out.once("error", fail);
  });
}

/** The temporary file `write` streams a body into, beside the object: `.{name}.{random}.part`. */
const temporaryFilePattern = /^\.[^/]+\.[0-9a-f]{12}\.part$/;

/** The local-disk store: objects are files under `root`, written through signed PUT URLs. */
export class LocalObjectStore implements ObjectStore {
  readonly kind = "local" as const;
  readonly root: string;
  readonly #signingKey: Buffer;
  readonly #publicUrl: string;

  constructor(options: { root: string; signingKey: Buffer; publicUrl: string }) {
    this.root = options.root;
    this.#signingKey = options.signingKey;
    this.#publicUrl = options.publicUrl.replace(/\/+$/, "");
  }

  /** Creates the folders, so the store's listing does not change with the first upload. */
  async init(): Promise<void> {
    await mkdir(path.join(this.root, "uploads"), { recursive: true });
  }

  objectPath(key: string): string {
    if (!isUploadKey(key)) throw new Error(`Not an object key: ${key}`);
    return path.join(this.root, key);
  }

  async presignPut(input: PresignPutInput): Promise<PresignedPut> {
    const expiresAt = new Date(Date.now() + input.expiresInSeconds * 1000);
    const query = signedQuery(this.#signingKey, {
      key: input.key,
      contentType: input.contentType,
      contentLength: input.contentLength,
      contentDisposition: input.contentDisposition,
      expires: Math.floor(expiresAt.getTime() / 1000),
    });
    const headers: Record<string, string> = { "Content-Type": input.contentType };
    if (input.contentDisposition !== undefined) headers["Content-Disposition"] = input.contentDisposition;
    return { url: `${this.#publicUrl}/storage/${input.key}?${query}`, headers, expiresAt };
  }

  get signingKey(): Buffer {
    return this.#signingKey;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.objectPath(key));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Streams a body to the object, whole or not at all: into a temporary file beside it, then
   * linked into place, which fails if the object exists (an upload URL works once), then the
   * temporary name removed. A body longer or shorter than declared leaves nothing behind.
   */
  async write(key: string, body: Readable, expectedLength: number): Promise<void> {
    const target = this.objectPath(key);
    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString("hex")}.part`,
    );
    try {
      const received = await copyAtMost(body, temporary, expectedLength);
      if (received !== expectedLength) throw new ObjectWriteRefusal("size");
      try {
        await link(temporary, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectWriteRefusal("exists");
        throw error;
      }
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
  }

  async openLocalCopy(key: string): Promise<LocalObjectCopy | undefined> {
    if (!isUploadKey(key)) return undefined;
    const file = this.objectPath(key);
    try {
      const { size } = await stat(file);
      return { path: file, size, release: async () => undefined };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isUploadKey(key)) return;
    await unlink(this.objectPath(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  /** Files of the uploads folder (name and modification time) matching `wanted`; gone ones skipped. */
  async *#files(wanted: (name: string) => boolean): AsyncIterable<{ name: string; modified: Date }> {
    const folder = path.join(this.root, uploadKeyPrefix);
    let entries: string[];
    try {
      entries = await readdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const name of entries) {
      if (!wanted(name)) continue;
      try {
        const info = await stat(path.join(folder, name));
        if (info.isFile()) yield { name, modified: info.mtime };
      } catch (error) {
        // Deleted since the listing (processed and refused, discarded): not there any more.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }

  async *listUploads(options: { modifiedBefore: Date }): AsyncIterable<StoredObject> {
    for await (const file of this.#files((name) => isUploadKey(`${uploadKeyPrefix}${name}`))) {
      if (file.modified < options.modifiedBefore) {
        yield { key: `${uploadKeyPrefix}${file.name}`, lastModified: file.modified };
      }
    }
  }

  async removeAbandonedWrites(modifiedBefore: Date): Promise<number> {
    let removed = 0;
    for await (const file of this.#files((name) => temporaryFilePattern.test(name))) {
      if (file.modified >= modifiedBefore) continue;
      const gone = await unlink(path.join(this.root, uploadKeyPrefix, file.name)).then(
        () => true,
        // Removed meanwhile (another sweep): not counted.
        (error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
          return false;
        },
      );
      if (gone) removed += 1;
    }
    return removed;
  }
}
