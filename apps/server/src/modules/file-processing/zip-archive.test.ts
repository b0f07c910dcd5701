import { crc32, deflateRawSync } from "node:zlib";
import yauzl, { type Entry } from "yauzl";
import { describe, expect, it } from "vitest";
import { storedPart, zipArchive } from "./zip-archive.ts";

/** Every part of an archive as yauzl, an independent reader, sees it: header fields and content. */
async function readBack(archive: Buffer) {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true, validateEntrySizes: true });
  const parts: { name: string; method: number; crc: number; size: number; content: string }[] = [];
  for (let entry: Entry | null; (entry = await nextEntry(zip));) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const content = Buffer.concat(chunks);
    expect(crc32(content)).toBe(entry.crc32);
    parts.push({
      name: entry.fileName,
      method: entry.compressionMethod,
      crc: entry.crc32,
      size: entry.uncompressedSize,
      content: content.toString("utf8"),
    });
  }
  return parts;
}

function nextEntry(zip: yauzl.ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    zip.once("entry", resolve);
    zip.once("end", () => resolve(null));
    zip.once("error", reject);
    zip.readEntry();
  });
}

describe("zipArchive", () => {
  it("writes stored parts that another reader reads back byte for byte", async () => {
    const sheet = Buffer.from("<sheetData>" + "<row/>".repeat(10_000) + "</sheetData>");
    const archive = zipArchive([
      storedPart("[Content_Types].xml", Buffer.from("<Types/>")),
      storedPart("xl/worksheets/sheet1.xml", sheet),
      storedPart("xl/Ünïcode naméd.xml", Buffer.from("é")),
    ]);

    expect(await readBack(archive)).toEqual([
      { name: "[Content_Types].xml", method: 0, crc: crc32("<Types/>"), size: 8, content: "<Types/>" },
      {
        name: "xl/worksheets/sheet1.xml",
        method: 0,
        crc: crc32(sheet),
        size: sheet.length,
        content: sheet.toString("utf8"),
      },
      { name: "xl/Ünïcode naméd.xml", method: 0, crc: crc32("é"), size: 2, content: "é" },
    ]);
  });

  it("writes deflated parts and the sizes they are told to declare", async () => {
    const content = Buffer.from("a".repeat(5_000));
    const archive = zipArchive([
      { name: "a.xml", stored: deflateRawSync(content), method: 8, crc: crc32(content), declaredSize: 5_000 },
    ]);
    expect(await readBack(archive)).toEqual([
      { name: "a.xml", method: 8, crc: crc32(content), size: 5_000, content: content.toString("utf8") },
    ]);

    const lying = zipArchive([
      { name: "a.xml", stored: deflateRawSync(content), method: 8, crc: crc32(content), declaredSize: 10 },
    ]);
    await expect(readBack(lying)).rejects.toThrow(/too many bytes|exceeded/i);
  });

  it("writes an empty archive", async () => {
    const archive = zipArchive([]);
    expect(archive.length).toBe(22);
    expect(await readBack(archive)).toEqual([]);
  });
});
