import {
  randomGenerator,
  type LineListTable,
  type SampleCell,
  type SampleLineListOptions,
  type SampleSheet,
} from "./sample-workbook.ts";

/**
 * Other brands' sample line lists (issue 32): the files the mapping engine reads, as other
 * suppliers send them (sample-line-list.ts names the layouts and writes them).
 */

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
