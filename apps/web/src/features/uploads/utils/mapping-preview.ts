import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import { readMappedSheet } from "@cm/contracts/mapping-engine/read-mapped-sheet";
import { sampleSheet } from "@cm/contracts/mapping-engine/sample-cells";
import type { EngineSheet, MappedSheetResult } from "@cm/contracts/mapping-engine/types";
import type { SampleCell } from "@cm/contracts/line-list-mapping";

/** How many styles the live preview shows. */
export const mappingPreviewStyles = 20;
/** How many sample values the step shows beside a column. */
export const samplesPerColumn = 3;

/** The inspect answer's rows as the engine reads a sheet, the header row where the file has it. */
export function sampleSheetOf(inspection: InspectUploadData): EngineSheet {
  return sampleSheet({
    name: inspection.sheet,
    headerRow: inspection.headerRow,
    headers: inspection.headers,
    rows: inspection.rows,
  });
}

/**
 * The sample rows exactly as the upload will read them with this mapping: the first styles to
 * show, and the size labels and errors of every sample row (not only the first styles'), so a
 * label further down is asked about before the upload, not refused by it.
 */
export function previewMapping(
  sheet: EngineSheet,
  mapping: LineListMapping,
  kind: InspectUploadData["kind"],
): MappedSheetResult {
  // A CSV file's "sheet" is named after the file: its season is the one the person gives.
  const result = readMappedSheet(sheet, mapping, { seasonFromSheetName: kind !== "csv" });
  return result.ok ? { ...result, styles: result.styles.slice(0, mappingPreviewStyles) } : result;
}

/** A sample cell as the step writes it: dates as their calendar day, errors as Excel shows them. */
export function sampleText(cell: SampleCell | undefined): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "object") return "date" in cell ? cell.date.slice(0, 10) : cell.error;
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  return String(cell).trim();
}

/**
 * The first few different non-blank values of each column, by header index: a column that repeats
 * a style's name on every size row shows other names, not the same one three times.
 */
export function columnSamples(inspection: InspectUploadData, count = samplesPerColumn): string[][] {
  return inspection.headers.map((_, index) => {
    const values: string[] = [];
    for (const row of inspection.rows) {
      const text = sampleText(row[index]);
      if (text !== "" && !values.includes(text)) values.push(text);
      if (values.length === count) break;
    }
    return values;
  });
}
