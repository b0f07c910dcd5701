import {
  mappingFields,
  mappingMessages,
  type DecimalSeparator,
  type LineListMapping,
  type SingleColumnFieldKey,
} from "../line-list-mapping.ts";
import { normalizeLineListHeader } from "../line-list-workbook.ts";
import { readSizeLabel } from "../size-scales.ts";
import { cellText, detectDateOrder, isBlank, parseDate, priceReader } from "./cells.ts";
import type { EngineCell, EngineSheet } from "./types.ts";

export { seasonFromSheetName, suggestSeason } from "./season.ts";

/**
 * The "Map columns" step's first guess (docs/line-list-format.md, "The mapping engine"): where the
 * headers are, which column fills which field (by header name, English synonyms and sample
 * values), whether sizes are columns; and what still keeps the person from confirming.
 */

type Rows = EngineSheet["rows"];
type Cells = ReadonlyArray<EngineCell | undefined>;

// How far down a header row is looked for, and how many rows below it a guess looks at.
const headerSearchRows = 50;
const sampledRows = 200;

function nonBlank(row: Cells | undefined): EngineCell[] {
  const cells: EngineCell[] = [];
  if (row) for (const cell of row) if (cell !== undefined && !isBlank(cell)) cells.push(cell);
  return cells;
}

/** A code of 8 to 14 digits, as UPCs, EANs and GTINs are (and most SKUs): text or a whole number. */
function isDigitCode(cell: EngineCell): boolean {
  if (typeof cell === "number") return Number.isInteger(cell) && cell >= 1e7 && cell < 1e14;
  return typeof cell === "string" && /^\d{8,14}$/.test(cell.trim());
}

/** The size a header stands for, when it reads as one: "8", "8.5", "M8/W10", "Size 9", "EU 42", "XL". */
function sizeOfHeader(header: string): string | null {
  const label = header.trim().replace(/^(?:size|sz)\b[\s:.#-]*/i, "");
  return label !== "" && (readSizeLabel(label).ok || euNumber(label) !== null) ? label : null;
}

/** A plain number in the EU range ("36", "42.5"), which a European size run writes without "EU". */
function euNumber(label: string): number | null {
  if (!/^\d{2}(?:[.,]5)?$/.test(label)) return null;
  const value = Number(label.replace(",", "."));
  return value >= 15 && value <= 56 ? value : null;
}

/** A cell that could be a column header: short text that is no code, no amount and no date, or a size. */
function isHeaderLike(cell: EngineCell): boolean {
  if (typeof cell === "number") return sizeOfHeader(String(cell)) !== null;
  if (typeof cell !== "string") return false;
  const text = cell.trim();
  if (text.length > 60 || /^[\d\s.,$€£%/-]+$/.test(text)) return sizeOfHeader(text) !== null;
  return true;
}

/**
 * The header row, as Excel numbers it: the first row whose cells are mostly distinct short texts,
 * about as wide as the table, with data below it. Title blocks, logos (empty rows) and merged
 * title cells above it are skipped; without such a row, the first row that holds anything.
 */
export function findHeaderRow(rows: Rows): number {
  const scanned = Math.min(rows.length, headerSearchRows);
  let widest = 0;
  for (let index = 0; index < scanned; index += 1) widest = Math.max(widest, nonBlank(rows[index]).length);
  let firstFilled = -1;
  for (let index = 0; index < scanned; index += 1) {
    const cells = nonBlank(rows[index]);
    if (cells.length === 0) continue;
    if (firstFilled < 0) firstFilled = index;
    if (cells.length < 2 || cells.length < Math.ceil(widest / 2)) continue;
    const headerLike = cells.filter(isHeaderLike).length;
    const distinct = new Set(cells.map((cell) => normalizeLineListHeader(String(cellText(cell))))).size;
    if (headerLike < cells.length * 0.8 || distinct < cells.length * 0.9) continue;
    if (hasDataBelow(rows, index)) return index + 1;
  }
  return firstFilled < 0 ? 1 : firstFilled + 1;
}

function hasDataBelow(rows: Rows, index: number): boolean {
  for (let below = index + 1; below < Math.min(rows.length, index + 6); below += 1) {
    const cells = nonBlank(rows[below]);
    if (cells.length >= 2) return true;
    if (cells.length === 1) return false;
  }
  return false;
}

/** A header as the synonyms are written: lower case letters and digits, "#" read as "number". */
function synonymKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/\((?:[^)]*)\)/g, " ")
    .replace(/#/g, "number")
    .replace(/[^a-z0-9]+/g, "");
}

