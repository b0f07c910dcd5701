import { describe, expect, it } from "vitest";
import { pageWindow, paginated } from "./pagination.ts";

describe("pagination", () => {
  it("turns a page into LIMIT and OFFSET", () => {
    expect(pageWindow({ page: 1, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 3, pageSize: 25 })).toEqual({ limit: 25, offset: 50 });
  });

  it.each([
    [0, 0],
    [10, 1],
    [11, 2],
  ])("counts %i rows as %i pages of 10", (total, totalPages) => {
    expect(paginated([], { page: 1, pageSize: 10, total }).pagination).toEqual({
      page: 1,
      pageSize: 10,
      total,
      totalPages,
    });
  });

  it("says a capped total is a lower bound, and only then", () => {
    const capped = paginated([], { page: 1, pageSize: 10, total: 1000, totalIsLowerBound: true });
    expect(capped.pagination).toEqual({
      page: 1,
      pageSize: 10,
      total: 1000,
      totalPages: 100,
      totalIsLowerBound: true,
    });
    const exact = paginated([], { page: 1, pageSize: 10, total: 5, totalIsLowerBound: false });
    expect(exact.pagination).not.toHaveProperty("totalIsLowerBound");
  });

  it("wraps the page's rows in the envelope", () => {
    expect(paginated([{ id: 1 }], { page: 2, pageSize: 1, total: 2 })).toMatchObject({
      success: true,
      message: "OK",
      data: [{ id: 1 }],
    });
  });
});
