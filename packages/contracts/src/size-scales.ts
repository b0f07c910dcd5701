/**
 * Size labels read into numbers, and sizes ordered by their scale rather than by their text
 * (docs/line-list-format.md, "Size labels"). Pure functions: the web and the server order sizes
 * the same way.
 */

/**
 * The systems a size label can be written in. Besides US, UK, EU, letters and One size: `us-unisex`
 * is Crocs' men's/women's pair (`M8/W10`), `us-child` and `us-youth` are Crocs' `C10` and `J2`.
 */
export const sizeSystems = [
  "us",
  "us-men",
  "us-women",
  "us-unisex",
  "us-child",
  "us-youth",
  "uk",
  "eu",
  "letter",
  "one-size",
] as const;
export type SizeSystem = (typeof sizeSystems)[number];

/** One size of a scale: its value (half sizes are x.5) and its label in each system the brand uses. */
export type SizeStep = { value: number; labels: Partial<Record<SizeSystem, string>> };

/** A brand's ordered sizes, with widths as a second ordered axis (`["M", "W", "XW"]`, or none). */
export type SizeScale = {
  name: string;
  systems: readonly SizeSystem[];
  steps: readonly SizeStep[];
  widths: readonly string[];
};

/** What a size label says. `value` is the size in its system (the men's size of a pair). */
export type SizeReading = {
  system: SizeSystem;
  value?: number;
  /** A letter size, written the usual way: XXS, XS, S, M, L, XL, XXL, XXXL, 4XL. */
  letter?: string;
  /** A width, written the usual way: N, M, W, XW, B, D, 2E, 3E, 4E. */
  width?: string;
  men?: number;
  women?: number;
};

export type SizeLabelResult = { ok: true; size: SizeReading } | { ok: false; reason: string };

/** Widths in their order when the scale names none: two common axes, each narrow to wide. */
export const defaultSizeWidths = [
  "N",
  "M",
  "W",
  "XW",
  "2A",
  "A",
  "B",
  "C",
  "D",
  "E",
  "2E",
  "3E",
  "4E",
  "5E",
  "6E",
] as const;

// The largest size each system's labels reach; anything past it is a typo or another system.
const largestSize: Record<SizeSystem, number> = {
  us: 22,
  "us-men": 22,
  "us-women": 22,
  "us-unisex": 22,
  "us-child": 14,
  "us-youth": 7,
  uk: 20,
  eu: 56,
  letter: 0,
  "one-size": 0,
};
const smallestEuSize = 15;

const systemNames: Record<SizeSystem, string> = {
  us: "a US size",
  "us-men": "a US men's size",
  "us-women": "a US women's size",
  "us-unisex": "a US men's size",
  "us-child": "a children's size",
  "us-youth": "a youth size",
  uk: "a UK size",
  eu: "an EU size",
  letter: "a letter size",
  "one-size": "One size",
};

/** Why a label was refused: shown to the person who assigns the labels the reader cannot place. */
export const sizeLabelMessages = {
  empty: "The size is empty.",
  notASize: (label: string) =>
    `"${label}" is not a size: write a number (8, 8.5, 8½), with a width (8 W), men's/women's (M8/W10), EU 42, UK 7, a letter size (S, M, XL) or One size.`,
  notANumber: (label: string, number: string) => `"${label}" is not a size: ${number} is not a number.`,
  negative: (label: string) => `"${label}" is not a size: sizes are not negative.`,
  notAHalf: (label: string) => `"${label}" is not a size: shoe sizes come in whole and half sizes (8, 8.5).`,
  outOfRange: (label: string, value: number, system: SizeSystem) =>
    system === "us" && value >= smallestEuSize && value <= largestSize.eu
      ? `"${label}" is not a US size (they go up to ${largestSize.us}): write EU ${value} if it is European.`
      : system === "eu"
        ? `"${label}" is not an EU size: EU sizes go from ${smallestEuSize} to ${largestSize.eu}.`
        : `"${label}" is not ${systemNames[system]}: they go up to ${largestSize[system]}.`,
  widthAlone: (label: string) =>
    `"${label}" is not a size on its own: write a width after the size (8 W) and women's before it (W8).`,
  notALetterSize: (label: string) => `"${label}" is not a letter size: they go from XXXS to 6XL.`,
} as const;

const oneSizePattern = /^(?:OS|O\/S|O\.S\.?|OSFA|ONE[\s-]?SIZE(?: FITS ALL)?)$/;
const letterPattern = /^(?:([1-9])X|(X*))(S|M|L)$/;
const letterWords: [RegExp, string][] = [
  [/^(?:EXTRA|X)[\s-]+/, "X"],
  [/SMALL$/, "S"],
  [/MEDIUM$/, "M"],
  [/LARGE$/, "L"],
];
const mostXs = { S: 3, M: 0, L: 6 } as const;

