import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SheetGrid } from "../line-list-parser.ts";
import { sampleLineListTable, writeLineListXlsx } from "../sample-line-list.ts";
import {
  deflatedPart,
  manyRowsWorkbook,
  minimalSheetHead,
  minimalSheetTail,
  minimalWorkbook,
  validTable,
  xlsx,
  zipBombWorkbook,
} from "../test-workbooks.ts";
import {
  defaultWorkbookLimits,
  readSheets,
  type WorkbookLimits,
  type XlsxReader,
} from "../workbook-reader.ts";
import { zipArchive } from "../zip-archive.ts";
import { isDateFormat } from "./number-formats.ts";

// The streaming reader must give the parser exactly what SheetJS gives it: the same grids (cell
// values and types, blanks, rows), the same sheets and the same refusals, on every workbook the
// tests know and on workbooks as other programs write them.

type Outcome = { grids: unknown } | { refusal: string };

/** A grid in a form where every difference shows: Dates by time, blanks and missing rows apart. */
function describe_(grids: SheetGrid[]): unknown {
  return grids.map(({ name, rows }) => ({
    name,
    length: rows.length,
    rows: Array.from({ length: rows.length }, (_, r) => {
      const row = rows[r];
      if (!(r in rows) || row === undefined) return "<no row>";
      return Array.from({ length: row.length }, (_, c) => {
        const value = row[c];
        if (value === undefined) return c in row ? "<blank>" : "<hole>";
        if (value instanceof Date)
          return { date: Number.isNaN(value.getTime()) ? "invalid" : value.getTime() };
        return { [typeof value]: value };
      });
    }),
  }));
}

async function read(
  bytes: Buffer,
  reader: XlsxReader,
  sheets: number | string | (number | string)[] = 0,
  limits: WorkbookLimits = defaultWorkbookLimits,
  chunkBytes?: number,
): Promise<Outcome> {
  try {
    return { grids: describe_(await readSheets(bytes, sheets, limits, undefined, reader, chunkBytes)) };
  } catch (error) {
    if (error instanceof Error && error.name === "WorkbookRefusal") {
      const { row, column } = error as Error & { row: number | null; column: string | null };
      return { refusal: `${error.message} @${row}:${column}` };
    }
    throw error;
  }
}

/**
 * Reads with both and expects the same; the streaming reader must not decline the workbook. It
 * reads the worksheet's XML as it is inflated, a megabyte at a time, a run of whole rows at a time:
 * it reads it again in chunks of 64 bytes, so every kind of markup here also falls across a cut.
 */
async function expectSameAsSheetJs(
  bytes: Buffer,
  sheets?: number | string | (number | string)[],
  limits?: WorkbookLimits,
): Promise<Outcome> {
  const expected = await read(bytes, "sheetjs", sheets, limits);
  const streamed = await read(bytes, "streaming-only", sheets, limits);
  expect(streamed).toEqual(expected);
  expect(await read(bytes, "streaming-only", sheets, limits, 64)).toEqual(expected);
  return streamed;
}

/** For workbooks the streaming reader leaves to SheetJS: it declines, and the answer is SheetJS's. */
async function expectDeclined(bytes: Buffer): Promise<void> {
  await expect(read(bytes, "streaming-only")).rejects.toThrow(/declined/);
  await expect(read(bytes, "streaming-only", 0, defaultWorkbookLimits, 64)).rejects.toThrow(/declined/);
  expect(await read(bytes, "auto")).toEqual(await read(bytes, "sheetjs"));
}

