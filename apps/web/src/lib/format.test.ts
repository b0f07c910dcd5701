import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatDateLong,
  formatDateShort,
  formatFileSize,
  formatInstantDate,
  formatInstantDateTime,
  formatMoney,
} from "@/lib/format";

describe("formatFileSize", () => {
  it.each([
    [0, "0.00 B"],
    [512, "512.00 B"],
    [1023, "1023.00 B"],
    [1024, "1.00 KB"],
    [1536, "1.50 KB"],
    [1024 ** 2, "1.00 MB"],
    [5.25 * 1024 ** 2, "5.25 MB"],
    [1024 ** 3, "1.00 GB"],
    [1024 ** 4, "1.00 TB"],
    [2048 * 1024 ** 4, "2048.00 TB"],
  ])("%d bytes → %s", (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it("moves to the next unit when rounding reaches 1024", () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1.00 MB");
  });

  it("gives an empty string for values that are not sizes", () => {
    expect(formatFileSize(-1)).toBe("");
    expect(formatFileSize(Number.NaN)).toBe("");
  });
});

describe("formatMoney", () => {
  it.each([
    [12.5, "$12.50"],
    [0, "$0.00"],
    [1234.567, "$1,234.57"],
    ["99.9", "$99.90"],
    [-3, "-$3.00"],
  ])("%s → %s", (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });

  it("gives an empty string when there is no amount", () => {
    expect(formatMoney(null)).toBe("");
    expect(formatMoney(undefined)).toBe("");
    expect(formatMoney("")).toBe("");
    expect(formatMoney("abc")).toBe("");
  });
});

// The calendar day must not move whichever side of Greenwich the browser is on.
describe.each(["America/Los_Angeles", "Asia/Tokyo", "UTC"])("calendar dates in %s", (timeZone) => {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.TZ;
    process.env.TZ = timeZone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  it("runs in the timezone under test", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(timeZone);
  });

  it.each(["2027-03-01", "2027-03-01T00:00:00.000Z", "2027-03-01T00:00:00Z"])(
    "reads %s as March 1st",
    (value) => {
      expect(formatDateShort(value)).toBe("03/01/27");
      expect(formatDateLong(value)).toBe("03/01/2027");
    },
  );

  it("keeps the last and first day of a year", () => {
    expect(formatDateLong("2026-12-31")).toBe("12/31/2026");
    expect(formatDateLong("2027-01-01T00:00:00.000Z")).toBe("01/01/2027");
  });

  it("formats a Date from a date picker as its local day", () => {
    expect(formatDateLong(new Date(2027, 2, 1))).toBe("03/01/2027");
  });
});

describe("date formatters without a valid date", () => {
  it.each([null, undefined, "", "not a date", "2027-02-30", new Date(Number.NaN)])(
    "%s → empty string",
    (value) => {
      expect(formatDateShort(value)).toBe("");
      expect(formatDateLong(value)).toBe("");
    },
  );
});

describe("instants", () => {
  it("write the local day as MM/DD/YYYY, and the time after it when asked", () => {
    const at = new Date(2027, 2, 4, 14, 5).toISOString();
    expect(formatInstantDate(at)).toBe("03/04/2027");
    expect(formatInstantDateTime(at)).toBe("03/04/2027, 2:05 PM");
    expect(formatInstantDateTime("not a date")).toBe("");
  });
});
