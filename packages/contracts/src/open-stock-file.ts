/**
 * Open Stock files (issue 32, docs/open-stock.md): a workbook or CSV of SKUs (or UPCs) and
 * quantities. The rules that read one, without zod: the server's Open Stock worker loads this
 * module alone (open-stock.ts has the route schemas and re-exports all of it).
 */
import { normalizeLineListHeader } from "./line-list-workbook.ts";

const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

export const openStockLimits = {
  /** Values per column the preview shows beside each column choice. */
  sampleValues: 3,
  /** Unknown SKUs the preview lists; the count says how many there are in all. */
  unknownSkusShown: 100,
  /** Row errors the preview lists; the count says how many there are in all. */
  rowErrorsShown: 100,
  /** Rows below the header row the guesses look at. */
  guessRows: 200,
  /** Rows from the top searched for the header row. */
  headerSearchRows: 30,
  /** The highest header row a person may choose. */
  maxHeaderRow: 1000,
} as const;

/** Headers that name an SKU or UPC column, normalised (normalizeLineListHeader). */
export const skuHeaderSynonyms = [
  "sku",
  "upc",
  "ean",
  "gtin",
  "barcode",
  "item",
  "skunumber",
  "skuno",
  "skucode",
  "upccode",
  "ean13",
  "itemnumber",
  "itemno",
  "itemcode",
  "article",
  "articlenumber",
] as const;

/** Headers that name a quantity column, normalised. */
export const quantityHeaderSynonyms = [
  "qty",
  "quantity",
  "available",
  "ats",
  "onhand",
  "stock",
  "inventory",
  "availableqty",
  "availablequantity",
  "qtyavailable",
  "quantityavailable",
  "qtyonhand",
  "quantityonhand",
  "availabletosell",
  "stockonhand",
  "soh",
  "units",
] as const;

export const openStockMessages = {
  title: "Upload Open Stock",
  fileHint: ".xlsx, .xls or .csv: one row per SKU (or UPC) with its available quantity",
  wrongFileType: "Only .xlsx, .xls and .csv files can be uploaded",
  chooseSkuColumn: "Choose the column that holds the SKU or UPC",
  chooseQuantityColumn: "Choose the column that holds the quantity",
  sameColumn: "The SKU and the quantity must be two different columns",
  columnNotFound: (column: string) => `The file has no column "${column}"`,
  sheetNotFound: (sheet: string) => `The workbook has no sheet named "${sheet}"`,
  headerRowEmpty: (row: number) => `Row ${row} is empty: choose the row that holds the column headers`,
  /** The preview's figures: "120 SKUs updated, 3 unknown SKUs". */
  counts: (updated: number, unknown: number) =>
    `${plural(updated, "SKU", "SKUs")} updated, ${plural(unknown, "unknown SKU", "unknown SKUs")}`,
  unknownSkusTitle: "Unknown SKUs (no product has them; they are left out)",
  moreUnknownSkus: (shown: number, total: number) =>
    `The first ${count(shown)} of ${count(total)} are listed.`,
  rowErrorsTitle: (total: number) =>
    `${plural(total, "row has a quantity", "rows have a quantity")} that cannot be read; ${total === 1 ? "it is" : "they are"} left out`,
  duplicateSkus: (total: number) =>
    `${plural(total, "SKU appears", "SKUs appear")} on more than one row: their quantities are added up`,
  savedLayoutUsed: "Columns chosen as for the last file with these headers",
  // Row errors.
  quantityBlank: "The quantity is blank",
  quantityNotWhole: (value: string) => `"${value}" is not a whole number of units`,
  quantityNegative: (value: string) => `"${value}" is negative; a quantity is 0 or more`,
  quantityTooLarge: (value: string) => `"${value}" is too large for a quantity`,
  // Apply.
  apply: "Apply",
  applied: "Open Stock updated",
  appliedDescription: (updated: number) => `${plural(updated, "SKU", "SKUs")} updated`,
  nothingToApply: "No SKU of the file is known: there is nothing to apply",
  historySummary: (updated: number, fileName: string) =>
    `Open Stock uploaded: ${plural(updated, "SKU", "SKUs")} updated (${fileName})`,
  previewFailed: "The Open Stock file could not be read",
  applyFailed: "Failed to apply Open Stock",
  // The New Order grid.
  available: (quantity: number) => `${count(quantity)} avail.`,
  availableLabel: (quantity: number) => `${count(quantity)} available`,
  overAvailable: (quantity: number) => `More than the ${count(quantity)} available`,
  /** New Order's footer, when some quantities exceed what is available: a warning, Save stays. */
  sizesOverAvailable: (sizes: number) =>
    `${plural(sizes, "size is", "sizes are")} above the available quantity; the order can still be saved`,
} as const;

