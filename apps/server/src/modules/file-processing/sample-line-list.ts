import { lineListColumns, noImageText } from "@cm/contracts/line-list-format";
import {
  oneSizeLineListTable,
  semicolonCsvLineListTable,
  sizeColumnsLineListSheets,
  writeSemicolonCsv,
} from "./sample-layouts.ts";
import {
  randomGenerator,
  writeLineListXlsx,
  writeSheetsXls,
  writeSheetsXlsx,
  type LineListTable,
  type SampleCell,
  type SampleLineListOptions,
  type SampleSheet,
} from "./sample-workbook.ts";

// The samples' entry point: what tests, demos and benchmarks import.
export * from "./sample-layouts.ts";
export * from "./sample-workbook.ts";

/**
 * Realistic Crocs-like line list workbooks, and other brands' layouts, for demos, tests,
 * benchmarks and the downloadable template (`npm run sample:line-list`). The same seed always
 * gives the same rows. sample-workbook.ts writes them; sample-layouts.ts holds the other brands'.
 */

const franchises = [
  { name: "Classic", silhouettes: ["Clog", "Lined Clog", "Platform Clog", "Sandal", "Slide"] },
  { name: "Crocband", silhouettes: ["Clog", "Flip", "Slide"] },
  { name: "LiteRide", silhouettes: ["360 Clog", "360 Sandal", "360 Pacer"] },
  { name: "Echo", silhouettes: ["Clog", "Slide", "Boot"] },
  { name: "Baya", silhouettes: ["Clog", "Slide", "Platform Clog"] },
  { name: "Mellow", silhouettes: ["Recovery Clog", "Recovery Slide"] },
  { name: "Stomp", silhouettes: ["Clog", "Lined Clog"] },
  { name: "Dylan", silhouettes: ["Clog", "Platform Clog"] },
  { name: "Brooklyn", silhouettes: ["Low Wedge", "Platform Slide"] },
  { name: "Getaway", silhouettes: ["Strappy", "Platform Clog"] },
] as const;

// Crocs-style colour names with their model-code suffixes.
const colors = [
  ["Black", "001"],
  ["White", "100"],
  ["Navy", "410"],
  ["Bone", "2Y2"],
  ["Pepper", "060"],
  ["Lapis", "4LS"],
  ["Chalk", "0WV"],
  ["Slate Grey", "0DA"],
  ["Pink Clay", "6TY"],
  ["Mushroom", "2YB"],
  ["Lemon", "7C1"],
  ["Bright Cobalt", "4KZ"],
  ["Army Green", "309"],
  ["Espresso", "206"],
  ["Dreamscape", "5Q6"],
  ["Pepper Multi", "0C4"],
  ["Atmosphere", "4SS"],
  ["Cobblestone", "06Y"],
  ["Stucco", "2ZT"],
  ["Juniper", "3UA"],
] as const;

const sizeRuns = {
  Unisex: ["M3/W5", "M4/W6", "M5/W7", "M6/W8", "M7/W9", "M8/W10", "M9/W11", "M10/W12", "M11/W13", "M12/W14"],
  Women: ["W4", "W5", "W6", "W7", "W8", "W9", "W10", "W11", "W12"],
  Men: ["M6", "M7", "M8", "M9", "M10", "M11", "M12", "M13", "M14"],
  Kids: ["C6", "C7", "C8", "C9", "C10", "C11", "C12", "C13", "J1", "J2", "J3"],
  Toddler: ["C4", "C5", "C6", "C7", "C8", "C9", "C10"],
} as const;
// Weighted like a real line list: mostly unisex; about 9.7 sizes per style on average.
const genders = [
  "Unisex",
  "Unisex",
  "Unisex",
  "Unisex",
  "Unisex",
  "Women",
  "Women",
  "Kids",
  "Kids",
  "Men",
  "Unisex",
  "Unisex",
  "Unisex",
  "Unisex",
  "Unisex",
  "Women",
  "Women",
  "Kids",
  "Men",
  "Toddler",
] as const;
const msrps = [29.99, 34.99, 39.99, 44.99, 49.99, 54.99, 59.99, 64.99, 69.99, 79.99, 89.99];
const comfortLevels = ["Iconic Crocs Comfort", "Cloud Comfort", "Everyday Comfort"];
const heightRanges = ["Flat", "Low", "Mid", "High"];
const wearOccasions = ["Casual", "Beach", "Outdoor", "Work", "Lounge"];
const targetFits = ["Roomy", "Standard", "Relaxed"];
const colorsPerStyleNumber = 4;

/** The header row, in the template's order. */
export const sampleHeaders: string[] = lineListColumns.map((column) => column.header);

