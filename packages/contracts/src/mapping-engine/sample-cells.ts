import type { SampleCell } from "../line-list-mapping.ts";
import type { EngineCell, EngineSheet } from "./types.ts";

/**
 * Cells as the inspect answer carries them (JSON) and back: the server reads the file, the
 * browser's live preview runs the engine on the sample rows it was sent.
 */

export function toSampleCell(cell: EngineCell | undefined): SampleCell {
  if (cell === undefined) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : { date: cell.toISOString() };
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : null;
  if (typeof cell === "object") return { error: cell.error };
  return cell;
}

export function fromSampleCell(cell: SampleCell): EngineCell | undefined {
  if (cell === null) return undefined;
  if (typeof cell !== "object") return cell;
  if ("date" in cell) {
    const date = new Date(cell.date);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  return { error: cell.error };
}

/**
 * The sheet the inspect answer describes, for readMappedSheet: its header row where the sheet has
 * it (so row numbers in errors are Excel's) and the sample rows below it.
 */
export function sampleSheet(input: {
  name: string;
  headerRow: number;
  headers: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<SampleCell>>;
}): EngineSheet {
  const rows: (EngineCell | undefined)[][] = Array.from({ length: input.headerRow - 1 }, () => []);
  rows.push(input.headers.map((header) => header || undefined));
  for (const row of input.rows) rows.push(row.map(fromSampleCell));
  return { name: input.name, rows };
}