/** The SKU and quantity columns of a file, by their headers as written. */
export interface OpenStockColumns {
  sku: string;
  quantity: string;
}

/** The largest quantity a cell may give (an integer column). */
export const maxAvailableQuantity = 2_147_483_647;

export type QuantityReading = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * A quantity cell: a whole number of units, 0 or more. Numbers and text are read alike; text may
 * group thousands with commas ("1,200") or end in ".0" as exported numbers do.
 */
export function readQuantity(cell: unknown): QuantityReading {
  if (cell === undefined || cell === null || (typeof cell === "string" && cell.trim() === "")) {
    return { ok: false, message: openStockMessages.quantityBlank };
  }
  let value: number;
  let text: string;
  if (typeof cell === "number") {
    value = cell;
    text = String(cell);
  } else if (typeof cell === "string") {
    text = cell.trim();
    const plain = text.replace(/^\+/, "");
    if (/^-\s*\d/.test(plain)) return { ok: false, message: openStockMessages.quantityNegative(text) };
    if (/^\d+$/.test(plain) || /^\d{1,3}(,\d{3})+$/.test(plain)) value = Number(plain.replace(/,/g, ""));
    else if (/^\d+\.0+$/.test(plain)) value = Number(plain);
    else return { ok: false, message: openStockMessages.quantityNotWhole(text) };
  } else {
    text = cell instanceof Date ? cell.toISOString().slice(0, 10) : cellText(cell);
    return { ok: false, message: openStockMessages.quantityNotWhole(text) };
  }
  if (!Number.isFinite(value) || !Number.isInteger(value)) {
    return { ok: false, message: openStockMessages.quantityNotWhole(text) };
  }
  if (value < 0) return { ok: false, message: openStockMessages.quantityNegative(text) };
  if (value > maxAvailableQuantity) return { ok: false, message: openStockMessages.quantityTooLarge(text) };
  return { ok: true, quantity: value };
}

/** A cell as text, as a person reads it: numbers without exponent, dates as YYYY-MM-DD. */
export function cellText(cell: unknown): string {
  if (cell === undefined || cell === null) return "";
  if (typeof cell === "string") return cell.trim();
  if (typeof cell === "number") {
    return Number.isInteger(cell) && Math.abs(cell) < 1e21 ? BigInt(cell).toString() : String(cell);
  }
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  if (typeof cell === "object" && "error" in cell) return String((cell as { error: unknown }).error);
  return String(cell);
}

/** An SKU cell as the SKU it names: its text, trimmed; a number without decimals or exponent. */
export function readSku(cell: unknown): string | null {
  const text = cellText(cell);
  if (text === "" || (typeof cell === "object" && cell !== null && !(cell instanceof Date))) return null;
  return text;
}

/** Whether a value looks like a UPC, EAN or GTIN: 8 to 14 digits. */
export function isBarcodeLike(text: string): boolean {
  return /^\d{8,14}$/.test(text);
}

/**
 * The ways an SKU of the file may be written in the product: itself, and for a barcode whose
 * leading zeros a spreadsheet dropped (a UPC read as a number), the same digits padded to the
 * barcode lengths (12, 13 and 14 digits).
 */
export function skuVariants(sku: string): string[] {
  const variants = [sku];
  if (/^\d{6,14}$/.test(sku)) {
    for (const length of [12, 13, 14]) {
      if (sku.length < length) variants.push(sku.padStart(length, "0"));
    }
  }
  return variants;
}

/**
 * The layout's fingerprint: its non-blank headers, normalised (case, spaces, dashes and
 * underscores ignored) and sorted, so the same columns in another order are the same layout.
 */
export function openStockFingerprint(headers: readonly string[]): string {
  return [
    ...new Set(headers.map((header) => normalizeLineListHeader(header.trim())).filter((header) => header)),
  ]
    .sort()
    .join("|");
}

