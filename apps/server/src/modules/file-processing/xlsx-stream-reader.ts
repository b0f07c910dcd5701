/**
 * A fast reader of .xlsx worksheets that gives exactly the cells SheetJS gives with the options
 * of workbook-reader.ts (dense rows, `cellDates`, `sheetRows`, no formulas, text or styles kept).
 *
 * SheetJS builds each cell through regular expressions, a parsed attribute object and a formatted
 * copy of the value; for a 5,000-style line list (48,000 rows, 680,000 cells) that is most of the
 * import's time. This reader walks the sheet's XML once with `indexOf`, keeps only what the
 * parser reads, and takes the checked, inflated parts from workbook-guard.ts, so every limit of
 * the guard still holds. The cell nearly every writer writes (`<c r="B2" s="1" t="s"><v>7</v></c>`)
 * is read in place from the XML's bytes (readPlainCell), with no string cut out of it; any other
 * cell falls back to the general reading (readCell), which gives its quirks as SheetJS does.
 *
 * It is a hand-written scanner for the SpreadsheetML subset line lists use, not a SAX parser:
 * saxes is in node_modules only as a dependency of exceljs and jsdom (not ours to declare), and
 * being exact means being exact to SheetJS, which reads the XML with regular expressions, not a
 * parser. So each step below mirrors the SheetJS 0.20.3 function named in its comment, quirks
 * included (entities and `_xHHHH_` escapes decoded as `unescapexml` does, strings decoded from
 * UTF-8 where `utf8read` is called, `\r\n` turned into `\n`). Whatever falls outside that subset
 * (namespace prefixes, CDATA, XML comments, UTF-16 parts, comments or hyperlinks that add cells,
 * formats or sheets SheetJS would choke on) makes it return null, and the caller lets SheetJS
 * read the file: a difference can cost speed, never a different answer.
 * xlsx-stream-reader.test.ts compares both, cell by cell, on every workbook the tests know.
 */

import { defaultChunkBytes, slices, WorksheetPart } from "./workbook-guard.ts";

/** A cell as SheetJS's CellObject holds it: its type and value only. */
export interface StreamedCell {
  t: string;
  v?: string | number | boolean | Date;
}

export interface StreamedSheet {
  "!data": (StreamedCell[] | undefined)[];
  /** The recorded used range when it reaches past `sheetRows` (SheetJS's `!fullref`). */
  "!fullref"?: string;
}

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
        {
          strings,
          stringCells: [],
          cellFormats,
          date1904: workbook.date1904,
          sheetRows,
        },
      );
    }
    return result;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** Thrown where SheetJS would take a path this reader does not follow. */
class Unsupported extends Error {}

/** A part written in UTF-16, which SheetJS re-encodes first. */
const isUtf16 = (content: Uint8Array) =>
  (content[0] === 0xff && content[1] === 0xfe) || (content[1] === 0xfe && content[2] === 0xff);

const worksheetTypes = new Set([
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet",
  "http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet",
]);

// ---------------------------------------------------------------------------------------------
// SheetJS's XML helpers, on "binary" strings (one character per byte), as SheetJS reads parts.