const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** An .xlsx put together from raw parts, as programs other than our generators write them. */
function rawWorkbook(options: {
  sheet: string;
  sharedStrings?: string;
  styles?: string;
  workbookPr?: string;
  sheetName?: string;
  extraParts?: [string, string][];
}): Buffer {
  const overrides = [
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
    options.sharedStrings === undefined
      ? ""
      : '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>',
    options.styles === undefined
      ? ""
      : '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>',
  ].join("");
  const rels = [
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>',
    options.sharedStrings === undefined
      ? ""
      : '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>',
    options.styles === undefined
      ? ""
      : '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
  ].join("");
  const parts: [string, string][] = [
    [
      "[Content_Types].xml",
      `${header}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides}</Types>`,
    ],
    [
      "_rels/.rels",
      `${header}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `${header}<workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><fileVersion appName="xl"/>${options.workbookPr ?? '<workbookPr defaultThemeVersion="164011"/>'}<mc:AlternateContent><mc:Choice Requires="x15"><x15ac:absPath url="C:\\" xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac"/></mc:Choice></mc:AlternateContent><bookViews><workbookView xWindow="0" yWindow="0"/></bookViews><sheets><sheet name="${options.sheetName ?? "Spring 2027"}" sheetId="1" r:id="rId1"/></sheets><calcPr calcId="162913"/></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${header}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ],
    ["xl/worksheets/sheet1.xml", `${header}${options.sheet}`],
  ];
  if (options.sharedStrings !== undefined)
    parts.push(["xl/sharedStrings.xml", `${header}${options.sharedStrings}`]);
  if (options.styles !== undefined) parts.push(["xl/styles.xml", `${header}${options.styles}`]);
  parts.push(...(options.extraParts ?? []));
  return zipArchive(parts.map(([name, content]) => deflatedPart(name, content)));
}

const excelStyles = `<styleSheet ${ns}><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd;@"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0.00"/><numFmt numFmtId="166" formatCode="[$-409]mmm d, yyyy"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="8"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"><alignment wrapText="1"/></xf><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

// Shared strings as Excel writes them: plain, preserved spaces, rich runs with phonetic runs,
// entities (named, decimal, hex, astral), the _xHHHH_ escape of a carriage return, UTF-8 text.
const excelSharedStrings = `<sst ${ns} count="12" uniqueCount="12"><si><t>Model Code</t></si><si><t>Size</t></si><si><t>SKU</t></si><si><t xml:space="preserve">  padded  </t></si><si><r><rPr><b/><sz val="11"/></rPr><t>Bold</t></r><r><t xml:space="preserve"> and plain</t></r></si><si><r><t>漢字</t></r><rPh sb="0" eb="2"><t>カンジ</t></rPh><phoneticPr fontId="1"/></si><si><t>A &amp; B &lt;c&gt; &quot;q&quot; &apos;a&apos; &#10;x &#x41; &#233; &#x1F600;</t></si><si><t>line one_x000D_\r\nline two</t></si><si><t>Ünïcödé — 日本 😀</t></si><si><t>2027-03-15</t></si><si><t/></si><si><t>$64.99</t></si></sst>`;

const excelSheet = `<worksheet ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><dimension ref="A1:M9"/><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><cols><col min="1" max="1" width="12" customWidth="1"/></cols><sheetData>
<row r="1" spans="1:13" x14ac:dyDescent="0.25"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c><c r="F1" t="s"><v>5</v></c><c r="G1" t="s"><v>6</v></c><c r="H1" t="s"><v>7</v></c><c r="I1" t="s"><v>8</v></c><c r="J1" t="s"><v>10</v></c><c r="K1" s="7" t="s"><v>11</v></c></row>
<row r="2" spans="1:13" x14ac:dyDescent="0.25"><c r="A2" t="s"><v>9</v></c><c r="B2" s="1"><v>46461</v></c><c r="C2" s="2"><v>46461</v></c><c r="D2" s="3"><v>46461.5</v></c><c r="E2" s="4"><v>49.99</v></c><c r="F2" s="5"><v>1299</v></c><c r="G2" s="6"><v>46461</v></c><c r="H2" s="1"><v>60</v></c><c r="I2" s="1"><v>0.25</v></c><c r="J2" s="1"><v>-1</v></c><c r="K2" s="9"><v>12</v></c><c r="L2" s="7"><v>190000000001</v></c></row>
<row r="3" spans="1:13" x14ac:dyDescent="0.25"><c r="A3" t="b"><v>1</v></c><c r="B3" t="b"><v>0</v></c><c r="C3" t="e"><v>#N/A</v></c><c r="D3" t="e"><v>#DIV/0!</v></c><c r="E3" t="str"><f>A1&amp;"x"</f><v>Model Code&amp;lt;x</v></c><c r="F3"><f>1+1</f><v>2</v></c><c r="G3" t="b"><f>TRUE()</f><v>1</v></c><c r="H3" t="e"><f>NA()</f><v>#N/A</v></c><c r="I3" s="1"><f>DATE(2027,3,15)</f><v>46461</v></c><c r="J3"><f>A1</f></c><c r="K3" s="1"/><c r="L3" t="s" s="3"/><c r="M3" t="str"><f>""</f><v></v></c></row>
<row r="4" spans="1:13" x14ac:dyDescent="0.25"/>
<row r="5" spans="1:13" ht="30" customHeight="1" x14ac:dyDescent="0.25"><c r="A5" t="d"><v>2027-03-15T10:20:30</v></c><c r="B5" t="d"><v>2027-03-15</v></c><c r="C5"><v>1E+21</v></c><c r="D5"><v>-0.5</v></c><c r="E5"><v>0.30000000000000004</v></c><c r="F5" t="n"><v>7</v></c><c r="G5" t="inlineStr"><is><t>inline &amp; here</t></is></c><c r="H5" t="inlineStr"><is><r><t>rich</t></r><r><rPr><i/></rPr><t xml:space="preserve"> inline</t></r></is></c><c r="I5" t="inlineStr"/><c r="J5" t="s"><v>8</v></c></row>
<row r="7" spans="1:13"><c r="A7" t="s"><v>0</v></c><c r="C7"><v>3</v></c></row>
<row r="9"><c r="M9" t="s"><v>1</v></c></row>
</sheetData><mergeCells count="1"><mergeCell ref="A7:B7"/></mergeCells><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`;

// As openpyxl writes: no shared strings, every text an inline string, dates as styled numbers.
const openpyxlStyles = `<styleSheet ${ns}><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd h:mm:ss"/></numFmts><fonts count="1"><font><name val="Calibri"/><sz val="11"/></font></fonts><fills count="1"><fill><patternFill/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" pivotButton="0" quotePrefix="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" applyNumberFormat="1" pivotButton="0" quotePrefix="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" applyNumberFormat="1" pivotButton="0" quotePrefix="0" xfId="0"/></cellXfs></styleSheet>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const openpyxlSheet = `<worksheet ${ns}><sheetPr><outlinePr summaryBelow="1" summaryRight="1"/><pageSetUpPr/></sheetPr><dimension ref="A1:F4"/><sheetViews><sheetView workbookViewId="0"><selection activeCell="A1" sqref="A1"/></sheetView></sheetViews><sheetFormatPr baseColWidth="8" defaultRowHeight="15"/><sheetData><row r="1">${inline("A1", "Model Code")}${inline("B1", "Size")}${inline("C1", "SKU")}${inline("D1", "MSRP")}${inline("E1", "Expected Ship Date")}${inline("F1", "Image URLs")}</row><row r="2">${inline("A2", "10001-001")}${inline("B2", "M4/W6")}<c r="C2" t="n"><v>190000000001</v></c><c r="D2" t="n"><v>49.99</v></c><c r="E2" s="1" t="n"><v>46461</v></c>${inline("F2", "https://example.com/a.jpg&#10;https://example.com/b.jpg")}</row><row r="3">${inline("A3", "10001-001")}${inline("B3", " M5/W7 ")}<c r="C3" t="n"><v>190000000002</v></c><c r="D3" t="b"><v>0</v></c><c r="E3" s="2" t="n"><v>46461.75</v></c>${inline("F3", "No Image")}</row><row r="4">${inline("A4", "10001-001")}<c r="C4" t="n"><v>190000000003</v></c>${inline("E4", "2027-03-15")}</row></sheetData><pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5"/></worksheet>`;

// Some writers leave out the rows' and cells' references.
const unreferencedSheet = `<worksheet ${ns}><sheetData><row>${'<c t="inlineStr"><is><t>Model Code</t></is></c><c t="inlineStr"><is><t>Size</t></is></c><c t="inlineStr"><is><t>SKU</t></is></c>'}</row><row><c t="inlineStr"><is><t>10001-001</t></is></c><c t="inlineStr"><is><t>M4/W6</t></is></c><c><v>190000000001</v></c></row><row r="5"><c t="inlineStr"><is><t>10001-002</t></is></c><c r="C5"><v>7</v></c><c><v>8</v></c></row><row><c s="1"><v>46461</v></c></row></sheetData></worksheet>`;

// As LibreOffice writes: its own format codes and row attributes, shared strings.
const libreOfficeStyles = `<styleSheet ${ns}><numFmts count="3"><numFmt numFmtId="164" formatCode="General"/><numFmt numFmtId="165" formatCode="YYYY\\-MM\\-DD"/><numFmt numFmtId="166" formatCode="[$$-409]#,##0.00;[RED]\\-[$$-409]#,##0.00"/></numFmts><fonts count="1"><font><sz val="10"/><name val="Arial"/><family val="2"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border diagonalUp="false" diagonalDown="false"><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="164" fontId="0" fillId="0" borderId="0" applyFont="true" applyBorder="true" applyAlignment="true" applyProtection="true"><alignment horizontal="general" vertical="bottom" textRotation="0" wrapText="false" indent="0" shrinkToFit="false"/><protection locked="true" hidden="false"/></xf></cellStyleXfs><cellXfs count="3"><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false" applyBorder="false" applyAlignment="false" applyProtection="false"><alignment horizontal="general" vertical="bottom" textRotation="0" wrapText="false" indent="0" shrinkToFit="false"/><protection locked="true" hidden="false"/></xf><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false" applyBorder="false" applyAlignment="false" applyProtection="false"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyFont="false" applyBorder="false" applyAlignment="false" applyProtection="false"/></cellXfs></styleSheet>`;
const libreOfficeSharedStrings = `<sst ${ns} count="4" uniqueCount="4"><si><t xml:space="preserve">Model Code</t></si><si><t xml:space="preserve">Expected Ship Date</t></si><si><t xml:space="preserve">2027-03-07</t></si><si><t xml:space="preserve">MSRP</t></si></sst>`;
const libreOfficeSheet = `<worksheet ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetPr filterMode="false"><pageSetUpPr fitToPage="false"/></sheetPr><dimension ref="A1:C3"/><sheetViews><sheetView showFormulas="false" tabSelected="true" workbookViewId="0"><selection pane="topLeft" activeCell="A1" activeCellId="0" sqref="A1"/></sheetView></sheetViews><sheetFormatPr defaultColWidth="11.53515625" defaultRowHeight="12.8" zeroHeight="false" outlineLevelRow="0" outlineLevelCol="0"/><sheetData><row r="1" customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false"><c r="A1" s="0" t="s"><v>0</v></c><c r="B1" s="0" t="s"><v>1</v></c><c r="C1" s="0" t="s"><v>3</v></c></row><row r="2" customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false"><c r="A2" s="0" t="n"><v>10001</v></c><c r="B2" s="1" t="n"><v>46453</v></c><c r="C2" s="2" t="n"><v>64.99</v></c></row><row r="3" customFormat="false" ht="12.8" hidden="false" customHeight="false" outlineLevel="0" collapsed="false"><c r="A3" s="0" t="n"><v>10002</v></c><c r="B3" s="0" t="s"><v>2</v></c><c r="C3" s="0" t="n"><v>0</v></c></row></sheetData><printOptions headings="false" gridLines="false"/></worksheet>`;

async function excelJsWorkbook(
  options: { date1904?: boolean; sharedStrings?: boolean } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (options.date1904) workbook.properties.date1904 = true;
  const sheet = workbook.addWorksheet("Fall Winter 2027");
  sheet.addRow(["Model Code", "Size", "SKU", "MSRP", "Expected Ship Date", "Image URLs", "Notes"]);
  sheet.addRow([
    "10001-001",
    "M4/W6",
    190000000001,
    49.99,
    new Date(Date.UTC(2027, 2, 15)),
    "https://example.com/a.jpg\r\nhttps://example.com/b.jpg",
    "A & B <c> \"q\" 'a' _x000D_ Ünïcödé 日本 😀",
  ]);
  sheet.addRow([
    "10001-001",
    "  M5/W7  ",
    "190000000002",
    "$64.99",
    "2027-03-15",
    "No Image",
    { richText: [{ text: "Bold", font: { bold: true } }, { text: " plain" }] },
  ]);
  sheet.addRow([
    { formula: '"1000"&"2-001"', result: "10002-001" },
    { formula: "1+1", result: 2 },
    { formula: "TRUE()", result: true },
    { formula: "NA()", result: { error: "#N/A" } },
    { formula: "DATE(2027,3,15)", result: new Date(Date.UTC(2027, 2, 15)) },
    { error: "#REF!" },
    false,
  ]);
  sheet.addRow([null, null, 0, -1.5, new Date(Date.UTC(2027, 2, 15, 13, 45, 30)), 1e21, 0.1 + 0.2]);
  sheet.getCell("E2").numFmt = "yyyy-mm-dd";
  sheet.getCell("E4").numFmt = "dd/mm/yyyy hh:mm";
  sheet.getCell("E5").numFmt = "[h]:mm:ss";
  sheet.getCell("D2").numFmt = "$#,##0.00";
  sheet.getCell("G5").numFmt = "0.00%";
  sheet.getCell("A9").value = "after a gap";
  sheet.mergeCells("A10:C11");
  sheet.getCell("A10").value = "merged";
  const notes = workbook.addWorksheet("Notes");
  notes.addRow(["second sheet", 1]);
  return Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings: options.sharedStrings ?? true }));
}

