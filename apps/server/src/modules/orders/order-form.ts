import { readFile } from "node:fs/promises";
import { lineListTypeLabels, lineListTypeSchema, type LineListType } from "@cm/contracts/line-lists";
import {
  orderFormFileName,
  orderFormLayout,
  orderFormLimits,
  orderFormMessages,
  type OrderFormError,
  type OrderFormLine,
  type OrderFormPreview,
  type OrderFormPreviewInput,
} from "@cm/contracts/order-forms";
import { orderLimits, orderTypeOfLineListType } from "@cm/contracts/orders";
import { escapeSpreadsheetText, unescapeSpreadsheetText } from "@cm/contracts/spreadsheet-cells";
import { uploadMessages } from "@cm/contracts/uploads";
import type { CellObject, WorkBook, WorkSheet } from "@e965/xlsx";
import { sql } from "drizzle-orm";
import { rowsOf, type DbExecutor } from "../../db/client.ts";
import { ConflictError, InvalidError, NotFoundError } from "../../lib/errors.ts";
import type { CellValue, SheetGrid } from "../file-processing/line-list-parser.ts";
import { loadSheetJs, type SheetJs } from "../file-processing/sheetjs.ts";
import { readSheets } from "../file-processing/workbook-reader.ts";
import { WorkbookRefusal } from "../file-processing/workbook-refusal.ts";
import { isUploadKey, type ObjectStore } from "../storage/object-store.ts";
import { fileKeyProcessed } from "../uploads/repository.ts";
import { AlreadyProcessedError } from "../uploads/staging.service.ts";
import { priceOrderLines } from "./order-lines.ts";
import { noDiscountSql, unitWhsSql } from "./price.ts";
import { findOrderLineLists, type OrderLineListRow } from "./repository.ts";

/*
 * Order forms (issue 13; packages/contracts/src/order-forms.ts). The form is the first sheet:
 * a header block, then one row per style and one column per size. The hidden sheet `_refs`
 * holds the marker and version, the line list's id, the header row, and one row per quantity
 * cell: its address, SKU, style and size. An import reads only the cells `_refs` names, after
 * checking that each still sits on its style's row and under its size's header, so a form
 * whose rows were sorted or whose columns moved is refused rather than read into wrong SKUs.
 */

const styleColumns = ["Model Code", "Name", "Color", "MSRP", "WHS"] as const;
const firstSizeColumn = styleColumns.length;
const refsHeader = ["Cell", "SKU", "Model Code", "Size"] as const;
/** `_refs` rows (0-based): marker and version, line list id, form sheet, header row, then the table. */
const refsRow = { marker: 0, lineListId: 1, sheet: 2, headerRow: 3, tableHeader: 5 } as const;

// ---------------------------------------------------------------------------------------------
// Reading the line list
// ---------------------------------------------------------------------------------------------

interface FormStyleRow {
  productId: number;
  modelCode: string;
  name: string | null;
  color: string | null;
  msrp: string;
  /** At the brand's wholesale factor, before any customer's discount. */
  whs: string;
  sizes: { sku: string; size: string }[];
}

/**
 * The styles of the line list a store could order (in at least one of its catalogs, with an
 * MSRP: the rule of `priceOrderLines`), in the line list's order, with their sizes: one query.
 */
async function findFormStyles(db: DbExecutor, lineListId: number): Promise<FormStyleRow[]> {
  return rowsOf<FormStyleRow>(
    await db.execute(sql`
      select p.id as "productId", p.model_code as "modelCode", p.silhouette as name, p.color,
        p.msrp::text as msrp,
        ${unitWhsSql({ msrp: sql`p.msrp`, wholesaleFactor: sql`b.wholesale_factor`, discountPercent: noDiscountSql })}::text as whs,
        coalesce((
          select json_agg(json_build_object('sku', ps.sku, 'size', ps.size) order by ps.position, ps.id)
          from product_sizes ps where ps.product_id = p.id
        ), '[]'::json) as sizes
      from line_list_items lli
      join line_lists ll on ll.id = lli.line_list_id
      join brands b on b.id = ll.brand_id
      join products p on p.id = lli.product_id
      where lli.line_list_id = ${lineListId}
        and p.msrp is not null
        and exists (select 1 from catalog_items ci where ci.line_list_item_id = lli.id)
      order by lli.position, lli.id
    `),
  );
}

/**
 * Every size of the styles, each once, keeping each style's own order: a size first seen on a
 * later style goes right after the size that precedes it there (M6 of [M6, M8] before M8).
 */