// tagregex1 and attregexg of SheetJS.
const tagPattern =
  /<[/?]?[a-zA-Z0-9:_-]+(?:\s+[^"\s?<>/]+\s*=\s*(?:"[^"]*"|'[^']*'|[^'"<>\s=]+))*\s*[/?]?>/gm;
const attributePattern = /\s([^"\s?>/]+)\s*=\s*((?:")([^"]*)(?:")|(?:')([^']*)(?:')|([^'">\s]+))/g;

type Attributes = Record<string, string | undefined>;

/** parsexmltag(tag, skipRoot): attribute names without prefix, also in lower case. */
function parseTag(tag: string, skipRoot = false): Attributes {
  const z: Attributes = {};
  let eq = 0;
  let c: number;
  for (; eq !== tag.length; ++eq) if ((c = tag.charCodeAt(eq)) === 32 || c === 10 || c === 13) break;
  if (!skipRoot) z[0] = tag.slice(0, eq);
  if (eq === tag.length) return z;
  const matches = tag.match(attributePattern);
  if (!matches) return z;
  for (const match of matches) {
    const cc = match.slice(1);
    for (c = 0; c !== cc.length; ++c) if (cc.charCodeAt(c) === 61) break;
    let q = cc.slice(0, c).trim();
    while (cc.charCodeAt(c + 1) === 32) ++c;
    const quote = (eq = cc.charCodeAt(c + 1)) === 34 || eq === 39 ? 1 : 0;
    const v = cc.slice(c + 1 + quote, cc.length - quote);
    let j = 0;
    for (; j !== q.length; ++j) if (q.charCodeAt(j) === 58) break;
    if (j === q.length) {
      if (q.indexOf("_") > 0) q = q.slice(0, q.indexOf("_"));
      z[q] = v;
      z[q.toLowerCase()] = v;
    } else {
      const k = (j === 5 && q.slice(0, 5) === "xmlns" ? "xmlns" : "") + q.slice(j + 1);
      if (z[k] && q.slice(j - 3, j) === "ext") continue;
      z[k] = v;
      z[k.toLowerCase()] = v;
    }
  }
  return z;
}

const entities: Record<string, string> = {
  "&quot;": '"',
  "&apos;": "'",
  "&gt;": ">",
  "&lt;": "<",
  "&amp;": "&",
};
const entityPattern = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const escapePattern = /_x([\da-fA-F]{4})_/gi;

/** unescapexml: entities (any case, numeric ones as UTF-16 code units) and `_xHHHH_` escapes. */
function unescapeXml(text: string, xlsx = false): string {
  let out = text;
  if (out.indexOf("&") >= 0 || out.indexOf("_") >= 0) out = rawUnescape(out);
  return xlsx && out.indexOf("\r\n") >= 0 ? out.replace(/\r\n/g, "\n") : out;
}
function rawUnescape(s: string): string {
  const i = s.indexOf("<![CDATA[");
  if (i === -1) {
    return s
      .replace(
        entityPattern,
        (all: string, code: string | undefined) =>
          entities[all] ||
          String.fromCharCode(parseInt(code as string, all.indexOf("x") > -1 ? 16 : 10)) ||
          all,
      )
      .replace(escapePattern, (_all, code: string) => String.fromCharCode(parseInt(code, 16)));
  }
  const j = s.indexOf("]]>");
  return rawUnescape(s.slice(0, i)) + s.slice(i + 9, j) + rawUnescape(s.slice(j + 3));
}

/** utf8read: a binary string's bytes decoded as UTF-8. */
function utf8(binary: string): string {
  // Plain ASCII, the common case, needs no copy.
  for (let i = 0; i < binary.length; i += 1) {
    if (binary.charCodeAt(i) > 127) return Buffer.from(binary, "latin1").toString("utf8");
  }
  return binary;
}

function parseXmlBool(value: string | undefined): boolean {
  return value === "1" || value === "true";
}

/** str_match_xml_ns(str, tag): the first element `tag` (any prefix), whole and inner. */
function matchElement(str: string, tag: string): [string, string] | null {
  const open = new RegExp(`<(?:\\w+:)?${tag}\\b[^<>]*>`, "g");
  const close = new RegExp(`</(?:\\w+:)?${tag}>`, "g");
  const m = open.exec(str);
  if (!m) return null;
  close.lastIndex = open.lastIndex;
  const end = close.exec(str);
  if (!end) return null;
  return [str.slice(m.index, close.lastIndex), str.slice(open.lastIndex, end.index)];
}

/**
 * matchElement for an element without prefix in text known to hold no prefixed element (the
 * worksheet's rows, checked once): the same answer by `indexOf`, for each cell.
 */
function matchPlainElement(str: string, tag: string, from = 0): string | null {
  const opening = `<${tag}`;
  const closing = `</${tag}>`;
  for (let at = str.indexOf(opening, from); at >= 0; at = str.indexOf(opening, at + 1)) {
    const next = str.charCodeAt(at + 1 + tag.length);
    if (isWordChar(next)) continue; // `\b`: <vm> is not <v>
    let gt = at + 1 + tag.length;
    while (gt < str.length && str.charCodeAt(gt) !== 62 && str.charCodeAt(gt) !== 60) gt += 1;
    if (str.charCodeAt(gt) !== 62) continue;
    const end = str.indexOf(closing, gt + 1);
    return end < 0 ? null : str.slice(gt + 1, end);
  }
  return null;
}

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

// ---------------------------------------------------------------------------------------------
// Workbook-level parts: small, read as SheetJS reads them.

const contentTypesNamespace = "http://schemas.openxmlformats.org/package/2006/content-types";
const workbookContentTypes = new Set([
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
  "application/vnd.ms-excel.sheet.binary.macroEnabled.main",
  "application/vnd.ms-excel.addin.macroEnabled.main+xml",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
]);
const sharedStringsContentTypes = new Set([
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml",
  "application/vnd.ms-excel.sharedStrings",
]);
const stylesContentTypes = new Set([
  "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml",
  "application/vnd.ms-excel.styles",
]);

const withoutSlash = (path: string) => (path.charAt(0) === "/" ? path.slice(1) : path);

/** parse_ct: the first workbook, shared strings and styles parts the content types name. */
function readContentTypes(xml: string): { workbook?: string; sharedStrings?: string; styles?: string } {
  let namespace: string | undefined;
  const found: { workbook?: string; sharedStrings?: string; styles?: string } = {};
  for (const tag of xml.match(tagPattern) ?? []) {
    const y = parseTag(tag);
    const name = (y[0] ?? "").replace(/<\w*:/, "<");
    if (name === "<Types") namespace = y[`xmlns${(/<(\w+):/.exec(y[0] ?? "") ?? ["", ""])[1]}`];
    if (name !== "<Override") continue;
    const type = y.ContentType ?? "";
    const kind = workbookContentTypes.has(type)
      ? "workbook"
      : sharedStringsContentTypes.has(type)
        ? "sharedStrings"
        : stylesContentTypes.has(type)
          ? "styles"
          : null;
    if (!kind || kind in found) continue;
    // SheetJS takes the first one even without a name, and fails on it.
    if (!y.PartName) throw new Unsupported();
    found[kind] = withoutSlash(y.PartName);
  }
  // SheetJS refuses other namespaces.
  if (namespace !== contentTypesNamespace) throw new Unsupported();
  if (found.sharedStrings?.endsWith(".bin") || found.styles?.endsWith(".bin")) throw new Unsupported();
  return found;
}

/** A shared or inline string: its text, or undefined where SheetJS finds none. */
type StringItem = string | undefined;

const plainTextStart = /^\s*<(?:\w+:)?t[^>]*>/;
const textEnd = /<\/(?:\w+:)?t>/;
const runStart = /<(?:\w+:)?r\b[^<>]*>/;
const runText = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;

/** parse_si: a string item's text, plain (`<t>`) or rich (runs, without phonetic runs). */
function parseStringItem(x: string): StringItem {
  if (!x) return "";
  if (plainTextStart.test(x)) {
    return unescapeXml(utf8(x.slice(x.indexOf(">") + 1).split(textEnd)[0] || ""), true);
  }
  if (runStart.test(x)) {
    const withoutPhonetic = removeElements(x, "rPh");
    if (withoutPhonetic === null) throw new Unsupported();
    const runs = (withoutPhonetic.match(runText) ?? []).join("").replace(tagPattern, "");
    return unescapeXml(utf8(runs), true);
  }
  return undefined;
}

/** str_remove_xml_ns_g: the text without every element `tag`; null when one is not closed. */
function removeElements(str: string, tag: string): string | null {
  const open = new RegExp(`<(?:\\w+:)?${tag}\\b[^<>]*>`, "g");
  const close = new RegExp(`</(?:\\w+:)?${tag}>`, "g");
  const out: string[] = [];
  let from = 0;
  for (let m = open.exec(str); m; m = open.exec(str)) {
    out.push(str.slice(from, m.index));
    close.lastIndex = open.lastIndex;
    const end = close.exec(str);
    if (!end) return null;
    from = close.lastIndex;
    open.lastIndex = from;
  }
  out.push(str.slice(from));
  return out.join("");
}

/** parse_sst_xml: the shared strings, by index. */
function readSharedStrings(xml: string): StringItem[] {
  if (xml.indexOf("<![CDATA[") >= 0) throw new Unsupported();
  // matchElement(xml, "sst"), its closing tag found as closingTagStart finds it.
  const open = /<(?:\w+:)?sst\b[^<>]*>/g;
  if (!open.exec(xml)) return [];
  const close = closingTagStart(xml, "sst", open.lastIndex);
  if (close < 0) return [];
  const sst = xml.slice(open.lastIndex, close);
  return (
    readPlainStringItems(sst) ??
    sst
      .replace(/<(?:\w+:)?(?:si|sstItem)>/g, "")
      .split(/<\/(?:\w+:)?(?:si|sstItem)>/)
      .map((item) => parseStringItem(item.trim()))
  );
}

/**
 * The items readSharedStrings reads from `sst` (the text inside `<sst>`), read in place when every
 * one is written as nearly every writer writes it: `<si>`, a `<t>` or `<t ...>` with text up to a
 * `</t>` and no "<" in either, anything without `<si>` up to `</si>` (spaces allowed before `<si>`
 * and after it, as trim removes them, and the whole text free of `sstItem` and prefixed items, so
 * the regular expressions find only `<si>` and `</si>`). Otherwise null.
 */
function readPlainStringItems(sst: string): StringItem[] | null {
  if (sst.indexOf("sstItem") >= 0 || sst.indexOf(":si>") >= 0) return null;
  // Plain ASCII text, the common case, needs no decoding (utf8).
  const ascii = !/[\x80-\xff]/.test(sst);
  const items: StringItem[] = [];
  let nextOpen = sst.indexOf("<si>");
  for (let from = 0; ;) {
    const close = sst.indexOf("</si>", from);
    const end = close < 0 ? sst.length : close;
    let p = from;
    while (p < end && isTrimmed(sst.charCodeAt(p))) p++;
    if (p === end) items.push("");
    else {
      // This item's `<si>`, and no other before `</si>`.
      if (p !== nextOpen) return null;
      nextOpen = sst.indexOf("<si>", p + 4);
      if (nextOpen >= 0 && nextOpen < end) return null;
      p += 4;
      while (p < end && isTrimmed(sst.charCodeAt(p))) p++;
      const next = sst.charCodeAt(p + 2);
      if (sst.charCodeAt(p) !== 60 || sst.charCodeAt(p + 1) !== 116 || (next !== 62 && next !== 32))
        return null;
      const gt = sst.indexOf(">", p + 2);
      const lt = sst.indexOf("<", p + 2);
      if (gt < 0 || lt < gt || lt >= end) return null;
      if (sst.charCodeAt(lt + 1) !== 47 || sst.charCodeAt(lt + 2) !== 116 || sst.charCodeAt(lt + 3) !== 62) {
        return null;
      }
      const text = sst.slice(gt + 1, lt);
      items.push(unescapeXml(ascii ? text : utf8(text), true));
    }
    if (close < 0) return items;
    from = close + 5;
  }
}

/** The number formats SheetJS's SSF table starts every read with (make_ssf). */
const builtInFormats: Record<number, string> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  12: "# ?/?",
  13: "# ??/??",
  14: "m/d/yy",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "m/d/yy h:mm",
  37: "#,##0 ;(#,##0)",
  38: "#,##0 ;[Red](#,##0)",
  39: "#,##0.00;(#,##0.00)",
  40: "#,##0.00;[Red](#,##0.00)",
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mmss.0",
  48: "##0.0E+0",
  49: "@",
  56: '"上午/下午 "hh"時"mm"分"ss"秒 "',
};
// bad_formats: a format Google Sheets writes that SheetJS corrects as it loads it.
const correctedFormats: Record<string, string> = { "d.m": "d\\.m" };
const lastFormatId = 0x188;

/**
 * parse_sty_xml (numFmts and cellXfs only): whether each cell format is a date format, by index,
 * or null without a cellXfs list (SheetJS then applies no format at all).
 */
function readCellFormats(xml: string | null): (boolean | null)[] | null {
  if (!xml) return null;
  if (xml.indexOf("<!--") >= 0 || /<!DOCTYPE/i.test(xml)) throw new Unsupported();
  const table: Record<number, string> = { ...builtInFormats };
  const numberFormats: Record<number, string> = { ...builtInFormats };
  const numFmts = matchElement(xml, "numFmts");
  for (const tag of numFmts?.[0].match(tagPattern) ?? []) {
    const y = parseTag(tag);
    if ((y[0] ?? "").replace(/<(\/?)\w+:/, "<$1") !== "<numFmt") continue;
    if (y.formatCode === undefined) throw new Unsupported();
    const format = unescapeXml(utf8(y.formatCode));
    let id = parseInt(y.numFmtId ?? "", 10);
    numberFormats[id] = format;
    if (id > 0) {
      if (id > lastFormatId) {
        for (id = lastFormatId; id > 0x3c; --id) if (numberFormats[id] == null) break;
        numberFormats[id] = format;
      }
      table[id] = correctedFormats[format] ?? format;
    }
  }
  const cellXfs = matchElement(xml, "cellXfs");
  if (!cellXfs) return null;
  const cellFormats: (boolean | null)[] = [];
  for (const tag of cellXfs[0].match(tagPattern) ?? []) {
    const y = parseTag(tag);
    const name = (y[0] ?? "").replace(/<(\/?)\w+:/, "<$1");
    if (name !== "<xf" && name !== "<xf/>" && name !== "<xf>") continue;
    // An empty numFmtId is kept as "", a format SheetJS does not know.
    if (y.numFmtId === "") {
      cellFormats.push(null);
      continue;
    }
    let id: number | undefined = y.numFmtId ? parseInt(y.numFmtId, 10) : undefined;
    if (id !== undefined && id > lastFormatId) {
      for (let i = lastFormatId; i > 0x3c; --i) {
        if (numberFormats[id] === numberFormats[i]) {
          id = i;
          break;
        }
      }
    }
    const format = table[id ?? 0];
    // A format SheetJS does not know makes it drop the sheet, numbers or not: let it.
    cellFormats.push(format === undefined ? null : isDateFormat(format));
  }
  return cellFormats;
}

/**
 * SSF's fmt_is_date: whether a number format shows a date or a time. Ported rather than imported
 * so that reading an .xlsx does not load SheetJS at all; the test holds it to SheetJS's.
 */
export function isDateFormat(fmt: string): boolean {
  let i = 0;
  let c: string;
  while (i < fmt.length) {
    switch ((c = fmt.charAt(i))) {
      case "G":
        if (isGeneral(fmt, i)) i += 6;
        i++;
        break;
      case '"':
        while (fmt.charCodeAt(++i) !== 34 && i < fmt.length);
        ++i;
        break;
      case "\\":
      case "_":
        i += 2;
        break;
      case "@":
        ++i;
        break;
      case "B":
      case "b":
      case "M":
      case "D":
      case "Y":
      case "H":
      case "S":
      case "E":
      case "m":
      case "d":
      case "y":
      case "h":
      case "s":
      case "e":
      case "g":
        return true;
      case "A":
      case "a":
      case "上":
        if (fmt.substr(i, 3).toUpperCase() === "A/P") return true;
        if (fmt.substr(i, 5).toUpperCase() === "AM/PM") return true;
        if (fmt.substr(i, 5).toUpperCase() === "上午/下午") return true;
        ++i;
        break;
      case "[": {
        let o = c;
        while (fmt.charAt(i++) !== "]" && i < fmt.length) o += fmt.charAt(i);
        if (/\[[HhMmSs\u0E0A\u0E19\u0E17]*\]/.test(o)) return true;
        break;
      }
      case ".":
      case "0":
      case "#":
        while (
          i < fmt.length &&
          ("0#?.,E+-%".indexOf((c = fmt.charAt(++i))) > -1 ||
            (c === "\\" && fmt.charAt(i + 1) === "-" && "0#".indexOf(fmt.charAt(i + 2)) > -1))
        );
        break;
      case "?":
        while (fmt.charAt(++i) === c);
        break;
      case "*":
        ++i;
        if (fmt.charAt(i) === " " || fmt.charAt(i) === "*") ++i;
        break;
      case "1":
      case "2":
      case "3":
      case "4":
      case "5":
      case "6":
      case "7":
      case "8":
      case "9":
        while (i < fmt.length && "0123456789".indexOf(fmt.charAt(++i)) > -1);
        break;
      default:
        ++i;
        break;
    }
  }
  return false;
}

/** SSF_isgeneral: "General", in any case, at `i`. */
function isGeneral(s: string, i: number): boolean {
  if (s.length < 7 + i) return false;
  for (let k = 0; k < 7; k++) if ((s.charCodeAt(i + k) | 32) !== "general".charCodeAt(k)) return false;
  return true;
}

interface WorkbookSheet {
  name: string;
  id?: string;
}

const workbookNamespaces = new Set([
  "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
  "http://purl.oclc.org/ooxml/spreadsheetml/main",
  "http://schemas.microsoft.com/office/excel/2006/main",
  "http://schemas.microsoft.com/office/excel/2006/2",
]);

/** parse_wb_xml: the sheets in order, and the 1904 date system. */
function readWorkbook(xml: string | null): { sheets: WorkbookSheet[]; date1904: boolean } {
  if (!xml) throw new Unsupported();
  const sheets: WorkbookSheet[] = [];
  let date1904 = false;
  let namespace: string | undefined;
  for (const tag of xml.match(tagPattern) ?? []) {
    const y = parseTag(tag);
    const name = (y[0] ?? "").replace(/<(\/?)\w+:/, "<$1");
    if (name === "<workbook") namespace = y[`xmlns${(/<(\w+):workbook/.exec(tag) ?? ["", ""])[1]}`];
    else if ((name === "<workbookPr" || name === "<workbookPr/>") && y.date1904 != null) {
      date1904 = parseXmlBool(y.date1904);
    } else if (name === "<sheet") {
      if (y.name === undefined) throw new Unsupported();
      sheets.push({ name: unescapeXml(utf8(y.name)), id: y.id || y.strRelID });
    }
  }
  if (!namespace || !workbookNamespaces.has(namespace)) throw new Unsupported();
  return { sheets, date1904 };
}

/** parse_rels: relationships by id. */
function readRelationships(xml: string | null): Map<string, { type?: string; target?: string }> {
  const relationships = new Map<string, { type?: string; target?: string }>();
  for (const tag of xml?.match(tagPattern) ?? []) {
    const y = parseTag(tag);
    if (y[0] !== "<Relationship" || y.Id === undefined) continue;
    relationships.set(y.Id, {
      type: y.Type,
      target: y.Target === undefined ? undefined : unescapeXml(y.Target),
    });
  }
  return relationships;
}

// ---------------------------------------------------------------------------------------------
// Dates, as SheetJS makes them.

const dayMs = 24 * 60 * 60 * 1000;
const epoch1899 = Date.UTC(1899, 11, 30, 0, 0, 0);
const epoch1899Next = Date.UTC(1899, 11, 31, 0, 0, 0);
const epoch1904 = Date.UTC(1904, 0, 1, 0, 0, 0);

/** numdate: a serial number as a Date (1900 leap-year bug included); day 60 stays a number. */
function serialToDate(v: number): Date | number {
  if (v >= 60 && v < 61) return v;
  return new Date((v > 60 ? v : v + 1) * dayMs + epoch1899);
}

const timeOnly = /^(\d+):(\d+)(:\d+)?(\.\d+)?$/;
const dateOnly = /^(\d+)-(\d+)-(\d+)$/;
const dateTime = /^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/;

/** parseDate: an ISO text as a UTC date. */
function parseIsoDate(str: string, date1904: boolean): Date {
  let m = timeOnly.exec(str);
  if (m) {
    return new Date(
      (date1904 ? epoch1904 : epoch1899Next) +
        ((parseInt(m[1]!, 10) * 60 + parseInt(m[2]!, 10)) * 60 + (m[3] ? parseInt(m[3].slice(1), 10) : 0)) *
          1000 +
        (m[4] ? parseInt(`${m[4]}000`.slice(1, 4), 10) : 0),
    );
  }
  m = dateOnly.exec(str);
  if (m) return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, 0, 0, 0, 0));
  m = dateTime.exec(str);
  if (m) {
    return new Date(
      Date.UTC(
        +m[1]!,
        +m[2]! - 1,
        +m[3]!,
        +m[4]!,
        +m[5]!,
        (m[6] && parseInt(m[6].slice(1), 10)) || 0,
        (m[7] && parseInt(`${m[7]}0000`.slice(1, 4), 10)) || 0,
      ),
    );
  }
  return new Date(str);
}

// ---------------------------------------------------------------------------------------------
// The worksheet.

interface SheetContext {
  strings: StringItem[];
  /**
   * The cells of shared strings readPlainCell has made, by index: one for all the cells of a
   * string, never changed once made (toGrid only reads cells), for a fraction of the allocations.
   */
  stringCells: (StreamedCell | undefined)[];
  cellFormats: (boolean | null)[] | null;
  date1904: boolean;
  sheetRows: number;
}

// RBErr: error texts to the codes workbook-reader.ts turns back into texts.
const errorCodes: Record<string, number> = {
  "#NULL!": 0x00,
  "#DIV/0!": 0x07,
  "#VALUE!": 0x0f,
  "#REF!": 0x17,
  "#NAME?": 0x1d,
  "#NUM!": 0x24,
  "#N/A": 0x2a,
  "#GETTING_DATA": 0x2b,
  "#WTF?": 0xff,
};

/** safe_decode_range: a range such as "A1:C9", as SheetJS reads it. */
function decodeRange(range: string): { s: { c: number; r: number }; e: { c: number; r: number } } {
  let i = 0;
  let stop = 0; // the code that ended the digits, less 48: 10 for ":"
  const letters = () => {
    let idx = 0;
    for (; i < range.length; ++i) {
      const cc = range.charCodeAt(i) - 64;
      if (cc < 1 || cc > 26) break;
      idx = 26 * idx + cc;
    }
    return idx - 1;
  };
  const digits = () => {
    let idx = 0;
    for (; i < range.length; ++i) {
      stop = range.charCodeAt(i) - 48;
      if (stop < 0 || stop > 9) break;
      idx = 10 * idx + stop;
    }
    return idx - 1;
  };
  const start = { c: letters(), r: digits() };
  if (i === range.length || stop !== 10) return { s: start, e: { ...start } };
  ++i;
  return { s: start, e: { c: letters(), r: digits() } };
}

/** encode_col: a column's letters. */
export function encodeColumn(col: number): string {
  let s = "";
  for (++col; col; col = Math.floor((col - 1) / 26)) s = String.fromCharCode(((col - 1) % 26) + 65) + s;
  return s;
}
const encodeCell = (r: number, c: number) => `${encodeColumn(c)}${r + 1}`;

/**
 * parse_ws_xml, for what the reader keeps: the cells and the recorded range past sheetRows. The
 * part comes in chunks as it is inflated, and is read a run of whole rows at a time, so only about
 * a chunk of its XML is held at once, never the tens of megabytes of a large sheet. SheetJS reads
 * the part whole; each step below gives what that whole reading gives:
 *   - the checks SheetJS makes on the whole part (CDATA, comments, hyperlinks) are made on every
 *     run; none of the markup they look for can span two runs, which are cut just after a `</row>`;
 *   - the rows are those of the first `<sheetData>`, up to the first `</sheetData>` after it, split
 *     at `</row>` as SheetJS splits them; without that closing tag SheetJS reads no row, and
 *     neither does this;
 *   - the dimension is the first one in the part: in the head, before `<sheetData>`, where writers
 *     put it. One anywhere else makes the reader decline the file.
 */
async function readWorksheet(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
  context: SheetContext,
): Promise<StreamedSheet> {
  const sheet: StreamedSheet = { "!data": [] };
  const rows: RowsRead = { tagr: 0, stopped: false };
  let phase: "head" | "rows" | "tail" = "head";
  let pending = "";
  // In the rows' phase, pending's bytes (one a character): the rows are scanned in them. They are
  // the chunk itself, or the bytes left from the chunk before and the chunk, in `work`, which is
  // reused from chunk to chunk (a fresh megabyte each time costs more than the copy).
  let pendingBytes: Buffer = Buffer.alloc(0);
  let work: Buffer = Buffer.alloc(0);
  const headChunks: Buffer[] = [];
  let first = true;
  // The first dimension tag's text (SheetJS reads its range from it), once the head is read.
  let dimension: Dimension | undefined;

  for await (const chunk of chunks) {
    if (first && chunk.length > 0) {
      if (isUtf16(chunk)) throw new Unsupported();
      first = false;
    }
    if (phase === "rows") {
      if (pendingBytes.length === 0) pendingBytes = chunk;
      else {
        const size = pendingBytes.length + chunk.length;
        if (work.length < size) {
          const grown = Buffer.allocUnsafe(Math.max(size, 2 * work.length));
          pendingBytes.copy(grown, 0);
          work = grown;
        } else pendingBytes.copy(work, 0); // copy, unlike set, is right where the two overlap
        chunk.copy(work, size - chunk.length);
        pendingBytes = work.subarray(0, size);
      }
      pending = pendingBytes.toString("latin1");
    } else {
      pending += chunk.toString("latin1");
      if (phase === "head") headChunks.push(chunk);
    }
    if (phase === "head") {
      const open = /<(?:\w+:)?sheetData\b[^<>]*>/g;
      if (!open.exec(pending)) continue;
      const head = pending.slice(0, open.lastIndex);
      checkPartText(head);
      dimension = readDimension(head, pending, false);
      pending = pending.slice(open.lastIndex);
      pendingBytes = Buffer.concat(headChunks).subarray(open.lastIndex);
      headChunks.length = 0;
      phase = "rows";
    }
    if (phase === "rows") {
      const end = closingTagStart(pending, "sheetData", 0);
      const cut = end >= 0 ? end : pending.lastIndexOf("</row>") + 6;
      if (end < 0 && cut < 6) continue;
      const run = pending.slice(0, cut);
      checkPartText(run, dimension);
      // Rows and cells are found by `indexOf` below, which assumes no prefixed element.
      if (hasPrefixedTag(run, pendingBytes)) throw new Unsupported();
      if (!rows.stopped) rows.tagr = readRows(run, pendingBytes, context, sheet["!data"], rows);
      pending = pending.slice(cut);
      pendingBytes = pendingBytes.subarray(cut);
      if (end >= 0) phase = "tail";
    }
    // The tail, after the rows, is short: it is checked once, whole, at the end.
  }
  if (phase === "head") dimension = readDimension(pending, pending, true);
  checkPartText(pending, dimension);
  // Without `</sheetData>`, SheetJS reads no row at all.
  if (phase !== "tail") sheet["!data"] = [];

  // The dimension, to tell a sheet longer than what was read (SheetJS's !fullref).
  const ref = dimension?.text === undefined ? null : /"(\w*:\w*)"/.exec(dimension.text);
  if (ref) {
    const range = decodeRange(ref[1]!);
    const valid = range.s.r <= range.e.r && range.s.c <= range.e.c && range.s.r >= 0 && range.s.c >= 0;
    if (valid && context.sheetRows <= range.e.r) {
      sheet["!fullref"] = `${encodeCell(range.s.r, range.s.c)}:${encodeCell(range.e.r, range.e.c)}`;
    }
  }
  return sheet;
}

/** The part's first dimension tag: found in the head or not, and the text its range is read from. */
interface Dimension {
  found: boolean;
  text?: string;
}

const dimensionTag = /<(?:\w*:)?dimension/;

/**
 * The checks SheetJS makes on the whole part, made on a run of it; and, when the head had no
 * dimension, a dimension tag further on, which SheetJS would read and this reader does not.
 */
function checkPartText(text: string, dimension?: Dimension): void {
  // Both hold a "!", which sheets seldom do: looking for it first is several times quicker.
  if (text.indexOf("!") >= 0 && (text.indexOf("<![CDATA[") >= 0 || text.indexOf("<!--") >= 0))
    throw new Unsupported();
  // Hyperlinks add cells.
  if (text.indexOf("hyperlink ") >= 0 && /<(?:\w+:)?hyperlink /.test(text)) throw new Unsupported();
  // "imension" is in every match and found several times quicker than "dimension".
  if (dimension && !dimension.found && text.indexOf("imension") >= 0 && dimensionTag.test(text))
    throw new Unsupported();
}

/**
 * The first dimension tag of the head (`head`, a prefix of `text`, which is the whole part when
 * `whole`), with the 50 characters from it that SheetJS reads its range from.
 */
function readDimension(head: string, text: string, whole: boolean): Dimension {
  const match = head.indexOf("dimension") < 0 ? null : dimensionTag.exec(head);
  if (!match) return { found: false };
  // Those characters may reach past what has been inflated so far: rare enough to decline.
  if (match.index + 50 > text.length && !whole) throw new Unsupported();
  return { found: true, text: match.index > 0 ? text.slice(match.index, match.index + 50) : undefined };
}

/**
 * Where the first match of `/<\/(?:\w+:)?${name}>/` at or after `from` starts, or -1: the same
 * answer by `indexOf` on the name, without trying the regular expression at every `<` of a
 * part of tens of megabytes. The name's last characters are looked for first: "Data>" is found
 * several times quicker than "sheetData>" in a worksheet's XML.
 */
function closingTagStart(str: string, name: string, from: number): number {
  const tail = `${name}>`;
  const probe = tail.slice(-5);
  const before = tail.length - probe.length;
  for (let found = str.indexOf(probe, from + before); found >= 0; found = str.indexOf(probe, found + 1)) {
    const at = found - before;
    if (before > 0 && !str.startsWith(tail, at)) continue;
    let start = at;
    if (str.charCodeAt(at - 1) === 58) {
      // A prefix: the word characters before the ":", all of them (none of "<", "/" is one).
      start = at - 1;
      while (start > 0 && isWordChar(str.charCodeAt(start - 1))) start--;
      if (start === at - 1) continue;
    }
    if (start - 2 >= from && str.charCodeAt(start - 2) === 60 && str.charCodeAt(start - 1) === 47) {
      return start - 2;
    }
  }
  return -1;
}

/**
 * `/<\/?\w+:/.test(str)`, by looking only at the colons (few in a worksheet) and the word
 * characters before each: the regular expression tries every `<` of the part.
 */
function hasPrefixedTag(str: string, bytes: Uint8Array): boolean {
  for (let colon = str.indexOf(":"); colon >= 0; colon = str.indexOf(":", colon + 1)) {
    let start = colon;
    while (start > 0 && isWordChar(bytes[start - 1]!)) start--;
    if (start === colon) continue;
    const before = bytes[start - 1];
    if (before === 60 || (before === 47 && bytes[start - 2] === 60)) return true;
  }
  return false;
}

/** Where reading the rows is, from one run of them to the next. */
interface RowsRead {
  /** The last row's number. */
  tagr: number;
  /** SheetJS stopped reading rows (a row without a tag). */
  stopped: boolean;
}

/**
 * parse_ws_xml_data: rows split at `</row>`, cells at `<c `, `<c/` or `<c>`; `bytes` are the
 * bytes of `sdata` (one a character), where it is scanned. Returns the last row's number.
 */
function readRows(
  sdata: string,
  bytes: Uint8Array,
  context: SheetContext,
  rows: (StreamedCell[] | undefined)[],
  state: RowsRead,
): number {
  let tagr = state.tagr;
  for (let from = 0; from < sdata.length;) {
    let end = closingRowStart(sdata, bytes, from);
    if (end < 0) end = sdata.length;
    // The row's text, trimmed, read in place: from `start` to `stop`.
    let start = from;
    let stop = end;
    while (start < stop && isTrimmed(bytes[start]!)) start++;
    while (stop > start && isTrimmed(bytes[stop - 1]!)) stop--;
    from = end + 6;
    if (start === stop) continue;

    // The row's tag: the first one not closed by "/>".
    let rowTagStart = start;
    let ri = start;
    for (; ri < stop; ++ri) {
      const code = bytes[ri]!;
      if (code === 62) {
        if (ri === start || bytes[ri - 1] !== 47) {
          ++ri;
          break;
        }
      } else if (code === 60) rowTagStart = ri;
    }
    if (rowTagStart >= ri) {
      state.stopped = true;
      break;
    }
    const number = plainRowReference(bytes, rowTagStart, ri);
    if (number >= 0) tagr = number;
    else if (number === -1) tagr += 1;
    else {
      const reference = rowReference(sdata.slice(rowTagStart, ri));
      tagr = reference != null ? parseInt(reference, 10) : tagr + 1;
    }
    if (Number.isNaN(tagr)) throw new Unsupported();
    if (context.sheetRows < tagr) continue;
    readCells(sdata, bytes, ri, stop, tagr, context, rows);
  }
  return tagr;
}

/**
 * `sdata.indexOf("</row>", from)`, by looking for "ow>", found several times quicker than
 * "</row>" (whose "<" is everywhere) in a worksheet's XML.
 */
function closingRowStart(sdata: string, bytes: Uint8Array, from: number): number {
  for (let at = sdata.indexOf("ow>", from + 3); at >= 0; at = sdata.indexOf("ow>", at + 1)) {
    if (bytes[at - 1] === 114 && bytes[at - 2] === 47 && bytes[at - 3] === 60) return at - 3;
  }
  return -1;
}

/** What String.prototype.trim removes, among the characters of a binary string. */
function isTrimmed(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160;
}

/**
 * A row's cells: the text of `x` (and its `bytes`, one a character) from `from` (after the row's
 * tag) to `stop` (the row's end, as trimmed), cut as `split(/<(?:\w+:)?c[ \/>]/)` cuts it. Plain
 * cells are read in place by readPlainCell; any other piece is cut out, trimmed and read by
 * readCell.
 */
function readCells(
  x: string,
  bytes: Uint8Array,
  from: number,
  stop: number,
  tagr: number,
  context: SheetContext,
  rows: (StreamedCell[] | undefined)[],
): void {
  let tagc = -1;
  let leading = true;
  let pieceStart = from;
  let at = cellTagStart(bytes, from, stop);
  for (;;) {
    // The next cut: `<c` and one of " ", "/", ">", all three before the row's end.
    for (; at >= 0 && at + 2 < stop; at = cellTagStart(bytes, at + 1, stop)) {
      const next = bytes[at + 2]!;
      if (next === 32 || next === 47 || next === 62) break;
    }
    if (at + 2 >= stop) at = -1;

    // The piece before it, trimmed.
    let start = pieceStart;
    let end = at < 0 ? stop : at;
    while (start < end && isTrimmed(bytes[start]!)) start++;
    while (end > start && isTrimmed(bytes[end - 1]!)) end--;
    // SheetJS drops the pieces before the first one that does not start with "<".
    if (!leading || start >= end || bytes[start] !== 60) {
      leading = false;
      if (start < end) tagc = readCell(x.slice(start, end), tagr, tagc, context, rows);
    }
    if (at < 0) return;

    // Plain cells, one after the other, as long as there are.
    while (bytes[at + 2] === 32) {
      const next = readPlainCell(x, bytes, at + 3, stop, tagr, tagc, context, rows);
      if (next < 0) break;
      leading = false;
      tagc = plainTagc;
      if (next >= stop) return;
      at = next;
    }
    pieceStart = at + 3;
    at = cellTagStart(bytes, at + 3, stop);
  }
}

/**
 * The row's `x.indexOf("<c", from)`, `x` the row's text ending at `stop`: looked for in the row
 * only, as `indexOf` would look through every row after it for a row without cells.
 */
function cellTagStart(bytes: Uint8Array, from: number, stop: number): number {
  for (let i = from; i + 1 < stop; i++) if (bytes[i] === 60 && bytes[i + 1] === 99) return i;
  return -1;
}

/** The column counter after the last cell readPlainCell read. */
let plainTagc = -1;

/** 10 ** i, exact, for the digits after a decimal point. */
const powersOfTen = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * readCell, for the cell nearly every writer writes, read in place from `bytes` at `start` (just
 * after `<c `), without cutting out its piece: `r="AB12" s="3" t="s"><v>123</v></c>` or
 * `r="AB12" s="3"/>`, where
 *   - the attributes are r, s and t (in lower case, each once at most, in any order), written
 *     `name="value"` one space apart, r capitals (1 to 3) then digits (1 to 7), s digits without a
 *     leading zero, t "s" or "n";
 *   - `<v>` comes right after the tag, holds digits (a shared string's index, 9 digits at most)
 *     or a number (digits and `.-+eE`), and is followed by `</v></c>`;
 *   - then only spaces, tabs and line breaks up to the next `<c` and " ", "/" or ">", or to `stop`.
 * It gives what readCell gives for that piece (cell, column counter), stores the cell and returns
 * where the next cell's `<c` is (`stop` at the row's end); or returns -1, having stored nothing,
 * for a cell that is not such (readCell then reads it), or on which readCell throws.
 */
function readPlainCell(
  x: string,
  bytes: Uint8Array,
  start: number,
  stop: number,
  tagr: number,
  tagc: number,
  context: SheetContext,
  rows: (StreamedCell[] | undefined)[],
): number {
  let p = start;
  let code: number;
  // From r: the cell's row and column, both from 0; -2 when there is no r.
  let row = -2;
  let col = -2;
  let style = -1; // s, or -1
  let type = 0; // t's character code ("s" or "n"), or 0
  let empty = false;
  for (;;) {
    const name = bytes[p]!;
    if (bytes[p + 1] !== 61 || bytes[p + 2] !== 34) return -1;
    p += 3;
    code = bytes[p]!;
    const valueStart = p;
    if (name === 114) {
      if (row !== -2) return -1;
      col = 0;
      for (; code >= 65 && code <= 90; code = bytes[++p]!) col = 26 * col + code - 64;
      const letters = p - valueStart;
      row = 0;
      for (; code >= 48 && code <= 57; code = bytes[++p]!) row = 10 * row + code - 48;
      const digits = p - valueStart - letters;
      if (letters === 0 || letters > 3 || digits === 0 || digits > 7) return -1;
      row -= 1;
      col -= 1;
    } else if (name === 115) {
      if (style !== -1) return -1;
      style = 0;
      for (; code >= 48 && code <= 57; code = bytes[++p]!) style = 10 * style + code - 48;
      const digits = p - valueStart;
      if (digits === 0 || digits > 9 || (digits > 1 && bytes[valueStart] === 48)) return -1;
    } else if (name === 116) {
      if (type !== 0 || (code !== 115 && code !== 110)) return -1;
      type = code;
      code = bytes[++p]!;
    } else return -1;
    if (code !== 34) return -1;
    code = bytes[++p]!;
    if (code === 32) {
      p++;
      continue;
    }
    if (code === 62) {
      p++;
      break;
    }
    if (code === 47 && bytes[p + 1] === 62) {
      p += 2;
      empty = true;
      break;
    }
    return -1;
  }

  let cell: StreamedCell | null = null;
  if (!empty) {
    if (bytes[p] !== 60 || bytes[p + 1] !== 118 || bytes[p + 2] !== 62) return -1;
    p += 3;
    const valueStart = p;
    code = bytes[p]!;
    if (type === 115) {
      // A shared string: parseInt of the digits.
      let index = 0;
      for (; code >= 48 && code <= 57; code = bytes[++p]!) index = 10 * index + code - 48;
      if (p === valueStart || p - valueStart > 9 || index >= context.strings.length) return -1;
      cell = context.stringCells[index] ??= { t: "s", v: context.strings[index] };
    } else {
      // A number: parseFloat of the text, computed here for up to 15 digits with or without a
      // decimal point (a quotient of two exact numbers, rounded once as parseFloat rounds).
      const negative = code === 45;
      if (negative) code = bytes[++p]!;
      let mantissa = 0;
      const integerStart = p;
      for (; code >= 48 && code <= 57; code = bytes[++p]!) mantissa = 10 * mantissa + code - 48;
      let digits = p - integerStart;
      let scale = 0;
      let exact = digits > 0;
      if (code === 46) {
        const fractionStart = ++p;
        code = bytes[p]!;
        for (; code >= 48 && code <= 57; code = bytes[++p]!) mantissa = 10 * mantissa + code - 48;
        scale = p - fractionStart;
        digits += scale;
        if (scale === 0) exact = false;
      }
      if (digits > 15) exact = false;
      // Exponents, signs and the like: left to parseFloat.
      for (; isNumberCharacter(code); code = bytes[++p]!) exact = false;
      if (p === valueStart) return -1;
      let v: number | Date = exact
        ? negative
          ? -(mantissa / powersOfTen[scale]!)
          : mantissa / powersOfTen[scale]!
        : parseFloat(x.slice(valueStart, p));
      let t = "n";
      const formats = context.cellFormats;
      if (formats !== null && style >= 0) {
        const isDate = style < formats.length ? formats[style] : undefined;
        if (isDate === null) return -1; // readCell throws
        if (isDate) {
          v = serialToDate(v + (context.date1904 ? 1462 : 0));
          t = typeof v === "number" ? "n" : "d";
        }
      }
      cell = { t, v };
    }
    // "</v></c>"
    if (
      bytes[p] !== 60 ||
      bytes[p + 1] !== 47 ||
      bytes[p + 2] !== 118 ||
      bytes[p + 3] !== 62 ||
      bytes[p + 4] !== 60 ||
      bytes[p + 5] !== 47 ||
      bytes[p + 6] !== 99 ||
      bytes[p + 7] !== 62
    )
      return -1;
    p += 8;
  }
  if (p > stop) return -1;

  // Where the piece ends: the next cell, or the row's end.
  let next = p;
  for (; next < stop; next++) {
    code = bytes[next]!;
    if (code === 60) break;
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return -1;
  }
  if (next < stop) {
    if (next + 2 >= stop || bytes[next + 1] !== 99) return -1;
    code = bytes[next + 2]!;
    if (code !== 32 && code !== 47 && code !== 62) return -1;
  }

  if (row === -2) {
    // No reference: the row's number and the column counter, as readCell takes them.
    if (tagr < 1) return -1; // readCell throws
    row = tagr - 1;
    col = tagc + 1;
  }
  if (cell !== null) {
    if (row < 0) return -1; // readCell throws
    (rows[row] ??= [])[col] = cell;
  }
  plainTagc = col;
  return next;
}

/** What a number's text may hold besides digits and a point, for parseFloat to read. */
function isNumberCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || code === 46 || code === 45 || code === 43 || code === 101 || code === 69
  );
}

