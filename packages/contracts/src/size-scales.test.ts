import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addSizeLabels,
  compareSizes,
  findSizePlace,
  readSizeLabel,
  sizeScaleFromLabels,
  sizeStepLabel,
  sizeWidthOrder,
  sortSizeLabels,
  type SizeReading,
} from "./size-scales.ts";

function read(label: string): SizeReading {
  const result = readSizeLabel(label);
  if (!result.ok) throw new Error(`${label} refused: ${result.reason}`);
  return result.size;
}

function reason(label: string): string {
  const result = readSizeLabel(label);
  if (result.ok) throw new Error(`${label} read as ${JSON.stringify(result.size)}`);
  return result.reason;
}

describe("readSizeLabel", () => {
  it.each([
    ["8", { system: "us", value: 8 }],
    ["8.5", { system: "us", value: 8.5 }],
    ["8½", { system: "us", value: 8.5 }],
    ["8 ½", { system: "us", value: 8.5 }],
    ["8 1/2", { system: "us", value: 8.5 }],
    ["8,5", { system: "us", value: 8.5 }],
    ["9.0", { system: "us", value: 9 }],
    ["  10  ", { system: "us", value: 10 }],
    ["US 9", { system: "us", value: 9 }],
    ["us9", { system: "us", value: 9 }],
    ["UK 7", { system: "uk", value: 7 }],
    ["uk 7.5", { system: "uk", value: 7.5 }],
    ["EU 42", { system: "eu", value: 42 }],
    ["EU 42.5", { system: "eu", value: 42.5 }],
    ["eu42,5", { system: "eu", value: 42.5 }],
    ["EUR 38", { system: "eu", value: 38 }],
  ])("reads %j as a number", (label, size) => {
    expect(read(label)).toEqual(size);
  });

  it.each([
    ["8 W", { system: "us", value: 8, width: "W" }],
    ["8W", { system: "us", value: 8, width: "W" }],
    ["8 Wide", { system: "us", value: 8, width: "W" }],
    ["8 wide", { system: "us", value: 8, width: "W" }],
    ["8.5 XW", { system: "us", value: 8.5, width: "XW" }],
    ["8 Extra Wide", { system: "us", value: 8, width: "XW" }],
    ["8 M", { system: "us", value: 8, width: "M" }],
    ["8 (W)", { system: "us", value: 8, width: "W" }],
    ["10.5 2E", { system: "us", value: 10.5, width: "2E" }],
    ["10 EEEE", { system: "us", value: 10, width: "4E" }],
    ["10 D", { system: "us", value: 10, width: "D" }],
    ["EU 42 W", { system: "eu", value: 42, width: "W" }],
  ])("reads %j with its width", (label, size) => {
    expect(read(label)).toEqual(size);
  });

  it.each([
    ["M8/W10", { system: "us-unisex", value: 8, men: 8, women: 10 }],
    ["M8 / W10", { system: "us-unisex", value: 8, men: 8, women: 10 }],
    ["m8/w10", { system: "us-unisex", value: 8, men: 8, women: 10 }],
    ["W10/M8", { system: "us-unisex", value: 8, men: 8, women: 10 }],
    ["M3/W5", { system: "us-unisex", value: 3, men: 3, women: 5 }],
    ["M8.5/W10.5", { system: "us-unisex", value: 8.5, men: 8.5, women: 10.5 }],
    ["M8", { system: "us-men", value: 8, men: 8 }],
    ["Men's 9", { system: "us-men", value: 9, men: 9 }],
    ["US M 9", { system: "us-men", value: 9, men: 9 }],
    ["W8", { system: "us-women", value: 8, women: 8 }],
    ["W 8", { system: "us-women", value: 8, women: 8 }],
    ["Women’s 7.5", { system: "us-women", value: 7.5, women: 7.5 }],
    ["C10", { system: "us-child", value: 10 }],
    ["J2", { system: "us-youth", value: 2 }],
  ])("reads %j as men's, women's or children's", (label, size) => {
    expect(read(label)).toEqual(size);
  });

  it.each([
    ["XS", "XS"],
    ["S", "S"],
    ["M", "M"],
    ["m", "M"],
    ["L", "L"],
    ["XL", "XL"],
    ["XXL", "XXL"],
    ["2XL", "XXL"],
    ["3XL", "XXXL"],
    ["XXXXL", "4XL"],
    ["XXS", "XXS"],
    ["Small", "S"],
    ["Medium", "M"],
    ["X-Large", "XL"],
    ["Extra Small", "XS"],
  ])("reads %j as the letter size %s", (label, letter) => {
    expect(read(label)).toEqual({ system: "letter", letter });
  });

  it.each(["OS", "os", "O/S", "One Size", "ONE SIZE", "one-size", "OSFA", "One Size Fits All"])(
    "reads %j as One size",
    (label) => {
      expect(read(label)).toEqual({ system: "one-size" });
    },
  );

  it.each([
    ["", "The size is empty."],
    ["   ", "The size is empty."],
    ["abc", '"abc" is not a size: write a number'],
    ["8..5", '"8..5" is not a size: 8..5 is not a number.'],
    ["8.5.5", "8.5.5 is not a number"],
    ["8.5½", "is not a number"],
    ["-8", '"-8" is not a size: sizes are not negative.'],
    ["-8.5", "sizes are not negative"],
    ["99", '"99" is not a US size: they go up to 22.'],
    ["42", '"42" is not a US size (they go up to 22): write EU 42 if it is European.'],
    ["EU 99", '"EU 99" is not an EU size: EU sizes go from 15 to 56.'],
    ["EU 4", "EU sizes go from 15 to 56"],
    ["UK 40", '"UK 40" is not a UK size: they go up to 20.'],
    ["M30/W32", "is not a US men's size"],
    ["C20", "is not a children's size"],
    ["8¼", '"8¼" is not a size: shoe sizes come in whole and half sizes (8, 8.5).'],
    ["8¾", "whole and half sizes"],
    ["8.25", "whole and half sizes"],
    ["W", '"W" is not a size on its own: write a width after the size (8 W) and women\'s before it (W8).'],
    ["Wide", "is not a size on its own"],
    ["2E", "is not a size on its own"],
    ["XM", '"XM" is not a letter size: they go from XXXS to 6XL.'],
    ["7XL", "is not a letter size"],
    ["M8/M10", "is not a size: write a number"],
    ["UK M7", "is not a size: write a number"],
    ["8-9", "is not a size"],
    ["S/M", "is not a size"],
  ])("refuses %j with a reason", (label, expected) => {
    expect(reason(label)).toContain(expected);
  });
});

