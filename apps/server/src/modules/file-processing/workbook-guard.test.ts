import { lineListCsvMessages } from "@cm/contracts/line-list-csv";
import { lineListFormatMessages as messages } from "@cm/contracts/line-list-format";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { crocsMapping } from "@cm/contracts/mapping-engine/crocs-mapping";
import { describe, expect, it } from "vitest";
import type { ParseResult } from "./line-list-parser.ts";
import { parseLineListFile } from "./parse-line-list-file.ts";
import { parseWorkbook } from "./parse-workbook.ts";
import {
  deflatedPart,
  inlineCell,
  minimalSheetHead,
  minimalSheetTail,
  minimalWorkbook,
  validTable,
  xlsx,
  zipBombWorkbook,
} from "./test-workbooks.ts";
import { zipArchive } from "./zip-archive.ts";
import { defaultArchiveLimits } from "./workbook-guard.ts";
import { defaultWorkbookLimits } from "./workbook-reader.ts";

const refusedWith = (message: string): ParseResult => ({
  ok: false,
  errors: [{ row: null, column: null, message }],
  errorCount: 1,
});

async function timed<T>(task: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await task();
  return { result, ms: performance.now() - started };
}

const parseBytes = (bytes: Buffer, fileName = "line-list.xlsx") =>
  parseLineListFile({ mapping: crocsMapping, fileName, bytes });
const parseInThread = (bytes: Buffer, limits = defaultWorkbookLimits) =>
  parseWorkbook({ mapping: crocsMapping, fileName: "line-list.xlsx", bytes, limits });

describe("zip bombs", () => {
  it("builds a bomb that is otherwise a readable workbook", async () => {
    const harmless = minimalWorkbook(
      deflatedPart("xl/worksheets/sheet1.xml", minimalSheetHead + minimalSheetTail),
    );
    const result = await parseInThread(harmless);
    expect(result).toMatchObject({ ok: true, rowCount: 1, styles: [{ model_code: "10001-001" }] });
    // SheetJS alone reads a bomb whole: only the guard stands between it and the parser.
    const smallBomb = XLSX.read(zipBombWorkbook({ inflatedMb: 8 }), { type: "buffer", dense: true });
    expect(smallBomb.Sheets["Spring 2027"]?.["!ref"]).toBe("A1:C2");
  });

  it("refuses a 400 KB workbook that inflates to 400 MB in well under a second", async () => {
    const bomb = zipBombWorkbook({ inflatedMb: 400 });
    expect(bomb.length).toBeLessThan(500 * 1024);

    const { result, ms } = await timed(() => parseBytes(bomb));
    expect(result).toEqual(refusedWith(messages.inflatesTooLarge));
    expect(ms).toBeLessThan(1000);
  });

  it("refuses a part compressed more than 100:1 even when the whole stays under 200 MB", async () => {
    const { result, ms } = await timed(() => parseBytes(zipBombWorkbook({ inflatedMb: 50 })));
    expect(result).toEqual(refusedWith(messages.suspiciousCompression));
    expect(ms).toBeLessThan(1000);
  });

  it("refuses a bomb whose headers understate its size as soon as it outgrows them", async () => {
    // Declares 50 KB, honest-looking against its 400 KB of compressed data; inflates to 400 MB.
    const liar = zipBombWorkbook({ inflatedMb: 400, declaredSize: 50_000 });

    // The guard's own cost, as the parse worker spends it:
    const { result, ms } = await timed(() => parseInThread(liar));
    expect(result).toEqual(refusedWith(messages.undeclaredExpansion));
    expect(ms).toBeLessThan(1000);

    // Through the worker, which adds its start-up (loading code) to that.
    expect(await parseBytes(liar)).toEqual(refusedWith(messages.undeclaredExpansion));
  });

  it("refuses an archive of more than 1,000 parts", async () => {
    const parts = Array.from({ length: 1_000 }, (_, index) =>
      deflatedPart(`xl/extra/part${index}.xml`, "<a/>"),
    );
    const archive = minimalWorkbook(
      deflatedPart("xl/worksheets/sheet1.xml", minimalSheetHead + minimalSheetTail),
      parts,
    );
    expect(await parseBytes(archive)).toEqual(refusedWith(messages.tooManyParts));
  });

  it("refuses a workbook whose parts add up to more than the uncompressed limit", async () => {
    const bytes = await xlsx(validTable(50));
    const limits = {
      ...defaultWorkbookLimits,
      archive: { ...defaultArchiveLimits, maxUncompressedBytes: 20_000 },
    };
    expect(await parseInThread(bytes, limits)).toEqual(refusedWith(messages.inflatesTooLarge));
    expect(await parseLineListFile({ mapping: crocsMapping, fileName: "a.xlsx", bytes }, { limits })).toEqual(
      refusedWith(messages.inflatesTooLarge),
    );
  });
});

