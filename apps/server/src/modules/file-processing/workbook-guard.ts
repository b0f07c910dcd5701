import { open } from "node:fs/promises";
import { createInflateRaw, inflateRawSync } from "node:zlib";
import { lineListFormatMessages as messages, lineListLimits } from "@cm/contracts/line-list-workbook";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { WorkbookRefusal } from "./workbook-refusal.ts";

/**
 * Zip-bomb defence for .xlsx files. Spreadsheet libraries inflate whatever an archive holds (a
 * workbook of a few hundred kilobytes that inflates to hundreds of megabytes is accepted by SheetJS
 * and exceljs alike), so the archive is checked and inflated here, under limits, before any of
 * them sees it:
 *
 * 1. the central directory (read by yauzl) must list at most `maxEntries` parts, declaring at
 *    most `maxUncompressedBytes` in all, none compressed more than `maxCompressionRatio`:1;
 * 2. each part is then inflated with zlib capped at the size it declared, so a part whose
 *    headers lie about its size is refused as soon as it outgrows them, not once inflated.
 *
 * The caller hands the spreadsheet library only the parts returned here, repacked without
 * compression, so the library never inflates anything itself. That matters: SheetJS reads each
 * part's sizes from its local header and ignores the central directory, which a crafted archive
 * can make disagree with the one checked here.
 */

export interface ArchiveLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  /** Parts below this size are not held to the ratio: tiny XML parts compress very well. */
  compressionRatioMinBytes: number;
}

export const defaultArchiveLimits: ArchiveLimits = {
  maxEntries: lineListLimits.maxArchiveEntries,
  maxUncompressedBytes: lineListLimits.maxUncompressedBytes,
  maxCompressionRatio: lineListLimits.maxCompressionRatio,
  compressionRatioMinBytes: lineListLimits.compressionRatioMinBytes,
};

/**
 * Parts a line list never needs: pictures, charts, embedded objects, macros, links to other
 * workbooks and data connections. They count towards the limits but are neither inflated nor
 * handed on, so external links cannot even be looked at.
 */
const unusedPartPrefixes = [
  "xl/media/",
  "xl/drawings/",
  "xl/charts/",
  "xl/chartsheets/",
  "xl/embeddings/",
  "xl/externalLinks/",
  "xl/pivotCache/",
  "xl/pivotTables/",
  "xl/queryTables/",
  "xl/slicers/",
  "xl/slicerCaches/",
  "xl/printerSettings/",
  "xl/activeX/",
  "xl/ctrlProps/",
  "xl/diagrams/",
  "customXml/",
  "docProps/thumbnail",
];
const unusedParts = new Set(["xl/vbaProject.bin", "xl/connections.xml", "xl/calcChain.xml"]);

function isNeededPart(name: string): boolean {
  if (name.endsWith("/")) return false; // a folder entry
  if (!name.endsWith(".xml") && !name.endsWith(".rels")) return false;
  if (unusedParts.has(name)) return false;
  return !unusedPartPrefixes.some((prefix) => name.startsWith(prefix));
}

export const zipSignature = [0x50, 0x4b, 0x03, 0x04];

export function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

const deflated = 8;
const stored = 0;

/**
 * Checks an .xlsx archive against the limits and returns its needed parts by name, inflated; with
 * `maxSheetRows`, each worksheet is a WorksheetPart instead, inflated only as it is read and only
 * as far as its first `maxSheetRows` rows and the start of the next one: a reader taking the
 * sheet's XML chunk by chunk then never holds its tens of megabytes at once. Throws a
 * WorkbookRefusal when the archive is refused.
 */
export async function openWorkbookParts(
  bytes: Buffer,
  limits: ArchiveLimits = defaultArchiveLimits,
  maxSheetRows?: number,
): Promise<Map<string, Buffer | WorksheetPart>> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, {
      lazyEntries: true,
      decodeStrings: true,
      validateEntrySizes: true,
    });
  } catch {
    throw new WorkbookRefusal(messages.notAWorkbook);
  }
  if (zip.entryCount > limits.maxEntries) throw new WorkbookRefusal(messages.tooManyParts);

  const entries = await readCentralDirectory(zip, limits.maxEntries);
  checkDeclaredSizes(entries, limits);

  const parts = new Map<string, Buffer | WorksheetPart>();
  for (const entry of entries) {
    if (!isNeededPart(entry.fileName)) continue;
    if (parts.has(entry.fileName)) throw new WorkbookRefusal(messages.corruptArchive);
    const data = await entryData(zip, bytes, entry);
    parts.set(
      entry.fileName,
      maxSheetRows !== undefined && isWorksheetPart(entry.fileName)
        ? new WorksheetPart(data, entry.compressionMethod === stored, entry.uncompressedSize, maxSheetRows)
        : inflatePart(data, entry),
    );
  }
  return parts;
}

