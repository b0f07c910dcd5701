import { compareSizes } from "@cm/contracts/size-scales";
import {
  type Order,
  type OrderLineInput,
  orderLimits,
  orderMessages,
  type OrderOfferLineList,
  type OrderOfferStyle,
} from "@cm/contracts/orders";
import { format } from "date-fns";
import { lineCents } from "@/features/orders/utils/order-grid-money";
import { formatDateLong } from "@/lib/format";

/**
 * The order grid's model: per line list, styles as rows and sizes as columns, a quantity in each
 * cell. Quantities and refusals are kept per style (`gridStyleKey`), so a change to one cell
 * gives a new record for that style only and every other row can skip re-rendering.
 */

/**
 * A size of a style: its SKU and, in New Order's offer, the SKU's available quantity (Open Stock;
 * absent where none is known). The grid warns above it, never refuses.
 */
export type OrderGridSize = OrderOfferStyle["sizes"][number] & { availableQuantity?: number };

export type OrderGridStyle = Omit<OrderOfferStyle, "sizes"> & { sizes: OrderGridSize[] };

export type OrderGridLineList = Pick<
  OrderOfferLineList,
  "id" | "name" | "brandId" | "brandName" | "deadline" | "dateOfAvailability"
> & { styles: OrderGridStyle[] };

/** Style key → SKU → quantity; a missing SKU is 0. */
export type OrderGridQuantities = Readonly<Record<string, Readonly<Record<string, number>>>>;
/** Style key → SKU → the reason the server refused that cell. */
export type OrderGridErrors = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** One cell of the grid, as a line sent to the server names it. */
export interface OrderGridCell {
  styleKey: string;
  sku: string;
}

export interface OrderGridTotals {
  units: number;
  /** WHS in whole cents. */
  cents: number;
  /** Cells with a quantity: the lines the order would hold. */
  lines: number;
}

const noTotals: OrderGridTotals = { units: 0, cents: 0, lines: 0 };

/** A style appears in a line list once; the same style in two line lists is two rows. */
export function gridStyleKey(lineListId: number, productId: number): string {
  return `${lineListId}:${productId}`;
}

/**
 * The size columns of a line list: every size its styles have, each once, in the styles' order.
 * A size one style has between two sizes already placed goes between them, so "6, 7, 8" and
 * "6, 8, 10" give "6, 7, 8, 10"; each style's sizes come in their scale's order (the server's).
 */
export function sizeColumns(styles: readonly Pick<OrderGridStyle, "sizes">[]): string[] {
  const columns: string[] = [];
  for (const style of styles) {
    const sizes = style.sizes.map((entry) => entry.size);
    sizes.forEach((size, index) => {
      if (columns.includes(size)) return;
      const nextPlaced = sizes.slice(index + 1).find((later) => columns.includes(later));
      if (nextPlaced !== undefined) {
        columns.splice(columns.indexOf(nextPlaced), 0, size);
        return;
      }
      // None of this style's later sizes is a column yet: the size goes after its earlier ones, at
      // its place in scale order among the columns that follow them ("6, 10" and "8": 6, 8, 10).
      const previous = sizes.slice(0, index).findLast((earlier) => columns.includes(earlier));
      const from = previous === undefined ? 0 : columns.indexOf(previous) + 1;
      const after = columns.findIndex((column, at) => at >= from && compareSizes(column, size) > 0);
      if (after === -1) columns.push(size);
      else columns.splice(after, 0, size);
    });
  }
  return columns;
}

/**
 * What a quantity cell holds after typing or pasting `raw`: its digits as a whole number (empty
 * is 0), at most the largest quantity a line takes. "1,200" is 1200; "1.5" is 15.
 */
export function parseQuantityInput(raw: string): number {
  const digits = raw.replace(/\D/g, "").replace(/^0+/, "");
  if (!digits) return 0;
  return Math.min(Number(digits.slice(0, 6)), orderLimits.quantityMax);
}

/** Whether a quantity is more than the SKU's known available quantity: worth a warning, not a refusal. */
export function exceedsAvailable(size: OrderGridSize, quantity: number): boolean {
  return typeof size.availableQuantity === "number" && quantity > 0 && quantity > size.availableQuantity;
}

/** How many cells of the grids hold more than their SKU's known available quantity. */
export function countOverAvailable(
  lineLists: readonly OrderGridLineList[],
  quantities: OrderGridQuantities,
): number {
  let over = 0;
  for (const lineList of lineLists) {
    for (const style of lineList.styles) {
      const styleQuantities = quantities[gridStyleKey(lineList.id, style.productId)];
      if (!styleQuantities) continue;
      for (const size of style.sizes) if (exceedsAvailable(size, styleQuantities[size.sku] ?? 0)) over += 1;
    }
  }
  return over;
}