describe("what reaches SheetJS", () => {
  it("reads workbooks with pictures, leaving the pictures out", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Spring 2027");
    for (const row of validTable(2).rows) sheet.addRow(row);
    // A 1x1 PNG.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    sheet.addImage(
      workbook.addImage({ buffer: png as unknown as ExcelJS.Buffer, extension: "png" }),
      "P1:Q2",
    );
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(bytes.includes(Buffer.from("xl/media/"))).toBe(true);
    expect(await parseInThread(bytes)).toMatchObject({ ok: true, rowCount: validTable(2).rows.length - 1 });
  });

  it("reads a workbook linked to another workbook without following the link", async () => {
    const externalLink =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><externalBook r:id="rId1"><sheetNames><sheetName val="Sheet1"/></sheetNames></externalBook></externalLink>';
    const externalRels =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLinkPath" Target="file:///C:/prices/secret.xlsx" TargetMode="External"/></Relationships>';
    // MSRP is a formula into the other workbook, with the value Excel cached for it.
    const sheet =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      `<row r="1">${inlineCell("A1", "Model Code")}${inlineCell("B1", "Size")}${inlineCell("C1", "SKU")}${inlineCell("D1", "MSRP")}</row>` +
      `<row r="2">${inlineCell("A2", "10001-001")}${inlineCell("B2", "M4/W6")}${inlineCell("C2", "1")}<c r="D2"><f>[1]Sheet1!A1</f><v>19.99</v></c></row>` +
      "</sheetData></worksheet>";
    const bytes = minimalWorkbook(
      deflatedPart("xl/worksheets/sheet1.xml", sheet),
      [
        deflatedPart("xl/externalLinks/externalLink1.xml", externalLink),
        deflatedPart("xl/externalLinks/_rels/externalLink1.xml.rels", externalRels),
      ],
      '<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/>',
    );
    expect(await parseInThread(bytes)).toMatchObject({
      ok: true,
      styles: [{ model_code: "10001-001", msrp: 19.99 }],
    });
  });
});

describe("files that are not workbooks", () => {
  const notWorkbook = refusedWith(messages.notAWorkbook);

  it.each([
    ["text", Buffer.from("Model Code,Size,SKU\n10001-001,M4/W6,1\n")],
    ["HTML", Buffer.from("<table><tr><td>Model Code</td></tr></table>")],
    ["a PNG", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s named .xlsx", async (_kind, bytes) => {
    expect(await parseInThread(bytes)).toEqual(notWorkbook);
  });

  it("refuses a zip archive that holds no workbook", async () => {
    expect(await parseInThread(zipArchive([deflatedPart("readme.txt", "hello")]))).toEqual(notWorkbook);
  });

  it("refuses a truncated workbook", async () => {
    const bytes = await xlsx(validTable(2));
    const result = await parseInThread(bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(result).toEqual(notWorkbook);
  });

  it("refuses a compound document that is not a workbook", async () => {
    const container = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(container, "WordDocument", Buffer.from("not a spreadsheet"));
    const bytes = XLSX.CFB.write(container, { type: "buffer" }) as Buffer;
    expect(await parseInThread(bytes)).toEqual(refusedWith(messages.unreadableWorkbook));
  });

  it("refuses a password-protected workbook, saying so", async () => {
    // Excel stores an encrypted .xlsx as a compound document with these two streams.
    const container = XLSX.CFB.utils.cfb_new();
    const encryptionInfo = Buffer.alloc(64);
    encryptionInfo.writeUInt16LE(4, 0);
    encryptionInfo.writeUInt16LE(4, 2);
    XLSX.CFB.utils.cfb_add(container, "EncryptionInfo", encryptionInfo);
    XLSX.CFB.utils.cfb_add(container, "EncryptedPackage", Buffer.alloc(4096, 7));
    const bytes = XLSX.CFB.write(container, { type: "buffer" }) as Buffer;
    expect(await parseInThread(bytes)).toEqual(refusedWith(messages.passwordProtected));
  });

  it("refuses files whose name is not .xlsx, .xls or .csv, and a workbook named .csv", async () => {
    const bytes = await xlsx(validTable(1));
    const result = await parseWorkbook({ mapping: crocsMapping, fileName: "line-list.txt", bytes });
    expect(result).toEqual(refusedWith(messages.wrongExtension));
    // Read as the CSV text its name says, a workbook is binary.
    const renamed = await parseWorkbook({ mapping: crocsMapping, fileName: "line-list.csv", bytes });
    expect(renamed).toEqual(refusedWith(lineListCsvMessages.notText));
  });
});
