import type { DecimalSeparator } from "../line-list-mapping.ts";
import type { EngineCell } from "./types.ts";

// Spaces (also the narrow and non-breaking ones French and Excel use as thousands separators),
// apostrophes (Swiss thousands) and currency signs or codes around the amount.
const decoration = /[\s\u00a0\u202f']|[€$£¥]|\b(?:eur|usd|gbp|chf|cad|aud)\b/gi;
const amountWith: Record<DecimalSeparator, RegExp> = {
  ".": /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/,
  ",": /^[-+]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/,
};

/** The amount without its currency sign or code and without spaces. */
export const stripDecoration = (text: string) => text.replace(decoration, "");

/** Whether the text is an amount written with this decimal separator (after stripDecoration). */
export function isAmountWith(amount: string, separator: DecimalSeparator): boolean {
  return amountWith[separator].test(amount);
}

/**
 * A price written with this decimal separator as a number: with ",", "1.234,56" is 1234.56 and
 * "49,99" is 49.99; with ".", "1,234.56" is 1234.56 and "49.99" is 49.99. Thousands separators
 * must stand every three digits, so "49,99" read with "." is null, never 4999. Currency signs and
 * spaces around or inside the amount are ignored. Numbers are returned as they are; anything
 * else is null.
 */
export function parseDecimal(value: EngineCell | undefined, separator: DecimalSeparator): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const amount = stripDecoration(value);
  if (!amountWith[separator].test(amount)) return null;
  const thousands = separator === "," ? /\./g : /,/g;
  return Number(amount.replace(thousands, "").replace(",", "."));
}