/** One cell (its text from after `<c` to the next cell); returns the column counter. */
function readCell(
  piece: string,
  tagr: number,
  tagc: number,
  context: SheetContext,
  rows: (StreamedCell[] | undefined)[],
): number {
  // SheetJS reads the tag `<c ` + the piece up to its first ">", and the rest as the content.
  const withOpen = piece.charCodeAt(0) === 60;
  const gt = withOpen ? -1 : piece.indexOf(">");
  const content = withOpen ? 0 : gt < 0 ? piece.length : gt + 1;
  if (withOpen) setCellTag({});
  else if (gt < 0) setCellTag(parseTag(`<c ${piece}`, true));
  else readCellTag(piece, gt);

  // The column counter for cells without a reference: from the first r="..." in the piece.
  let ref: string | undefined;
  if (piece.charCodeAt(0) === 114 && piece.charCodeAt(1) === 61 && isQuote(piece.charCodeAt(2))) {
    let close = 3;
    while (close < piece.length && !isQuote(piece.charCodeAt(close))) close++;
    if (close < piece.length) ref = piece.slice(3, close);
  }
  if (ref === undefined) ref = /r=["']([^"']*)["']/.exec(piece)?.[1];
  if (ref !== undefined) {
    let idx = 0;
    for (let i = 0; i !== ref.length; ++i) {
      const cc = ref.charCodeAt(i) - 64;
      if (cc < 1 || cc > 26) break;
      idx = 26 * idx + cc;
    }
    tagc = idx - 1;
  } else ++tagc;

  let row: number;
  let col: number;
  if (cellTag.r) {
    ({ r: row, c: col } = decodeCell(cellTag.r));
  } else {
    if (tagc < 0 || tagr < 1) throw new Unsupported();
    row = tagr - 1;
    col = tagc;
  }

  // `<v>` right after the tag, as nearly every writer puts it: matchPlainElement's answer directly.
  let rawValue: string | null;
  if (
    piece.charCodeAt(content) === 60 &&
    piece.charCodeAt(content + 1) === 118 &&
    piece.charCodeAt(content + 2) === 62
  ) {
    const end = piece.indexOf("</v>", content + 3);
    rawValue = end < 0 ? null : piece.slice(content + 3, end);
  } else rawValue = matchPlainElement(piece, "v", content);
  const pv = rawValue !== null && rawValue !== "" ? unescapeXml(rawValue) : undefined;
  const cell = cellOf(cellTag.t, pv, piece, content, context);
  if (!cell) return tagc;

  if (cell.t === "n" && context.cellFormats && cellTag.s !== undefined) {
    const isDate = context.cellFormats[cellTag.s as unknown as number];
    if (isDate === null) throw new Unsupported();
    if (isDate) {
      const date = serialToDate((cell.v as number) + (context.date1904 ? 1462 : 0));
      cell.v = date;
      cell.t = typeof date === "number" ? "n" : "d";
    }
  }

  if (row < 0 || col < 0) throw new Unsupported();
  (rows[row] ??= [])[col] = cell;
  return tagc;
}

