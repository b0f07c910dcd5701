/**
 * The general reading of a cell, as parse_ws_xml_data reads it, for every cell the fast path
 * (plain-cell.ts) does not take: its quirks are SheetJS's.
 */

import { decodeCell } from "./cell-references.ts";
import { parseIsoDate, serialToDate } from "./dates.ts";
import { parseStringItem } from "./shared-strings.ts";
import type { CellTag, SheetContext, StreamedCell } from "./sheet-context.ts";
import { Unsupported } from "./unsupported.ts";
import {
  isAlphanumeric,
  matchPlainElement,
  parseTag,
  parseXmlBool,
  unescapeXml,
  utf8,
  type Attributes,
} from "./xml.ts";

// RBErr: error texts to the codes workbook-reader.ts turns back into texts.
const errorCodes: Readonly<Record<string, number>> = {
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

/** One cell (its text from after `<c` to the next cell); returns the column counter. */
export function readCell(
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
  const tag = context.cellTag;
  if (withOpen) setCellTag(tag, {});
  else if (gt < 0) setCellTag(tag, parseTag(`<c ${piece}`, true));
  else readCellTag(piece, gt, tag);

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
  if (tag.r) {
    ({ r: row, c: col } = decodeCell(tag.r));
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
  const cell = cellOf(tag.t, pv, piece, content, context);
  if (!cell) return tagc;

  if (cell.t === "n" && context.cellFormats && tag.s !== undefined) {
    const isDate = context.cellFormats[tag.s as unknown as number];
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

function setCellTag(tag: CellTag, attributes: Attributes): void {
  tag.r = attributes.r;
  tag.s = attributes.s;
  tag.t = attributes.t;
}

/**
 * parseTag(`<c ` + piece up to `gt` + `>`), without a regular expression when the attributes
 * are plain (`name="value"` pairs of letters and digits, one space apart): the same r, s and t
 * (the last attribute of each name in any case, as parsexmltag keeps them), into `tag`.
 */
function readCellTag(piece: string, gt: number, tag: CellTag): void {
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
      setCellTag(tag, parseTag(`<c ${piece.slice(0, gt + 1)}`, true));
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
  tag.r = r;
  tag.s = s;
  tag.t = t;
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
