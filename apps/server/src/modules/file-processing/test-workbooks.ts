import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { constants, crc32, deflateRawSync } from "node:zlib";
import {
  oneSizeLineListTable,
  sampleLineListTable,
  writeLineListXls,
  writeLineListXlsx,
  type LineListTable,
  type SampleCell,
  type SampleSheet,
} from "./sample-line-list.ts";
import { zipArchive, type ZipPart } from "./zip-archive.ts";

/**
 * Workbooks for the module's tests. Line lists are written by exceljs (or, for .xls, SheetJS;
 * see sample-line-list.ts), never by hand; archives that no spreadsheet program would write (zip
 * bombs, lying headers) are put together here byte by byte.
 */

/** A small valid line list table (3 styles by default) to derive cases from. */
export function validTable(styles = 3): LineListTable {
  return sampleLineListTable({ styles });
}

/** A table with the given header row and data rows, and the sheet name "Spring 2027" unless told. */
export function table(rows: SampleCell[][], sheetName = "Spring 2027"): LineListTable {
  return { sheetName, rows };
}

export const xlsx = (lineList: LineListTable): Promise<Buffer> => writeLineListXlsx(lineList);

/**
 * A line list of another brand than Crocs, one row per SKU, with headers of its own and a title
 * block above them (a title, a note, a blank row; the headers on row 4): the Pandora-like sample
 * with its wholesale price as a column of its own ("WHS"), so it is read as the style's price.
 */
export function titledRowsLineList(options: {
  styles: number;
  seed?: number;
  season?: string;
  year?: number;
}): SampleSheet {
  const table = oneSizeLineListTable(options);
  const [headers = [], ...rows] = table.rows;
  const retail = headers.indexOf("Retail");
  return {
    sheetName: table.sheetName,
    headerRow: 4,
    rows: [
      [`Pandora ${table.sheetName} wholesale line list`],
      ["Prices in USD; WHS is your price before discounts."],
      [],
      [...headers, "WHS"],
      ...rows.map((row) => [...row, Math.round(Number(row[retail]) * 45) / 100]),
    ],
  };
}
export const xls = (lineList: LineListTable): Buffer => writeLineListXls(lineList);

export function deflatedPart(name: string, content: string | Buffer): ZipPart {
  const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return { name, stored: deflateRawSync(data), method: 8, crc: crc32(data), declaredSize: data.length };
}