const fixturesDir = path.join(import.meta.dirname, "..", "fixtures");

describe("the streaming .xlsx reader gives what SheetJS gives", () => {
  it.each(readdirSync(fixturesDir).filter((name) => /\.xlsx?$/.test(name)))("fixture %s", async (name) => {
    const bytes = readFileSync(path.join(fixturesDir, name));
    if (name.endsWith(".xlsx")) await expectSameAsSheetJs(bytes);
    // .xls files are read by SheetJS whatever the reader asked for.
    else expect(await read(bytes, "auto")).toEqual(await read(bytes, "sheetjs"));
  });

  it("sample line lists, with the template's second sheet", async () => {
    const table = sampleLineListTable({ styles: 40, season: "Fall", year: 2027, seed: 11 });
    const bytes = await writeLineListXlsx(table, { instructions: true });
    await expectSameAsSheetJs(bytes);
    await expectSameAsSheetJs(bytes, [0, 1]);
    await expectSameAsSheetJs(bytes, "how to fill in");
    await expectSameAsSheetJs(bytes, 2);
  });

  it("the module's test workbooks, refused ones included", async () => {
    await expectSameAsSheetJs(await xlsx(validTable()));
    await expectSameAsSheetJs(
      minimalWorkbook(deflatedPart("xl/worksheets/sheet1.xml", minimalSheetHead + minimalSheetTail)),
    );
    await expectSameAsSheetJs(manyRowsWorkbook(500));
    const small = { ...defaultWorkbookLimits, maxDataRows: 100 };
    const tooLong = await expectSameAsSheetJs(manyRowsWorkbook(500), 0, small);
    expect(tooLong).toHaveProperty("refusal");
    expect(await expectSameAsSheetJs(zipBombWorkbook({ inflatedMb: 50 }))).toHaveProperty("refusal");
  });

  it("workbooks written by exceljs: every kind of cell, 1900 and 1904 dates, inline strings", async () => {
    const workbook = await excelJsWorkbook();
    await expectSameAsSheetJs(workbook, [0, 1]);
    await expectSameAsSheetJs(await excelJsWorkbook({ date1904: true }));
    await expectSameAsSheetJs(await excelJsWorkbook({ sharedStrings: false }));
  });

  it("an Excel-like workbook: shared and rich strings, entities, escapes, date styles, ISO dates", async () => {
    const bytes = rawWorkbook({ sheet: excelSheet, sharedStrings: excelSharedStrings, styles: excelStyles });
    const outcome = await expectSameAsSheetJs(bytes);
    expect(outcome).toHaveProperty("grids");
    const in1904 = rawWorkbook({
      sheet: excelSheet,
      sharedStrings: excelSharedStrings,
      styles: excelStyles,
      workbookPr: '<workbookPr date1904="1"/>',
    });
    await expectSameAsSheetJs(in1904);
  });

  it("openpyxl-like (inline strings, no shared strings) and reference-less workbooks", async () => {
    await expectSameAsSheetJs(rawWorkbook({ sheet: openpyxlSheet, styles: openpyxlStyles }));
    await expectSameAsSheetJs(rawWorkbook({ sheet: unreferencedSheet, styles: openpyxlStyles }));
  });

  it("a LibreOffice-like workbook: its format codes, dates as numbers and as text", async () => {
    await expectSameAsSheetJs(
      rawWorkbook({
        sheet: libreOfficeSheet,
        sharedStrings: libreOfficeSharedStrings,
        styles: libreOfficeStyles,
      }),
    );
  });

  it("the same refusals: a recorded range past the limit, too many columns", async () => {
    const limits = { ...defaultWorkbookLimits, maxDataRows: 3, maxColumns: 5 };
    const longRange = excelSheet.replace('ref="A1:M9"', 'ref="A1:M90"');
    const outcome = await expectSameAsSheetJs(
      rawWorkbook({ sheet: longRange, sharedStrings: excelSharedStrings, styles: excelStyles }),
      0,
      limits,
    );
    expect(outcome).toHaveProperty("refusal");
    const wide = await expectSameAsSheetJs(
      rawWorkbook({ sheet: excelSheet, sharedStrings: excelSharedStrings, styles: excelStyles }),
      0,
      { ...defaultWorkbookLimits, maxColumns: 5 },
    );
    expect(wide).toHaveProperty("refusal");
  });
});

