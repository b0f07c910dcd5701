import type { DecimalSeparator } from "@cm/contracts/line-list-mapping";
import { isAmountWith, stripDecoration } from "@cm/contracts/mapping-engine/decimal";
import type { CellValue } from "../line-list-parser.ts";

// The mapping engine reads prices in the browser too, so parseDecimal lives there.
export { parseDecimal } from "@cm/contracts/mapping-engine/decimal";

type Cells = ReadonlyArray<CellValue | undefined>;

// The price column a separator is read from: a suggested retail price first, then any price.
const retailPriceHeader = /msrp|rrp|srp|uvp|retail/;
const anyPriceHeader = /price|preis|prix|prezzo|precio|preco|wholesale|whs|cost/;

const normalizeHeader = (cell: CellValue | undefined) =>
  typeof cell === "string" ? cell.toLowerCase().replace(/[^a-z]/g, "") : "";

/** The column of the row's first header that names a price, the retail price first; or -1. */
export function priceColumnIndex(header: Cells): number {
  const names = Array.from(header, normalizeHeader);
  const retail = names.findIndex((name) => retailPriceHeader.test(name));
  return retail >= 0 ? retail : names.findIndex((name) => anyPriceHeader.test(name));
}

/**
 * What one price says about the separator: "1.234,56" and "49,99" can only be decimal commas,
 * "1,234.56" and "49.99" only decimal points. "1,234" or "1.234" could be either and "49" is
 * neither, so they say nothing.
 */
function separatorOf(text: string): DecimalSeparator | undefined {
  const amount = stripDecoration(text);
  const lastPoint = amount.lastIndexOf(".");
  const lastComma = amount.lastIndexOf(",");
  if (lastPoint >= 0 && lastComma >= 0) {
    const separator = lastComma > lastPoint ? "," : ".";
    return isAmountWith(amount, separator) ? separator : undefined;
  }
  if (/^[-+]?\d+,\d{1,2}$/.test(amount)) return ",";
  if (/^[-+]?\d+\.\d{1,2}$/.test(amount)) return ".";
  return undefined;
}

/**
 * Which decimal separator the price column of these rows uses (the MSRP-like column named in
 * `header`), by a majority of the prices that can only be read one way; undefined when there is no
 * such column, no telling price, or as many of each.
 */
export function detectDecimalSeparator(
  header: Cells,
  rows: ReadonlyArray<Cells | undefined>,
): DecimalSeparator | undefined {
  const column = priceColumnIndex(header);
  if (column < 0) return undefined;
  let commas = 0;
  let points = 0;
  for (const row of rows) {
    const cell = row?.[column];
    if (typeof cell !== "string") continue;
    const separator = separatorOf(cell);
    if (separator === ",") commas += 1;
    else if (separator === ".") points += 1;
  }
  if (commas === points) return undefined;
  return commas > points ? "," : ".";
}
