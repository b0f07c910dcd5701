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

/** The systems as screens and messages name them. */
export const sizeSystemLabels: Record<SizeSystem, string> = {
  us: "US",
  "us-men": "US men's",
  "us-women": "US women's",
  "us-unisex": "US men's/women's",
  "us-child": "US children's",
  "us-youth": "US youth",
  uk: "UK",
  eu: "EU",
  letter: "Letter",
  "one-size": "One size",
};

/**
 * One size of a scale: its value (half sizes are x.5) and its label in each system the brand uses.
 * `asWritten` holds a label no system reads (`2T`), kept as it was written: such a step is matched
 * by that text alone.
 */
export type SizeStep = { value: number; labels: Partial<Record<SizeSystem, string>>; asWritten?: string };

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

// ---------------------------------------------------------------------------------------------
// Scales: where a label sits in a brand's scale, and how a scale grows with new labels.

/** Where a label sits in a scale: its step's index and its width ("" for none). */
export type SizePlace = { step: number; width: string };

const formatNumber = (value: number) => String(value);

/** What makes two labels the same step, whatever their width and spelling: `us:8.5`, `us-unisex:8/10`. */
export function sizeStepKey(label: string): string {
  const read = readSizeLabel(label);
  if (!read.ok) return `text:${label.trim().replace(/\s+/g, " ").toUpperCase()}`;
  return readingKey(read.size);
}

function readingKey(size: SizeReading): string {
  if (size.system === "one-size") return "one-size";
  if (size.system === "letter") return `letter:${size.letter}`;
  if (size.system === "us-unisex") return `us-unisex:${size.men}/${size.women}`;
  return `${size.system}:${size.value}`;
}

/** The label of a reading without its width, written the usual way: `8.5`, `M8/W10`, `EU 42`. */
function readingLabel(size: SizeReading): string {
  const value = formatNumber(size.value ?? 0);
  switch (size.system) {
    case "one-size":
      return "One size";
    case "letter":
      return size.letter ?? "";
    case "us-unisex":
      return `M${formatNumber(size.men ?? 0)}/W${formatNumber(size.women ?? 0)}`;
    case "us-men":
      return `M${value}`;
    case "us-women":
      return `W${value}`;
    case "us-child":
      return `C${value}`;
    case "us-youth":
      return `J${value}`;
    case "uk":
      return `UK ${value}`;
    case "eu":
      return `EU ${value}`;
    default:
      return value;
  }
}

/** The label a step is shown by: its label in the first of the scale's systems it has. */
export function sizeStepLabel(step: SizeStep, systems: readonly SizeSystem[] = sizeSystems): string {
  for (const system of [...systems, ...sizeSystems]) {
    const label = step.labels[system];
    if (label !== undefined) return label;
  }
  return step.asWritten ?? "";
}

/** The keys a step answers to: one per label it holds. */
function stepKeys(step: SizeStep): string[] {
  const keys = Object.values(step.labels).map((label) => sizeStepKey(label));
  if (step.asWritten !== undefined) keys.push(sizeStepKey(step.asWritten));
  return keys;
}

/** The step a label names (by any of its labels, however written) and its width; undefined when none does. */
export function findSizePlace(scale: Pick<SizeScale, "steps">, label: string): SizePlace | undefined {
  const key = sizeStepKey(label);
  const step = scale.steps.findIndex((candidate) => stepKeys(candidate).includes(key));
  if (step === -1) return undefined;
  const read = readSizeLabel(label);
  return { step, width: read.ok ? (read.size.width ?? "") : "" };
}

/**
 * A width's place among the scale's widths: a size without one ("") comes first unless the list
 * names its place with "".
 */
export function sizeWidthOrder(widths: readonly string[], width: string): number {
  const index = widths.indexOf(width);
  if (index >= 0) return index + 1;
  return width === "" ? 0 : widths.length + 1;
}

/** The step a label would add: its label in its system (without its width), or as written. */
function newStep(label: string): SizeStep {
  const read = readSizeLabel(label);
  const text = label.trim().replace(/\s+/g, " ");
  if (!read.ok) return { value: 0, labels: {}, asWritten: text };
  const size = read.size;
  const value = size.letter === undefined ? (size.value ?? 0) : letterValue(size.letter);
  return { value, labels: { [size.system]: size.width === undefined ? text : readingLabel(size) } };
}

function withWidthAdded(widths: readonly string[], width: string): string[] {
  if (width === "" || widths.includes(width)) return [...widths];
  const known = defaultSizeWidths as readonly string[];
  const rank = known.indexOf(width);
  const next = [...widths];
  if (rank === -1) {
    next.push(width);
    return next;
  }
  // Before the first width the usual order puts after it (widths it does not know stay last).
  const before = next.findIndex((other) => other !== "" && known.indexOf(other) > rank);
  if (before === -1) {
    const firstUnknown = next.findIndex((other) => other !== "" && !known.includes(other));
    next.splice(firstUnknown === -1 ? next.length : firstUnknown, 0, width);
  } else {
    next.splice(before, 0, width);
  }
  return next;
}

/** The systems of a scale's steps, in the usual order. */
export function scaleSystems(steps: readonly SizeStep[]): SizeSystem[] {
  const used = new Set(steps.flatMap((step) => Object.keys(step.labels) as SizeSystem[]));
  return sizeSystems.filter((system) => used.has(system));
}

/**
 * The scale with the steps and widths these labels need and it lacks, each put where
 * `compareSizes` orders it (before the first step that comes after it; labels the reader cannot
 * place after every other step). Steps already there keep their order, however a person arranged
 * them.
 */
export function addSizeLabels(scale: SizeScale, labels: readonly string[]): SizeScale {
  const steps = [...scale.steps];
  let widths = [...scale.widths];
  for (const label of sortSizeLabels(labels)) {
    if (label.trim() === "") continue;
    const place = findSizePlace({ steps }, label);
    if (place === undefined) {
      const step = newStep(label);
      const shown = sizeStepLabel(step);
      const before = steps.findIndex((other) => compareSizes(sizeStepLabel(other), shown) > 0);
      steps.splice(before === -1 ? steps.length : before, 0, step);
    }
    const read = readSizeLabel(label);
    if (read.ok && read.size.width !== undefined) widths = withWidthAdded(widths, read.size.width);
  }
  return { ...scale, steps, widths, systems: scaleSystems(steps) };
}

/** A scale of these labels alone, in `compareSizes` order. */
export function sizeScaleFromLabels(name: string, labels: readonly string[]): SizeScale {
  return addSizeLabels({ name, systems: [], steps: [], widths: [] }, labels);
}
