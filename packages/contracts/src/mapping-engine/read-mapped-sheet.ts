import type { LineListRowError, PreviewStyle } from "../line-list-format.ts";
import {
  mappingFields,
  mappingMessages,
  type LineListMapping,
  type SingleColumnFieldKey,
} from "../line-list-mapping.ts";
import {
  lineListFormatMessages as messages,
  lineListLimits,
  normalizeLineListHeader,
} from "../line-list-workbook.ts";
import { readSizeLabel, sortSizeLabels } from "../size-scales.ts";
import {
  cellText,
  columnName,
  isBlank,
  isCellError,
  memoized,
  parseDate,
  parseImageUrls,
  priceReader,
  shownValue,
} from "./cells.ts";
import { seasonFromSheetName } from "./season.ts";
import type { EngineCell, EngineSheet, MappedSheetResult } from "./types.ts";

/**
 * Reads a sheet with a brand's mapping into styles (docs/line-list-format.md, "The mapping
 * engine"). Every rule is checked on every row and all the errors are returned together, so staff
 * can fix the file in one pass; errors name the column by the file's header and the row as Excel
 * numbers it.
 *
 * Style-level values (everything but the sizes and SKUs) may be repeated on each row of a style or
 * written on one row only: a blank cell takes the style's value, and a different value is an error
 * naming the row it disagrees with, since silently picking one would hide a mistake.
 */

type Cells = ReadonlyArray<EngineCell | undefined>;
const maxListedSizes = 32;
type StyleValue = string | number | string[];

/** The four attributes a style has a place for; other attribute columns go to extra_attributes. */
const knownAttributes = {
  comfortlevel: "comfort_level",
  heightrange: "height_range",
  wearoccasion: "wear_occasion",
  targetfit: "target_fit",
} as const;
type KnownAttribute = (typeof knownAttributes)[keyof typeof knownAttributes];

type Target =
  | { kind: "text"; field: "franchise" | "silhouette" | "color" | "gender" | "expected_shipped_date" }
  | { kind: "price"; field: "msrp" | "wholesale_price" }
  | { kind: "images" }
  | { kind: "attribute"; key: KnownAttribute }
  | { kind: "extra"; name: string };

/** A column holding a style-level value: where it is, how it is read, and where it goes. */
interface ValueColumn {
  column: number;
  header: string;
  parse: (value: EngineCell) => StyleValue | null;
  invalid: string;
  target: Target;
}

interface StyleInProgress {
  modelCode: string;
  /** Style-level values as first written (by value column), with the row each was taken from. */
  values: (StyleValue | undefined)[];
  valueRows: (number | undefined)[];
  items: { size: string; sku: string }[];
  /**
   * The style's size labels by number (sizeId), as its rows give them, and the row of each: a
   * style has a few sizes, so a list is searched quicker than a map is made (one per style). A
   * style with very many rows (a wrong mapping, say) gets its map after all.
   */
  sizeIds: number[];
  sizeRows: number[];
  sizeIndex?: Map<number, number>;
}

/** The fields in the order missing columns are listed: the Crocs template's order. */
const fieldOrder = [
  "franchise",
  "silhouette",
  "model_code",
  "color",
  "color_code",
  "gender",
  "msrp",
  "wholesale_price",
  "expected_shipped_date",
] as const satisfies readonly SingleColumnFieldKey[];
const fieldLabels = Object.fromEntries(mappingFields.map((field) => [field.key, field.label])) as Record<
  (typeof mappingFields)[number]["key"],
  string
>;

function sameValue(a: StyleValue | undefined, b: StyleValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => item === b[index]);
  return false;
}

/** Whether a style number already holds its colour code: "10001-001" does, "40001" does not hold "001". */
function endsWithCode(styleNumber: string, code: string): boolean {
  const before = styleNumber.length - code.length - 1;
  return before >= 0 && styleNumber.endsWith(code) && !/[\p{L}\p{N}]/u.test(styleNumber[before]!);
}

/** Where each header of the header row stands, by its normalized text. */
interface HeaderIndex {
  columns: Map<string, number>;
  texts: string[];
  /** Later columns whose header repeats an earlier one: [normalized, column]. */
  repeats: [string, number][];
}

function indexHeaders(headerRow: Cells): HeaderIndex {
  const columns = new Map<string, number>();
  const texts: string[] = [];
  const repeats: [string, number][] = [];
  headerRow.forEach((cell, index) => {
    const text = cell === undefined ? null : cellText(cell);
    if (!text) return;
    texts[index] = text;
    const key = normalizeLineListHeader(text);
    if (columns.has(key)) repeats.push([key, index]);
    else columns.set(key, index);
  });
  return { columns, texts, repeats };
}