export function sizeColumns(styles: readonly { sizes: readonly { size: string }[] }[]): string[] {
  const columns: string[] = [];
  for (const style of styles) {
    let previous = -1;
    for (const { size } of style.sizes) {
      const index = columns.indexOf(size);
      if (index >= 0) {
        previous = index;
      } else {
        columns.splice(previous + 1, 0, size);
        previous += 1;
      }
    }
  }
  return columns;
}

// ---------------------------------------------------------------------------------------------
// Writing the form
// ---------------------------------------------------------------------------------------------

/** An Excel date serial for a calendar date (days since 1899-12-30). */
function excelDate(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return (Date.UTC(year, month - 1, day) - Date.UTC(1899, 11, 30)) / 86_400_000;
}

// Names come from line lists and customers: text a spreadsheet would run as a formula is escaped.
const text = (value: string): CellObject => ({ t: "s", v: escapeSpreadsheetText(value) });
const money = (value: string): CellObject => ({ t: "n", v: Number(value), z: "#,##0.00" });
const date = (value: string): CellObject => ({ t: "n", v: excelDate(value), z: "mm/dd/yyyy" });

function sheetOf(XLSX: SheetJs, rows: (CellObject | undefined)[][]): WorkSheet {
  const sheet: WorkSheet = {};
  let lastColumn = 0;
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
      lastColumn = Math.max(lastColumn, c);
    }),
  );
  sheet["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: lastColumn } });
  return sheet;
}

function headerBlock(lineList: OrderLineListRow): (CellObject | undefined)[][] {
  const type = lineList.type as LineListType;
  const rows: (CellObject | undefined)[][] = [
    [text("Order form")],
    [text("Brand"), text(lineList.brandName)],
    [text("Line list"), text(lineList.name)],
    [text("Type"), text(lineListTypeLabels[type] ?? lineList.type)],
  ];
  if (type === "pre-book" && lineList.deadline) {
    rows.push([text("Deadline for orders"), date(lineList.deadline)]);
  }
  if (type === "future-stock" && lineList.dateOfAvailability) {
    rows.push([text("Date of availability"), date(lineList.dateOfAvailability)]);
  }
  rows.push(
    [text("Customer")],
    [text("Store")],
    [text(orderFormMessages.whsNote)],
    [text(orderFormMessages.noSizeNote)],
    [text(orderFormMessages.fillNote)],
    [],
  );
  return rows;
}

/** The .xlsx of a line list's order form. */
async function writeOrderForm(lineList: OrderLineListRow, styles: readonly FormStyleRow[]): Promise<Buffer> {
  const XLSX = await loadSheetJs();
  const sizes = sizeColumns(styles);
  const rows = headerBlock(lineList);
  const headerRow = rows.length;
  rows.push([...styleColumns, ...sizes].map(text));

  const refs: (CellObject | undefined)[][] = [
    [text(orderFormLayout.marker), { t: "n", v: orderFormLayout.version }],
    [text("lineListId"), { t: "n", v: lineList.id }],
    [text("sheet"), text(orderFormLayout.sheetName)],
    [text("headerRow"), { t: "n", v: headerRow + 1 }],
    [],
    refsHeader.map(text),
  ];
  for (const style of styles) {
    const r = rows.length;
    const row: (CellObject | undefined)[] = [
      text(style.modelCode),
      style.name === null ? undefined : text(style.name),
      style.color === null ? undefined : text(style.color),
      money(style.msrp),
      money(style.whs),
    ];
    const skuBySize = new Map<string, string>();
    for (const { size, sku } of style.sizes) if (!skuBySize.has(size)) skuBySize.set(size, sku);
    sizes.forEach((size, index) => {
      const c = firstSizeColumn + index;
      const sku = skuBySize.get(size);
      if (sku === undefined) {
        row[c] = text(orderFormLayout.noSizeMarker);
        return;
      }
      refs.push([XLSX.utils.encode_cell({ r, c }), sku, style.modelCode, size].map(text));
    });
    rows.push(row);
  }

  const form = sheetOf(XLSX, rows);
  form["!cols"] = [
    { wch: 22 },
    { wch: 28 },
    { wch: 16 },
    { wch: 10 },
    { wch: 10 },
    ...sizes.map((size) => ({ wch: Math.max(6, size.length + 2) })),
  ];
  const workbook: WorkBook = {
    SheetNames: [orderFormLayout.sheetName, orderFormLayout.refsSheetName],
    Sheets: { [orderFormLayout.sheetName]: form, [orderFormLayout.refsSheetName]: sheetOf(XLSX, refs) },
    Workbook: { Sheets: [{ Hidden: 0 }, { Hidden: 1 }] },
    Props: { Title: `${lineList.brandName} ${lineList.name} order form`, Author: "Catalog Manager" },
  };
  return XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

/** A line list a form can be made of: saved and published, else 404 or 409. */
async function findFormLineList(db: DbExecutor, lineListId: number): Promise<OrderLineListRow> {
  const [lineList] = await findOrderLineLists(db, [lineListId]);
  if (!lineList || lineList.stage !== "saved") throw new NotFoundError(orderFormMessages.lineListNotFound);
  if (!lineList.published) throw new ConflictError(orderFormMessages.lineListNotPublished);
  return lineList;
}

/** `GET /api/line-lists/{id}/order-form`: the form's file name and bytes. */
export async function getOrderForm(
  db: DbExecutor,
  lineListId: number,
): Promise<{ fileName: string; bytes: Buffer }> {
  const lineList = await findFormLineList(db, lineListId);
  const styles = (await findFormStyles(db, lineListId)).filter((style) => style.sizes.length > 0);
  return {
    fileName: orderFormFileName(lineList.brandName, lineList.name),
    bytes: await writeOrderForm(lineList, styles),
  };
}

/**
 * A Content-Disposition for downloading `fileName`: an ASCII fallback for old clients and the
 * exact name in RFC 5987 encoding, neither able to break out of the header or name a path.
 */
export function attachmentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const safe = fileName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "-").trim() || "order form.xlsx";
  const fallback = safe.replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------