const minimalParts = {
  contentTypes: (overrides: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${overrides}</Types>`,
  rootRels:
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  workbook: (sheetName: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  workbookRels:
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

export const inlineCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
export const minimalSheetHead =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  `<row r="1">${inlineCell("A1", "Model Code")}${inlineCell("B1", "Size")}${inlineCell("C1", "SKU")}</row>` +
  `<row r="2">${inlineCell("A2", "10001-001")}${inlineCell("B2", "M4/W6")}${inlineCell("C2", "190000000001")}</row>`;
export const minimalSheetTail = "</sheetData></worksheet>";

/** A hand-built .xlsx with one sheet whose XML is given; the parts around it are minimal. */
export function minimalWorkbook(
  sheetPart: ZipPart,
  extraParts: ZipPart[] = [],
  contentTypeOverrides = "",
  sheetName = "Spring 2027",
): Buffer {
  return zipArchive([
    deflatedPart("[Content_Types].xml", minimalParts.contentTypes(contentTypeOverrides)),
    deflatedPart("_rels/.rels", minimalParts.rootRels),
    deflatedPart("xl/workbook.xml", minimalParts.workbook(sheetName)),
    deflatedPart("xl/_rels/workbook.xml.rels", minimalParts.workbookRels),
    sheetPart,
    ...extraParts,
  ]);
}

/**
 * A zip bomb shaped like a real workbook: a valid sheet padded with `inflatedMb` MB of
 * whitespace between its rows, which deflate squeezes about as far as it squeezes anything (some
 * 1,000 to 1). Built from independently deflated segments, so making it is quick. With
 * `declaredSize` the headers lie about the inflated size.
 */
export function zipBombWorkbook(options: { inflatedMb: number; declaredSize?: number }): Buffer {
  const fullFlush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const padding = Buffer.alloc(1024 * 1024, 0x20);
  const paddingSegment = deflateRawSync(padding, fullFlush);
  const head = Buffer.from(minimalSheetHead, "utf8");
  const tail = Buffer.from(minimalSheetTail, "utf8");
  const segments = [deflateRawSync(head, fullFlush)];
  let crc = crc32(head);
  for (let n = 0; n < options.inflatedMb; n += 1) {
    segments.push(paddingSegment);
    crc = crc32(padding, crc);
  }
  segments.push(deflateRawSync(tail));
  crc = crc32(tail, crc);
  const inflatedSize = head.length + options.inflatedMb * padding.length + tail.length;
  return minimalWorkbook({
    name: "xl/worksheets/sheet1.xml",
    stored: Buffer.concat(segments),
    method: 8,
    crc,
    declaredSize: options.declaredSize ?? inflatedSize,
  });
}

/**
 * A workbook of `rows` data rows (Model Code, Size, SKU, each row different) below the header row
 * of minimalSheetHead, as a spreadsheet program would write it: an honest size and an ordinary
 * compression ratio. The sheet's XML is made and deflated a chunk of rows at a time into one
 * stream, so even a million rows cost little memory to make.
 */
export function manyRowsWorkbook(rows: number, sheetName = "Spring 2027"): Buffer {
  const deflater = { finishFlush: constants.Z_SYNC_FLUSH, level: 6 };
  const segments: Buffer[] = [];
  let crc = 0;
  let size = 0;
  const add = (xml: string, last = false) => {
    const data = Buffer.from(xml, "utf8");
    crc = crc32(data, crc);
    size += data.length;
    segments.push(deflateRawSync(data, last ? { level: 6 } : deflater));
  };
  add(minimalSheetHead);
  const chunkRows = 20_000;
  // Row 2 is minimalSheetHead's own; the rest follow it.
  for (let first = 3; first <= rows + 1; first += chunkRows) {
    let xml = "";
    for (let r = first; r < Math.min(first + chunkRows, rows + 2); r += 1) {
      xml += `<row r="${r}">${inlineCell(`A${r}`, `${10_000 + (r % 90_000)}-${r % 997}`)}${inlineCell(`B${r}`, `M${r % 13}`)}${inlineCell(`C${r}`, String(190_000_000_000 + r))}</row>`;
    }
    add(xml);
  }
  add(minimalSheetTail, true);
  return minimalWorkbook(
    { name: "xl/worksheets/sheet1.xml", stored: Buffer.concat(segments), method: 8, crc, declaredSize: size },
    [],
    "",
    sheetName,
  );
}

/**
 * What refusing a hostile workbook may cost, end to end: generous, so that a busy 2-core machine
 * stays within it (docs/reliability.md has the figures). A million rows cost what the largest line
 * list allowed costs, since no more of a sheet is read (workbook-guard.ts, inflateRows).
 */
export const refusalBounds = { maxMs: 30_000, maxRssGrowthMb: 300 } as const;

// Samples the process's resident memory every few milliseconds from its own thread, so a parse
// that blocks the calling thread (an order form is read on the request's thread) is seen too.
const rssSampler = `
  const { parentPort } = require("node:worker_threads");
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5);
  parentPort.once("message", () => {
    clearInterval(timer);
    parentPort.postMessage(Math.max(peak, process.memoryUsage.rss()));
  });
`;

/**
 * Runs `task` and measures its wall time and how far the process's resident memory (every
 * thread's, parse workers included) rose above where it stood when the task began.
 */
export async function measured<T>(
  task: () => Promise<T>,
): Promise<{ result: T; ms: number; rssGrowthMb: number }> {
  const sampler = new Worker(rssSampler, { eval: true });
  await new Promise((resolve) => sampler.once("online", resolve));
  const before = process.memoryUsage.rss();
  const started = performance.now();
  try {
    const result = await task();
    const ms = performance.now() - started;
    const peak = await new Promise<number>((resolve) => {
      sampler.once("message", resolve);
      sampler.postMessage("stop");
    });
    return { result, ms, rssGrowthMb: Math.max(0, peak - before) / 1024 / 1024 };
  } finally {
    await sampler.terminate();
  }
}