export function readMappedSheet(
  sheet: EngineSheet,
  mapping: LineListMapping,
  options: {
    /** The live preview: stop once this many styles are read. */
    maxStyles?: number;
    /**
     * false when the sheet's name is no sheet name: a CSV file's is its file name, and the
     * season then comes from the mapping only (as the inspect step asks for it).
     */
    seasonFromSheetName?: boolean;
  } = {},
): MappedSheetResult {
  const errors: LineListRowError[] = [];
  const unreadableSizes: string[] = [];
  const fail = (): MappedSheetResult => ({ ok: false, errors, errorCount: errors.length, unreadableSizes });

  const season =
    (options.seasonFromSheetName === false ? null : seasonFromSheetName(sheet.name)) ?? mapping.season;
  if (!season && options.seasonFromSheetName === false)
    errors.push({ row: null, column: null, message: mappingMessages.seasonRequired });
  else if (!season) {
    const message =
      mapping.sheet === null ? messages.sheetName(sheet.name) : mappingMessages.sheetName(sheet.name);
    errors.push({ row: null, column: null, value: sheet.name, message });
  }

  const rows = sheet.rows;
  if (!rows.some((row) => row?.some((cell) => !isBlank(cell)))) {
    errors.push({ row: null, column: null, message: messages.emptySheet });
    return fail();
  }

  // The header row: each column the mapping names, found by its header.
  const headerRowNumber = mapping.headerRow;
  const headers = indexHeaders(rows[headerRowNumber - 1] ?? []);
  const missingColumns: string[] = [];
  const named = new Set<string>();
  const find = (header: string | undefined): number | undefined => {
    if (header === undefined) return undefined;
    const key = normalizeLineListHeader(header.trim());
    named.add(key);
    return headers.columns.get(key);
  };
  const headerOf = (column: number, fallback: string) => headers.texts[column] ?? fallback;
  const missingRequired = (header: string) =>
    errors.push({
      row: headerRowNumber,
      column: header,
      message:
        headerRowNumber === 1
          ? messages.missingColumn(header)
          : mappingMessages.missingColumn(header, headerRowNumber),
    });
  const requiredErrors: (() => void)[] = [];
  const fieldColumn = (field: SingleColumnFieldKey, required: boolean): number | undefined => {
    const header = mapping.fields[field];
    const column = find(header);
    if (column !== undefined) return column;
    if (header === undefined) {
      if (required)
        requiredErrors.push(() =>
          errors.push({
            row: null,
            column: null,
            message: mappingMessages.requiredFieldUnmapped(fieldLabels[field]),
          }),
        );
    } else if (required) requiredErrors.push(() => missingRequired(header.trim()));
    else missingColumns.push(header.trim());
    return undefined;
  };

  const sizeColumnsLayout = mapping.layout === "size-columns";
  const columns = new Map<SingleColumnFieldKey, number>();
  const valueColumns: ValueColumn[] = [];
  const readPrice = memoized(priceReader(mapping.decimalSeparator));
  const addValueColumn = (column: number, fallback: string, target: Target) => {
    const header = headerOf(column, fallback);
    if (target.kind === "price") {
      const invalid = target.field === "msrp" ? messages.msrpInvalid : mappingMessages.wholesalePriceInvalid;
      valueColumns.push({ column, header, parse: readPrice, invalid, target });
    } else if (target.kind === "images") {
      valueColumns.push({
        column,
        header,
        parse: memoized(parseImageUrls),
        invalid: messages.imageUrlsInvalid,
        target,
      });
    } else if (target.kind === "text" && target.field === "expected_shipped_date") {
      valueColumns.push({
        column,
        header,
        parse: memoized((value) => parseDate(value, mapping.dateOrder ?? null)),
        invalid: messages.dateInvalid,
        target,
      });
    } else valueColumns.push({ column, header, parse: cellText, invalid: messages.errorValue, target });
  };

  for (const field of fieldOrder) {
    const required = field === "model_code";
    const column = fieldColumn(field, required);
    if (column !== undefined) columns.set(field, column);
    if (column === undefined || field === "model_code" || field === "color_code") continue;
    const fallback = mapping.fields[field] ?? "";
    if (field === "msrp" || field === "wholesale_price")
      addValueColumn(column, fallback, { kind: "price", field });
    else addValueColumn(column, fallback, { kind: "text", field });
  }
  // Without a colour name, the colour is its code.
  const colorCodeColumn = columns.get("color_code");
  if (!columns.has("color") && colorCodeColumn !== undefined)
    addValueColumn(colorCodeColumn, mapping.fields.color_code ?? "", { kind: "text", field: "color" });
  for (const header of mapping.fields.image_urls ?? []) {
    const column = find(header);
    if (column === undefined) missingColumns.push(header.trim());
    else addValueColumn(column, header, { kind: "images" });
  }
  const extraNames: string[] = [];
  for (const { column: header, name } of mapping.attributes) {
    const column = find(header);
    const known = knownAttributes[normalizeLineListHeader(name) as keyof typeof knownAttributes];
    if (!known && !extraNames.includes(name)) extraNames.push(name);
    if (column === undefined) missingColumns.push(header.trim());
    else addValueColumn(column, header, known ? { kind: "attribute", key: known } : { kind: "extra", name });
  }

  let sizeColumn = -1;
  let skuColumn = -1;
  const sizeColumns: { column: number; header: string; size: number }[] = [];
  const sizeLabels = new Map<string, string>();
  for (const [written, meant] of Object.entries(mapping.sizeLabels))
    sizeLabels.set(written.trim(), meant.trim());
  // Each distinct label (after the value map) gets a number and is read once: labels repeat on
  // every style, and their numbers put each style's sizes in scale order at the end.
  const sizeIds = new Map<string, number>();
  const sizeTexts: string[] = [];
  const sizeReadable: boolean[] = [];
  // A size mapped to a wrong column can give thousands of labels, each to list once.
  const unreadableSeen = new Set<string>();
  const sizeId = (written: string): number => {
    const shown = sizeLabels.size === 0 ? written : (sizeLabels.get(written) ?? written);
    let id = sizeIds.get(shown);
    if (id === undefined) {
      id = sizeTexts.length;
      sizeIds.set(shown, id);
      sizeTexts.push(shown);
      sizeReadable.push(readSizeLabel(shown).ok);
    }
    if (!sizeReadable[id] && !unreadableSeen.has(written)) {
      unreadableSeen.add(written);
      unreadableSizes.push(written);
    }
    return id;
  };
  if (sizeColumnsLayout) {
    const missingSizeColumns: string[] = [];
    for (const { column: header, size } of mapping.sizeColumns) {
      const column = find(header);
      if (column === undefined) missingSizeColumns.push(header.trim());
      else sizeColumns.push({ column, header: headerOf(column, header), size: sizeId(size.trim()) });
    }
    if (mapping.sizeColumns.length === 0)
      requiredErrors.push(() =>
        errors.push({ row: null, column: null, message: mappingMessages.noSizeColumns }),
      );
    else if (sizeColumns.length === 0)
      for (const header of missingSizeColumns) requiredErrors.push(() => missingRequired(header));
    else missingColumns.push(...missingSizeColumns);
  } else {
    sizeColumn = fieldColumn("size", true) ?? -1;
    skuColumn = fieldColumn("sku", true) ?? -1;
  }

  // A column the mapping names twice in the header row is ambiguous: which one holds the value?
  for (const [key, column] of headers.repeats) {
    if (!named.has(key)) continue; // an extra column: ignored
    const first = headers.columns.get(key) ?? 0;
    const header = headers.texts[first] ?? "";
    const text = headers.texts[column] ?? "";
    errors.push({
      row: headerRowNumber,
      column: header,
      value: text,
      message:
        headerRowNumber === 1
          ? messages.duplicateColumn(header, columnName(first))
          : mappingMessages.duplicateColumn(header, headerRowNumber, columnName(first)),
    });
  }
  for (const report of requiredErrors) report();
  if (errors.length > (season ? 0 : 1)) return fail();

  const styleColumn = columns.get("model_code") ?? 0;
  const styleHeader = headerOf(styleColumn, mapping.fields.model_code ?? "");
  const sizeHeader = headerOf(sizeColumn, mapping.fields.size ?? "");
  const skuHeader = headerOf(skuColumn, mapping.fields.sku ?? "");
  const presentColumns = [
    ...columns.values(),
    ...valueColumns.map((value) => value.column),
    ...sizeColumns.map((size) => size.column),
    ...(sizeColumn >= 0 ? [sizeColumn, skuColumn] : []),
  ];

  const styles = new Map<string, StyleInProgress>();
  const skuRows = new Map<string, number>();
  const maxStyles = options.maxStyles ?? Number.POSITIVE_INFINITY;
  const lastDataIndex = headerRowNumber + lineListLimits.maxDataRows - 1;
  let rowCount = 0;

  // One row at a time, allocating as little as it can: a large line list has tens of thousands of
  // rows, and this runs on every upload (docs/performance.md).
  let cells: Cells = [];
  let rowNumber = 0;
  // Collected per row, then sorted so a row's errors read left to right as in the sheet.
  let rowErrors: { column: number; error: LineListRowError }[] | null = null;
  const addError = (header: string | null, column: number, message: string) => {
    const value = column >= 0 ? shownValue(cells[column]) : undefined;
    const error = { row: rowNumber, column: header, ...(value ? { value } : {}), message };
    (rowErrors ??= []).push({ column: column >= 0 ? column : Number.MAX_SAFE_INTEGER, error });
  };
  const readRequired = (header: string, column: number): string | null => {
    const value = cells[column];
    if (isCellError(value)) {
      addError(header, column, messages.errorValue);
      return null;
    }
    const text = value === undefined ? null : cellText(value);
    if (text === null) addError(header, column, messages.required(header));
    return text;
  };
  const readColorCode = (): string | null => {
    if (colorCodeColumn === undefined) return null;
    const value = cells[colorCodeColumn];
    if (isCellError(value)) {
      addError(headerOf(colorCodeColumn, ""), colorCodeColumn, messages.errorValue);
      return null;
    }
    return value === undefined ? null : cellText(value);
  };
  const isBlankRow = (row: Cells) => {
    for (const column of presentColumns) if (!isBlank(row[column])) return false;
    return true;
  };
  const addItem = (
    entry: StyleInProgress | undefined,
    size: number,
    sku: string | null,
    header: string,
    column: number,
  ) => {
    if (!entry) return;
    const ids = entry.sizeIds;
    const at = entry.sizeIndex ? (entry.sizeIndex.get(size) ?? -1) : ids.indexOf(size);
    if (at >= 0) {
      addError(header, column, messages.duplicateSize(entry.modelCode, entry.sizeRows[at]!));
      return;
    }
    ids.push(size);
    entry.sizeRows.push(rowNumber);
    if (entry.sizeIndex) entry.sizeIndex.set(size, ids.length - 1);
    else if (ids.length > maxListedSizes) entry.sizeIndex = new Map(ids.map((id, index) => [id, index]));
    // A row without its SKU fails the sheet, so on success items and sizeIds stand in step.
    if (sku !== null) entry.items.push({ size: sizeTexts[size]!, sku });
  };
  const checkSku = (sku: string | null, header: string, column: number) => {
    if (sku === null) return;
    const firstRow = skuRows.get(sku);
    if (firstRow === undefined) skuRows.set(sku, rowNumber);
    else addError(header, column, messages.duplicateSku(firstRow));
  };

  for (let index = headerRowNumber; index < rows.length; index += 1) {
    const row = rows[index];
    if (!row || isBlankRow(row)) continue;
    if (index > lastDataIndex) {
      errors.push({ row: lastDataIndex + 2, column: null, message: messages.tooManyRows });
      return fail();
    }
    if (row.length > lineListLimits.maxColumns) {
      const beyond = row.slice(lineListLimits.maxColumns).findIndex((cell) => !isBlank(cell));
      if (beyond >= 0) {
        const column = columnName(lineListLimits.maxColumns + beyond);
        errors.push({ row: index + 1, column, message: messages.tooManyColumns });
        return fail();
      }
    }
    cells = row;
    rowNumber = index + 1;
    rowErrors = null;

    const styleNumber = readRequired(styleHeader, styleColumn);
    const colorCode = readColorCode();
    const modelCode =
      styleNumber === null || colorCode === null || endsWithCode(styleNumber, colorCode)
        ? styleNumber
        : `${styleNumber}-${colorCode}`;
    let entry: StyleInProgress | undefined;
    if (modelCode !== null) {
      entry = styles.get(modelCode);
      if (!entry) {
        if (styles.size >= maxStyles) break;
        entry = { modelCode, values: [], valueRows: [], items: [], sizeIds: [], sizeRows: [] };
        styles.set(modelCode, entry);
      }
    }
    rowCount += 1;
    const size = sizeColumn >= 0 ? readRequired(sizeHeader, sizeColumn) : null;
    const sku = skuColumn >= 0 ? readRequired(skuHeader, skuColumn) : null;

    // Each value is checked, then taken as its style's or compared with it. Its errors and the
    // required ones above are in different columns, so the sort below orders them all.
    for (let slot = 0; slot < valueColumns.length; slot += 1) {
      const { column, header, parse, invalid } = valueColumns[slot]!;
      const value = cells[column];
      if (value === undefined || isBlank(value)) continue;
      if (isCellError(value)) {
        addError(header, column, messages.errorValue);
        continue;
      }
      const parsed = parse(value);
      if (parsed === null) {
        addError(header, column, invalid);
        continue;
      }
      if (!entry) continue;
      const firstRow = entry.valueRows[slot];
      if (firstRow === undefined) {
        entry.values[slot] = parsed;
        entry.valueRows[slot] = rowNumber;
      } else if (!sameValue(entry.values[slot], parsed)) {
        addError(header, column, messages.conflictingStyleValue(header, entry.modelCode, firstRow));
      }
    }

    if (sizeColumnsLayout) {
      let offered = 0;
      for (const { column, header, size: sizeLabel } of sizeColumns) {
        const value = cells[column];
        if (value === undefined || isBlank(value)) continue;
        offered += 1;
        if (isCellError(value)) {
          addError(header, column, messages.errorValue);
          continue;
        }
        const code = cellText(value);
        addItem(entry, sizeLabel, code, header, column);
        checkSku(code, header, column);
      }
      if (offered === 0) addError(null, -1, mappingMessages.noSizeSkus);
    } else {
      if (size !== null) addItem(entry, sizeId(size), sku, sizeHeader, sizeColumn);
      checkSku(sku, skuHeader, skuColumn);
    }

    if (rowErrors) {
      const sorted = (rowErrors as { column: number; error: LineListRowError }[]).sort(
        (a, b) => a.column - b.column,
      );
      for (const { error } of sorted) errors.push(error);
    }
  }

  if (rowCount === 0) errors.push({ row: null, column: null, message: messages.noDataRows });
  // Nothing is guessed: a size that cannot be read fails the file, once the rest is right.
  if (errors.length === 0 && unreadableSizes.length > 0)
    errors.push({ row: null, column: null, message: mappingMessages.unreadableSizeLabels(unreadableSizes) });
  if (errors.length > 0 || !season) return fail();

  const hasWholesale = mapping.fields.wholesale_price !== undefined;
  const toPreviewStyle = (style: StyleInProgress): PreviewStyle => {
    const preview: PreviewStyle = {
      franchise: null,
      silhouette: null,
      model_code: style.modelCode,
      color: null,
      gender: null,
      msrp: null,
      expected_shipped_date: null,
      image_urls: [],
      attributes: { comfort_level: null, height_range: null, wear_occasion: null, target_fit: null },
      items: style.items,
    };
    if (hasWholesale) preview.wholesale_price = null;
    if (extraNames.length > 0) preview.extra_attributes = {};
    for (let slot = 0; slot < valueColumns.length; slot += 1) {
      const value = style.values[slot];
      if (value === undefined) continue;
      const target = valueColumns[slot]!.target;
      if (target.kind === "text") preview[target.field] = value as string;
      else if (target.kind === "price") preview[target.field] = value as number;
      else if (target.kind === "images") {
        for (const url of value as string[])
          if (!preview.image_urls.includes(url)) preview.image_urls.push(url);
      } else if (target.kind === "attribute") preview.attributes[target.key] = value as string;
      else preview.extra_attributes![target.name] = value as string;
    }
    return preview;
  };

  return {
    ok: true,
    season: season.season,
    year: season.year,
    styles: inScaleOrder([...styles.values()], sizeTexts).map(toPreviewStyle),
    rowCount,
    missingColumns,
    unreadableSizes,
  };
}

/** Each style's sizes in scale order, never in text order: every distinct label is placed once. */
function inScaleOrder(styles: StyleInProgress[], sizeTexts: readonly string[]): StyleInProgress[] {
  const rankOfLabel = new Map(sortSizeLabels(sizeTexts).map((label, index) => [label, index]));
  const rank = sizeTexts.map((label) => rankOfLabel.get(label) ?? 0);
  for (const style of styles) {
    const ids = style.sizeIds;
    let sorted = true;
    for (let index = 1; index < ids.length && sorted; index += 1)
      sorted = rank[ids[index - 1]!]! <= rank[ids[index]!]!;
    if (!sorted) style.items.sort((a, b) => rankOfLabel.get(a.size)! - rankOfLabel.get(b.size)!);
  }
  return styles;
}