// Reading a filled form
// ---------------------------------------------------------------------------------------------

/** A quantity cell the hidden references name. */
interface FormCellRef {
  row: number;
  column: number;
  sku: string;
  modelCode: string;
  size: string;
}

/** A quantity the form asks for, or a cell refused, where it was written (1-based row, letter). */
interface FormQuantity {
  row: number;
  column: string;
  sku: string;
  modelCode: string;
  size: string;
  quantity: number;
}

export interface ReadOrderForm {
  lineListId: number;
  quantities: FormQuantity[];
  errors: OrderFormError[];
}

const notAnOrderForm = () => new InvalidError(orderFormMessages.notAnOrderForm);

function columnLetter(column: number): string {
  let letters = "";
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** "F12" → row 11, column 5 (0-based); undefined for anything else. */
function parseAddress(address: string): { row: number; column: number } | undefined {
  const match = /^([A-Z]{1,3})([1-9]\d{0,6})$/.exec(address);
  if (!match) return undefined;
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { row: Number(match[2]) - 1, column: column - 1 };
}

const isBlank = (value: CellValue | undefined) =>
  value === undefined || (typeof value === "string" && value.trim() === "");

/** The cell as its writer would read it, for the error list. */
function shownValue(value: CellValue): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") return value.error;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value).slice(0, 200);
}

/** A cell's text as the form's writer was given it (its formula escape undone). */
const cellText = (value: CellValue | undefined) =>
  value === undefined || typeof value === "object" ? "" : unescapeSpreadsheetText(String(value).trim());

/** The references of the hidden sheet, or a refusal saying the file is not one of our forms. */
function readRefs(refs: SheetGrid): { lineListId: number; headerRow: number; cells: FormCellRef[] } {
  const at = (r: number, c: number) => refs.rows[r]?.[c];
  if (cellText(at(refsRow.marker, 0)) !== orderFormLayout.marker) throw notAnOrderForm();
  if (at(refsRow.marker, 1) !== orderFormLayout.version) {
    throw new InvalidError(orderFormMessages.unsupportedVersion);
  }
  const lineListId = at(refsRow.lineListId, 1);
  const headerRow = at(refsRow.headerRow, 1);
  if (
    typeof lineListId !== "number" ||
    !Number.isSafeInteger(lineListId) ||
    lineListId < 1 ||
    typeof headerRow !== "number" ||
    !Number.isSafeInteger(headerRow) ||
    headerRow < 1
  ) {
    throw notAnOrderForm();
  }
  const cells: FormCellRef[] = [];
  for (let r = refsRow.tableHeader + 1; r < refs.rows.length; r += 1) {
    const [address, sku, modelCode, size] = [0, 1, 2, 3].map((c) => cellText(at(r, c)));
    if (!address && !sku) continue;
    const position = parseAddress(address!);
    if (!position || position.row < headerRow || !sku || !modelCode || !size) throw notAnOrderForm();
    cells.push({ ...position, sku, modelCode, size });
  }
  return { lineListId, headerRow: headerRow - 1, cells };
}

/**
 * A quantity as written: a whole number of 1 to 9,999, typed as a number or as text. Zero is no
 * quantity, as an empty cell: forms come back with zeros where the customer wants none.
 */
