import { describe, expect, it } from "vitest";
import { cappedTotal, countedPastOffset, countLimit, pageWindow, paginated } from "./pagination.ts";

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

  it("counts one row past the page's cap, and calls more than the cap a lower bound", () => {
    expect(countLimit(0)).toBe(countedPastOffset + 1);
    expect(countLimit(50)).toBe(50 + countedPastOffset + 1);
    expect(cappedTotal(7, 0)).toEqual({ total: 7, totalIsLowerBound: false });
    expect(cappedTotal(countedPastOffset, 0)).toEqual({ total: countedPastOffset, totalIsLowerBound: false });
    expect(cappedTotal(countedPastOffset + 1, 0)).toEqual({
      total: countedPastOffset,
      totalIsLowerBound: true,
    });
    expect(cappedTotal(countedPastOffset + 51, 50)).toEqual({
      total: countedPastOffset + 50,
      totalIsLowerBound: true,
    });
    expect(cappedTotal(countedPastOffset + 50, 50)).toEqual({
      total: countedPastOffset + 50,
      totalIsLowerBound: false,
    });
  });

  it("wraps the page's rows in the envelope", () => {
    expect(paginated([{ id: 1 }], { page: 2, pageSize: 1, total: 2 })).toMatchObject({
      success: true,
      message: "OK",
      data: [{ id: 1 }],
    });
  });
});
