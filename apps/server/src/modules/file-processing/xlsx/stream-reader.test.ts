import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
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
import { defaultWorkbookLimits } from "../workbook-reader.ts";
import {
  excelStyles,
  expectDeclined,
  expectSameAsSheetJs,
  ns,
  rawWorkbook,
  read,
} from "./sheetjs-comparison.ts";

// Whole workbooks, from our generators, the fixtures and other programs, read by the streaming
// reader and by SheetJS: the same grids, sheets and refusals, or the reader declines.

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