/** Header names by field, as synonymKey writes them; the first field whose list holds a header takes it. */
const synonyms: Record<SingleColumnFieldKey, readonly string[]> = {
  model_code: [
    "style",
    "stylenumber",
    "styleno",
    "stylecode",
    "styleid",
    "article",
    "articlenumber",
    "articleno",
    "articlecode",
    "model",
    "modelcode",
    "modelnumber",
    "modelno",
    "stylecolor",
    "stylecolour",
    "productcode",
    "item",
    "itemno",
    "itemnumber",
    "itemcode",
  ],
  sku: [
    "sku",
    "skunumber",
    "upc",
    "upccode",
    "ean",
    "eancode",
    "ean13",
    "gtin",
    "barcode",
    "skuupc",
    "upcsku",
  ],
  size: ["size", "sz", "sizes", "sizelabel", "ussize", "sizeus"],
  silhouette: [
    "stylename",
    "description",
    "name",
    "silhouette",
    "productname",
    "modelname",
    "articlename",
    "styledescription",
    "productdescription",
  ],
  franchise: ["franchise", "collection", "category", "line", "productline", "family", "productfamily"],
  color: [
    "color",
    "colour",
    "colorname",
    "colourname",
    "colorway",
    "colorwayname",
    "colordescription",
    "colourdescription",
  ],
  color_code: [
    "colorcode",
    "colourcode",
    "colornumber",
    "colournumber",
    "colorno",
    "colourno",
    "colorid",
    "colorwaycode",
  ],
  gender: ["gender", "sex", "genders", "targetgender"],
  msrp: [
    "msrp",
    "rrp",
    "retail",
    "srp",
    "retailprice",
    "suggestedretail",
    "suggestedretailprice",
    "uvp",
    "msrpprice",
  ],
  wholesale_price: ["wholesale", "whs", "wholesaleprice", "whsprice", "cost", "unitcost", "wholesalecost"],
  expected_shipped_date: [
    "expectedshipdate",
    "shipdate",
    "delivery",
    "available",
    "deliverydate",
    "availabledate",
    "availability",
    "expecteddelivery",
    "expectedshipdates",
    "shipwindow",
  ],
};
const imageHeader = /^(?:image|images|picture|pictures|photo|photos|img)(?:url|urls|link|links)?\d*$/;
// Headers that contain a field's word, for a second pass that also checks the values.
const partialNames: [SingleColumnFieldKey, RegExp][] = [
  ["sku", /upc|ean|gtin|barcode|sku/],
  ["msrp", /msrp|rrp|retail/],
  ["wholesale_price", /wholesale|whs/],
  ["expected_shipped_date", /shipdate|delivery|available/],
  ["color_code", /colou?rcode/],
];

interface Column {
  index: number;
  header: string;
  key: string;
  values: EngineCell[];
}

const readPrice = priceReader(null);

function share(values: readonly EngineCell[], test: (cell: EngineCell) => boolean): number {
  return values.length === 0 ? 0 : values.filter(test).length / values.length;
}

function looksLikeCodes(column: Column): boolean {
  return column.values.length > 0 && share(column.values, isDigitCode) >= 0.8;
}

