import {
  segmentationFileHeaders,
  segmentationLimits,
  segmentationMessages,
} from "@cm/contracts/catalog-segmentation";
import { itemPlacementValues, type ItemPlacement } from "@cm/contracts/catalogs";
import {
  lineListFormatMessages,
  lineListLimits,
  normalizeLineListHeader,
  type LineListRowError,
} from "@cm/contracts/line-list-format";
import type { CellObject } from "@e965/xlsx";
import type { CellValue, SheetGrid } from "../file-processing/line-list-parser.ts";
import { loadSheetJs } from "../file-processing/sheetjs.ts";
import {
  defaultWorkbookLimits,
  readFirstSheet,
  type WorkbookLimits,
} from "../file-processing/workbook-reader.ts";
import { startsWith, zipSignature } from "../file-processing/workbook-guard.ts";
import { WorkbookRefusal } from "../file-processing/workbook-refusal.ts";

/**
 * The pre-segmentation file (`POST /api/crocs/catalogs/pre-segmented`): a CSV or an .xlsx whose
 * first sheet has the columns "Model Code" and "Catalog Type", one row per item and catalog.
 * This file reads it into rows and finds what is wrong with it on its own; whether the model
 * codes belong to the line list is the service's question.
 */

export type SegmentationFileKind = "csv" | "xlsx";

/** One data row: its row number as a spreadsheet shows it, the model code and where it goes. */
export interface SegmentationRow {
  row: number;
  modelCode: string;
  placement: ItemPlacement;
}

export type SegmentationFileResult =
  | { ok: true; rows: SegmentationRow[]; errors: LineListRowError[] }
  | { ok: false; errors: LineListRowError[] };

const workbookLimits: WorkbookLimits = {
  ...defaultWorkbookLimits,
  maxFileBytes: segmentationLimits.maxSegmentationFileBytes,
};

// Compound File Binary: the container of .xls files.
const cfbSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * A CSV as a grid of text cells. SheetJS with `raw` keeps every cell as the text it is: a model
 * code such as `00123` or `2027-01-02` stays as written, and `=1+2` is text, never a formula.
 */
async function readCsv(bytes: Buffer): Promise<SheetGrid> {
  const XLSX = await loadSheetJs();
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  let rows: (CellObject[] | undefined)[];
  try {
    const workbook = XLSX.read(text, {
      type: "string",
      raw: true,
      dense: true,
      sheetRows: lineListLimits.maxDataRows + 2,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: false,
      cellStyles: false,
    });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ""];
    rows = (sheet?.["!data"] ?? []) as (CellObject[] | undefined)[];
  } catch {
    throw new WorkbookRefusal(segmentationMessages.segmentationFileType);
  }
  if (rows.length > lineListLimits.maxDataRows + 1) {
    throw new WorkbookRefusal(lineListFormatMessages.tooManyRows, { row: lineListLimits.maxDataRows + 2 });
  }
  return {
    name: "csv",
    rows: rows.map((row) =>
      row?.map((cell) => (cell?.v === undefined || cell.v === null ? undefined : String(cell.v))),
    ),
  };
}

function cellText(cell: CellValue | undefined): string | undefined {
  if (cell === undefined) return undefined;
  if (typeof cell === "string") return cell.trim() || undefined;
  if (typeof cell === "number" || typeof cell === "boolean") return String(cell);
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : cell.toISOString().slice(0, 10);
  return cell.error;
}

const shown = (value: string) => (value.length > 100 ? `${value.slice(0, 99)}…` : value);
const placements = new Set<string>(itemPlacementValues);

/** Reads the file's rows. Refuses the file whole when it is unreadable or lacks the two columns. */
export async function readSegmentationFile(
  bytes: Buffer,
  kind: SegmentationFileKind,
): Promise<SegmentationFileResult> {
  if (bytes.length === 0) {
    return {
      ok: false,
      errors: [{ row: null, column: null, message: segmentationMessages.segmentationFileEmpty }],
    };
  }
  let grid: SheetGrid;
  try {
    // Told by the content, not the declared type: SheetJS would unpack a zip sent as text/csv
    // without the archive checks readFirstSheet makes first.
    grid =
      kind === "csv" && !startsWith(bytes, zipSignature) && !startsWith(bytes, cfbSignature)
        ? await readCsv(bytes)
        : await readFirstSheet(bytes, workbookLimits);
  } catch (error) {
    if (error instanceof WorkbookRefusal) return { ok: false, errors: [error.toRowError()] };
    throw error;
  }

  const headers = (grid.rows[0] ?? []).map((cell) => normalizeLineListHeader(cellText(cell) ?? ""));
  const modelCodeColumn = headers.indexOf(normalizeLineListHeader(segmentationFileHeaders.modelCode));
  const typeColumn = headers.indexOf(normalizeLineListHeader(segmentationFileHeaders.catalogType));
  if (modelCodeColumn < 0 || typeColumn < 0) {
    return {
      ok: false,
      errors: [{ row: 1, column: null, message: segmentationMessages.segmentationHeadersMissing }],
    };
  }

  const rows: SegmentationRow[] = [];
  const errors: LineListRowError[] = [];
  for (let index = 1; index < grid.rows.length; index += 1) {
    const cells = grid.rows[index];
    const row = index + 1;
    const modelCode = cellText(cells?.[modelCodeColumn]);
    const type = cellText(cells?.[typeColumn]);
    // Blank rows are skipped, as in a line list.
    if (modelCode === undefined && type === undefined) continue;

    let rowIsValid = true;
    if (modelCode === undefined) {
      rowIsValid = false;
      errors.push({
        row,
        column: segmentationFileHeaders.modelCode,
        message: lineListFormatMessages.required(segmentationFileHeaders.modelCode),
      });
    }
    if (type === undefined) {
      rowIsValid = false;
      errors.push({
        row,
        column: segmentationFileHeaders.catalogType,
        message: lineListFormatMessages.required(segmentationFileHeaders.catalogType),
      });
    } else if (!placements.has(type.toLowerCase())) {
      rowIsValid = false;
      errors.push({
        row,
        column: segmentationFileHeaders.catalogType,
        value: shown(type),
        message: segmentationMessages.segmentationUnknownType(shown(type)),
      });
    }
    if (rowIsValid)
      rows.push({ row, modelCode: modelCode!, placement: type!.toLowerCase() as ItemPlacement });
  }

  if (rows.length === 0 && errors.length === 0) {
    return {
      ok: false,
      errors: [{ row: null, column: null, message: segmentationMessages.segmentationFileEmpty }],
    };
  }
  return { ok: true, rows, errors };
}
