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
  return writeSheetsXls([table]);
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

/** A sheet of a sample workbook: `headerRow` (1-based, 1 unless said) holds the column headers. */
export interface SampleSheet extends LineListTable {
  headerRow?: number;
}

const shortSeasons: Record<string, string> = { Spring: "SS", Summer: "SS", Fall: "FW", Winter: "FW" };

/** "SS27 Line Sheet": the season as line sheets abbreviate it, which the sheet name alone cannot say fully. */
export function lineSheetName(season: string, year: number): string {
  return `${shortSeasons[season] ?? season.slice(0, 2).toUpperCase()}${String(year).slice(-2)} Line Sheet`;
}

const heyDudeStyles = [
  { name: "Wally Sox", material: "Stretch canvas", rrp: 64.99 },
  { name: "Wendy Sox", material: "Stretch canvas", rrp: 59.99 },
  { name: "Wally Braided", material: "Braided jute", rrp: 69.99 },
  { name: "Wendy Boho", material: "Woven cotton", rrp: 64.99 },
  { name: "Thad Leather", material: "Leather", rrp: 79.99 },
  { name: "Bradley Boot", material: "Suede", rrp: 89.99 },
  { name: "Austin Lace", material: "Canvas", rrp: 59.99 },
  { name: "Karina Slip", material: "Knit", rrp: 54.99 },
  { name: "Sirocco Alta", material: "Recycled mesh", rrp: 74.99 },
  { name: "Paul Eco", material: "Hemp", rrp: 64.99 },
] as const;
const heyDudeColours = [
  ["Black", "001"],
  ["Charcoal", "020"],
  ["Grey", "030"],
  ["Navy", "410"],
  ["Ice Blue", "420"],
  ["Sand", "250"],
  ["Chocolate", "200"],
  ["Olive", "300"],
  ["White", "100"],
  ["Burgundy", "600"],
  ["Dusty Rose", "650"],
  ["Tan", "230"],
] as const;
/** The size columns of the line sheet, US men's: no 12.5, as usual. */
export const sizeColumnHeaders = ["7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11", "11.5", "12", "13"];
const heyDudeGenders = [
  // Which of the size columns each gender offers: about 10 sizes a row on average.
  ["Men", 0, 12],
  ["Men", 0, 12],
  ["Women", 0, 8],
  ["Unisex", 1, 11],
  ["Unisex", 2, 12],
] as const;

/** A row of a size-columns line sheet: one style in one colour, and its UPC (or SKU) per size column. */
export interface SizeColumnsRow {
  styleNumber: string;
  name: string;
  colour: string;
  colourCode: string;
  gender: string;
  rrp: number;
  wholesale: number | null;
  delivery: Date | null;
  image: string | null;
  material: string | null;
  /** By size column, in `sizeHeaders` order: blank (null) where the size is not offered. */
  codes: (string | number | null)[];
}

/**
 * A size-columns line sheet of these rows and its notes sheet: a title block and a blank row
 * above the header row (row 4), a column per size (`sizeHeaders`).
 */
export function sizeColumnsSheets(
  rows: readonly SizeColumnsRow[],
  options: { brand: string; season: string; year: number; sizeHeaders: readonly string[] },
): SampleSheet[] {
  const name = lineSheetName(options.season, options.year);
  const table: SampleCell[][] = [
    [`${options.brand} ${name.replace(" Line Sheet", "")} Wholesale Line Sheet`],
    ["Prices in USD. Delivery dates are the first ship dates of each style."],
    [],
    [
      "Style #",
      "Style Name",
      "Colour",
      "Colour Code",
      "Gender",
      "RRP",
      "Wholesale",
      "Delivery",
      "Image",
      "Material",
      ...options.sizeHeaders,
    ],
  ];
  for (const row of rows) {
    table.push([
      row.styleNumber,
      row.name,
      row.colour,
      row.colourCode,
      row.gender,
      row.rrp,
      row.wholesale,
      row.delivery,
      row.image,
      row.material,
      ...row.codes,
    ]);
  }
  const notes: SampleCell[][] = [
    ["Notes"],
    ["Sizes", "US men's. Women's styles run a size and a half smaller: order one size down."],
    ["Delivery", "First ship date of each style; later deliveries follow every two weeks."],
    ["Prices", "RRP is the suggested retail price; Wholesale is your price before discounts."],
  ];
  return [
    { sheetName: name, rows: table, headerRow: 4 },
    { sheetName: "Notes", rows: notes },
  ];
}

