/**
 * A brand's column mapping (issue 32, docs/line-list-mapping.md): how the mapping engine reads a
 * brand's spreadsheets of any layout into styles and sizes. Types, field list and messages only,
 * without zod, so the parse worker can load it (line-list-mapping-api.ts has the schemas).
 *
 * A mapping names columns by their header text as written in the file (trimmed), never by their
 * letter, so a column moved to another place is still found; headers are compared with
 * normalizeLineListHeader (case, spaces, dashes and underscores ignored).
 */

/** The product fields a column can fill, in the order the "Map columns" step lists them. */
export const mappingFields = [
  { key: "model_code", label: "Style number", required: true },
  { key: "sku", label: "SKU or UPC", required: true },
  /** Required unless sizes are columns. */
  { key: "size", label: "Size", required: true },
  { key: "silhouette", label: "Style name", required: false },
  { key: "franchise", label: "Franchise or collection", required: false },
  { key: "color", label: "Colour", required: false },
  { key: "color_code", label: "Colour code", required: false },
  { key: "gender", label: "Gender", required: false },
  { key: "msrp", label: "MSRP", required: false },
  /** The brand's wholesale price: when mapped, the unit price before the customer's discount. */
  { key: "wholesale_price", label: "Wholesale price", required: false },
  { key: "expected_shipped_date", label: "Expected ship date", required: false },
  /** One column, or several (one picture each). */
  { key: "image_urls", label: "Image URLs", required: false },
] as const;

export type MappingField = (typeof mappingFields)[number];
export type MappingFieldKey = MappingField["key"];
/** Fields filled from one column. */
export type SingleColumnFieldKey = Exclude<MappingFieldKey, "image_urls">;

export const lineListLayouts = ["rows", "size-columns"] as const;
/**
 * `rows`: one row per SKU (as Crocs), with a size column and an SKU column.
 * `size-columns`: one row per style and colour; each size column's cells hold that size's SKU/UPC.
 */
export type LineListLayout = (typeof lineListLayouts)[number];

export type DecimalSeparator = "." | ",";

/**
 * How a text date such as `03/04/2027` is read: month first (US), or day first. ISO dates
 * (2027-03-04) and date cells need neither. Absent or null: only those are read (Crocs' rule).
 */
export const dateOrders = ["month-first", "day-first"] as const;
export type DateOrder = (typeof dateOrders)[number];

export interface LineListMapping {
  /** The sheet holding the line list, by name; null for the first sheet (and for a CSV file). */
  sheet: string | null;
  /** The header row as Excel numbers it (1 = the first row); data rows are the rows below it. */
  headerRow: number;
  layout: LineListLayout;
  /** Each field's column header; a field left out has no entry. */
  fields: Partial<Record<SingleColumnFieldKey, string>> & { image_urls?: string[] };
  /** For `size-columns`: each size column's header and the size label it stands for ("8½", "EU 42"). */
  sizeColumns: { column: string; size: string }[];
  /** Other columns kept as named attributes of the style (a column not listed anywhere is left out). */
  attributes: { column: string; name: string }[];
  /**
   * Value maps a person gave: a size label as written in the file → the label it means, read by
   * readSizeLabel ("8+" → "8.5"). Labels readSizeLabel reads need no entry.
   */
  sizeLabels: Record<string, string>;
  /** How prices are written in a CSV (`49,99` or `49.99`); null where the file tells (workbooks). */
  decimalSeparator: DecimalSeparator | null;
  /** How text dates with slashes or dots are read; absent or null for ISO dates and date cells only. */
  dateOrder?: DateOrder | null;
  /**
   * The season and year of the line lists, when the sheet name does not say it ("Spring 2027");
   * null to read them from the sheet name.
   */
  season: { season: string; year: number } | null;
}

/** A cell of the file as the inspect answer carries it (JSON): dates and formula errors tagged. */
export type SampleCell = string | number | boolean | { date: string } | { error: string } | null;

export const mappingMessages = {
  title: "Map columns",
  confirm: "Preview line list",
  requiredFieldUnmapped: (label: string) => `Choose the column that holds ${label}`,
  columnUsedTwice: (column: string, first: string, second: string) =>
    `Column "${column}" is chosen for both ${first} and ${second}`,
  noSizeColumns: "Choose the columns that hold the sizes",
  unreadableSizes: (count: number) =>
    count === 1
      ? "1 size label cannot be read: say which size it is"
      : `${count} size labels cannot be read: say which size each is`,
  seasonRequired: "Enter the season and year of this line list",
  mappingRequired: (brandName: string) =>
    `${brandName} has no column mapping yet: upload the file from the web app to map its columns once`,
  headersChanged: (brandName: string) =>
    `The file's columns differ from ${brandName}'s saved mapping: map its columns again`,
  sheetNotFound: (sheet: string) => `The workbook has no sheet named "${sheet}"`,
  headerRowEmpty: (row: number) => `Row ${row} is empty: choose the row that holds the column headers`,
  saved: "Column mapping saved",
  reset: "Column mapping reset",

  // Reading a sheet with a mapping (mapping-engine/read-mapped-sheet.ts), beside the Crocs
  // workbook's messages in line-list-workbook.ts, which say "row 1" and "the first sheet".
  missingColumn: (header: string, row: number) => `Required column "${header}" is missing from row ${row}`,
  duplicateColumn: (header: string, row: number, otherColumn: string) =>
    `Column "${header}" appears twice in row ${row} (also column ${otherColumn})`,
  sheetName: (name: string) =>
    `The sheet's name "${name}" is not the season and a 4-digit year, e.g. "Spring 2027": enter the season and year in the column mapping`,
  wholesalePriceInvalid: "Wholesale price must be a number of 0 or more",
  noSizeSkus: "The row has no SKU or UPC in any size column",
  unreadableSizeLabels: (labels: readonly string[]) => {
    const shown = labels
      .slice(0, 10)
      .map((label) => `"${label}"`)
      .join(", ");
    const more = labels.length > 10 ? ` and ${labels.length - 10} more` : "";
    return labels.length === 1
      ? `The size ${shown} cannot be read: say which size it is in the column mapping`
      : `The sizes ${shown}${more} cannot be read: say which size each is in the column mapping`;
  },
} as const;
