import { lineListTypeLabels, type LineListType } from "@cm/contracts/line-lists";
import { orderFormLayout, orderFormMessages } from "@cm/contracts/order-forms";
import { escapeSpreadsheetText } from "@cm/contracts/spreadsheet-cells";
import type { CellObject, WorkBook, WorkSheet } from "@e965/xlsx";
import { loadSheetJs, type SheetJs } from "../file-processing/sheetjs.ts";
import type { OrderLineListRow } from "../orders/repository.ts";
import { namedLabels, refsHeader, styleColumns, styleColumnsWithWidth } from "./layout.ts";
import type { FormSize, FormStyleRow } from "./repository.ts";

/* Writing a line list's order form as .xlsx, laid out as layout.ts says. */

/** The column a size sits in: its scale step ("8" for "8 W"), or the label when not placed. */
const columnOf = (size: Pick<FormSize, "size" | "step">) => size.step ?? size.size;

/**
 * The size columns: every step of the styles' sizes, each once, in the brand's scale order. Sizes
 * not placed in the scale yet follow, keeping each style's own order: a size first seen on a later
 * style goes right after the size that precedes it there (M6 of [M6, M8] before M8).
 */
export function sizeColumns(
  styles: readonly { sizes: readonly Pick<FormSize, "size" | "step" | "stepOrder">[] }[],
): string[] {
  const merged: string[] = [];
  const order = new Map<string, number>();
  for (const style of styles) {
    let previous = -1;
    for (const size of style.sizes) {
      const column = columnOf(size);
      if (size.stepOrder != null)
        order.set(column, Math.min(order.get(column) ?? size.stepOrder, size.stepOrder));
      const index = merged.indexOf(column);
      if (index >= 0) {
        previous = index;
      } else {
        merged.splice(previous + 1, 0, column);
        previous += 1;
      }
    }
  }
  const placed = merged.filter((column) => order.has(column)).sort((a, b) => order.get(a)! - order.get(b)!);
  return [...placed, ...merged.filter((column) => !order.has(column))];
}

/** A style's rows: one per width it comes in (in the scale's order), each step's SKU in it. */
function widthRows(
  style: FormStyleRow,
): { width: string; skus: Map<string, { sku: string; size: string }> }[] {
  const rows = new Map<string, { order: number; skus: Map<string, { sku: string; size: string }> }>();
  for (const size of style.sizes) {
    const width = size.width ?? "";
    let row = rows.get(width);
    if (!row) rows.set(width, (row = { order: size.widthOrder ?? 0, skus: new Map() }));
    const column = columnOf(size);
    if (!row.skus.has(column)) row.skus.set(column, { sku: size.sku, size: size.size });
  }
  return [...rows]
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([width, row]) => ({ width, skus: row.skus }));
}

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

/** Who a form is for, when it is downloaded for a store. */
export interface OrderFormFor {
  customerName: string;
  storeName: string;
  /** The note on the WHS column when the form's prices are the customer's own (the portal's form). */
  whsNote?: string;
}

function headerBlock(lineList: OrderLineListRow, named?: OrderFormFor): (CellObject | undefined)[][] {
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
    [text(namedLabels.customer), named && text(named.customerName)],
    [text(namedLabels.store), named && text(named.storeName)],
    [text(named?.whsNote ?? orderFormMessages.whsNote)],
    [text(orderFormMessages.noSizeNote)],
    [text(orderFormMessages.fillNote)],
    [],
  );
  return rows;
}

/**
 * The .xlsx of a line list's order form: the form, then the hidden `_refs` (layout.ts); the
 * customer and store it is for, when given, in the header block.
 */
export async function writeOrderForm(
  lineList: OrderLineListRow,
  styles: readonly FormStyleRow[],
  named?: OrderFormFor,
): Promise<Buffer> {
  const XLSX = await loadSheetJs();
  const sizes = sizeColumns(styles);
  const withWidths = styles.some((style) => style.sizes.some((size) => (size.width ?? "") !== ""));
  const columns = withWidths ? styleColumnsWithWidth : styleColumns;
  const firstSizeColumn = columns.length;
  const rows = headerBlock(lineList, named);
  const headerRow = rows.length;
  rows.push([...columns, ...sizes].map(text));

  const refs: (CellObject | undefined)[][] = [
    [text(orderFormLayout.marker), { t: "n", v: orderFormLayout.version }],
    [text("lineListId"), { t: "n", v: lineList.id }],
    [text("sheet"), text(orderFormLayout.sheetName)],
    [text("headerRow"), { t: "n", v: headerRow + 1 }],
    [],
    refsHeader.map(text),
  ];
  for (const style of styles) {
    for (const { width, skus } of widthRows(style)) {
      const r = rows.length;
      const row: (CellObject | undefined)[] = [
        text(style.modelCode),
        style.name === null ? undefined : text(style.name),
        style.color === null ? undefined : text(style.color),
        ...(withWidths ? [width === "" ? undefined : text(width)] : []),
        money(style.msrp),
        money(style.whs),
      ];
      sizes.forEach((column, index) => {
        const c = firstSizeColumn + index;
        const found = skus.get(column);
        if (found === undefined) {
          row[c] = text(orderFormLayout.noSizeMarker);
          return;
        }
        const ref = [XLSX.utils.encode_cell({ r, c }), found.sku, style.modelCode, found.size];
        refs.push([...ref, ...(column === found.size ? [] : [column])].map(text));
      });
      rows.push(row);
    }
  }

  const form = sheetOf(XLSX, rows);
  form["!cols"] = [
    { wch: 22 },
    { wch: 28 },
    { wch: 16 },
    ...(withWidths ? [{ wch: 8 }] : []),
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
