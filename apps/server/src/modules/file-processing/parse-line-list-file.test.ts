import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { lineListFormatMessages as messages } from "@cm/contracts/line-list-format";
import { mappingMessages } from "@cm/contracts/line-list-mapping";
import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { headerFingerprint } from "@cm/contracts/mapping-engine/guess-mapping";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLineListFile, type ParseResult } from "./parse-line-list-file.ts";
import {
  sampleHeaders,
  sampleLineListTable,
  writeLineListXlsx,
  writeSampleLineList,
} from "./sample-line-list.ts";

const fixtures = path.join(import.meta.dirname, "fixtures");
let tempDir: string;
let sample: Buffer;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), "line-list-"));
  sample = (await writeSampleLineList({ styles: 20 })).bytes;
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

function stylesOf(result: ParseResult) {
  if (!result.ok)
    expect.fail(`expected the workbook to be accepted, got ${JSON.stringify(result.errors.slice(0, 5))}`);
  return result.styles;
}

describe("parseLineListFile", () => {
  it("parses a workbook on a worker thread, from bytes or from a stored file, leaving the caller's bytes intact", async () => {
    const copy = Buffer.from(sample);
    const fromBytes = await parseLineListFile({
      mapping: crocsMapping,
      fileName: "Spring line list.xlsx",
      bytes: copy,
    });
    expect(stylesOf(fromBytes)).toHaveLength(20);
    expect(copy.equals(sample)).toBe(true);

    const file = path.join(tempDir, "stored.xlsx");
    await writeFile(file, sample);
    expect(await parseLineListFile({ mapping: crocsMapping, fileName: "stored.xlsx", path: file })).toEqual(
      fromBytes,
    );
  });

  it("reads .xls and .xlsx files saved by LibreOffice", async () => {
    const results = await Promise.all(
      ["libreoffice-fall-2027.xls", "libreoffice-fall-2027.xlsx"].map((name) =>
        parseLineListFile({ mapping: crocsMapping, fileName: name, path: path.join(fixtures, name) }),
      ),
    );
    const [fromXls, fromXlsx] = results;
    // The same line list, told apart by what the files are.
    expect({ ...fromXls, read: undefined }).toEqual({ ...fromXlsx, read: undefined });
    expect([fromXls?.read?.kind, fromXlsx?.read?.kind]).toEqual(["xls", "xlsx"]);
    // The fixture's second row has MSRP as "$64.99" text and the ship date as ISO text, a blank
    // row follows the first style, and a "Buyer Notes" column is extra (see fixtures/README.md).
    expect(fromXls).toMatchObject({ ok: true, season: "Fall", year: 2027, rowCount: 28, missingColumns: [] });
    const styles = stylesOf(fromXls as ParseResult);
    expect(styles.map((style) => style.model_code)).toEqual([
      "10001-001",
      "10001-4LS",
      "10001-7C1",
      "10001-0C4",
    ]);
    expect(styles[0]).toMatchObject({
      franchise: "Classic",
      silhouette: "Clog",
      color: "Black",
      gender: "Toddler",
      msrp: 64.99,
      expected_shipped_date: "2027-03-07",
      image_urls: [
        "https://images.example.com/crocs/10001-001_1.jpg",
        "https://images.example.com/crocs/10001-001_2.jpg",
      ],
      attributes: {
        comfort_level: "Cloud Comfort",
        height_range: "Mid",
        wear_occasion: "Beach",
        target_fit: "Roomy",
      },
    });
    expect(styles[0]?.items.slice(0, 2)).toEqual([
      { size: "C4", sku: "190007000001" },
      { size: "C5", sku: "190007000002" },
    ]);
  });

  it("answers headersChanged, reading no row, for a file whose headers are not the saved mapping's", async () => {
    const expectedFingerprint = headerFingerprint(sampleHeaders);
    const same = await parseLineListFile({
      mapping: crocsMapping,
      fileName: "a.xlsx",
      bytes: sample,
      expectedFingerprint,
    });
    expect(stylesOf(same)).toHaveLength(20);
    const renamed = sampleLineListTable({ styles: 2 });
    renamed.rows[0] = renamed.rows[0]!.map((header) => (header === "SKU" ? "UPC" : header));
    const bytes = (await writeLineListXlsx(renamed)) as Buffer;
    const result = await parseLineListFile({
      mapping: crocsMapping,
      fileName: "a.xlsx",
      bytes,
      expectedFingerprint,
    });
    expect(result).toMatchObject({ ok: false, errors: [], errorCount: 0, headersChanged: true });
    expect(result.read?.headers).toContain("UPC");
  });

  it("answers a mapping's problems when asked to check it against the file", async () => {
    const { sku: _sku, ...fields } = crocsMapping.fields;
    const result = await parseLineListFile({
      mapping: { ...crocsMapping, fields: { ...fields, sku: "Barcode" } },
      fileName: "a.xlsx",
      bytes: sample,
      checkMapping: true,
    });
    expect(result).toMatchObject({
      ok: false,
      mappingProblems: [mappingMessages.requiredFieldUnmapped("SKU or UPC")],
    });
    const checked = await parseLineListFile({
      mapping: crocsMapping,
      fileName: "a.xlsx",
      bytes: sample,
      checkMapping: true,
    });
    expect(stylesOf(checked)).toHaveLength(20);
    expect(checked.read).toEqual({ kind: "xlsx", sheet: "Spring 2027", headers: sampleHeaders });
  });

  it("reads a CSV file's season from its mapping, never from the file's name", async () => {
    const csv = Buffer.from("Style;Size;UPC;MSRP\r\n216001-BBK;8;190000000001;59,99\r\n");
    const mapping = {
      ...crocsMapping,
      fields: { model_code: "Style", size: "Size", sku: "UPC", msrp: "MSRP" },
      attributes: [],
      decimalSeparator: "," as const,
      season: { season: "Spring", year: 2027 },
    };
    const read = await parseLineListFile({
      mapping,
      fileName: "0b0c2a1e-0000-4000-8000-000000000000.csv",
      displayName: "Fall 2028.csv",
      bytes: csv,
    });
    expect(read).toMatchObject({
      ok: true,
      season: "Spring",
      year: 2027,
      read: { kind: "csv", sheet: "Fall 2028" },
    });
    expect(stylesOf(read)[0]).toMatchObject({ model_code: "216001-BBK", msrp: 59.99 });
    const unseasoned = await parseLineListFile({
      mapping: { ...mapping, season: null },
      fileName: "a.csv",
      bytes: csv,
    });
    expect(unseasoned).toMatchObject({ ok: false, errors: [{ message: mappingMessages.seasonRequired }] });
  });

  it("terminates a parse that takes longer than its timeout, and the next parse still works", async () => {
    const started = performance.now();
    const result = await parseLineListFile(
      { mapping: crocsMapping, fileName: "a.xlsx", bytes: sample },
      { timeoutMs: 1 },
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ row: null, column: null, message: messages.tookTooLong }],
      errorCount: 1,
    });
    // Answered once the worker was gone, long before a parse would have finished.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(
      stylesOf(await parseLineListFile({ mapping: crocsMapping, fileName: "a.xlsx", bytes: sample })),
    ).toHaveLength(20);
  });

  it("refuses a workbook that needs more memory than the worker may use, and the server carries on", async () => {
    // Well past what the streaming reader parses within 16 MB of heap, so any machine runs out.
    const { bytes } = await writeSampleLineList({ styles: 3_000 });
    const result = await parseLineListFile(
      { mapping: crocsMapping, fileName: "a.xlsx", bytes },
      { memoryLimitMb: 16 },
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ row: null, column: null, message: messages.outOfMemory }],
      errorCount: 1,
    });
    expect(
      stylesOf(await parseLineListFile({ mapping: crocsMapping, fileName: "a.xlsx", bytes: sample })),
    ).toHaveLength(20);
  }, 60_000);

  it("runs several parses at once, each on its own worker", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        parseLineListFile({ mapping: crocsMapping, fileName: "a.xlsx", bytes: sample }),
      ),
    );
    for (const result of results) expect(stylesOf(result)).toHaveLength(20);
  });

  it("needs exactly one of bytes and path", async () => {
    await expect(parseLineListFile({ mapping: crocsMapping, fileName: "a.xlsx" })).rejects.toThrow(TypeError);
    const file = path.join(tempDir, "both.xlsx");
    await writeFile(file, sample);
    await expect(
      parseLineListFile({
        mapping: crocsMapping,
        fileName: "a.xlsx",
        path: file,
        bytes: await readFile(file),
      }),
    ).rejects.toThrow(TypeError);
  });
});