const widthWords: Record<string, string> = {
  WIDE: "W",
  "X-WIDE": "XW",
  XWIDE: "XW",
  "EXTRA WIDE": "XW",
  "EXTRA-WIDE": "XW",
  "X WIDE": "XW",
  NARROW: "N",
  MEDIUM: "M",
  REGULAR: "M",
  EE: "2E",
  EEE: "3E",
  EEEE: "4E",
};
const widthToken = String.raw`X[\s-]?WIDE|EXTRA[\s-]?WIDE|WIDE|NARROW|MEDIUM|REGULAR|XW|EEEE|EEE|EE|[2-6]E|2A|[NMWABCDE]`;
const numberToken = String.raw`\d[\d.,]*(?:\s*[½¼¾]|\s+1\/2)?`;
const menPrefix = String.raw`M|MEN['’]?S|MENS`;
const womenPrefix = String.raw`W|WOMEN['’]?S|WOMENS`;

const widthAlonePattern = new RegExp(`^(?:${widthToken})$`);
// A size in a system: `US 9`, `UK 7`, `EU 42.5`, `M8`, `W 10`, `C10`, `J2`, `8`, each maybe with a width.
const sizePattern = new RegExp(
  String.raw`^(?:(US|UK|EUR?)\s*)?(?:(${menPrefix}|${womenPrefix}|C|J)\s*)?(${numberToken})(?:\s*\(?(${widthToken})\)?)?$`,
);
// Crocs' unisex pair, either way round: `M8/W10`, `M8 / W10`, `W10/M8`.
const pairPattern = new RegExp(
  String.raw`^(?:US\s*)?(${menPrefix}|${womenPrefix})\s*(${numberToken})\s*\/\s*(${menPrefix}|${womenPrefix})\s*(${numberToken})(?:\s*\(?(${widthToken})\)?)?$`,
);

/**
 * Reads a size label (trimmed, any case): `8`, `8.5`, `8½`, `8 W`, `M8/W10`, `EU 42`, `UK 7`,
 * `XS`, `2XL`, `OS`. A bare `M` is the letter size (medium); `M8` is men's 8 and `8 M` a medium
 * width. Refuses what it cannot place, with the reason.
 */
export function readSizeLabel(label: string): SizeLabelResult {
  const text = label.trim().replace(/\s+/g, " ");
  if (text === "") return refuse(sizeLabelMessages.empty);
  const upper = text.toUpperCase();
  if (oneSizePattern.test(upper)) return { ok: true, size: { system: "one-size" } };
  if (/^-\s*\d/.test(upper)) return refuse(sizeLabelMessages.negative(text));
  // Before widths: a bare M (or Medium) is the letter size, not the width.
  const letter = readLetterSize(upper);
  if (letter !== undefined) {
    return letter === ""
      ? refuse(sizeLabelMessages.notALetterSize(text))
      : { ok: true, size: { system: "letter", letter } };
  }
  if (widthAlonePattern.test(upper)) return refuse(sizeLabelMessages.widthAlone(text));

  const pair = pairPattern.exec(upper);
  if (pair) return readPair(text, pair);
  const single = sizePattern.exec(upper);
  if (single) return readSingle(text, single);
  return refuse(sizeLabelMessages.notASize(text));
}

function refuse(reason: string): SizeLabelResult {
  return { ok: false, reason };
}

/** The letter size written the usual way, "" for a letter-like label that is none, undefined for no letter label. */
function readLetterSize(upper: string): string | undefined {
  let text = upper;
  for (const [word, letter] of letterWords) text = text.replace(word, letter);
  const match = letterPattern.exec(text.replace(/[\s-]/g, ""));
  if (!match) return undefined;
  const size = match[3] as "S" | "M" | "L";
  const xs = match[1] === undefined ? (match[2] ?? "").length : Number(match[1]);
  if (xs > mostXs[size] || (size === "M" && match[1] !== undefined)) return "";
  return xs > 3 ? `${xs}X${size}` : "X".repeat(xs) + size;
}

function readPair(text: string, match: RegExpExecArray): SizeLabelResult {
  const [, firstPrefix = "", firstNumber = "", secondPrefix = "", secondNumber = "", width] = match;
  const firstIsMen = firstPrefix.startsWith("M");
  if (firstIsMen === secondPrefix.startsWith("M")) return refuse(sizeLabelMessages.notASize(text));
  const first = readNumber(text, firstNumber, "us-unisex");
  if (!first.ok) return first;
  const second = readNumber(text, secondNumber, "us-unisex");
  if (!second.ok) return second;
  const [men, women] = firstIsMen ? [first.value, second.value] : [second.value, first.value];
  return { ok: true, size: withWidth({ system: "us-unisex", value: men, men, women }, width) };
}

function readSingle(text: string, match: RegExpExecArray): SizeLabelResult {
  const [, country, prefix, number = "", width] = match;
  const system = systemOf(country, prefix);
  if (system === undefined) return refuse(sizeLabelMessages.notASize(text));
  const read = readNumber(text, number, system);
  if (!read.ok) return read;
  const size: SizeReading = { system, value: read.value };
  if (system === "us-men") size.men = read.value;
  if (system === "us-women") size.women = read.value;
  return { ok: true, size: withWidth(size, width) };
}