describe("the streaming reader's date formats", () => {
  it("are told as SheetJS tells them", () => {
    const formats = [
      ...Object.values(XLSX.SSF.get_table() as Record<string, string>),
      "yyyy-mm-dd",
      "yyyy\\-mm\\-dd;@",
      "YYYY\\-MM\\-DD",
      "[$-409]mmm d, yyyy",
      "[$-F800]dddd\\,\\ mmmm\\ dd\\,\\ yyyy",
      "dd/mm/yyyy hh:mm",
      "[h]:mm:ss",
      "[mm]:ss",
      "[Red][<0]0.00;0.00",
      "[$$-409]#,##0.00;[RED]\\-[$$-409]#,##0.00",
      '"$"#,##0.00',
      '#,##0.00 "EUR"',
      '"date:" 0',
      "0.00%",
      "0.00E+00",
      "# ?/?",
      "@",
      "General",
      "GENERAL",
      "general;@",
      "Gen",
      "d.m",
      "d\\.m",
      "A/P",
      "am/pm",
      "B1yyyy",
      "b2mm",
      '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)',
      "0_);\\(0\\)",
      "*-0",
      "??/??",
      "12 3",
      "上午/下午 h:mm",
      "",
    ];
    for (const format of formats)
      expect([format, isDateFormat(format)]).toEqual([format, XLSX.SSF.is_date(format)]);
  });
});