const isQuote = (code: number) => code === 34 || code === 39;

/** The attributes of the cell being read that SheetJS uses. */
const cellTag: { r?: string; s?: string; t?: string } = {};
function setCellTag(attributes: Attributes): void {
  cellTag.r = attributes.r;
  cellTag.s = attributes.s;
  cellTag.t = attributes.t;
}

/**
 * parseTag(`<c ` + piece up to `gt` + `>`), without a regular expression when the attributes
 * are plain (`name="value"` pairs of letters and digits, one space apart): the same r, s and t
 * (the last attribute of each name in any case, as parsexmltag keeps them).
 */
function readCellTag(piece: string, gt: number): void {
  let end = gt;
  if (piece.charCodeAt(end - 1) === 47) end -= 1; // "/>"
  let r: string | undefined;
  let s: string | undefined;
  let t: string | undefined;
  for (let i = 0; ;) {
    const nameStart = i;
    while (i < end && isAlphanumeric(piece.charCodeAt(i))) i++;
    const close = piece.indexOf('"', i + 2);
    const plain =
      i > nameStart &&
      piece.charCodeAt(i) === 61 &&
      piece.charCodeAt(i + 1) === 34 &&
      close >= 0 &&
      close < end &&
      (close + 1 === end || piece.charCodeAt(close + 1) === 32);
    if (!plain) {
      setCellTag(parseTag(`<c ${piece.slice(0, gt + 1)}`, true));
      return;
    }
    if (i - nameStart === 1) {
      const name = piece.charCodeAt(nameStart) | 0x20; // in lower case
      if (name === 114) r = piece.slice(i + 2, close);
      else if (name === 115) s = piece.slice(i + 2, close);
      else if (name === 116) t = piece.slice(i + 2, close);
    }
    i = close + 2;
    if (i > end) break;
  }
  cellTag.r = r;
  cellTag.s = s;
  cellTag.t = t;
}