/**
 * The central-directory checks alone, without inflating anything: cheap enough for the request
 * thread, so an ordinary zip bomb is refused before a parse worker even starts. Files that are
 * not zip archives pass; the worker deals with them. Throws a WorkbookRefusal.
 */
export async function precheckWorkbookArchive(
  source: Uint8Array | string,
  limits: ArchiveLimits = defaultArchiveLimits,
): Promise<void> {
  if (!startsWith(typeof source === "string" ? await readStart(source) : source, zipSignature)) return;
  let zip: ZipFile;
  const options = { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true };
  try {
    zip =
      typeof source === "string"
        ? await yauzl.openPromise(source, options)
        : await yauzl.fromBufferPromise(
            Buffer.from(source.buffer, source.byteOffset, source.byteLength),
            options,
          );
  } catch {
    throw new WorkbookRefusal(messages.notAWorkbook);
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new WorkbookRefusal(messages.tooManyParts);
    checkDeclaredSizes(await readCentralDirectory(zip, limits.maxEntries), limits);
  } finally {
    zip.close();
  }
}

async function readStart(path: string): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const { buffer, bytesRead } = await file.read(
      Buffer.alloc(zipSignature.length),
      0,
      zipSignature.length,
      0,
    );
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function readCentralDirectory(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on("entry", (entry: Entry) => {
      entries.push(entry);
      // The count in the end record can understate the directory; the entries themselves cannot.
      if (entries.length > maxEntries) reject(new WorkbookRefusal(messages.tooManyParts));
      else zip.readEntry();
    });
    zip.once("end", () => resolve(entries));
    zip.once("error", () => reject(new WorkbookRefusal(messages.corruptArchive)));
    zip.readEntry();
  });
}

function checkDeclaredSizes(entries: Entry[], limits: ArchiveLimits): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.isEncrypted()) throw new WorkbookRefusal(messages.passwordProtected);
    if (entry.compressionMethod !== deflated && entry.compressionMethod !== stored) {
      throw new WorkbookRefusal(messages.unreadableWorkbook);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxUncompressedBytes) throw new WorkbookRefusal(messages.inflatesTooLarge);
    if (
      entry.uncompressedSize >= limits.compressionRatioMinBytes &&
      entry.uncompressedSize > entry.compressedSize * limits.maxCompressionRatio
    ) {
      throw new WorkbookRefusal(messages.suspiciousCompression);
    }
  }
}

/** The part's bytes as the archive holds them (compressed or stored). */
async function entryData(zip: ZipFile, bytes: Buffer, entry: Entry): Promise<Buffer> {
  let fileDataStart: number;
  try {
    ({ fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true }));
  } catch {
    throw new WorkbookRefusal(messages.corruptArchive);
  }
  const end = fileDataStart + entry.compressedSize;
  if (end > bytes.length) throw new WorkbookRefusal(messages.corruptArchive);
  const data = bytes.subarray(fileDataStart, end);
  if (entry.compressionMethod === stored && data.length !== entry.uncompressedSize) {
    throw new WorkbookRefusal(messages.corruptArchive);
  }
  return data;
}

function inflatePart(data: Buffer, entry: Entry): Buffer {
  if (entry.compressionMethod === stored) return data;
  let inflated: Buffer;
  try {
    // zlib stops as soon as the output outgrows the cap, so a lying part costs next to nothing.
    inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new WorkbookRefusal(messages.undeclaredExpansion);
    }
    throw new WorkbookRefusal(messages.corruptArchive);
  }
  if (inflated.length !== entry.uncompressedSize) throw new WorkbookRefusal(messages.corruptArchive);
  return inflated;
}