describe("a worksheet read as it is inflated", () => {
  it("gives no row without its closing sheetData tag, as SheetJS does", async () => {
    const unclosed = excelSheet.slice(0, excelSheet.indexOf("</sheetData>"));
    const outcome = await expectSameAsSheetJs(
      rawWorkbook({ sheet: unclosed, sharedStrings: excelSharedStrings, styles: excelStyles }),
    );
    expect(outcome).toEqual({ grids: [{ name: "Spring 2027", length: 0, rows: [] }] });
  });

  it("leaves a dimension after the rows to SheetJS, and reads one before them", async () => {
    const moved = excelSheet
      .replace('<dimension ref="A1:M9"/>', "")
      .replace("</sheetData>", '</sheetData><dimension ref="A1:M9"/>');
    await expectDeclined(
      rawWorkbook({ sheet: moved, sharedStrings: excelSharedStrings, styles: excelStyles }),
    );
    // A recorded range past the limit, read from the head, refuses the sheet as SheetJS does.
    const long = excelSheet.replace('<dimension ref="A1:M9"/>', '<dimension ref="A1:M1048576"/>');
    expect(
      await expectSameAsSheetJs(
        rawWorkbook({ sheet: long, sharedStrings: excelSharedStrings, styles: excelStyles }),
      ),
    ).toHaveProperty("refusal");
  });
});

describe("what the streaming reader leaves to SheetJS", () => {
  it("prefixed XML, comments, hyperlinks and CDATA", async () => {
    const prefixed = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Model Code</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    await expectDeclined(rawWorkbook({ sheet: prefixed }));

    const withCdata = excelSharedStrings.replace("<t>Size</t>", "<t><![CDATA[Si<ze]]></t>");
    await expectDeclined(rawWorkbook({ sheet: excelSheet, sharedStrings: withCdata, styles: excelStyles }));

    const linked = new ExcelJS.Workbook();
    linked
      .addWorksheet("Spring 2027")
      .addRow(["Image URLs", { text: "a", hyperlink: "https://example.com/a.jpg" }]);
    await expectDeclined(Buffer.from(await linked.xlsx.writeBuffer()));

    const commented = new ExcelJS.Workbook();
    const sheet = commented.addWorksheet("Spring 2027");
    sheet.addRow(["Model Code"]);
    sheet.getCell("B3").note = "a comment on an empty cell";
    await expectDeclined(Buffer.from(await commented.xlsx.writeBuffer()));
  });
});

// Cells as nearly every writer writes them (`<c r="AB12" s="3" t="s"><v>123</v></c>`, `<c r="A1"
// s="2"/>`) are read in place by a fast path; anything else falls back to the general reading, cell
// by cell. These sheets put every near miss of the fast path next to plain cells, so a cell read
// by either path, and the column counter it leaves for the cells without a reference after it,
// are compared with SheetJS.

// Shared strings as nearly every writer writes them, also read in place: preserved spaces,
// entities, escapes, UTF-8 text, an empty text, line breaks and spaces around items, a phonetic
// property after the text.
const plainSharedStrings = `<sst ${ns} count="9" uniqueCount="9"><si><t>Model Code</t></si><si><t xml:space="preserve">  padded  </t></si>
  <si><t>A &amp; B &lt;c&gt; &quot;q&quot; &#x41; &#10;x</t></si>
<si>
  <t>line one_x000D_\r\nline two</t>
</si><si><t>Ünïcödé — 日本 😀</t></si><si><t></t></si><si><t>7</t><phoneticPr fontId="1"/></si><si><t>10001-001</t></si><si><t>2027-03-15</t></si></sst>`;

const cellRows = (rows: string[]) => rows.join("");
const boundarySheet = (rows: string[]) =>
  `<worksheet ${ns} xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><sheetData>${cellRows(rows)}</sheetData></worksheet>`;