function looksLikePrices(column: Column, separator: DecimalSeparator | null): boolean {
  const read = separator === null ? readPrice : priceReader(separator);
  if (column.values.length === 0 || share(column.values, (cell) => read(cell) !== null) < 0.8) return false;
  // Quantities and sizes are numbers too: a price column has cents, a currency or says "price".
  return (
    /price|cost|usd|eur|gbp/.test(column.key) ||
    share(column.values, (cell) =>
      typeof cell === "number" ? !Number.isInteger(cell) : /[$€£]|[.,]\d{2}$/.test(cell.toString().trim()),
    ) >= 0.3
  );
}

/** Whether a column's values are codes rather than names: most hold a digit (or it has none yet). */
function holdsCodes(column: Column): boolean {
  return column.values.length === 0 || share(column.values, (cell) => /\d/.test(String(cell))) >= 0.5;
}

/** ISO dates and date cells, or text dates in either order (03/15/2027, 15.03.2027). */
function looksLikeDates(column: Column): boolean {
  const readsAsDate = (cell: EngineCell) =>
    parseDate(cell, "month-first") !== null || parseDate(cell, "day-first") !== null;
  return column.values.length > 0 && share(column.values, readsAsDate) >= 0.8;
}

/**
 * The engine's guess for a sheet: each field's column by its header (and English synonyms), then
 * by what the columns hold (8 to 14 digit codes are SKUs, prices MSRP, dates the ship date);
 * headers that read as sizes with codes below them make the layout `size-columns`. Every other
 * column is kept as an attribute under its header. A field takes one column and a column one
 * field; a required field nothing points to stays unmapped.
 */
