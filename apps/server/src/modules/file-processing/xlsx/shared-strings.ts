import { Unsupported } from "./unsupported.ts";
import { closingTagStart, isTrimmed, removeElements, unescapeXml, utf8, withoutTags } from "./xml.ts";

/** A shared or inline string: its text, or undefined where SheetJS finds none. */
export type StringItem = string | undefined;

const plainTextStart = /^\s*<(?:\w+:)?t[^>]*>/;
const textEnd = /<\/(?:\w+:)?t>/;
const runStart = /<(?:\w+:)?r\b[^<>]*>/;
const runText = () => /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;

/** parse_si: a string item's text, plain (`<t>`) or rich (runs, without phonetic runs). */
export function parseStringItem(x: string): StringItem {
  if (!x) return "";
  if (plainTextStart.test(x)) {
    return unescapeXml(utf8(x.slice(x.indexOf(">") + 1).split(textEnd)[0] || ""), true);
  }
  if (runStart.test(x)) {
    const withoutPhonetic = removeElements(x, "rPh");
    if (withoutPhonetic === null) throw new Unsupported();
    const runs = withoutTags((withoutPhonetic.match(runText()) ?? []).join(""));
    return unescapeXml(utf8(runs), true);
  }
  return undefined;
}

/** parse_sst_xml: the shared strings, by index. */
export function readSharedStrings(xml: string): StringItem[] {
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