/**
 * A Hey Dude-like line sheet and its notes: a title block and a blank row above the header row,
 * one row per style and colour, "Style #" naming the style and colour (40003-001), and a column
 * per size holding that size's 12-digit UPC (a number cell, as Excel keeps it), blank where the
 * size is not offered. `styles` counts rows (style-colours).
 */
export function sizeColumnsLineListSheets(options: SampleLineListOptions): SampleSheet[] {
  const { styles, season = "Spring", year = 2027, seed = 1 } = options;
  const random = randomGenerator(seed);
  const rows: SizeColumnsRow[] = [];
  let upc = 700_000_000_000 + seed * 1_000_000;
  const coloursPerStyle = 4;
  for (let index = 0; index < styles; index += 1) {
    const styleIndex = Math.floor(index / coloursPerStyle);
    const style = heyDudeStyles[styleIndex % heyDudeStyles.length]!;
    const [colour, colourCode] =
      heyDudeColours[(styleIndex * 5 + (index % coloursPerStyle) * 3) % heyDudeColours.length]!;
    const [gender, from, to] = heyDudeGenders[styleIndex % heyDudeGenders.length]!;
    const styleNumber = `${40_003 + styleIndex}-${colourCode}`;
    rows.push({
      styleNumber,
      name: style.name,
      colour,
      colourCode,
      gender,
      rrp: style.rrp,
      wholesale: halfPrice(style.rrp),
      delivery: new Date(Date.UTC(year, 1 + Math.floor(random() * 4), 1 + 14 * Math.floor(random() * 2))),
      image: `https://images.example.com/heydude/${styleNumber}.jpg`,
      material: style.material,
      codes: sizeColumnHeaders.map((_, column) => {
        if (column < from || column >= to) return null;
        upc += 1;
        return upc;
      }),
    });
  }
  return sizeColumnsSheets(rows, { brand: "Hey Dude", season, year, sizeHeaders: sizeColumnHeaders });
}

/** Half a price, rounded to the cent half up (64.99 → 32.50), as the database rounds MSRP × 0.5. */
export function halfPrice(price: number): number {
  return Math.round(Math.round(price * 100) / 2) / 100;
}

const skechersLines = [
  { name: "Go Walk 7 - Valin", msrp: 69.99 },
  { name: "D'Lites - Fresh Start", msrp: 74.99 },
  { name: "Arch Fit 2.0 - Big League", msrp: 94.99 },
  { name: "Uno - Stand On Air", msrp: 84.99 },
  { name: "Max Cushioning Elite 2.0", msrp: 109.99 },
  { name: "Summits - Louvin", msrp: 64.99 },
  { name: 'Slip-ins: Ultra Flex 3.0 "Smooth Step"', msrp: 79.99 },
  { name: "BOBS Sport Squad; Chaos", msrp: 59.99 },
] as const;
/** Colour names as Skechers' European exports spell them: accented ones need Windows-1252. */
const skechersColours = [
  ["BBK", "Black"],
  ["NVY", "Navy"],
  ["TPE", "Taupe"],
  ["CRM", "Crème"],
  ["CCL", "Charcoal"],
  ["ROS", "Rosé"],
  ["WHT", "White"],
  ["GRY", "Gris foncé"],
] as const;
const skechersSizes = {
  Men: ["7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11", "11.5"],
  Women: ["5", "5.5", "6", "6.5", "7", "7.5", "8", "8.5", "9", "9.5"],
} as const;