export function guessMapping(input: {
  sheet: string | null;
  headerRow: number;
  headers: string[];
  rows: ReadonlyArray<ReadonlyArray<EngineCell | undefined> | undefined>;
  sheetName: string;
  fileName: string;
  decimalSeparator?: DecimalSeparator | null;
}): LineListMapping {
  const separator = input.decimalSeparator ?? null;
  const sample = input.rows.slice(0, sampledRows);
  const seen = new Set<string>();
  const columns: Column[] = [];
  input.headers.forEach((text, index) => {
    const header = text.trim();
    const normalized = normalizeLineListHeader(header);
    if (header === "" || seen.has(normalized)) return;
    seen.add(normalized);
    const values: EngineCell[] = [];
    for (const row of sample) {
      const cell = row?.[index];
      if (cell !== undefined && !isBlank(cell)) values.push(cell);
    }
    columns.push({ index, header, key: synonymKey(header), values });
  });

  const taken = new Set<Column>();
  const fields: LineListMapping["fields"] = {};
  const take = (field: SingleColumnFieldKey, column: Column) => {
    fields[field] = column.header;
    taken.add(column);
  };

  // Sizes as columns: headers that read as sizes, with codes below them.
  const sizeCandidates = columns.filter(
    (column) =>
      synonymKey(column.header) !== "" &&
      !Object.values(synonyms).some((names) => names.includes(column.key)) &&
      sizeOfHeader(column.header) !== null &&
      column.values.every(isDigitCode),
  );
  const withCodes = sizeCandidates.filter((column) => column.values.length > 0);
  const sizeColumnsLayout = withCodes.length > 0;
  const sizeColumns: LineListMapping["sizeColumns"] = [];
  if (sizeColumnsLayout) {
    // Sizes no style of the sample offers still belong with their neighbours.
    const chosen = withCodes.length >= 2 ? sizeCandidates : withCodes;
    // A run of plain numbers past the US sizes (36 to 46) is European: proposed as "EU 36",
    // which the step shows beside the column for the person to confirm or change.
    const labels = chosen.map((column) => sizeOfHeader(column.header) ?? column.header);
    const european = labels.some((label) => (euNumber(label) ?? 0) > 22 && !readSizeLabel(label).ok);
    chosen.forEach((column, index) => {
      const label = labels[index]!;
      const size = european && euNumber(label) !== null ? `EU ${label}` : label;
      sizeColumns.push({ column: column.header, size });
      taken.add(column);
    });
  }
  const wanted = (Object.keys(synonyms) as SingleColumnFieldKey[]).filter(
    (field) => !(sizeColumnsLayout && (field === "sku" || field === "size")),
  );

  // By name: the synonym listed first wins ("Style Name" over "Description"), and a style number
  // holds digits ("Style Number" over a "Style" column of names).
  for (const field of wanted) {
    const names = synonyms[field];
    const candidates = columns
      .filter((candidate) => !taken.has(candidate) && names.includes(candidate.key))
      .sort((a, b) => names.indexOf(a.key) - names.indexOf(b.key));
    const column = field === "model_code" ? (candidates.find(holdsCodes) ?? candidates[0]) : candidates[0];
    if (column) take(field, column);
  }
  const images = columns.filter((column) => !taken.has(column) && imageHeader.test(column.key));
  if (images.length > 0) {
    fields.image_urls = images.map((column) => column.header);
    for (const column of images) taken.add(column);
  }
  // By a word of the name, where the values agree.
  const fits: Partial<Record<SingleColumnFieldKey, (column: Column) => boolean>> = {
    sku: looksLikeCodes,
    msrp: (column) => looksLikePrices(column, separator),
    wholesale_price: (column) => looksLikePrices(column, separator),
    expected_shipped_date: looksLikeDates,
    color_code: () => true,
  };
  for (const [field, pattern] of partialNames) {
    if (fields[field] !== undefined || !wanted.includes(field)) continue;
    const fit = fits[field] ?? (() => true);
    const column = columns.find(
      (candidate) => !taken.has(candidate) && pattern.test(candidate.key) && fit(candidate),
    );
    if (column) take(field, column);
  }
  // By the values alone.
  const byValue: [SingleColumnFieldKey, (column: Column) => boolean][] = [
    ["sku", looksLikeCodes],
    ["msrp", (column) => looksLikePrices(column, separator)],
    ["expected_shipped_date", looksLikeDates],
  ];
  for (const [field, fit] of byValue) {
    if (fields[field] !== undefined || !wanted.includes(field)) continue;
    const column = columns.find((candidate) => !taken.has(candidate) && fit(candidate));
    if (column) take(field, column);
  }

  const attributes = columns
    .filter((column) => !taken.has(column))
    .map((column) => ({ column: column.header, name: column.header }));
  const dateColumn = columns.find((column) => column.header === fields.expected_shipped_date);
  const dateOrder = dateColumn ? detectDateOrder(dateColumn.values, separator) : null;

  return {
    sheet: input.sheet,
    headerRow: input.headerRow,
    layout: sizeColumnsLayout ? "size-columns" : "rows",
    fields,
    sizeColumns,
    attributes,
    sizeLabels: {},
    decimalSeparator: separator,
    // Only where the ship date column holds text dates: Crocs' mapping names no order.
    ...(dateOrder ? { dateOrder } : {}),
    // Asked of the person when the sheet name does not say it (mappingProblems), never guessed.
    season: null,
  };
}

const normalized = (header: string) => normalizeLineListHeader(header.trim());

/** The headers' layout as one stable string: normalized, blanks left out, in sorted order. */
export function headerFingerprint(headers: readonly string[]): string {
  return headers.map(normalized).filter(Boolean).sort().join("|");
}

function distinctHeaders(headers: readonly string[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const header of headers) {
    const key = normalized(header);
    if (key !== "" && !byKey.has(key)) byKey.set(key, header.trim());
  }
  return byKey;
}

/** Headers of the current file that the saved ones lack (`added`) and saved ones it lacks (`missing`). */
export function compareHeaders(
  saved: readonly string[],
  current: readonly string[],
): { added: string[]; missing: string[] } {
  const before = distinctHeaders(saved);
  const now = distinctHeaders(current);
  return {
    added: [...now].filter(([key]) => !before.has(key)).map(([, header]) => header),
    missing: [...before].filter(([key]) => !now.has(key)).map(([, header]) => header),
  };
}

