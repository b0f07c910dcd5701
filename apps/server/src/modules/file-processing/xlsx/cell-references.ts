// Cell references and ranges ("B12", "A1:C9"), read and written as SheetJS's utils do.

/** safe_decode_range: a range such as "A1:C9", as SheetJS reads it. */
export function decodeRange(range: string): { s: { c: number; r: number }; e: { c: number; r: number } } {
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
/** encode_cell: a cell's reference, from its row and column (both from 0). */
export const encodeCell = (r: number, c: number): string => `${encodeColumn(c)}${r + 1}`;

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
