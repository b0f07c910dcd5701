import { describe, expect, it } from "vitest";
import { centsToMoney, formatCents, lineCents, moneyToCents } from "@/features/orders/utils/order-grid-money";

describe("order grid money", () => {
  it("reads the server's amounts as whole cents", () => {
    expect(moneyToCents("42.50")).toBe(4250);
    expect(moneyToCents("0.07")).toBe(7);
    expect(moneyToCents("7")).toBe(700);
    expect(moneyToCents("19.9")).toBe(1990);
    expect(moneyToCents("-0.05")).toBe(-5);
    expect(moneyToCents("1,234.50")).toBeNull();
    expect(moneyToCents("abc")).toBeNull();
  });

  it("adds up exactly where floating-point dollars drift", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; ten lines of 0.10 are 0.9999999999999999.
    const cents = ["0.10", "0.20"].reduce((sum, amount) => sum + moneyToCents(amount)!, 0);
    expect(centsToMoney(cents)).toBe("0.30");
    expect(centsToMoney(Array.from({ length: 10 }, () => lineCents(1, "0.10")).reduce((a, b) => a + b))).toBe(
      "1.00",
    );
    expect(lineCents(3, "33.33")).toBe(9999);
    expect(lineCents(9_999, "1234.56")).toBe(1_234_436_544);
  });

  it("writes cents back as the server's form and as dollars on screen", () => {
    expect(centsToMoney(4250)).toBe("42.50");
    expect(centsToMoney(5)).toBe("0.05");
    expect(centsToMoney(-1999)).toBe("-19.99");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(123_450)).toBe("$1,234.50");
    expect(formatCents(1_234_436_544)).toBe("$12,344,365.44");
    expect(formatCents(-5)).toBe("-$0.05");
  });
});
