/**
 * SheetJS's XML helpers, on "binary" strings (one character per byte), as SheetJS reads parts;
 * and the same answers by `indexOf` where the reader calls them for every row or cell.
 *
 * The global regular expressions are made afresh for each use (a function returns a literal): one
 * shared by the module would carry its `lastIndex` from one reading to the next.
 */

// tagregex1 and attregexg of SheetJS.
const tagPattern = () =>
  /<[/?]?[a-zA-Z0-9:_-]+(?:\s+[^"\s?<>/]+\s*=\s*(?:"[^"]*"|'[^']*'|[^'"<>\s=]+))*\s*[/?]?>/gm;
const attributePattern = () => /\s([^"\s?>/]+)\s*=\s*((?:")([^"]*)(?:")|(?:')([^']*)(?:')|([^'">\s]+))/g;

/** The tags in `xml`, in order (SheetJS's `xml.match(tagregex)`). */
export function tagsOf(xml: string): string[] {
  return xml.match(tagPattern()) ?? [];
}

/** The text without its tags. */
export function withoutTags(text: string): string {
  return text.replace(tagPattern(), "");
}

export type Attributes = Record<string, string | undefined>;

/** parsexmltag(tag, skipRoot): attribute names without prefix, also in lower case. */
export function parseTag(tag: string, skipRoot = false): Attributes {
  const z: Attributes = {};
  let eq = 0;
  let c: number;
  for (; eq !== tag.length; ++eq) if ((c = tag.charCodeAt(eq)) === 32 || c === 10 || c === 13) break;
  if (!skipRoot) z[0] = tag.slice(0, eq);
  if (eq === tag.length) return z;
  const matches = tag.match(attributePattern());
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

const entities: Readonly<Record<string, string>> = {
  "&quot;": '"',
  "&apos;": "'",
  "&gt;": ">",
  "&lt;": "<",
  "&amp;": "&",
};
const entityPattern = () => /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const escapePattern = () => /_x([\da-fA-F]{4})_/gi;

/** unescapexml: entities (any case, numeric ones as UTF-16 code units) and `_xHHHH_` escapes. */
export function unescapeXml(text: string, xlsx = false): string {
  let out = text;
  if (out.indexOf("&") >= 0 || out.indexOf("_") >= 0) out = rawUnescape(out);
  return xlsx && out.indexOf("\r\n") >= 0 ? out.replace(/\r\n/g, "\n") : out;
}
function rawUnescape(s: string): string {
  const i = s.indexOf("<![CDATA[");
  if (i === -1) {
    return s
      .replace(
        entityPattern(),
        (all: string, code: string | undefined) =>
          entities[all] ||
          String.fromCharCode(parseInt(code as string, all.indexOf("x") > -1 ? 16 : 10)) ||
          all,
      )
      .replace(escapePattern(), (_all, code: string) => String.fromCharCode(parseInt(code, 16)));
  }
  const j = s.indexOf("]]>");
  return rawUnescape(s.slice(0, i)) + s.slice(i + 9, j) + rawUnescape(s.slice(j + 3));
}

/** utf8read: a binary string's bytes decoded as UTF-8. */
export function utf8(binary: string): string {
  // Plain ASCII, the common case, needs no copy.
  for (let i = 0; i < binary.length; i += 1) {
    if (binary.charCodeAt(i) > 127) return Buffer.from(binary, "latin1").toString("utf8");
  }
  return binary;
}

/** parsexmlbool. */
export function parseXmlBool(value: string | undefined): boolean {
  return value === "1" || value === "true";
}

/** str_match_xml_ns(str, tag): the first element `tag` (any prefix), whole and inner. */
export function matchElement(str: string, tag: string): [string, string] | null {
  const open = new RegExp(`<(?:\\w+:)?${tag}\\b[^<>]*>`, "g");
  const close = new RegExp(`</(?:\\w+:)?${tag}>`, "g");
  const m = open.exec(str);
  if (!m) return null;
  close.lastIndex = open.lastIndex;
  const end = close.exec(str);
  if (!end) return null;
  return [str.slice(m.index, close.lastIndex), str.slice(open.lastIndex, end.index)];
}

/** str_remove_xml_ns_g: the text without every element `tag`; null when one is not closed. */
export function removeElements(str: string, tag: string): string | null {
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

/**
 * matchElement for an element without prefix in text known to hold no prefixed element (the
 * worksheet's rows, checked once): the same answer by `indexOf`, for each cell.
 */
export function matchPlainElement(str: string, tag: string, from = 0): string | null {
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

/** What `\w` matches. */
export function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

/**
 * Where the first match of `/<\/(?:\w+:)?${name}>/` at or after `from` starts, or -1: the same
 * answer by `indexOf` on the name, without trying the regular expression at every `<` of a
 * part of tens of megabytes. The name's last characters are looked for first: "Data>" is found
 * several times quicker than "sheetData>" in a worksheet's XML.
 */
export function closingTagStart(str: string, name: string, from: number): number {
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

/** What String.prototype.trim removes, among the characters of a binary string. */
export function isTrimmed(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160;
}

/** A letter or digit of ASCII. */
export function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