/** The cell's type and value (the `switch (p.t)` of parse_ws_xml_data), or null when skipped. */
function cellOf(
  t: string | undefined,
  pv: string | undefined,
  piece: string,
  content: number,
  context: SheetContext,
): StreamedCell | null {
  if (t == null && pv === undefined) return null;
  const type = t || "n";
  switch (type) {
    case "n":
      return pv == null ? null : { t: "n", v: parseFloat(pv) };
    case "s": {
      if (pv === undefined) return null;
      const index = parseInt(pv, 10);
      if (!(index in context.strings)) throw new Unsupported(); // SheetJS fails on it
      return { t: "s", v: context.strings[index] };
    }
    case "str":
      return { t: "s", v: pv != null ? unescapeXml(utf8(pv), true) : "" };
    case "inlineStr": {
      const inline = matchPlainElement(piece, "is", content);
      return { t: "s", v: inline !== null ? parseStringItem(inline) : "" };
    }
    case "b":
      return { t: "b", v: parseXmlBool(pv) };
    case "d":
      if (pv === undefined) throw new Unsupported();
      return { t: "d", v: parseIsoDate(pv, context.date1904) };
    case "e":
      return { t: "e", v: pv === undefined ? undefined : errorCodes[pv] };
    default:
      return { t: type, v: pv };
  }
}

