import type {
  DecimalSeparator,
  LineListLayout,
  LineListMapping,
  MappingFieldKey,
} from "@cm/contracts/line-list-mapping";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { readSizeLabel } from "@cm/contracts/size-scales";

/**
 * The changes the "Map columns" step makes to a mapping (issue 32, docs/line-list-mapping.md).
 * Each column of the file has one role: a field's column, a size column (sizes as columns), an
 * extra image column, an attribute kept under a name, or left out. Every change goes through
 * these functions so a column never holds two roles at once.
 */

export type ColumnRole = "field" | "size" | "attribute" | "image" | "omit";

/** The columns a field reads: one, or for image URLs several. */
export function fieldColumns(mapping: LineListMapping, key: MappingFieldKey): string[] {
  if (key === "image_urls") return mapping.fields.image_urls ?? [];
  const column = mapping.fields[key];
  return column ? [column] : [];
}

/** The column's role; a column that is the first image column counts as the field's. */
export function columnRole(mapping: LineListMapping, column: string): ColumnRole {
  const { image_urls: images = [], ...single } = mapping.fields;
  if (Object.values(single).includes(column) || images[0] === column) return "field";
  if (images.includes(column)) return "image";
  if (mapping.layout === "size-columns" && mapping.sizeColumns.some((entry) => entry.column === column)) {
    return "size";
  }
  if (mapping.attributes.some((attribute) => attribute.column === column)) return "attribute";
  return "omit";
}

/** The columns neither a field nor (sizes as columns) a size reads. */
export function otherColumns(mapping: LineListMapping, columns: readonly string[]): string[] {
  return columns.filter((column) => {
    const role = columnRole(mapping, column);
    return role !== "field" && role !== "size";
  });
}

/** The mapping with `column` taken out of every role. */
function release(mapping: LineListMapping, column: string): LineListMapping {
  const fields: LineListMapping["fields"] = {};
  for (const [key, value] of Object.entries(mapping.fields) as [MappingFieldKey, string | string[]][]) {
    if (key === "image_urls") {
      const images = (value as string[]).filter((image) => image !== column);
      if (images.length > 0) fields.image_urls = images;
    } else if (value !== column) {
      fields[key] = value as string;
    }
  }
  return {
    ...mapping,
    fields,
    sizeColumns: mapping.sizeColumns.filter((entry) => entry.column !== column),
    attributes: mapping.attributes.filter((attribute) => attribute.column !== column),
  };
}

/**
 * The field read from `column`, or left out (null). The column leaves any other role it had but
 * another field's: two fields on one column is a problem the step shows, not one it hides.
 */
export function setFieldColumn(
  mapping: LineListMapping,
  key: MappingFieldKey,
  column: string | null,
): LineListMapping {
  const fields = { ...mapping.fields };
  if (key === "image_urls") {
    const rest = (fields.image_urls ?? []).slice(1).filter((image) => image !== column);
    if (column === null) {
      if (rest.length > 0) fields.image_urls = rest;
      else delete fields.image_urls;
    } else fields.image_urls = [column, ...rest];
  } else if (column === null) delete fields[key];
  else fields[key] = column;
  if (column === null) return { ...mapping, fields };
  return {
    ...mapping,
    fields,
    sizeColumns: mapping.sizeColumns.filter((entry) => entry.column !== column),
    attributes: mapping.attributes.filter((attribute) => attribute.column !== column),
  };
}

/** The size a size column's header stands for: the header itself ("8½", "EU 42"). */
function sizeOfHeader(header: string): string {
  return header.trim().slice(0, 40);
}

/** A column not read as a field: kept as an attribute, an extra image column, a size column, or left out. */
export function setColumnRole(
  mapping: LineListMapping,
  column: string,
  role: Exclude<ColumnRole, "field">,
): LineListMapping {
  const released = release(mapping, column);
  switch (role) {
    case "attribute":
      return {
        ...released,
        attributes: [...released.attributes, { column, name: column.trim().slice(0, 100) }],
      };
    case "size":
      return { ...released, sizeColumns: [...released.sizeColumns, { column, size: sizeOfHeader(column) }] };
    case "image":
      return {
        ...released,
        fields: { ...released.fields, image_urls: [...(released.fields.image_urls ?? []), column] },
      };
    case "omit":
      return released;
  }
}

export function setAttributeName(mapping: LineListMapping, column: string, name: string): LineListMapping {
  return {
    ...mapping,
    attributes: mapping.attributes.map((attribute) =>
      attribute.column === column ? { ...attribute, name } : attribute,
    ),
  };
}

export function setSizeColumnSize(mapping: LineListMapping, column: string, size: string): LineListMapping {
  return {
    ...mapping,
    sizeColumns: mapping.sizeColumns.map((entry) => (entry.column === column ? { ...entry, size } : entry)),
  };
}

