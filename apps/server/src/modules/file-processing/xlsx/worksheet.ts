import { decodeRange, encodeCell } from "./cell-references.ts";
import { isUtf16 } from "./package-parts.ts";
import { readRows, type RowsRead } from "./rows.ts";
import type { SheetContext, StreamedCell } from "./sheet-context.ts";
import { Unsupported } from "./unsupported.ts";
import { closingTagStart, isWordChar } from "./xml.ts";

/** A sheet as SheetJS's dense WorkSheet holds what the reader keeps of it. */
export interface StreamedSheet {
  "!data": (StreamedCell[] | undefined)[];
  /** The recorded used range when it reaches past `sheetRows` (SheetJS's `!fullref`). */
  "!fullref"?: string;
}

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
export async function readWorksheet(
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
