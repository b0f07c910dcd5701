/**
 * Money on the order grid: amounts arrive as decimal strings ("42.50") and are added up in whole
 * cents, so a total of many lines is exact where floating-point dollars would drift.
 */

const moneyPattern = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "42.50" → 4250, "7" → 700, "-0.05" → -5; null for anything that is not an amount. */
export function moneyToCents(amount: string): number | null {
  const match = moneyPattern.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

/** 4250 → "42.50": the server's form of an amount. */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

const dollarsFormatter = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 123450 → "$1,234.50", built from the whole cents so no float rounding reaches the screen. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const dollars = dollarsFormatter.format(Math.trunc(absolute / 100));
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, "0")}`;
}

/** quantity × unit price, in cents; a unit price that is not an amount counts as 0. */
export function lineCents(quantity: number, unitPrice: string): number {
  return quantity * (moneyToCents(unitPrice) ?? 0);
}