/** decode_cell: digits anywhere make the row, capitals the column. */
export function decodeCell(ref: string): { r: number; c: number } {
  let r = 0;
  let c = 0;
  for (let i = 0; i < ref.length; ++i) {
    const cc = ref.charCodeAt(i);
    if (cc >= 48 && cc <= 57) r = 10 * r + (cc - 48);
    else if (cc >= 65 && cc <= 90) c = 26 * c + (cc - 64);
  }
  return { c: c - 1, r: r - 1 };
}

/**
 * parseTag(tag).r for a row's tag, without a regular expression when the tag is plain
 * (`name="value"` pairs one space apart, names of letters, digits and a prefix such as
 * `x14ac:`): the last attribute named r in any case.
 */
function rowReference(tag: string): string | undefined {
  let i = tag.indexOf(" ");
  let end = tag.charCodeAt(tag.length - 1) === 62 ? tag.length - 1 : tag.length;
  if (tag.charCodeAt(end - 1) === 47) end -= 1; // "/>"
  let r: string | undefined;
  while (i >= 0 && i < end) {
    if (tag.charCodeAt(i) !== 32) return parseTag(tag, true).r;
    const nameStart = ++i;
    let colon = -1;
    for (; i < end; i++) {
      const code = tag.charCodeAt(i);
      if (code === 58 && colon < 0) colon = i;
      else if (!isAlphanumeric(code)) break;
    }
    const valueEnd = tag.indexOf('"', i + 2);
    const localLength = i - (colon < 0 ? nameStart : colon + 1);
    if (
      localLength === 0 ||
      colon === nameStart ||
      tag.charCodeAt(i) !== 61 ||
      tag.charCodeAt(i + 1) !== 34 ||
      valueEnd < 0 ||
      valueEnd >= end
    ) {
      return parseTag(tag, true).r;
    }
    if (localLength === 1) {
      if (colon >= 0) return parseTag(tag, true).r; // x:r, rare enough to leave to parseTag
      if ((tag.charCodeAt(nameStart) | 0x20) === 114) r = tag.slice(i + 2, valueEnd);
    }
    i = valueEnd + 1;
  }
  return i < 0 ? parseTag(tag, true).r : r;
}