/** A valid line list: `styles` model codes with their sizes, one row per SKU. */
export function sampleLineListTable(options: SampleLineListOptions): LineListTable {
  const { styles, season = "Spring", year = 2027, seed = 1 } = options;
  const random = randomGenerator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rows: SampleCell[][] = [sampleHeaders];
  let skuSequence = seed * 1_000_000;

  let styleNumber: {
    franchise: string;
    silhouette: string;
    gender: keyof typeof sizeRuns;
    msrp: number;
  } | null = null;
  for (let index = 0; index < styles; index += 1) {
    const numberIndex = Math.floor(index / colorsPerStyleNumber);
    if (index % colorsPerStyleNumber === 0) {
      const franchise = pick(franchises);
      styleNumber = {
        franchise: franchise.name,
        silhouette: pick(franchise.silhouettes),
        gender: pick(genders),
        msrp: pick(msrps),
      };
    }
    if (!styleNumber) continue;
    const [colorName, colorCode] =
      colors[(numberIndex * 7 + (index % colorsPerStyleNumber) * 5) % colors.length] ?? colors[0];
    const modelCode = `${10001 + numberIndex}-${colorCode}`;
    const pictures = 1 + Math.floor(random() * 3);
    const imageUrls =
      random() < 0.05
        ? noImageText
        : Array.from(
            { length: pictures },
            (_, n) => `https://images.example.com/crocs/${modelCode}_${n + 1}.jpg`,
          ).join(index % 2 === 0 ? ", " : "\n");
    const shipDate = new Date(Date.UTC(year, 1 + Math.floor(random() * 4), 1 + Math.floor(random() * 28)));
    const attributes = [pick(comfortLevels), pick(heightRanges), pick(wearOccasions), pick(targetFits)];
    for (const size of sizeRuns[styleNumber.gender]) {
      skuSequence += 1;
      rows.push([
        styleNumber.franchise,
        styleNumber.silhouette,
        modelCode,
        colorName,
        styleNumber.gender,
        styleNumber.msrp,
        shipDate,
        imageUrls,
        ...attributes,
        size,
        `19${String(skuSequence).padStart(10, "0")}`,
      ]);
    }
  }
  return { sheetName: `${season} ${year}`, rows };
}

export interface SampleWorkbook {
  bytes: Buffer;
  styles: number;
  /** Data rows of the line list's sheet (SKUs, or styles and colours for `size-columns`). */
  rows: number;
  /** The file's extension, without the dot: "xlsx", "xls" or "csv". */
  extension: "xlsx" | "xls" | "csv";
}

/** A sample line list file: a Crocs workbook (.xlsx unless `format` is "xls") or another `layout`. */
export async function writeSampleLineList(
  options: SampleLineListOptions & {
    format?: "xlsx" | "xls";
    instructions?: boolean;
    layout?: SampleLayout;
  },
): Promise<SampleWorkbook> {
  const layout = options.layout ?? "crocs";
  if (layout === "csv-semicolon") {
    const table = semicolonCsvLineListTable(options);
    return {
      bytes: writeSemicolonCsv(table),
      styles: options.styles,
      rows: table.rows.length - 1,
      extension: "csv",
    };
  }
  const sheets =
    layout === "size-columns"
      ? sizeColumnsLineListSheets(options)
      : layout === "one-size"
        ? [oneSizeLineListTable(options)]
        : [sampleLineListTable(options)];
  const [main] = sheets as [SampleSheet];
  const rows = main.rows.length - (main.headerRow ?? 1);
  if (options.format === "xls")
    return { bytes: writeSheetsXls(sheets), styles: options.styles, rows, extension: "xls" };
  const bytes =
    layout === "crocs"
      ? await writeLineListXlsx(main, { instructions: options.instructions })
      : await writeSheetsXlsx(sheets);
  return { bytes, styles: options.styles, rows, extension: "xlsx" };
}

// ---------------------------------------------------------------------------------------------
// Other brands' layouts (issue 32): the files the mapping engine reads, as other suppliers send them.

/**
 * `crocs`: the Crocs template (above). `size-columns`: a Hey Dude-like line sheet, one row per
 * style and colour with a column per size holding that size's UPC, under a title block.
 * `csv-semicolon`: a Skechers-like CSV export, one row per SKU, semicolons, decimal commas,
 * Windows-1252. `one-size`: a Pandora-like jewellery list, one row per SKU, every size "One Size".
 */
export const sampleLayouts = ["crocs", "size-columns", "csv-semicolon", "one-size"] as const;
export type SampleLayout = (typeof sampleLayouts)[number];

/** The brand each layout imitates, for file names and demos. */
export const sampleLayoutBrands: Record<SampleLayout, string> = {
  crocs: "Crocs",
  "size-columns": "Hey Dude",
  "csv-semicolon": "Skechers",
  "one-size": "Pandora",
};
