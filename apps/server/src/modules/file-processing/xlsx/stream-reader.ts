/**
 * A fast reader of .xlsx worksheets that gives exactly the cells SheetJS gives with the options
 * of workbook-reader.ts (dense rows, `cellDates`, `sheetRows`, no formulas, text or styles kept).
 *
 * SheetJS builds each cell through regular expressions, a parsed attribute object and a formatted
 * copy of the value; for a large line list, hundreds of thousands of cells, that is most of the
 * import's time. This reader walks the sheet's XML once with `indexOf`, keeps only what the
 * parser reads, and takes the checked, inflated parts from workbook-guard.ts, so every limit of
 * the guard still holds. The cell nearly every writer writes (`<c r="B2" s="1" t="s"><v>7</v></c>`)
 * is read in place from the XML's bytes (plain-cell.ts), with no string cut out of it; any other
 * cell falls back to the general reading (cell.ts), which gives its quirks as SheetJS does.
 *
 * It is a hand-written scanner for the SpreadsheetML subset line lists use, not a SAX parser:
 * saxes is in node_modules only as a dependency of exceljs and jsdom (not ours to declare), and
 * being exact means being exact to SheetJS, which reads the XML with regular expressions, not a
 * parser. So each step mirrors the SheetJS function named in its comment (in the release named by
 * copiedSheetJsVersion), quirks included (entities and `_xHHHH_` escapes decoded as `unescapexml`
 * does, strings decoded from UTF-8 where `utf8read` is called, `\r\n` turned into `\n`). Whatever
 * falls outside that subset (namespace prefixes, CDATA, XML comments, UTF-16 parts, comments or
 * hyperlinks that add cells, formats or sheets SheetJS would choke on) makes it return null, and
 * the caller lets SheetJS read the file: a difference can cost speed, never a different answer.
 * The tests beside it compare both, cell by cell, on every workbook the tests know and on random
 * rows of cells (sheetjs-comparison.ts).
 *
 * The parts, each read as SheetJS reads it: package-parts.ts (content types, workbook,
 * relationships), shared-strings.ts, number-formats.ts and dates.ts, cell-references.ts,
 * worksheet.ts (the part as it is inflated), rows.ts, cell.ts and plain-cell.ts; xml.ts holds
 * SheetJS's XML helpers.
 */

import { defaultChunkBytes, slices, WorksheetPart } from "../workbook-guard.ts";
import { readCellFormats } from "./number-formats.ts";
import {
  isUtf16,
  readContentTypes,
  readRelationships,
  readWorkbook,
  worksheetTypes,
} from "./package-parts.ts";
import { readSharedStrings } from "./shared-strings.ts";
import { sheetContext } from "./sheet-context.ts";
import { Unsupported } from "./unsupported.ts";
import { readWorksheet, type StreamedSheet } from "./worksheet.ts";

/**
 * The SheetJS release whose reading this reader copies. sheetjs.test.ts fails when the installed
 * SheetJS is another: its reading may have changed, and the comparison with it (the tests of this
 * folder, random rows included) must pass again before this is moved on.
 */
export const copiedSheetJsVersion = "0.20.3";

export interface StreamedWorkbook {
  SheetNames: string[];
  Sheets: Record<string, StreamedSheet>;
}

export type SheetSelection = number | string | (number | string)[];

/** SheetJS's `sheets` option: which sheets are parsed (by position or name). */
export function isSelected(selection: SheetSelection, name: string, index: number): boolean {
  const asked = Array.isArray(selection) ? selection : [selection];
  return asked.some((sheet) =>
    typeof sheet === "number" ? sheet === index : sheet.toLowerCase() === name.toLowerCase(),
  );
}

/**
 * Reads the selected sheets from the parts of an .xlsx archive (names as in the zip; worksheets
 * inflated or to be inflated as they are read, in chunks of `chunkBytes`), with at most
 * `sheetRows` rows each, or returns null when SheetJS should read the file instead.
 */
export async function readXlsxParts(
  parts: ReadonlyMap<string, Buffer | WorksheetPart>,
  selection: SheetSelection,
  sheetRows: number,
  chunkBytes = defaultChunkBytes,
): Promise<StreamedWorkbook | null> {
  const files = new Map<string, Buffer | WorksheetPart>();
  for (const [name, content] of parts) {
    const key = name.toLowerCase().replace(/\\/g, "/");
    if (files.has(key)) return null;
    files.set(key, content);
  }
  const text = (path: string): string | null => {
    const content = files.get(path.toLowerCase());
    if (!content) return null;
    // Worksheets are read as they are inflated (readWorksheet), never whole.
    if (content instanceof WorksheetPart) throw new Unsupported();
    if (isUtf16(content)) throw new Unsupported();
    return content.toString("latin1");
  };

  try {
    // OpenDocument packages are read by another SheetJS reader.
    if (files.has("meta-inf/manifest.xml") || files.has("objectdata.xml")) return null;
    const contentTypes = readContentTypes(text("[Content_Types].xml") ?? "");
    const workbookPath = contentTypes.workbook ?? (files.has("xl/workbook.xml") ? "xl/workbook.xml" : null);
    if (!workbookPath || workbookPath.endsWith("bin")) return null;

    const strings = contentTypes.sharedStrings
      ? readSharedStrings(text(contentTypes.sharedStrings) ?? "")
      : [];
    // A styles part named but missing makes SheetJS fail; so does a missing workbook part.
    const stylesXml = contentTypes.styles === undefined ? null : text(contentTypes.styles);
    if (contentTypes.styles !== undefined && stylesXml === null) throw new Unsupported();
    const cellFormats = readCellFormats(stylesXml);
    const workbook = readWorkbook(text(workbookPath));

    // parse_zip: the workbook's relationships, where each sheet's part is.
    const slash = workbookPath.lastIndexOf("/");
    let relsPath = `${workbookPath.slice(0, slash + 1)}_rels/${workbookPath.slice(slash + 1)}.rels`;
    if (!files.has(relsPath.toLowerCase())) relsPath = "xl/_rels/workbook.xml.rels";
    const relationships = readRelationships(text(relsPath));

    const result: StreamedWorkbook = { SheetNames: workbook.sheets.map((sheet) => sheet.name), Sheets: {} };
    for (const [index, entry] of workbook.sheets.entries()) {
      if (!isSelected(selection, entry.name, index)) continue;
      const relationship = entry.id === undefined ? undefined : relationships.get(entry.id);
      if (!relationship || relationship.target === undefined) throw new Unsupported();
      if (!worksheetTypes.has(relationship.type ?? "") && relationship.type) throw new Unsupported();
      let path = `xl/${relationship.target.replace(/[/]?xl\//, "")}`;
      if (!files.has(path.toLowerCase())) path = relationship.target;
      if (!files.has(path.toLowerCase()))
        path = relsPath.replace(/_rels\/[\S\s]*$/, "") + relationship.target;
      const xml = files.get(path.toLowerCase());
      if (!xml) throw new Unsupported();
      // Comments and threaded comments add cells of their own.
      const sheetRels = text(path.replace(/^(.*)(\/)([^/]*)$/, "$1/_rels/$3.rels"));
      if (sheetRels && /comments/i.test(sheetRels)) throw new Unsupported();
      result.Sheets[entry.name] = await readWorksheet(
        xml instanceof WorksheetPart ? xml.chunks(chunkBytes) : slices(xml, chunkBytes),
        sheetContext({ strings, cellFormats, date1904: workbook.date1904 }, sheetRows),
      );
    }
    return result;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}
