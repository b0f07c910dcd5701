import { describe, expect, it } from "vitest";
import { safeReturnTo } from "@/lib/auth";

describe("where sign-in returns to", () => {
  it("keeps a staff page or a portal page, with its query, and nothing else", () => {
    expect(safeReturnTo("/home/orders?status=pending")).toBe("/home/orders?status=pending");
    expect(safeReturnTo("/portal?storeId=12")).toBe("/portal?storeId=12");
    expect(safeReturnTo("/portal/orders/3")).toBe("/portal/orders/3");
    expect(safeReturnTo("/portalx")).toBe("/home");
    expect(safeReturnTo("https://example.com/portal")).toBe("/home");
    expect(safeReturnTo("/auth/start")).toBe("/home");
    expect(safeReturnTo(undefined)).toBe("/home");
  });
});