const boundaryRows = [
  // Attribute orders, t="n", styles with and without a date format.
  '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c t="s" r="B1"><v>1</v></c><c s="2" r="C1"><v>46461</v></c><c t="n" s="3" r="D1"><v>46461.75</v></c><c r="E1" t="n"><v>-12.50</v></c><c s="4" t="s" r="F1"><v>7</v></c><c r="G1" s="6" t="n"><v>46461</v></c><c r="H1" s="01"><v>46461</v></c><c r="I1" s="9"><v>46461</v></c><c r="J1" s="0"><v>46461</v></c><c r="K1" s="1"><v>60</v></c><c r="L1" s="1"><v>60.5</v></c><c r="M1" s="1"><v>-1</v></c></row>',
  // Near misses in the tag: another attribute, single quotes, spaces, capitals, a line break.
  `<row r="2"><c r="A2" s="1" cm="1"><v>46461</v></c><c r="B2" vm="1" t="s"><v>2</v></c><c r='C2' t='s'><v>3</v></c><c  r="D2"><v>1</v></c><c r = "E2"><v>2</v></c><c r="F2" ><v>3</v></c><c r="G2"> <v>4</v></c><c r="H2"><v> 5</v></c><c r="I2"><v>6 </v></c><c r="J2"><v>7</v> </c><c r="K2" S="1"><v>46461</v></c><c r="L2" T="s"><v>4</v></c><c r="M2"\n t="s"><v>5</v></c><c r="N2" s="2" t="s" s="1"><v>6</v></c><c r="O2" t=""><v>8</v></c><c r="P2" s=""><v>9</v></c></row>`,
  // Near misses in the value: entities and escapes, empty values, empty cells of every type.
  '<row r="3"><c r="A3"><v>1&#46;5</v></c><c r="B3" t="s"><v>&#49;</v></c><c r="C3" t="s"><v>_x0032_</v></c><c r="D3" t="s"><v></v></c><c r="E3"><v></v></c><c r="F3" s="1"/><c r="G3" t="s"/><c r="H3" t="n" s="2"/><c r="I3" t="str"/><c r="J3" t="b"/><c r="K3" t="e"/><c r="L3" t="inlineStr"/><c r="M3"></c><c r="N3" s="2"></c><c r="O3" t="s"><v>007</v></c><c r="P3" t="s"><v>8</v></c></row>',
  // References without digits, in lower case, with other characters, duplicated, in capitals:
  // each leaves its own column counter for the cell without a reference after it.
  '<row r="4"><c r="K" s="1"/><c><v>3</v></c><c r="a4"/><c s="2"><v>4</v></c><c r="A4B"><v>5</v></c><c><v>6</v></c><c r="$H$4"><v>7</v></c><c><v>8</v></c><c r="J04"><v>9</v></c><c R="K4"><v>10</v></c><c><v>11</v></c><c r="M4" r="N4"><v>12</v></c><c><v>13</v></c><c r="A0"/><c><v>14</v></c></row>',
  // Cells without a reference after cells with one, and the reverse.
  '<row r="5"><c r="B5"><v>1</v></c><c><v>2</v></c><c t="s"><v>0</v></c><c s="1"><v>46461</v></c><c r="H5"/><c><v>5</v></c><c/><c><v>6</v></c><c><v>7</v></c><c r="Z5" t="s"><v>3</v></c></row>',
  // Spaces and line breaks between cells, a piece that is not a cell, formulas, a cell not closed.
  `<row r="6">\n  <c r="A6" t="s"><v>0</v></c>\n  <c r="B6"><v>2</v></c>\t<c r="C6"><v>3</v></c><cfoo/>  <c r="D6"><v>4</v><f>1+3</f></c><c r="E6"><f>1+4</f><v>5</v></c><c r="F6"><v>6</v><c r="G6"><v>7</v></c>\r\n<c r="H6" t="s"><v>1</v></c>  </row>`,
  // Numbers as parseFloat reads them: signs, exponents, leading zeros, 15 and more digits.
  `<row r="7">${[
    "0",
    "-0",
    "00012",
    "1E+21",
    "1e-7",
    ".5",
    "5.",
    "+5",
    "0.30000000000000004",
    "1234567890123456789",
    "123456789012345",
    "1234567890123456",
    "-",
    "12abc",
    "0.1",
    "9007199254740993",
    "-89.99",
    "999999999999999.9",
    "4.35",
    "1.0000000000000002",
    "12345678901234.567",
    "0.12345678901234567",
    "123456789.01234567",
  ]
    .map((text, c) => `<c r="${XLSX.utils.encode_col(c)}7"><v>${text}</v></c>`)
    .join("")}</row>`,
  // Rows without a reference, with other attributes, with a reference in capitals.
  '<row><c r="A8" t="s"><v>0</v></c><c><v>1</v></c></row><row r="10" spans="1:3" x14ac:dyDescent="0.25"><c r="A10" t="s"><v>4</v></c><c r="B10" s="2"><v>46461</v></c></row><row R="12" ht="30"><c t="s"><v>5</v></c><c r="C12"><v>1</v></c></row>',
  // Text after a plain cell's end: its piece goes on to the next cell, and its reference counts.
  '<row r="14"><c s="0"><v>1</v></c> r="Q9" <c><v>2</v></c><c r="C14"><v>3</v></c>x<c><v>4</v></c><c r="E14"><v>5</v></c>bc <c r="F14"><v>6</v></c><c r="G14"/>c/<c><v>7</v></c><c s="0"><v>8</v></c>xc r="Q9" <c><v>9</v></c></row>',
  // An element before the first cell (SheetJS drops the pieces before the first that does not
  // start with "<"), a self-closing tag with a space before its ">".
  '<row r="15"><foo/><c r="A15"><v>1</v></c><c><v>2</v></c><c r="C15" s="1"/ ><c><v>3</v></c></row>',
  // Other types next to plain cells.
  '<row r="13"><c r="A13" t="str"><v>text &amp; more</v></c><c r="B13"><v>1</v></c><c r="C13" t="b"><v>1</v></c><c r="D13"><v>2</v></c><c r="E13" t="e"><v>#N/A</v></c><c r="F13"><v>3</v></c><c r="G13" t="d"><v>2027-03-15</v></c><c r="H13"><v>4</v></c><c r="I13" t="inlineStr"><is><t>inline</t></is></c><c r="J13" t="s"><v>6</v></c><c r="K13" t="inlineStr"><is><t>no end</is></c><c r="L13"><v>5</v><fooxxData>z</fooxxData></c><c r="M13"><v>6</v><xrow>1</xrow></c><c><v>7</v></c></row>',
];