type Row = ReadonlyArray<unknown> | undefined;

function headerScore(header: string, synonyms: readonly string[]): number {
  const normalized = normalizeLineListHeader(header.trim());
  if (!normalized) return 0;
  if (synonyms.includes(normalized)) return 3;
  return synonyms.some((synonym) => synonym.length >= 3 && normalized.includes(synonym)) ? 2 : 0;
}

/**
 * The header row (1-based): the first of the top rows naming an SKU or quantity column; else the
 * first row with two or more text cells; else row 1.
 */
export function findOpenStockHeaderRow(rows: ReadonlyArray<Row>): number {
  const searched = rows.slice(0, openStockLimits.headerSearchRows);
  const texts = (row: Row) => (row ?? []).filter((cell): cell is string => typeof cell === "string");
  const named = searched.findIndex((row) =>
    texts(row).some(
      (cell) => headerScore(cell, skuHeaderSynonyms) === 3 || headerScore(cell, quantityHeaderSynonyms) === 3,
    ),
  );
  if (named >= 0) return named + 1;
  const textual = searched.findIndex((row) => texts(row).filter((cell) => cell.trim()).length >= 2);
  return textual >= 0 ? textual + 1 : 1;
}

/** The column headers of the header row, as written (trimmed), blank as "". */
export function headersOf(rows: ReadonlyArray<Row>, headerRow: number): string[] {
  const row = rows[headerRow - 1] ?? [];
  const headers = Array.from({ length: row.length }, (_, index) => cellText(row[index]));
  while (headers.length > 0 && headers.at(-1) === "") headers.pop();
  return headers;
}

/**
 * The SKU and quantity columns (their indexes in `headers`) most likely, by header name and by the
 * values below: an SKU column's values are codes (8 to 14 digits for a barcode), a quantity
 * column's whole numbers of 0 or more. A column is only guessed with a named header or values
 * that fit; null when none does.
 */
export function guessOpenStockColumns(
  headers: readonly string[],
  dataRows: ReadonlyArray<Row>,
): { sku: number | null; quantity: number | null } {
  const rows = dataRows
    .filter((row) => row?.some((cell) => cellText(cell) !== ""))
    .slice(0, openStockLimits.guessRows);
  const values = (column: number) => rows.map((row) => row?.[column]).filter((cell) => cellText(cell) !== "");
  const share = (cells: unknown[], test: (cell: unknown) => boolean) =>
    cells.length === 0 ? 0 : cells.filter(test).length / cells.length;
  const filled = headers.flatMap((header, column) => (header ? [column] : []));

  let sku: number | null = null;
  let skuScore = -Infinity;
  for (const column of filled) {
    const barcodes = share(values(column), (cell) => isBarcodeLike(cellText(cell)));
    const named = headerScore(headers[column]!, skuHeaderSynonyms);
    const score = named * 2 + barcodes * 3;
    if ((named > 0 || barcodes >= 0.8) && score > skuScore) {
      sku = column;
      skuScore = score;
    }
  }

  let quantity: number | null = null;
  let quantityScore = -Infinity;
  const others = filled.filter((column) => column !== sku);
  for (const column of others) {
    const cells = values(column);
    const wholeNumbers = share(cells, (cell) => readQuantity(cell).ok);
    const barcodes = share(cells, (cell) => isBarcodeLike(cellText(cell)));
    const named = headerScore(headers[column]!, quantityHeaderSynonyms);
    const score = named * 2 + wholeNumbers * 3 - barcodes * 3;
    // Without a quantity header, only the one other column of a two-column file is taken on its
    // values: a size column holds whole numbers too.
    const fits =
      (named > 0 && (wholeNumbers >= 0.5 || cells.length === 0)) ||
      (others.length === 1 && wholeNumbers >= 0.9 && barcodes < 0.5);
    if (fits && score > quantityScore) {
      quantity = column;
      quantityScore = score;
    }
  }
  return { sku, quantity };
}

/** The header index of a column named by its header (compared normalised), or -1. */
export function findColumn(headers: readonly string[], column: string): number {
  const wanted = normalizeLineListHeader(column.trim());
  return headers.findIndex((header) => header !== "" && normalizeLineListHeader(header) === wanted);
}
