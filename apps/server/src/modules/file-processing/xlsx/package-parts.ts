/**
 * The workbook-level parts of an .xlsx package, small and read as SheetJS reads them: the content
 * types, which name the workbook, shared strings and styles parts; the workbook, which lists the
 * sheets; the relationships, which say where each sheet's part is.
 */

import { Unsupported } from "./unsupported.ts";
import { parseTag, parseXmlBool, tagsOf, unescapeXml, utf8 } from "./xml.ts";

/** A part written in UTF-16, which SheetJS re-encodes first. */
export const isUtf16 = (content: Uint8Array) =>
  (content[0] === 0xff && content[1] === 0xfe) || (content[1] === 0xfe && content[2] === 0xff);

/** The relationship types of a worksheet's part. */
export const worksheetTypes: ReadonlySet<string> = new Set([
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet",
  "http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet",
]);

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

/** Where the parts the reader reads are, as the content types name them. */
interface ContentTypes {
  workbook?: string;
  sharedStrings?: string;
  styles?: string;
}

/** parse_ct: the first workbook, shared strings and styles parts the content types name. */
export function readContentTypes(xml: string): ContentTypes {
  let namespace: string | undefined;
  const found: ContentTypes = {};
  for (const tag of tagsOf(xml)) {
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
export function readWorkbook(xml: string | null): { sheets: WorkbookSheet[]; date1904: boolean } {
  if (!xml) throw new Unsupported();
  const sheets: WorkbookSheet[] = [];
  let date1904 = false;
  let namespace: string | undefined;
  for (const tag of tagsOf(xml)) {
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
export function readRelationships(xml: string | null): Map<string, { type?: string; target?: string }> {
  const relationships = new Map<string, { type?: string; target?: string }>();
  for (const tag of tagsOf(xml ?? "")) {
    const y = parseTag(tag);
    if (y[0] !== "<Relationship" || y.Id === undefined) continue;
    relationships.set(y.Id, {
      type: y.Type,
      target: y.Target === undefined ? undefined : unescapeXml(y.Target),
    });
  }
  return relationships;
}