describe("compareSizes and sortSizeLabels", () => {
  it("orders numbers by value, not as text", () => {
    expect(sortSizeLabels(["10", "9.5", "1", "11", "8½", "9"])).toEqual(["1", "8½", "9", "9.5", "10", "11"]);
    expect(compareSizes("10", "9.5")).toBeGreaterThan(0);
    expect(compareSizes("9.5", "10")).toBeLessThan(0);
    expect(compareSizes("8.5", "8½")).toBe(0);
  });

  it("orders Crocs' unisex sizes M3/W5 to M13/W15 by the men's size", () => {
    const run = Array.from({ length: 11 }, (_, index) => `M${index + 3}/W${index + 5}`);
    const shuffled = [...run].reverse();
    [shuffled[2], shuffled[7]] = [shuffled[7]!, shuffled[2]!];
    expect(sortSizeLabels(shuffled)).toEqual(run);
    expect([...run].sort()).not.toEqual(run);
  });

  it("orders letters XXS to XXXL, whichever way they are written", () => {
    expect(sortSizeLabels(["XL", "S", "XXXL", "M", "XXS", "2XL", "L", "XS"])).toEqual([
      "XXS",
      "XS",
      "S",
      "M",
      "L",
      "XL",
      "2XL",
      "XXXL",
    ]);
  });

  it("orders widths after the size, in the scale's order or the default one", () => {
    expect(sortSizeLabels(["9 XW", "8 W", "9", "8 XW", "8", "9 W", "8 M"])).toEqual([
      "8",
      "8 M",
      "8 W",
      "8 XW",
      "9",
      "9 W",
      "9 XW",
    ]);
    expect(sortSizeLabels(["10 4E", "10 2E", "10 D", "9.5 4E"])).toEqual([
      "9.5 4E",
      "10 D",
      "10 2E",
      "10 4E",
    ]);
    expect(sortSizeLabels(["8 W", "8 XW", "8 M"], { widths: ["XW", "W", "M"] })).toEqual([
      "8 XW",
      "8 W",
      "8 M",
    ]);
    // "" names the place of a size written without a width.
    expect(sortSizeLabels(["8 W", "8", "8 N"], { widths: ["N", "", "W"] })).toEqual(["8 N", "8", "8 W"]);
    expect(sortSizeLabels(["8 wide", "8 Medium"], { widths: ["Medium", "Wide"] })).toEqual([
      "8 Medium",
      "8 wide",
    ]);
  });

  it("sorts a shuffled mixed list into groups, One size after letters, unknown labels last in their order", () => {
    const labels = [
      "XL",
      "zzz",
      "10",
      "OS",
      "EU 42",
      "M8/W10",
      "S",
      "9.5",
      "UK 7",
      "??",
      "C10",
      "W7",
      "M9",
      "J1",
    ];
    expect(sortSizeLabels(labels)).toEqual([
      "C10",
      "J1",
      "9.5",
      "10",
      "M9",
      "M8/W10",
      "W7",
      "UK 7",
      "EU 42",
      "S",
      "XL",
      "OS",
      "zzz",
      "??",
    ]);
    expect(labels[0]).toBe("XL");
  });

  it("is a total order consistent with the value for numeric labels", () => {
    const halfSize = fc.integer({ min: 0, max: 44 }).map((halves) => halves / 2);
    const numericLabel = fc
      .tuple(halfSize, fc.constantFrom("", "US ", "us"), fc.boolean())
      .map(([value, prefix, half]) => ({
        value,
        label: prefix + (half && !Number.isInteger(value) ? `${Math.floor(value)}½` : String(value)),
      }));
    fc.assert(
      fc.property(fc.array(numericLabel, { maxLength: 30 }), (sizes) => {
        const sorted = sortSizeLabels(sizes.map((size) => size.label));
        const values = sorted.map((label) => read(label).value ?? Number.NaN);
        expect(values).toEqual(sizes.map((size) => size.value).sort((a, b) => a - b));
      }),
    );
    fc.assert(
      fc.property(numericLabel, numericLabel, numericLabel, (a, b, c) => {
        expect(Math.sign(compareSizes(a.label, b.label))).toBe(Math.sign(a.value - b.value));
        expect(Math.sign(compareSizes(a.label, b.label))).toBe(
          -Math.sign(compareSizes(b.label, a.label)) || 0,
        );
        if (compareSizes(a.label, b.label) <= 0 && compareSizes(b.label, c.label) <= 0) {
          expect(compareSizes(a.label, c.label)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it("is total and transitive over any labels, and keeps unknown labels last in their order", () => {
    const known = fc.constantFrom(
      "8",
      "8 W",
      "M8/W10",
      "M3/W5",
      "W7",
      "EU 42",
      "UK 7",
      "XS",
      "XXL",
      "OS",
      "C10",
      "10.5",
    );
    const unknown = fc
      .constantFrom("abc", "??", "8..5", "", "W", "-3", "XM")
      .chain((text) => fc.nat(99).map((n) => `${text}#${n}`));
    const anyLabel = fc.oneof(known, unknown, fc.string({ maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(anyLabel, { maxLength: 25 }), (labels) => {
        const sorted = sortSizeLabels(labels);
        expect([...sorted].sort()).toEqual([...labels].sort());
        const unplaced = (label: string) => !readSizeLabel(label).ok;
        expect(sorted.filter(unplaced)).toEqual(labels.filter(unplaced));
        const firstUnplaced = sorted.findIndex(unplaced);
        if (firstUnplaced >= 0) expect(sorted.slice(firstUnplaced).every(unplaced)).toBe(true);
        for (let index = 1; index < sorted.length; index++) {
          expect(compareSizes(sorted[index - 1]!, sorted[index]!)).toBeLessThanOrEqual(0);
        }
        expect(sortSizeLabels(sorted)).toEqual(sorted);
      }),
    );
    fc.assert(
      fc.property(anyLabel, anyLabel, anyLabel, (a, b, c) => {
        expect(Math.sign(compareSizes(a, b))).toBe(-Math.sign(compareSizes(b, a)) || 0);
        if (compareSizes(a, b) <= 0 && compareSizes(b, c) <= 0)
          expect(compareSizes(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("size scales", () => {
  const shown = (labels: readonly string[]) =>
    sizeScaleFromLabels("Sizes", labels).steps.map((step) => sizeStepLabel(step));

  it("builds a scale in scale order, not text order", () => {
    expect(shown(["10", "9.5", "8"])).toEqual(["8", "9.5", "10"]);
    expect(shown(["M10/W12", "M4/W6", "J2", "C10", "C9"])).toEqual(["C9", "C10", "J2", "M4/W6", "M10/W12"]);
  });

  it("makes one step of a size however it is written, with its widths as a second axis", () => {
    const scale = sizeScaleFromLabels("Sizes", ["8 W", "8", "8½", "8.5 XW", "9 W"]);
    expect(scale.steps.map((step) => sizeStepLabel(step))).toEqual(["8", "8½", "9"]);
    expect(scale.widths).toEqual(["W", "XW"]);
    expect(scale.systems).toEqual(["us"]);
    expect(findSizePlace(scale, "8.5 XW")).toEqual({ step: 1, width: "XW" });
    expect(findSizePlace(scale, "8 1/2")).toEqual({ step: 1, width: "" });
    expect(findSizePlace(scale, "10")).toBeUndefined();
    expect(sizeWidthOrder(scale.widths, "")).toBeLessThan(sizeWidthOrder(scale.widths, "W"));
    expect(sizeWidthOrder(["N", "", "W"], "N")).toBeLessThan(sizeWidthOrder(["N", "", "W"], ""));
  });

  it("adds new labels where they belong and keeps a person's order of the steps already there", () => {
    const scale = sizeScaleFromLabels("Sizes", ["8", "10"]);
    expect(addSizeLabels(scale, ["9", "11", "7"]).steps.map((step) => sizeStepLabel(step))).toEqual([
      "7",
      "8",
      "9",
      "10",
      "11",
    ]);
    const rearranged = { ...scale, steps: [...scale.steps].reverse() };
    expect(addSizeLabels(rearranged, ["8"]).steps.map((step) => sizeStepLabel(step))).toEqual(["10", "8"]);
  });

  it("keeps labels the reader cannot place as written, after the others", () => {
    const scale = sizeScaleFromLabels("Sizes", ["2T", "S", "XS"]);
    expect(scale.steps.map((step) => sizeStepLabel(step))).toEqual(["XS", "S", "2T"]);
    expect(scale.steps[2]).toEqual({ value: 0, labels: {}, asWritten: "2T" });
    expect(findSizePlace(scale, "2t")).toEqual({ step: 2, width: "" });
  });
});