function systemOf(country: string | undefined, prefix: string | undefined): SizeSystem | undefined {
  const gender =
    prefix === undefined
      ? undefined
      : prefix.startsWith("M")
        ? "men"
        : prefix.startsWith("W")
          ? "women"
          : prefix;
  if (country === undefined || country === "US") {
    if (gender === undefined) return "us";
    if (gender === "men") return "us-men";
    if (gender === "women") return "us-women";
    return gender === "C" ? "us-child" : "us-youth";
  }
  // UK and EU labels name no men's, women's or children's sizes of their own.
  if (gender !== undefined) return undefined;
  return country === "UK" ? "uk" : "eu";
}

function withWidth(size: SizeReading, width: string | undefined): SizeReading {
  return width === undefined ? size : { ...size, width: canonicalWidth(width) };
}

function canonicalWidth(width: string): string {
  const upper = width.trim().toUpperCase().replace(/\s+/g, " ");
  return widthWords[upper] ?? upper;
}

type NumberResult = { ok: true; value: number } | { ok: false; reason: string };

function readNumber(label: string, token: string, system: SizeSystem): NumberResult {
  const fraction = /^(.*?)\s*(½|¼|¾|1\/2)$/.exec(token);
  const whole = (fraction?.[1] ?? token).trim();
  const digits = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(whole);
  if (!digits) return { ok: false, reason: sizeLabelMessages.notANumber(label, whole) };
  const decimals = digits[2];
  if (fraction && decimals !== undefined)
    return { ok: false, reason: sizeLabelMessages.notANumber(label, token) };
  const fractionValue = fraction ? (fraction[2] === "¼" ? 0.25 : fraction[2] === "¾" ? 0.75 : 0.5) : 0;
  const value = Number(digits[1]) + (decimals === undefined ? 0 : Number(`0.${decimals}`)) + fractionValue;
  if (!Number.isInteger(value * 2)) return { ok: false, reason: sizeLabelMessages.notAHalf(label) };
  const tooSmall = system === "eu" ? value < smallestEuSize : false;
  if (tooSmall || value > largestSize[system]) {
    return { ok: false, reason: sizeLabelMessages.outOfRange(label, value, system) };
  }
  return { ok: true, value };
}

export type SizeOrderOptions = {
  /**
   * The scale's widths in order; defaults to `defaultSizeWidths`. A size without a width comes
   * before every width, unless the list names its place with "".
   */
  widths?: readonly string[];
};

// Groups of a mixed list, smallest first: children's, youth, the US systems, UK, EU, letters, One size.
const systemRank: Record<SizeSystem, number> = {
  "us-child": 0,
  "us-youth": 1,
  us: 2,
  "us-men": 3,
  "us-unisex": 4,
  "us-women": 5,
  uk: 6,
  eu: 7,
  letter: 8,
  "one-size": 9,
};
const unknownRank = 10;

type SortKey = { rank: number; value: number; second: number; width: number; widthText: string };

function letterValue(letter: string): number {
  const size = letter.at(-1);
  const xs = /^\d/.test(letter) ? Number.parseInt(letter, 10) : letter.length - 1;
  return size === "S" ? -1 - xs : size === "L" ? 1 + xs : 0;
}

function widthIndexes(widths: readonly string[]): Map<string, number> {
  return new Map(widths.map((width, index) => [width === "" ? "" : canonicalWidth(width), index]));
}

function sortKey(label: string, widths: Map<string, number>): SortKey {
  const read = readSizeLabel(label);
  if (!read.ok) return { rank: unknownRank, value: 0, second: 0, width: 0, widthText: "" };
  const size = read.size;
  const widthText = size.width ?? "";
  const width = widths.get(widthText) ?? (size.width === undefined ? -1 : widths.size);
  return {
    rank: systemRank[size.system],
    value: size.letter === undefined ? (size.value ?? 0) : letterValue(size.letter),
    second: size.women ?? 0,
    width,
    widthText,
  };
}

function compareKeys(a: SortKey, b: SortKey): number {
  // Two labels the reader cannot place keep their order (the sort is stable).
  if (a.rank === unknownRank || b.rank === unknownRank) return a.rank - b.rank;
  return (
    a.rank - b.rank ||
    a.value - b.value ||
    a.second - b.second ||
    a.width - b.width ||
    (a.widthText < b.widthText ? -1 : a.widthText > b.widthText ? 1 : 0)
  );
}

/**
 * Orders two size labels in scale order: numbers by value (9.5 before 10), men's/women's pairs by
 * the men's size, letters XXS to XXXL, One size after them, widths as a second key in their order,
 * labels the reader cannot place last.
 */
export function compareSizes(a: string, b: string, options: SizeOrderOptions = {}): number {
  const widths = widthIndexes(options.widths ?? defaultSizeWidths);
  return compareKeys(sortKey(a, widths), sortKey(b, widths));
}

/** The labels in scale order (see `compareSizes`); labels the reader cannot place last, in their order. */
export function sortSizeLabels(labels: readonly string[], options: SizeOrderOptions = {}): string[] {
  const widths = widthIndexes(options.widths ?? defaultSizeWidths);
  return labels
    .map((label) => ({ label, key: sortKey(label, widths) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map((entry) => entry.label);
}
