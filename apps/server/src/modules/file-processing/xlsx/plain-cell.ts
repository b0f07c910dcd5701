/**
 * The fast path of the cell reading: the cell nearly every writer writes, read in place from the
 * XML's bytes with no string cut out of it, giving exactly what the general reading (cell.ts)
 * gives for it. Any other cell is left to that reading.
 */

import { serialToDate } from "./dates.ts";
import type { SheetContext, StreamedCell } from "./sheet-context.ts";

/** 10 ** i, exact, for the digits after a decimal point. */
const powersOfTen: readonly number[] = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

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
 * It gives what readCell gives for that piece (cell, column counter), stores the cell and the
 * column counter (in `context.plainTagc`) and returns where the next cell's `<c` is (`stop` at the
 * row's end); or returns -1, having stored nothing, for a cell that is not such (readCell then
 * reads it), or on which readCell throws.
 */
export function readPlainCell(
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
  context.plainTagc = col;
  return next;
}

/** What a number's text may hold besides digits and a point, for parseFloat to read. */
function isNumberCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || code === 46 || code === 45 || code === 43 || code === 101 || code === 69
  );
}