/** A row of a semicolon CSV export: one SKU. */
export interface SkuRow {
  style: string;
  description: string;
  color: string;
  size: string;
  upc: string;
  msrp: number;
  /** YYYY-MM-DD, or null for none. */
  shipDate: string | null;
}

/** "59,99": a price as a European export writes it. */
export const decimalComma = (price: number) => price.toFixed(2).replace(".", ",");

/** A semicolon CSV export of these rows: every cell text, prices with a decimal comma. */
export function semicolonCsvTable(rows: readonly SkuRow[], name: string): LineListTable {
  return {
    sheetName: name,
    rows: [
      ["Style", "Description", "Color", "Size", "UPC", "MSRP", "Ship Date"],
      ...rows.map((row) => [
        row.style,
        row.description,
        row.color,
        row.size,
        row.upc,
        decimalComma(row.msrp),
        row.shipDate ?? "",
      ]),
    ],
  };
}

/**
 * A Skechers-like CSV export: one row per SKU, exactly 10 sizes a style (so 5,000 styles are
 * 50,000 rows), "Style" naming the style and colour (216001-BBK), 12-digit UPCs as text, prices
 * with a decimal comma ("59,99") and ship dates as YYYY-MM-DD. Every cell is text.
 */
export function semicolonCsvLineListTable(options: SampleLineListOptions): LineListTable {
  const { styles, season = "Spring", year = 2027, seed = 1 } = options;
  const random = randomGenerator(seed);
  const rows: SkuRow[] = [];
  let upc = 190_000_000_000 + seed * 1_000_000;
  const coloursPerStyle = 3;
  for (let index = 0; index < styles; index += 1) {
    const styleIndex = Math.floor(index / coloursPerStyle);
    const line = skechersLines[styleIndex % skechersLines.length]!;
    const [code, colour] =
      skechersColours[(styleIndex * 3 + (index % coloursPerStyle)) % skechersColours.length]!;
    const style = `${styleIndex % 2 === 0 ? 216_001 + styleIndex : 149_001 + styleIndex}-${code}`;
    const sizes = skechersSizes[styleIndex % 2 === 0 ? "Men" : "Women"];
    const month = 2 + Math.floor(random() * 4);
    const day = 1 + Math.floor(random() * 28);
    const shipDate = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    for (const size of sizes) {
      upc += 1;
      rows.push({
        style,
        description: line.name,
        color: colour,
        size,
        upc: String(upc),
        msrp: line.msrp,
        shipDate,
      });
    }
  }
  return semicolonCsvTable(rows, `Skechers ${season} ${year}`);
}

const quotedField = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * The table as Excel's "CSV (semicolon)" export on a European Windows writes it: every text
 * field quoted, semicolons, CRLF line ends, Windows-1252 without a byte order mark. Only
 * characters Windows-1252 and Latin-1 share (below U+0100, not U+0080 to U+009F) are written.
 */
export function writeSemicolonCsv(table: LineListTable): Buffer {
  const lines = table.rows.map((row) =>
    row
      .map((value) => {
        if (value === null || value === undefined) return "";
        if (typeof value === "number") return String(value).replace(".", ",");
        if (value instanceof Date) return value.toISOString().slice(0, 10);
        return quotedField(String(value));
      })
      .join(";"),
  );
  const text = `${lines.join("\r\n")}\r\n`;
  if (/[\u0080-\u009f\u0100-\uffff]/.test(text))
    throw new Error("A Windows-1252 sample holds only characters it shares with Latin-1");
  return Buffer.from(text, "latin1");
}

const pandoraCollections = [
  { collection: "Pandora Moments", kind: "Charm", retail: 65 },
  { collection: "Pandora Timeless", kind: "Ring", retail: 75 },
  { collection: "Pandora ME", kind: "Link", retail: 45 },
  { collection: "Pandora Signature", kind: "Bracelet", retail: 95 },
  { collection: "Pandora Essence", kind: "Necklace", retail: 110 },
  { collection: "Disney x Pandora", kind: "Charm", retail: 80 },
] as const;
const pandoraSubjects = [
  "Heart",
  "Sparkling Daisy",
  "Infinity",
  "Crown",
  "Moon and Stars",
  "Snake Chain",
  "Halo",
  "Bow",
];
const pandoraMetals = [
  ["Sterling silver", ""],
  ["14k gold-plated", "C01"],
  ["14k rose gold-plated", "C00"],
] as const;