function quantityOf(value: CellValue): number | "none" | undefined {
  let number: number | undefined;
  if (typeof value === "number") number = value;
  else if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) number = Number(value);
  if (number === 0) return "none";
  if (number === undefined || !Number.isInteger(number)) return undefined;
  return number >= orderLimits.quantityMin && number <= orderLimits.quantityMax ? number : undefined;
}

/**
 * The quantities of a filled form and the cells refused, from its sheets (the form and `_refs`).
 * Throws InvalidError when the file is not one of our forms or its layout was changed.
 */
export function readOrderFormSheets(sheets: readonly SheetGrid[]): ReadOrderForm {
  const refsName = orderFormLayout.refsSheetName.toLowerCase();
  const refsSheet = sheets.find((sheet) => sheet.name.toLowerCase() === refsName);
  if (!refsSheet) throw notAnOrderForm();
  const { lineListId, headerRow, cells } = readRefs(refsSheet);
  const formName = orderFormLayout.sheetName.toLowerCase();
  const form = sheets.find((sheet) => sheet.name.toLowerCase() === formName);
  if (!form) throw new InvalidError(orderFormMessages.layoutChanged);
  // The form of a line list with nothing to order yet has no quantity cells.
  if (cells.length === 0) return { lineListId, quantities: [], errors: [] };

  const at = (r: number, c: number) => form.rows[r]?.[c];
  const refByCell = new Map<string, FormCellRef>();
  const styleRows = new Map<number, string>();
  const sizeByColumn = new Map<number, string>();
  for (const cell of cells) {
    // Every referenced cell must still be on its style's row and under its size.
    if (cellText(at(cell.row, 0)) !== cell.modelCode || cellText(at(headerRow, cell.column)) !== cell.size) {
      throw new InvalidError(orderFormMessages.layoutChanged);
    }
    refByCell.set(`${cell.row}:${cell.column}`, cell);
    styleRows.set(cell.row, cell.modelCode);
    sizeByColumn.set(cell.column, cell.size);
  }
  const firstColumn = Math.min(...sizeByColumn.keys());
  const lastColumn = Math.max(...sizeByColumn.keys());

  const quantities: FormQuantity[] = [];
  const errors: OrderFormError[] = [];
  // Only the size columns of style rows hold quantities; notes anywhere else are the writer's own.
  for (const [r, modelCode] of [...styleRows].sort(([a], [b]) => a - b)) {
    for (let c = firstColumn; c <= lastColumn; c += 1) {
      const value = at(r, c);
      if (value === undefined || isBlank(value)) continue;
      const ref = refByCell.get(`${r}:${c}`);
      const size = ref?.size ?? (cellText(at(headerRow, c)) || null);
      const where = { row: r + 1, column: columnLetter(c), size, modelCode };
      if (!ref) {
        if (cellText(value) === orderFormLayout.noSizeMarker) continue;
        errors.push({
          ...where,
          value: shownValue(value),
          reason: size ? orderFormMessages.sizeNotOffered(size) : orderFormMessages.layoutChanged,
        });
        continue;
      }
      if (cellText(value) === orderFormLayout.noSizeMarker) continue;
      const quantity = quantityOf(value);
      if (quantity === "none") continue;
      if (quantity === undefined) {
        errors.push({ ...where, value: shownValue(value), reason: orderFormMessages.quantityRange });
        continue;
      }
      quantities.push({ ...where, size: ref.size, sku: ref.sku, quantity });
    }
  }
  return { lineListId, quantities, errors };
}

/** Reads a filled form's bytes with the upload reader's guard and limits. */
async function readOrderForm(bytes: Buffer, fileName: string): Promise<ReadOrderForm> {
  let sheets: SheetGrid[];
  try {
    // By name only: any other workbook (a line list dropped here by mistake) has neither sheet,
    // so none of its sheets is parsed and it is refused at once.
    sheets = await readSheets(
      bytes,
      [orderFormLayout.sheetName, orderFormLayout.refsSheetName],
      undefined,
      fileName,
    );
  } catch (error) {
    if (!(error instanceof WorkbookRefusal)) throw error;
    throw new InvalidError(orderFormMessages.notAnOrderForm, { file: [error.message] });
  }
  return readOrderFormSheets(sheets);
}

// ---------------------------------------------------------------------------------------------
// The preview
// ---------------------------------------------------------------------------------------------

const cents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (total: number) => `${Math.trunc(total / 100)}.${String(total % 100).padStart(2, "0")}`;