const isWorksheetPart = (name: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(name);
const rowTag = Buffer.from("<row");
const sheetEnd = Buffer.from("</sheetData></worksheet>");

/** Where the next `<row>` element starts at or after `from` (not `<rowBreaks>`...), or -1. */
function nextRowStart(xml: Buffer, from: number): number {
  for (let index = xml.indexOf(rowTag, from); index >= 0; index = xml.indexOf(rowTag, index + 1)) {
    // A space, ">", "/" or a line break after the name: the element itself.
    if ([0x20, 0x3e, 0x2f, 0x0a, 0x0d, 0x09].includes(xml[index + rowTag.length] ?? -1)) return index;
  }
  return -1;
}

/** Where row `count` + 1 starts, or -1 when the XML has no more than `count` rows. */
function rowStartAfter(xml: Buffer, count: number, from = 0): { found: number; at: number } {
  let found = 0;
  for (let at = nextRowStart(xml, from); at >= 0; at = nextRowStart(xml, at + 1)) {
    found += 1;
    if (found > count) return { found, at };
  }
  return { found, at: -1 };
}

/**
 * A worksheet, inflated only as far as its first `maxRows` rows, all the reader reads (SheetJS's
 * `sheetRows`): a sheet of a million rows then costs what one of `maxRows` rows does, not seconds
 * of inflating and hundreds of megabytes. The XML is cut where row `maxRows` + 1 starts and closed
 * again; the reader is given one row more than it allows, so a sheet too long is still refused.
 * XML written with a namespace prefix (`<x:row>`) shows no rows and is inflated whole, capped at
 * its declared size as every other part. `chunks` gives the XML piece by piece, as it is inflated
 * (a megabyte at a time), so a reader of chunks holds about one; `inflate` gives it whole.
 */
export class WorksheetPart {
  private readonly data: Buffer;
  private readonly isStored: boolean;
  private readonly declaredSize: number;
  private readonly maxRows: number;

  constructor(data: Buffer, isStored: boolean, declaredSize: number, maxRows: number) {
    this.data = data;
    this.isStored = isStored;
    this.declaredSize = declaredSize;
    this.maxRows = maxRows;
  }

  async inflate(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.chunks()) chunks.push(chunk);
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  /**
   * The XML's chunks of about `chunkBytes` (64 at least); throws a WorkbookRefusal where the part is
   * not what its entry declares.
   */
  async *chunks(chunkBytes = defaultChunkBytes): AsyncGenerator<Buffer> {
    if (this.isStored) {
      const { at } = rowStartAfter(this.data, this.maxRows);
      const xml = at < 0 ? this.data : this.data.subarray(0, at);
      yield* slices(xml, chunkBytes);
      if (at >= 0) yield sheetEnd;
      return;
    }
    // Large chunks: a few dozen for a sheet of tens of megabytes, not thousands.
    const inflater = createInflateRaw({ chunkSize: Math.max(64, chunkBytes) });
    inflater.end(this.data);
    let size = 0;
    let rows = 0;
    // The last bytes of the chunk before, held back: a row's tag may begin there.
    let held: Buffer | undefined;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.declaredSize) throw new WorkbookRefusal(messages.undeclaredExpansion);
        const window = held ? Buffer.concat([held, chunk]) : chunk;
        const { found, at } = rowStartAfter(window, this.maxRows - rows);
        if (at >= 0) {
          yield window.subarray(0, at);
          yield sheetEnd;
          return;
        }
        // A tag counted here starts before the held bytes: a row's start is counted once.
        rows += found;
        const keep = Math.min(rowTag.length, window.length);
        if (window.length > keep) yield window.subarray(0, window.length - keep);
        held = window.subarray(window.length - keep);
      }
    } catch (error) {
      if (error instanceof WorkbookRefusal) throw error;
      throw new WorkbookRefusal(messages.corruptArchive);
    } finally {
      inflater.destroy();
    }
    if (size !== this.declaredSize) throw new WorkbookRefusal(messages.corruptArchive);
    if (held?.length) yield held;
  }
}

/** How much of a worksheet's XML is inflated at a time. */
export const defaultChunkBytes = 1024 * 1024;

/** Bytes already in memory, in the chunks a WorksheetPart gives. */
export function* slices(content: Buffer, chunkBytes: number): Generator<Buffer> {
  for (let start = 0; start < content.length; start += chunkBytes) {
    yield content.subarray(start, start + chunkBytes);
  }
}