/** Headers that read as a size ("8", "8½", "EU 42", "XS"): the size columns a switch to sizes as columns starts with. */
export function sizeLikeHeaders(mapping: LineListMapping, headers: readonly string[]): string[] {
  return headers.filter(
    (header) =>
      header.trim() !== "" && columnRole(mapping, header) !== "field" && readSizeLabel(header.trim()).ok,
  );
}

/** Fields sizes as columns does without: each size column holds its size's SKU or UPC. */
export const rowsLayoutFields = ["size", "sku"] as const;

/** Whether the layout reads the field (sizes as columns reads neither Size nor SKU columns). */
export function layoutReadsField(layout: LineListLayout, key: MappingFieldKey): boolean {
  return layout === "rows" || !(rowsLayoutFields as readonly string[]).includes(key);
}

/**
 * Another layout. Sizes as columns frees the Size and SKU columns and starts from the headers
 * that read as sizes when it has no size columns yet; one row per SKU leaves the size columns out
 * and takes back the Size and SKU columns of `guess` (the inspect answer's) where they are free.
 */
export function setLayout(
  mapping: LineListMapping,
  layout: LineListLayout,
  headers: readonly string[],
  guess?: LineListMapping,
): LineListMapping {
  if (layout === mapping.layout) return mapping;
  if (layout === "rows") {
    let next: LineListMapping = { ...mapping, layout, sizeColumns: [] };
    for (const key of rowsLayoutFields) {
      const column = guess?.layout === "rows" ? guess.fields[key] : undefined;
      if (column && !next.fields[key] && columnRole(next, column) !== "field") {
        next = setFieldColumn(next, key, column);
      }
    }
    return next;
  }
  let next: LineListMapping = { ...mapping, layout };
  for (const key of rowsLayoutFields)
    if (fieldColumns(next, key).length > 0) next = setFieldColumn(next, key, null);
  if (next.sizeColumns.length === 0) {
    for (const header of sizeLikeHeaders(next, headers)) next = setColumnRole(next, header, "size");
  }
  return next;
}

/** A size label the engine cannot read, given as the size it means; a blank answer takes it back. */
export function setSizeLabel(mapping: LineListMapping, label: string, size: string): LineListMapping {
  const sizeLabels = { ...mapping.sizeLabels };
  if (size.trim() === "") delete sizeLabels[label];
  else sizeLabels[label] = size;
  return { ...mapping, sizeLabels };
}

export function setDecimalSeparator(
  mapping: LineListMapping,
  decimalSeparator: DecimalSeparator,
): LineListMapping {
  return { ...mapping, decimalSeparator };
}

export function setSeason(
  mapping: LineListMapping,
  season: { season: string; year: number } | null,
): LineListMapping {
  return { ...mapping, season };
}

/**
 * The mapping the step starts from: the inspect answer's, with the sheet and header row it read,
 * the season read from the sheet's name when it gives one (else the one suggested), and for a CSV
 * the decimal separator detected.
 */
export function initialMapping(inspection: InspectUploadData): LineListMapping {
  const { mapping } = inspection;
  const firstSheet = inspection.sheets.length <= 1 || inspection.sheet === inspection.sheets[0];
  return {
    ...mapping,
    sheet: inspection.kind === "csv" || firstSheet ? null : inspection.sheet,
    headerRow: inspection.headerRow,
    season: inspection.seasonFromSheet ? null : (mapping.season ?? inspection.suggestedSeason),
    decimalSeparator:
      inspection.kind === "csv"
        ? (mapping.decimalSeparator ?? inspection.csv?.decimalSeparator ?? ".")
        : mapping.decimalSeparator,
  };
}

/**
 * After another sheet or header row was read: the new answer's mapping, keeping what the person
 * gave that does not depend on the columns (season, decimal separator, size labels).
 */
export function remapAfterReinspect(
  previous: LineListMapping,
  inspection: InspectUploadData,
): LineListMapping {
  const next = initialMapping(inspection);
  return {
    ...next,
    season: inspection.seasonFromSheet ? null : (previous.season ?? next.season),
    decimalSeparator: inspection.kind === "csv" ? previous.decimalSeparator : next.decimalSeparator,
    sizeLabels: { ...next.sizeLabels, ...previous.sizeLabels },
  };
}

/**
 * What is sent on confirming: an attribute whose name was cleared is named after its column, and
 * a size column whose size was cleared stands for its header, as when they were first chosen.
 */
export function withBlanksFilled(mapping: LineListMapping): LineListMapping {
  return {
    ...mapping,
    attributes: mapping.attributes.map((attribute) =>
      attribute.name.trim() === ""
        ? { ...attribute, name: attribute.column.trim().slice(0, 100) }
        : attribute,
    ),
    sizeColumns: mapping.sizeColumns.map((entry) =>
      entry.size.trim() === "" ? { ...entry, size: sizeOfHeader(entry.column) } : entry,
    ),
  };
}
