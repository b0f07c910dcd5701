import { expect } from "vitest";
import type { SheetGrid } from "../line-list-parser.ts";
import { deflatedPart } from "../test-workbooks.ts";
import {
  defaultWorkbookLimits,
  readSheets,
  type WorkbookLimits,
  type XlsxReader,
} from "../workbook-reader.ts";
import { zipArchive } from "../zip-archive.ts";

// The streaming reader must give the parser exactly what SheetJS gives it: the same grids (cell
// values and types, blanks, rows), the same sheets and the same refusals, on every workbook the
// tests know and on workbooks as other programs write them. The tests of this folder compare the
// two with these.

export type Outcome = { grids: unknown } | { refusal: string };

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

export async function read(
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
export async function expectSameAsSheetJs(
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
export async function expectDeclined(bytes: Buffer): Promise<void> {
  await expect(read(bytes, "streaming-only")).rejects.toThrow(/declined/);
  await expect(read(bytes, "streaming-only", 0, defaultWorkbookLimits, 64)).rejects.toThrow(/declined/);
  expect(await read(bytes, "auto")).toEqual(await read(bytes, "sheetjs"));
}

export const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** An .xlsx put together from raw parts, as programs other than our generators write them. */
export function rawWorkbook(options: {
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

export const excelStyles = `<styleSheet ${ns}><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd;@"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0.00"/><numFmt numFmtId="166" formatCode="[$-409]mmm d, yyyy"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="8"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"><alignment wrapText="1"/></xf><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