/**
 * rowReference's answer for the row's tag from `start` to `stop` in `bytes`, read in place when
 * the tag is plain and its last r is 1 to 9 digits: that number (parseInt's); -1 for a plain tag
 * without r; -2 for any other tag, which rowReference then reads.
 */
function plainRowReference(bytes: Uint8Array, start: number, stop: number): number {
  let i = start;
  while (i < stop && bytes[i] !== 32) i++;
  if (i === stop) return -2;
  let end = bytes[stop - 1] === 62 ? stop - 1 : stop;
  if (bytes[end - 1] === 47) end -= 1; // "/>"
  let r = -1;
  while (i < end) {
    if (bytes[i] !== 32) return -2;
    const nameStart = ++i;
    let colon = -1;
    for (; i < end; i++) {
      const code = bytes[i]!;
      if (code === 58 && colon < 0) colon = i;
      else if (!isAlphanumeric(code)) break;
    }
    let valueEnd = i + 2;
    while (valueEnd < stop && bytes[valueEnd] !== 34) valueEnd++;
    const localLength = i - (colon < 0 ? nameStart : colon + 1);
    if (
      localLength === 0 ||
      colon === nameStart ||
      bytes[i] !== 61 ||
      bytes[i + 1] !== 34 ||
      valueEnd >= end
    ) {
      return -2;
    }
    if (localLength === 1) {
      if (colon >= 0) return -2;
      if ((bytes[nameStart]! | 0x20) === 114) {
        let number = 0;
        let k = i + 2;
        for (; k < valueEnd && bytes[k]! >= 48 && bytes[k]! <= 57; k++) number = 10 * number + bytes[k]! - 48;
        r = k === valueEnd && k > i + 2 && k - i - 2 <= 9 ? number : -2;
      }
    }
    i = valueEnd + 1;
  }
  return r;
}

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