/**
 * A Pandora-like jewellery list: one row per SKU and every SKU one size ("One Size", or "OS" as
 * the charms write it), "Item No" naming the item, a 13-digit EAN as the SKU, the retail price.
 * The sheet is named with the season ("Spring 2027"), so the season needs no question.
 */
export function oneSizeLineListTable(options: SampleLineListOptions): SampleSheet {
  const { styles, season = "Spring", year = 2027, seed = 1 } = options;
  const rows: SampleCell[][] = [
    ["Item No", "Name", "Collection", "Metal", "Size", "EAN", "Retail", "Image URL"],
  ];
  let ean = 5_700_000_000_000 + seed * 1_000_000;
  for (let index = 0; index < styles; index += 1) {
    const line = pandoraCollections[index % pandoraCollections.length]!;
    const subject = pandoraSubjects[Math.floor(index / pandoraCollections.length) % pandoraSubjects.length]!;
    const [metal, suffix] = pandoraMetals[Math.floor(index / 3) % pandoraMetals.length]!;
    const itemNo = `${590_000 + index}${suffix}`;
    ean += 1;
    rows.push([
      itemNo,
      `${subject} ${line.kind}`,
      line.collection,
      metal,
      line.kind === "Charm" ? "OS" : "One Size",
      String(ean),
      line.retail + (metal === "Sterling silver" ? 0 : 40),
      `https://images.example.com/pandora/${itemNo}.jpg`,
    ]);
  }
  return { sheetName: `${season} ${year}`, rows };
}

/** Sheets written with exceljs: the header row bold, frozen below it, dates and prices formatted. */
export async function writeSheetsXlsx(sheets: readonly SampleSheet[]): Promise<Buffer> {
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
  for (const table of sheets) {
    const headerRow = table.headerRow ?? 1;
    const sheet = workbook.addWorksheet(table.sheetName, { views: [{ state: "frozen", ySplit: headerRow }] });
    const headers = (table.rows[headerRow - 1] ?? []).map(String);
    sheet.columns = headers.map((header) => ({
      width: /^\d/.test(header) ? 14 : header === "Image" || header === "Image URL" ? 40 : 16,
    }));
    const priceColumns = new Set(
      headers.flatMap((header, index) => (/^(RRP|Wholesale|Retail|MSRP)$/i.test(header) ? [index] : [])),
    );
    table.rows.forEach((values, index) => {
      const row = sheet.addRow(values);
      if (index === 0 && headerRow > 1) row.font = { bold: true, size: 14 };
      if (index === headerRow - 1) {
        row.font = { bold: true };
        row.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE4E4E7" } };
      } else if (index >= headerRow) {
        values.forEach((value, column) => {
          if (value instanceof Date) row.getCell(column + 1).numFmt = "yyyy-mm-dd";
          else if (typeof value === "number")
            row.getCell(column + 1).numFmt = priceColumns.has(column) ? "$#,##0.00" : "0";
        });
      }
      row.commit();
    });
    sheet.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** Sheets written as a BIFF8 .xls with SheetJS (see the module comment for why SheetJS). */
export function writeSheetsXls(sheets: readonly SampleSheet[]): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const table of sheets) {
    const headerRow = (table.rows[(table.headerRow ?? 1) - 1] ?? []).map(String);
    const rows = table.rows.map((values) =>
      values.map((value, index) => toSheetJsCell(value, headerRow[index] ?? "")),
    );
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { dense: true }), table.sheetName);
  }
  return XLSX.write(workbook, { type: "buffer", bookType: "xls" }) as Buffer;
}