/** Units and WHS of one style's row: quantity × the style's unit WHS, in cents. */
export function styleTotals(
  style: Pick<OrderGridStyle, "unitWhs" | "sizes">,
  quantities: Readonly<Record<string, number>> | undefined,
): OrderGridTotals {
  if (!quantities) return noTotals;
  let units = 0;
  let lines = 0;
  for (const { sku } of style.sizes) {
    const quantity = quantities[sku] ?? 0;
    if (quantity > 0) {
      units += quantity;
      lines += 1;
    }
  }
  return units === 0 ? noTotals : { units, lines, cents: lineCents(units, style.unitWhs) };
}

function addTotals(a: OrderGridTotals, b: OrderGridTotals): OrderGridTotals {
  return { units: a.units + b.units, cents: a.cents + b.cents, lines: a.lines + b.lines };
}

export function lineListTotals(
  lineList: OrderGridLineList,
  quantities: OrderGridQuantities,
): OrderGridTotals {
  return lineList.styles.reduce(
    (sum, style) =>
      addTotals(sum, styleTotals(style, quantities[gridStyleKey(lineList.id, style.productId)])),
    noTotals,
  );
}

export function orderGridTotals(
  lineLists: readonly OrderGridLineList[],
  quantities: OrderGridQuantities,
): OrderGridTotals {
  return lineLists.reduce((sum, lineList) => addTotals(sum, lineListTotals(lineList, quantities)), noTotals);
}

/** The cell's quantity after a change, as a new record for its style only. */
export function withQuantity(
  quantities: OrderGridQuantities,
  cell: OrderGridCell,
  quantity: number,
): OrderGridQuantities {
  const current = quantities[cell.styleKey];
  if ((current?.[cell.sku] ?? 0) === quantity) return quantities;
  const { [cell.sku]: _previous, ...others } = current ?? {};
  return { ...quantities, [cell.styleKey]: quantity > 0 ? { ...others, [cell.sku]: quantity } : others };
}

/** The refusals without the cell's, once the cell changes. */
export function withoutError(errors: OrderGridErrors, cell: OrderGridCell): OrderGridErrors {
  const current = errors[cell.styleKey];
  if (!current || !(cell.sku in current)) return errors;
  const { [cell.sku]: _removed, ...others } = current;
  return { ...errors, [cell.styleKey]: others };
}

/**
 * The lines to send, in the grid's order (line list, style, size), and for each the cell it came
 * from, so a refusal naming `lines.<index>` can be shown where it belongs.
 */
export function orderLinesFromGrid(
  lineLists: readonly OrderGridLineList[],
  quantities: OrderGridQuantities,
): { lines: OrderLineInput[]; cells: OrderGridCell[] } {
  const lines: OrderLineInput[] = [];
  const cells: OrderGridCell[] = [];
  for (const lineList of lineLists) {
    for (const style of lineList.styles) {
      const styleKey = gridStyleKey(lineList.id, style.productId);
      const styleQuantities = quantities[styleKey];
      if (!styleQuantities) continue;
      for (const { sku } of style.sizes) {
        const quantity = styleQuantities[sku] ?? 0;
        if (quantity <= 0) continue;
        lines.push({ lineListId: lineList.id, sku, quantity });
        cells.push({ styleKey, sku });
      }
    }
  }
  return { lines, cells };
}

const linePathPattern = /^lines\.(\d+)(?:\.|$)/;

/**
 * The server's refusal (`data`: `lines.<index>.<field>` → messages) as errors on the cells those
 * lines came from. `placed` counts the refusals shown on a cell; the others are left to the toast.
 */
export function cellErrorsFromRefusal(
  data: unknown,
  cells: readonly OrderGridCell[],
): { errors: OrderGridErrors; placed: number } {
  const errors: Record<string, Record<string, string>> = {};
  let placed = 0;
  if (typeof data !== "object" || data === null) return { errors, placed };
  for (const [path, messages] of Object.entries(data as Record<string, unknown>)) {
    const match = linePathPattern.exec(path);
    const cell = match ? cells[Number(match[1])] : undefined;
    const message = Array.isArray(messages) ? messages.find((item) => typeof item === "string") : undefined;
    if (!cell || !message) continue;
    const styleErrors = (errors[cell.styleKey] ??= {});
    // A line refused for its SKU and its quantity shows both.
    styleErrors[cell.sku] = styleErrors[cell.sku] ? `${styleErrors[cell.sku]}; ${message}` : message;
    placed += 1;
  }
  return { errors, placed };
}

