import { orderFormLayout, orderFormMessages, type OrderFormError } from "@cm/contracts/order-forms";
import { orderLimits } from "@cm/contracts/orders";
import { unescapeSpreadsheetText } from "@cm/contracts/spreadsheet-cells";
import { InvalidError } from "../../lib/errors.ts";
import type { CellValue, SheetGrid } from "../file-processing/line-list-parser.ts";
import { readSheets } from "../file-processing/workbook-reader.ts";
import { WorkbookRefusal } from "../file-processing/workbook-refusal.ts";
import { namedLabels, refsRow } from "./layout.ts";

/*
 * Reading a filled order form: only the cells `_refs` names, each checked to still sit on its
 * style's row and under its size (layout.ts); anything else in the sheet is the writer's own.
 */

/** A quantity cell the hidden references name. */
interface FormCellRef {
  row: number;
  column: number;
  sku: string;
  modelCode: string;
  size: string;
  /** The header of the cell's column: the size, or its step ("8" for "8 W"). */
  header: string;
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
  /** What the form's header block names as its customer and store (trimmed; null when blank). */
  customerName: string | null;
  storeName: string | null;
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
    const [address, sku, modelCode, size, header] = [0, 1, 2, 3, 4].map((c) => cellText(at(r, c)));
    if (!address && !sku) continue;
    const position = parseAddress(address!);
    if (!position || position.row < headerRow || !sku || !modelCode || !size) throw notAnOrderForm();
    cells.push({ ...position, sku, modelCode, size, header: header || size });
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
  const at = (r: number, c: number) => form.rows[r]?.[c];
  const named = (label: string) => {
    for (let r = 0; r < headerRow; r += 1) {
      if (cellText(at(r, 0)).toLowerCase() !== label.toLowerCase()) continue;
      return cellText(at(r, 1)).slice(0, 255) || null;
    }
    return null;
  };
  const names = { customerName: named(namedLabels.customer), storeName: named(namedLabels.store) };
  // The form of a line list with nothing to order yet has no quantity cells.
  if (cells.length === 0) return { lineListId, ...names, quantities: [], errors: [] };

  const refByCell = new Map<string, FormCellRef>();
  const styleRows = new Map<number, string>();
  const sizeByColumn = new Map<number, string>();
  for (const cell of cells) {
    // Every referenced cell must still be on its style's row and under its size's column.
    if (
      cellText(at(cell.row, 0)) !== cell.modelCode ||
      cellText(at(headerRow, cell.column)) !== cell.header
    ) {
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
  return { lineListId, ...names, quantities, errors };
}

/** Reads a filled form's bytes with the upload reader's guard and limits. */
export async function readOrderForm(bytes: Buffer, fileName: string): Promise<ReadOrderForm> {
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
