import { crc32 } from "node:zlib";

/** One part of a zip archive, as it is to be written. */
export interface ZipPart {
  name: string;
  /** The bytes as stored in the archive: the content itself, or deflated when `method` is 8. */
  stored: Uint8Array;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** CRC-32 of the content (not of the stored bytes). */
  crc: number;
  /** What the headers declare the part inflates to; tests make it lie. */
  declaredSize: number;
}

/** A part that is stored as it is, uncompressed. */
export function storedPart(name: string, content: Uint8Array): ZipPart {
  return { name, stored: content, method: 0, crc: crc32(content), declaredSize: content.length };
}

/**
 * Writes a zip archive of exactly these parts, in one allocation of its exact size.
 *
 * The workbook reader hands SheetJS the checked parts of an upload as a stored archive written
 * here (see workbook-guard.ts), so SheetJS inflates nothing itself; the tests build archives that
 * no spreadsheet program would write (zip bombs, lying headers) with it too. Written by hand
 * rather than with a library: SheetJS's own writer (`CFB.write`) is many times slower on a large
 * sheet and needs more memory, and stream-based writers copy every part through chunks. The
 * archive limits keep an upload's parts and bytes far below what needs zip64 extensions, so the
 * classic format always suffices.
 */
export function zipArchive(parts: ZipPart[]): Buffer {
  const names = parts.map((part) => Buffer.from(part.name, "utf8"));
  let dataBytes = 0;
  let directoryBytes = 0;
  parts.forEach((part, index) => {
    dataBytes += localHeaderBytes + names[index]!.length + part.stored.length;
    directoryBytes += directoryHeaderBytes + names[index]!.length;
  });
  const zip = Buffer.alloc(dataBytes + directoryBytes + endRecordBytes);

  const offsets: number[] = [];
  let at = 0;
  parts.forEach((part, index) => {
    offsets.push(at);
    at = writeHeader(zip, at, "local", part, names[index]!);
    zip.set(part.stored, at);
    at += part.stored.length;
  });
  parts.forEach((part, index) => {
    at = writeHeader(zip, at, "directory", part, names[index]!, offsets[index]);
  });

  zip.writeUInt32LE(0x06054b50, at); // end of central directory
  zip.writeUInt16LE(parts.length, at + 8); // parts on this disk
  zip.writeUInt16LE(parts.length, at + 10); // parts in all
  zip.writeUInt32LE(directoryBytes, at + 12);
  zip.writeUInt32LE(dataBytes, at + 16); // where the directory starts
  return zip;
}

const localHeaderBytes = 30;
const directoryHeaderBytes = 46;
const endRecordBytes = 22;
const versionNeeded = 20;
const utf8NamesFlag = 0x0800;
const dosDate1980 = 0x0021; // 1980-01-01 00:00, the earliest time a zip can record

/**
 * Writes a local header (before the part's bytes) or a central directory header, which hold the
 * same fields from different offsets; returns the offset after it.
 */
function writeHeader(
  zip: Buffer,
  at: number,
  kind: "local" | "directory",
  part: ZipPart,
  name: Buffer,
  localHeaderOffset = 0,
): number {
  const local = kind === "local";
  zip.writeUInt32LE(local ? 0x04034b50 : 0x02014b50, at);
  // The directory has "version made by" before the fields both share.
  const shared = local ? at + 4 : at + 6;
  if (!local) zip.writeUInt16LE(versionNeeded, at + 4);
  zip.writeUInt16LE(versionNeeded, shared);
  zip.writeUInt16LE(utf8NamesFlag, shared + 2);
  zip.writeUInt16LE(part.method, shared + 4);
  zip.writeUInt16LE(dosDate1980, shared + 8); // the time before it stays 0
  zip.writeUInt32LE(part.crc >>> 0, shared + 10);
  zip.writeUInt32LE(part.stored.length, shared + 14);
  zip.writeUInt32LE(part.declaredSize, shared + 18);
  zip.writeUInt16LE(name.length, shared + 22);
  if (!local) zip.writeUInt32LE(localHeaderOffset, at + 42);
  const headerBytes = local ? localHeaderBytes : directoryHeaderBytes;
  name.copy(zip, at + headerBytes);
  return at + headerBytes + name.length;
}