/** An order's lines as grid quantities (the edit mode starts from them). */
export function quantitiesFromOrder(order: Pick<Order, "lines">): OrderGridQuantities {
  const quantities: Record<string, Record<string, number>> = {};
  for (const line of order.lines) {
    (quantities[gridStyleKey(line.lineListId, line.style.id)] ??= {})[line.sku] = line.quantity;
  }
  return quantities;
}

/**
 * An order as read-only grids: per line list, its ordered styles with the sizes ordered and the
 * prices frozen on the lines.
 */
export function gridLineListsFromOrder(order: Pick<Order, "lines" | "lineLists">): OrderGridLineList[] {
  const byLineList = new Map<number, Map<number, OrderGridStyle>>();
  for (const line of order.lines) {
    let styles = byLineList.get(line.lineListId);
    if (!styles) byLineList.set(line.lineListId, (styles = new Map()));
    let style = styles.get(line.style.id);
    if (!style) {
      style = {
        productId: line.style.id,
        modelCode: line.style.modelCode,
        name: line.style.name,
        color: line.style.color,
        imageUrl: line.style.imageUrl,
        msrp: line.msrp,
        unitWhs: line.unitWhs,
        sizes: [],
      };
      styles.set(line.style.id, style);
    }
    style.sizes.push({ sku: line.sku, size: line.size });
  }
  const lineLists: OrderGridLineList[] = order.lineLists.map((lineList) => ({
    ...lineList,
    styles: [...(byLineList.get(lineList.id)?.values() ?? [])],
  }));
  // Lines of a line list the order's summary does not name still show, under their id.
  for (const [id, styles] of byLineList) {
    if (lineLists.some((lineList) => lineList.id === id)) continue;
    const brand = order.lines.find((line) => line.lineListId === id)?.brand;
    lineLists.push({
      id,
      name: `#${id}`,
      brandId: brand?.id ?? 0,
      brandName: brand?.name ?? "",
      deadline: null,
      dateOfAvailability: null,
      styles: [...styles.values()],
    });
  }
  return lineLists;
}

/**
 * The offer of an order's line lists with the order's own lines added where the offer no longer
 * has them (a style taken out of every catalog since), so editing quantities never drops a line
 * silently: the server says why it refuses it, on its cell.
 */
export function mergeOrderIntoOffer(
  offer: readonly OrderGridLineList[],
  order: Pick<Order, "lines" | "lineLists">,
): OrderGridLineList[] {
  const ordered = gridLineListsFromOrder(order);
  const merged = offer.map((lineList) => ({ ...lineList, styles: [...lineList.styles] }));
  for (const orderedList of ordered) {
    const target = merged.find((lineList) => lineList.id === orderedList.id);
    if (!target) {
      merged.push(orderedList);
      continue;
    }
    for (const orderedStyle of orderedList.styles) {
      const index = target.styles.findIndex((style) => style.productId === orderedStyle.productId);
      if (index === -1) {
        target.styles.push(orderedStyle);
        continue;
      }
      const style = target.styles[index]!;
      const missing = orderedStyle.sizes.filter(
        (size) => !style.sizes.some((entry) => entry.sku === size.sku),
      );
      if (missing.length > 0) target.styles[index] = { ...style, sizes: [...style.sizes, ...missing] };
    }
  }
  return merged;
}

/** Several brands among the line lists make the order multibrand. */
export function isMultibrand(lineLists: readonly Pick<OrderGridLineList, "brandId">[]): boolean {
  return new Set(lineLists.map((lineList) => lineList.brandId)).size > 1;
}

/** A pre-book line list takes orders up to and including its deadline day. */
export function isDeadlinePassed(deadline: string | null, today: string): boolean {
  return deadline !== null && deadline < today;
}

/** Why a line list cannot be ordered from: a pre-book one past its deadline for orders. */
export function lineListRefusal(
  lineList: { type: string; deadline: string | null },
  today: string,
): string | null {
  if (lineList.type === "pre-book" && isDeadlinePassed(lineList.deadline, today)) {
    return orderMessages.deadlinePassed(formatDateLong(lineList.deadline));
  }
  return null;
}

/** Today's calendar date where the person is, "YYYY-MM-DD". */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** An order's moment (placed, a status change) in the person's time zone, e.g. "03/01/2027, 3:30 PM". */
export function formatOrderTimestamp(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MM/dd/yyyy, h:mm a");
}
