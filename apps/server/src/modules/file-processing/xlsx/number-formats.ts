/**
 * Number formats, as far as the reader needs them: which cell formats show a date, so that their
 * numbers become dates as SheetJS's `cellDates` makes them.
 */

import { Unsupported } from "./unsupported.ts";
import { matchElement, parseTag, tagsOf, unescapeXml, utf8 } from "./xml.ts";

/** The number formats SheetJS's SSF table starts every read with (make_ssf). */
const builtInFormats: Readonly<Record<number, string>> = {
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
const correctedFormats: Readonly<Record<string, string>> = { "d.m": "d\\.m" };
const lastFormatId = 0x188;

/**
 * parse_sty_xml (numFmts and cellXfs only): whether each cell format is a date format, by index,
 * or null without a cellXfs list (SheetJS then applies no format at all).
 */
export function readCellFormats(xml: string | null): (boolean | null)[] | null {
  if (!xml) return null;
  if (xml.indexOf("<!--") >= 0 || /<!DOCTYPE/i.test(xml)) throw new Unsupported();
  const table: Record<number, string> = { ...builtInFormats };
  const numberFormats: Record<number, string> = { ...builtInFormats };
  const numFmts = matchElement(xml, "numFmts");
  for (const tag of numFmts ? tagsOf(numFmts[0]) : []) {
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
  for (const tag of tagsOf(cellXfs[0])) {
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