/** Refused cells first for the whole form, then by row and column. */
function byPlace(a: OrderFormError, b: OrderFormError): number {
  return (
    (a.row ?? 0) - (b.row ?? 0) ||
    (a.column ?? "").length - (b.column ?? "").length ||
    (a.column ?? "").localeCompare(b.column ?? "")
  );
}

/** The form's quantities priced for the store, as `POST /api/orders` would price them. */
export async function priceOrderForm(
  db: DbExecutor,
  form: ReadOrderForm,
  storeId: number,
  timeZone: string,
): Promise<OrderFormPreview> {
  const [lineList] = await findOrderLineLists(db, [form.lineListId]);
  if (!lineList || lineList.stage !== "saved") throw new InvalidError(orderFormMessages.lineListGone);
  const type = lineListTypeSchema.parse(lineList.type);
  const orderType = orderTypeOfLineListType[type];

  const errors = [...form.errors];
  const tooMany = form.quantities.length > orderLimits.linesMax;
  if (tooMany) {
    errors.push({
      row: null,
      column: null,
      size: null,
      modelCode: null,
      value: null,
      reason: orderFormMessages.tooManyLines,
    });
  }
  // Still asked with no lines when there are too many: the store is checked all the same.
  const asked = tooMany ? [] : form.quantities;
  const priced = await priceOrderLines(db, {
    storeId,
    orderType,
    timeZone,
    lines: asked.map(({ sku, quantity }) => ({ lineListId: lineList.id, sku, quantity })),
  });
  for (const refused of priced.refused) {
    const cell = asked[refused.index]!;
    errors.push({
      row: cell.row,
      column: cell.column,
      size: cell.size,
      modelCode: cell.modelCode,
      value: String(cell.quantity),
      reason: refused.reason,
    });
  }
  const lines: OrderFormLine[] = priced.lines.map((line) => {
    const cell = asked[line.index]!;
    return {
      row: cell.row,
      column: cell.column,
      lineListId: line.lineListId,
      productId: line.productId,
      brandId: line.brandId,
      brandName: line.brandName,
      modelCode: line.modelCode,
      styleName: line.styleName,
      color: line.color,
      imageUrl: line.imageUrl,
      sku: line.sku,
      size: line.size,
      quantity: line.quantity,
      msrp: line.msrp,
      unitWhs: line.unitWhs,
      lineTotal: line.lineTotal,
    };
  });
  errors.sort(byPlace);
  return {
    lineList: {
      id: lineList.id,
      name: lineList.name,
      brandId: lineList.brandId,
      brandName: lineList.brandName,
      type,
      orderType,
      deadline: lineList.deadline,
      dateOfAvailability: lineList.dateOfAvailability,
    },
    store: {
      id: priced.store.id,
      name: priced.store.name,
      organizationId: priced.store.organizationId,
      organizationName: priced.store.organizationName,
    },
    lines,
    totals: {
      lines: lines.length,
      units: lines.reduce((sum, line) => sum + line.quantity, 0),
      totalWhs: fromCents(lines.reduce((sum, line) => sum + cents(line.lineTotal), 0)),
    },
    errors: errors.slice(0, orderFormLimits.errorsShown),
    errorCount: errors.length,
  };
}

export interface OrderFormPreviewDeps {
  db: DbExecutor;
  store: ObjectStore;
  timeZone: string;
}

/**
 * `POST /api/orders/order-form/preview`: reads the form the upload path stored under `fileKey`,
 * prices it for the store and answers the preview. Nothing is kept: the stored file is deleted
 * whatever the outcome, and the order is written later, by `POST /api/orders`.
 */
export async function previewOrderForm(
  deps: OrderFormPreviewDeps,
  input: OrderFormPreviewInput,
): Promise<OrderFormPreview> {
  const { db, store } = deps;
  if (!isUploadKey(input.fileKey)) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
  // A line list upload's file belongs to that upload: neither read nor deleted here.
  if (await fileKeyProcessed(db, input.fileKey)) throw new AlreadyProcessedError();
  try {
    const copy = await store.openLocalCopy(input.fileKey);
    if (!copy) throw new NotFoundError(uploadMessages.uploadedFileNotFound);
    let form: ReadOrderForm;
    try {
      // Read on the request's thread: the parse worker runs line list parsers only. A form has
      // one row per style (2,000 styles by 15 sizes read in about 0.3 s), and the reader's
      // guard and limits bound what any other file can cost.
      form = await readOrderForm(await readFile(copy.path), input.fileKey);
    } finally {
      await copy.release();
    }
    return await priceOrderForm(db, form, input.storeId, deps.timeZone);
  } finally {
    await store.delete(input.fileKey);
  }
}