describe("plain cells read in place, next to every near miss", () => {
  it("gives SheetJS's cells, dates in 1900 and 1904, with any chunk size", async () => {
    const sheet = boundarySheet(boundaryRows);
    const bytes = rawWorkbook({ sheet, sharedStrings: plainSharedStrings, styles: excelStyles });
    expect(await expectSameAsSheetJs(bytes)).toHaveProperty("grids");
    await expectSameAsSheetJs(
      rawWorkbook({
        sheet,
        sharedStrings: plainSharedStrings,
        styles: excelStyles,
        workbookPr: '<workbookPr date1904="1"/>',
      }),
    );
    // Rows past the limit are not read, and the sheet is refused, as SheetJS does.
    const refused = await expectSameAsSheetJs(bytes, 0, { ...defaultWorkbookLimits, maxDataRows: 3 });
    expect(refused).toHaveProperty("refusal");
  });

  it("each row alone, and without styles", async () => {
    for (const row of boundaryRows) {
      const sheet = boundarySheet([row]);
      await expectSameAsSheetJs(
        rawWorkbook({ sheet, sharedStrings: plainSharedStrings, styles: excelStyles }),
      );
      await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: plainSharedStrings }));
    }
  });

  it("declines what the general reading declines, plain or not", async () => {
    const declined = [
      // A cell without a reference in a row numbered 0, a string index past the shared strings,
      // references that make no cell (no digits, lower case), a styled number with an unknown format.
      '<row r="0"><c s="1"/></row>',
      '<row r="1"><c r="A1" t="s"><v>9</v></c><c r="B1" t="s"><v>10</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c><c r="K"><v>1</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c><c r="b1"><v>1</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c><c r="B1" s="7"><v>1</v></c></row>',
    ];
    const unknownFormat = excelStyles.replace('<xf numFmtId="49"', '<xf numFmtId="99"');
    for (const row of declined) {
      await expectDeclined(
        rawWorkbook({
          sheet: boundarySheet([row]),
          sharedStrings: plainSharedStrings,
          styles: unknownFormat,
        }),
      );
    }
  });

  it("shared strings not all plain are read as before", async () => {
    const rich = plainSharedStrings.replace("<si><t>7</t>", "<si><r><t>7</t></r>");
    const sheet = boundarySheet(boundaryRows);
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: rich, styles: excelStyles }));
    const selfClosed = plainSharedStrings.replace("<si><t></t></si>", "<si><t/></si>");
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: selfClosed, styles: excelStyles }));
    const unclosed = plainSharedStrings.replace("<si><t></t></si>", "<si><t>no end</si>");
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: unclosed, styles: excelStyles }));
    // An `<si>` inside an item: taking it out makes a `</si>` of `</<si>si>`, as SheetJS reads it.
    const nested = plainSharedStrings.replace("<si><t>7</t>", "<si><t>7</t></<si>si><si><t>7b</t>");
    await expectSameAsSheetJs(rawWorkbook({ sheet, sharedStrings: nested, styles: excelStyles }));
    const nestedLast = plainSharedStrings.replace(
      "<t>2027-03-15</t></si>",
      "<t>2027-03-15</t></<si>si></si>",
    );
    const lastStrings = boundarySheet([
      '<row r="1"><c r="A1" t="s"><v>10</v></c><c r="B1" t="s"><v>8</v></c></row>',
    ]);
    await expectSameAsSheetJs(rawWorkbook({ sheet: lastStrings, sharedStrings: nestedLast }));
  });
});

// Random rows of plain cells and near misses of them (each with one thing not plain), as the fast
// path and the general reading take them in turn. What the general reading declines (a string
// index past the shared strings, a value at a reference that makes no cell, a date without text)
// is not generated: the comparison is of cells, and the declined cases are the test above.
const plainNumbers = [
  "0",
  "-0",
  "7",
  "00012",
  "46461",
  "46461.5",
  "60",
  "-1",
  "89.99",
  "-12.50",
  "0.1",
  "4.35",
];
const oddNumbers = [
  "1E+21",
  "1e-7",
  ".5",
  "5.",
  "+5",
  "1234567890123456789",
  "123456789012345",
  "12345678901234.567",
  "0.12345678901234567",
  "-",
  "12abc",
];
const fuzzValues: Record<string, { plain: string[]; odd: string[] }> = {
  s: { plain: ["0", "1", "2", "4", "9", "007"], odd: [" 3", "&#49;", "_x0032_", "3.7"] },
  n: { plain: plainNumbers, odd: oddNumbers },
  b: { plain: ["0", "1", "true"], odd: [] },
  str: { plain: ["text &amp; more", "", "x"], odd: [] },
  e: { plain: ["#N/A", "#DIV/0!", "#REF!", "#WTF?"], odd: [] },
  d: { plain: ["2027-03-15", "2027-03-15T10:20:30", "10:20"], odd: [] },
};
const nearMisses = [
  "type",
  "close",
  "no text",
  "formula",
  "formula after",
  "space",
  "odd value",
  "extra",
  "quote",
  "gap",
  "spaced equals",
  "capital",
  "junk after",
  "odd reference",
  "no-cell reference",
  "style with a leading zero",
] as const;

