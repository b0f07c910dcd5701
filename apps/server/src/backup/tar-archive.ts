import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * A gzipped tar (ustar) of a folder's files and back, enough for our backups: regular files and
 * folders, names up to 100 characters. Written here rather than added as a dependency, since the
 * format is a few fixed-width fields and backups must open with any `tar` as well.
 */
const block = 512;

function header(name: string, size: number, mtime: Date, type: "0" | "5"): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Name too long for the archive: ${name}`);
  const buffer = Buffer.alloc(block);
  const field = (offset: number, length: number, value: string) =>
    buffer.write(value, offset, length, "utf8");
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
  field(0, 100, name);
  octal(100, 8, type === "5" ? 0o755 : 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime.getTime() / 1000));
  field(148, 8, "        ");
  field(156, 1, type);
  field(257, 6, "ustar\0");
  field(263, 2, "00");
  let checksum = 0;
  for (const byte of buffer) checksum += byte;
  field(148, 8, `${checksum.toString(8).padStart(6, "0")}\0 `);
  return buffer;
}

async function* entries(root: string, prefix = ""): AsyncGenerator<{ name: string; file: string }> {
  const items = (await readdir(path.join(root, prefix), { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const item of items) {
    const name = prefix ? `${prefix}/${item.name}` : item.name;
    if (item.isDirectory()) {
      yield { name: `${name}/`, file: path.join(root, name) };
      yield* entries(root, name);
    } else if (item.isFile()) {
      yield { name, file: path.join(root, name) };
    }
  }
}

async function writeTar(root: string, out: Writable): Promise<void> {
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await new Promise((resolve) => out.once("drain", resolve));
  };
  for await (const entry of entries(root)) {
    const info = await stat(entry.file);
    if (entry.name.endsWith("/")) {
      await write(header(entry.name, 0, info.mtime, "5"));
      continue;
    }
    await write(header(entry.name, info.size, info.mtime, "0"));
    for await (const chunk of createReadStream(entry.file)) await write(chunk as Buffer);
    if (info.size % block) await write(Buffer.alloc(block - (info.size % block)));
  }
  await write(Buffer.alloc(2 * block));
  out.end();
}

/** Writes every file under `root` (names relative to it) to `file` as a .tar.gz. */
export async function packFolder(root: string, file: string): Promise<void> {
  const tar = new PassThrough();
  await Promise.all([
    writeTar(root, tar),
    pipeline(tar, createGzip(), createWriteStream(file, { flags: "wx" })),
  ]);
}

function readOctal(buffer: Buffer, offset: number, length: number): number {
  const text = buffer
    .toString("latin1", offset, offset + length)
    .replace(/\0.*$/s, "")
    .trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function readName(buffer: Buffer): string {
  const field = (offset: number, length: number) =>
    buffer.toString("utf8", offset, offset + length).replace(/\0.*$/s, "");
  const prefix = buffer.toString("latin1", 257, 262) === "ustar" ? field(345, 155) : "";
  return prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
}

/** The path inside `root` an archive name stands for; a name escaping `root` is refused. */
function target(root: string, name: string): string {
  const resolved = path.resolve(root, name);
  if (resolved !== root && !resolved.startsWith(root + path.sep))
    throw new Error(`Unsafe name in the archive: ${name}`);
  return resolved;
}

/** Unpacks a .tar.gz made by `packFolder` (or by `tar -czf`) into `root`, keeping modification times. */
export async function unpackArchive(file: string, root: string): Promise<void> {
  const source: Readable = createReadStream(file).pipe(createGunzip());
  let pending = Buffer.alloc(0);
  let current: { out: Writable; left: number; padding: number; path: string; mtime: Date } | undefined;
  let skip = 0;
  const finish = async () => {
    if (!current) return;
    const { out, path: written, mtime } = current;
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await utimes(written, mtime, mtime);
  };
  for await (const chunk of source) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    while (true) {
      if (current) {
        if (current.left > 0) {
          if (pending.length === 0) break;
          const part = pending.subarray(0, Math.min(current.left, pending.length));
          pending = pending.subarray(part.length);
          current.left -= part.length;
          if (!current.out.write(part)) await new Promise((resolve) => current!.out.once("drain", resolve));
          continue;
        }
        skip = current.padding;
        await finish();
        current = undefined;
      }
      if (skip > 0) {
        const dropped = Math.min(skip, pending.length);
        pending = pending.subarray(dropped);
        skip -= dropped;
        if (skip > 0) break;
      }
      if (pending.length < block) break;
      const head = pending.subarray(0, block);
      pending = pending.subarray(block);
      if (head.every((byte) => byte === 0)) continue;
      const name = readName(head);
      const size = readOctal(head, 124, 12);
      const type = String.fromCharCode(head[156]!);
      const mtime = new Date(readOctal(head, 136, 12) * 1000);
      const padding = size % block ? block - (size % block) : 0;
      if (type === "5") {
        await mkdir(target(root, name), { recursive: true });
      } else if (type === "0" || type === "\0") {
        const file = target(root, name);
        await mkdir(path.dirname(file), { recursive: true });
        current = { out: createWriteStream(file, { flags: "wx" }), left: size, padding, path: file, mtime };
      } else {
        // Extended headers and links: never written by packFolder, skipped.
        skip = size + padding;
      }
    }
  }
  if (current?.left) throw new Error("The archive ends in the middle of a file: it is truncated.");
  await finish();
}
