/**
 * A worksheet's rows and the cutting of each into its cells, as parse_ws_xml_data cuts them, on a
 * run of whole rows and its bytes (one a character), where rows and cells are found by `indexOf`.
 */

import { readCell } from "./cell.ts";
import { readPlainCell } from "./plain-cell.ts";
import type { SheetContext, StreamedCell } from "./sheet-context.ts";
import { Unsupported } from "./unsupported.ts";
import { isAlphanumeric, isTrimmed, parseTag } from "./xml.ts";

/** Where reading the rows is, from one run of them to the next. */
export interface RowsRead {
  /** The last row's number. */
  tagr: number;
  /** SheetJS stopped reading rows (a row without a tag). */
  stopped: boolean;
}

/**
 * parse_ws_xml_data: rows split at `</row>`, cells at `<c `, `<c/` or `<c>`; `bytes` are the
 * bytes of `sdata` (one a character), where it is scanned. Returns the last row's number.
 */
export function readRows(
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
      tagc = context.plainTagc;
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
