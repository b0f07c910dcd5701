import { PassThrough } from "node:stream";
import { lineListColumns, lineListHeaders, noImageText } from "@cm/contracts/line-list-format";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";

/**
 * Realistic Crocs-like line list workbooks for demos, tests, benchmarks and the downloadable
 * template (`npm run sample:line-list`). The same seed always gives the same rows.
 *
 * .xlsx files are written with exceljs, not with SheetJS, which the parser uses: a file the
 * parser reads should come from another writer, as users' files do. exceljs cannot write .xls
 * (BIFF8) and we found no free, maintained BIFF8 writer on npm besides SheetJS, so .xls files
 * are written with SheetJS; the module's tests also read a .xls saved by LibreOffice (fixtures/).
 * SheetJS writes BIFF8 slowly (a fresh buffer for each cell record), which demos and tests can
 * afford.
 */

/** A cell as the table holds it: exceljs cell values (formulas, errors...) are allowed for .xlsx. */
export type SampleCell = ExcelJS.CellValue;

export interface LineListTable {
  sheetName: string;
  /** rows[0] holds the headers. */
  rows: SampleCell[][];
}

export interface SampleLineListOptions {
  styles: number;
  season?: string;
  year?: number;
  seed?: number;
}

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

/** mulberry32: small, fast and good enough for sample data. */
function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

const columnWidths: Record<string, number> = {
  [lineListHeaders.model_code]: 12,
  [lineListHeaders.expected_shipped_date]: 18,
  [lineListHeaders.image_urls]: 48,
  [lineListHeaders.comfort_level]: 20,
  [lineListHeaders.sku]: 15,
};

export interface WriteXlsxOptions {
  /** Adds a second sheet explaining each column (the downloadable template has it). */
  instructions?: boolean;
}

/**
 * Writes the table with exceljs, as Excel would store it: shared strings, date cells formatted
 * as dates, MSRP as currency, a bold frozen header row.
 */
export async function writeLineListXlsx(
  table: LineListTable,
  options: WriteXlsxOptions = {},
): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise((resolve, reject) => {
    output.on("end", resolve);
    output.on("error", reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: true,
    useStyles: true,
  });
  workbook.creator = "Catalog Manager";
  workbook.created = new Date(Date.UTC(2026, 0, 1));
  workbook.modified = workbook.created;

  const sheet = workbook.addWorksheet(table.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  const headerRow = table.rows[0] ?? [];
  sheet.columns = headerRow.map((header) => ({ width: columnWidths[String(header)] ?? 14 }));
  const dateColumn = headerRow.indexOf(lineListHeaders.expected_shipped_date) + 1;
  const msrpColumn = headerRow.indexOf(lineListHeaders.msrp) + 1;
  table.rows.forEach((values, index) => {
    const row = sheet.addRow(values);
    if (index === 0) {
      row.font = { bold: true };
      row.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE4E4E7" } };
    } else {
      if (dateColumn > 0 && values[dateColumn - 1] instanceof Date)
        row.getCell(dateColumn).numFmt = "yyyy-mm-dd";
      if (msrpColumn > 0 && typeof values[msrpColumn - 1] === "number")
        row.getCell(msrpColumn).numFmt = "$#,##0.00";
    }
    row.commit();
  });
  sheet.commit();

  if (options.instructions) {
    const help = workbook.addWorksheet("How to fill in");
    help.columns = [{ width: 22 }, { width: 12 }, { width: 90 }];
    const heading = help.addRow(["Column", "Required", "What to write"]);
    heading.font = { bold: true };
    heading.commit();
    for (const [header, required, text] of instructionRows) help.addRow([header, required, text]).commit();
    help.addRow([]).commit();
    help
      .addRow([
        "Sheet name",
        "Yes",
        'The first sheet is the line list. Name it with the season and the 4-digit year, e.g. "Spring 2027". Other sheets are ignored.',
      ])
      .commit();
    help.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

const instructionRows: [string, string, string][] = [
  [lineListHeaders.franchise, "No", "Product family, e.g. Classic, Crocband, Echo."],
  [lineListHeaders.silhouette, "No", "Shape, e.g. Clog, Sandal, Slide."],
  [
    lineListHeaders.model_code,
    "Yes",
    "Style-colour code, e.g. 10001-001. Rows with the same Model Code are the sizes of one style.",
  ],
  [lineListHeaders.color, "No", "Colour name, e.g. Black."],
  [lineListHeaders.gender, "No", "e.g. Unisex, Women, Men, Kids."],
  [
    lineListHeaders.msrp,
    "No",
    "Retail price: a number of 0 or more, e.g. 49.99 (a number cell or text such as $49.99).",
  ],
  [lineListHeaders.expected_shipped_date, "No", "A date cell, or text in the form YYYY-MM-DD."],
  [
    lineListHeaders.image_urls,
    "No",
    `One or more web addresses separated by commas or line breaks, or "${noImageText}".`,
  ],
  [lineListHeaders.comfort_level, "No", "Free text."],
  [lineListHeaders.height_range, "No", "Free text."],
  [lineListHeaders.wear_occasion, "No", "Free text."],
  [lineListHeaders.target_fit, "No", "Free text."],
  [lineListHeaders.size, "Yes", "e.g. M4/W6, W8, C10. Each size once per Model Code."],
  [lineListHeaders.sku, "Yes", "Unique in the whole sheet."],
];

const excelEpoch = Date.UTC(1899, 11, 30);
const dayMs = 86_400_000;

function toSheetJsCell(value: SampleCell, header: string): XLSX.CellObject | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    return { t: "n", v: (value.getTime() - excelEpoch) / dayMs, z: "yyyy-mm-dd" };
  }
  if (typeof value === "number")
    return header === lineListHeaders.msrp ? { t: "n", v: value, z: "$#,##0.00" } : { t: "n", v: value };
  if (typeof value === "boolean") return { t: "b", v: value };
  if (typeof value === "string") return { t: "s", v: value };
  throw new Error("Only text, numbers, booleans and dates can be written to .xls samples");
}

/** Writes the table as a BIFF8 .xls with SheetJS (see the module comment for why SheetJS). */
export function writeLineListXls(table: LineListTable): Buffer {
  const headerRow = (table.rows[0] ?? []).map(String);
  const rows = table.rows.map((values) =>
    values.map((value, index) => toSheetJsCell(value, headerRow[index] ?? "")),
  );
  const sheet = XLSX.utils.aoa_to_sheet(rows, { dense: true });
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, table.sheetName);
  return XLSX.write(workbook, { type: "buffer", bookType: "xls" }) as Buffer;
}

export interface SampleWorkbook {
  bytes: Buffer;
  styles: number;
  rows: number;
}

/** A sample line list workbook (.xlsx unless `format` is "xls"). */
export async function writeSampleLineList(
  options: SampleLineListOptions & { format?: "xlsx" | "xls"; instructions?: boolean },
): Promise<SampleWorkbook> {
  const table = sampleLineListTable(options);
  const bytes =
    options.format === "xls"
      ? writeLineListXls(table)
      : await writeLineListXlsx(table, { instructions: options.instructions });
  return { bytes, styles: options.styles, rows: table.rows.length - 1 };
}