/**
 * A saved mapping applied to a file's headers: each column it names is spelt as this file spells
 * it, and columns the file no longer has are dropped (their fields become unmapped).
 */
export function applySavedMapping(saved: LineListMapping, headers: readonly string[]): LineListMapping {
  const now = distinctHeaders(headers);
  const current = (header: string) => now.get(normalized(header));
  const fields: LineListMapping["fields"] = {};
  for (const [field, header] of Object.entries(saved.fields) as [
    SingleColumnFieldKey | "image_urls",
    unknown,
  ][]) {
    if (field === "image_urls") continue;
    const found = typeof header === "string" ? current(header) : undefined;
    if (found !== undefined) fields[field] = found;
  }
  const images = (saved.fields.image_urls ?? []).flatMap((header) => current(header) ?? []);
  if (images.length > 0) fields.image_urls = images;
  return {
    ...saved,
    fields,
    sizeColumns: saved.sizeColumns.flatMap(({ column, size }) => {
      const found = current(column);
      return found === undefined ? [] : [{ column: found, size }];
    }),
    attributes: saved.attributes.flatMap(({ column, name }) => {
      const found = current(column);
      return found === undefined ? [] : [{ column: found, name }];
    }),
    sizeLabels: { ...saved.sizeLabels },
  };
}

/**
 * What keeps the person from confirming a mapping, as the step shows it ([] = confirm allowed): a
 * required field without a column of this file, a column chosen for two fields, size labels that
 * cannot be read, a season neither the sheet name nor the person gave.
 */
export function mappingProblems(
  mapping: LineListMapping,
  headers: readonly string[],
  context: { unreadableSizes: readonly string[]; seasonFromSheet: boolean },
): string[] {
  const present = new Set(headers.map(normalized).filter(Boolean));
  const has = (header: string | undefined) => header !== undefined && present.has(normalized(header));
  const sizeColumnsLayout = mapping.layout === "size-columns";
  const problems: string[] = [];

  for (const field of mappingFields) {
    if (!field.required) continue;
    if (sizeColumnsLayout && (field.key === "size" || field.key === "sku")) continue;
    if (!has(mapping.fields[field.key])) problems.push(mappingMessages.requiredFieldUnmapped(field.label));
  }
  if (sizeColumnsLayout && !mapping.sizeColumns.some((entry) => has(entry.column)))
    problems.push(mappingMessages.noSizeColumns);

  const uses: [string, string][] = [];
  for (const field of mappingFields) {
    if (field.key === "image_urls") {
      for (const header of mapping.fields.image_urls ?? []) uses.push([header, field.label]);
    } else {
      if (sizeColumnsLayout && (field.key === "size" || field.key === "sku")) continue;
      const header = mapping.fields[field.key];
      if (header !== undefined) uses.push([header, field.label]);
    }
  }
  if (sizeColumnsLayout)
    for (const { column, size } of mapping.sizeColumns) uses.push([column, `size ${size}`]);
  for (const { column, name } of mapping.attributes) uses.push([column, name]);
  const firstUse = new Map<string, string>();
  const reported = new Set<string>();
  for (const [header, label] of uses) {
    const key = normalized(header);
    const first = firstUse.get(key);
    if (first === undefined) firstUse.set(key, label);
    else if (!reported.has(key)) {
      reported.add(key);
      problems.push(mappingMessages.columnUsedTwice(header.trim(), first, label));
    }
  }

  if (context.unreadableSizes.length > 0)
    problems.push(mappingMessages.unreadableSizes(context.unreadableSizes.length));
  if (!context.seasonFromSheet && mapping.season === null) problems.push(mappingMessages.seasonRequired);
  return problems;
}