const fuzzCell = fc.record({
  ref: fc.constantFrom("plain", "plain", "plain", "plain", "plain", "none", "other row"),
  col: fc.integer({ min: 0, max: 30 }),
  otherRow: fc.integer({ min: 1, max: 30 }),
  s: fc.option(fc.constantFrom("0", "1", "2", "3", "4", "5", "6", "7", "8", "12"), { nil: undefined }),
  t: fc.constantFrom(undefined, undefined, "s", "s", "s", "n"),
  otherType: fc.constantFrom("b", "str", "e", "inlineStr", "d"),
  empty: fc.constantFrom(false, false, false, false, true),
  order: fc.constantFrom("rst", "rst", "rts", "srt", "str", "trs", "tsr"),
  pick: fc.nat(1000),
  between: fc.constantFrom("", "", "", "", "", "\n  ", " ", "\t"),
  miss: fc.option(fc.constantFrom(...nearMisses), { freq: 2, nil: undefined }),
});
type FuzzCell = typeof fuzzCell extends fc.Arbitrary<infer T> ? T : never;

function renderFuzzCell(cell: FuzzCell, row: number): string {
  const miss = cell.miss;
  const t = miss === "type" ? cell.otherType : cell.t;
  const kind = t ?? "n";
  let form: string = cell.empty ? "empty" : "v";
  if (
    miss === "close" ||
    miss === "no text" ||
    miss === "formula" ||
    miss === "formula after" ||
    miss === "space"
  )
    form = miss;
  // A date needs its text (SheetJS fails without it).
  if (kind === "d" && form !== "v" && form !== "formula" && form !== "formula after" && form !== "space")
    form = "v";
  // Whether the cell makes no cell (a number or a string index without text).
  const cellLess =
    (kind === "n" || kind === "s") && (form === "empty" || form === "close" || form === "no text");

  let ref: string | undefined;
  if (cell.ref === "plain") ref = `${XLSX.utils.encode_col(cell.col)}${row}`;
  else if (cell.ref === "other row") ref = `${XLSX.utils.encode_col(cell.col)}${cell.otherRow}`;
  if (miss === "odd reference") ref = ["$C$2", "A2B", "b2C", "C02", "AA0002", "A 1"][cell.pick % 6];
  if (miss === "no-cell reference" && cellLess) ref = ["K", "a4", "A0"][cell.pick % 3];
  const style = miss === "style with a leading zero" ? "01" : cell.s;

  const q = miss === "quote" ? "'" : '"';
  const equals = miss === "spaced equals" ? " = " : "=";
  const attribute = (name: string, value: string) =>
    `${miss === "capital" ? name.toUpperCase() : name}${equals}${q}${value}${q}`;
  const attributes: string[] = [];
  for (const name of cell.order) {
    if (name === "r" && ref !== undefined) attributes.push(attribute("r", ref));
    if (name === "s" && style !== undefined) attributes.push(attribute("s", style));
    if (name === "t" && t !== undefined) attributes.push(attribute("t", t));
  }
  if (miss === "extra") {
    const extra = ['cm="1"', 'vm="1"', "ph='1'", 'x14ac:foo="1"'][cell.pick % 4]!;
    attributes.splice(cell.pick % (attributes.length + 1), 0, extra);
  }
  const tag =
    attributes.length > 0
      ? `<c ${attributes.join(miss === "gap" ? ["  ", "\n"][cell.pick % 2] : " ")}`
      : "<c";

  const values = fuzzValues[kind === "inlineStr" ? "str" : kind]!;
  const choices = miss === "odd value" && values.odd.length > 0 ? values.odd : values.plain;
  const text = choices[cell.pick % choices.length]!;
  const v = kind === "inlineStr" ? `<is><t>inline ${text}</t></is>` : `<v>${text}</v>`;
  const after = miss === "junk after" ? ["x", "xc ", 'xc r="Q9" ', "<d/>"][cell.pick % 4] : cell.between;
  switch (form) {
    case "empty":
      return `${tag}/>${after}`;
    case "close":
      return `${tag}></c>${after}`;
    case "no text":
      return `${tag}>${kind === "inlineStr" ? "<is></is>" : "<v></v>"}</c>${after}`;
    case "formula":
      return `${tag}><f>1+1</f>${v}</c>${after}`;
    case "formula after":
      return `${tag}>${v}<f>1+1</f></c>${after}`;
    case "space":
      return `${tag}> ${v}</c>${after}`;
    default:
      return `${tag}>${v}</c>${after}`;
  }
}

const fuzzRow = fc.record({
  skip: fc.integer({ min: 1, max: 3 }),
  withReference: fc.constantFrom(true, true, true, true, false),
  attributes: fc.constantFrom(
    "",
    "",
    ' spans="1:14"',
    ' spans="1:14" x14ac:dyDescent="0.25"',
    ' ht="30" customHeight="1"',
  ),
  cells: fc.array(fuzzCell, { maxLength: 14 }),
});

describe("random rows of plain and near-plain cells", () => {
  it("give SheetJS's cells", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fuzzRow, { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (rows, in1904) => {
          let row = 0;
          const xml = rows.map((spec) => {
            row += spec.withReference ? spec.skip : 1;
            const tag = spec.withReference ? `<row r="${row}"${spec.attributes}>` : `<row${spec.attributes}>`;
            return `${tag}${spec.cells.map((cell) => renderFuzzCell(cell, row)).join("")}</row>`;
          });
          const bytes = rawWorkbook({
            sheet: boundarySheet(xml),
            sharedStrings: plainSharedStrings,
            styles: excelStyles,
            ...(in1904 ? { workbookPr: '<workbookPr date1904="1"/>' } : {}),
          });
          expect(await expectSameAsSheetJs(bytes)).toHaveProperty("grids");
        },
      ),
      { numRuns: 150 },
    );
  });
});
