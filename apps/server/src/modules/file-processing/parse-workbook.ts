import { readFile, stat } from "node:fs/promises";
// Types only: the worker never loads zod (docs/performance.md, "Line list import").
import type { InspectUploadData } from "@cm/contracts/line-list-mapping-api";
import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import { lineListFormatMessages as messages, workbookExtension } from "@cm/contracts/line-list-workbook";
import { cellText, isBlank, isCellError } from "@cm/contracts/mapping-engine/cells";
import {
  applySavedMapping,
  compareHeaders,
  findHeaderRow,
  guessMapping,
  headerFingerprint,
  mappingProblems,
  seasonFromSheetName,
  suggestSeason,
} from "@cm/contracts/mapping-engine/guess-mapping";
import { readMappedSheet } from "@cm/contracts/mapping-engine/read-mapped-sheet";
import { toSampleCell } from "@cm/contracts/mapping-engine/sample-cells";
import type { EngineCell, ParseFailure, ParseSuccess } from "@cm/contracts/mapping-engine/types";
import type { SheetGrid } from "./line-list-parser.ts";
import { readLineListFile, type LineListFile } from "./read-line-list-file.ts";
import { defaultWorkbookLimits, type WorkbookLimits } from "./workbook-reader.ts";
import { WorkbookRefusal } from "./workbook-refusal.ts";

/** The stored file a job reads: structured-cloneable, so no functions and no Buffer methods. */
interface FileInput {
  /** The stored file's name (its key's): the extension the upload was signed for. */
  fileName: string;
  /** The person's file name: a CSV file's sheet is named after it, and seasons are suggested from it. */
  displayName?: string;
  /** The file's content, or */
  bytes?: Uint8Array;
  /** where to read it from. */
  path?: string;
  limits?: WorkbookLimits;
}

/** Read the file's styles with a mapping (the upload's processing step). */
export interface ParseJob extends FileInput {
  job?: "parse";
  mapping: LineListMapping;
  /**
   * The saved mapping's header fingerprint: a file whose header row differs is answered
   * `headersChanged` without being read further.
   */
  expectedFingerprint?: string;
  /** The mapping is the person's: answer mappingProblems (if any) instead of reading with it. */
  checkMapping?: boolean;
  /** A sheet the mapping names that the file lacks: refused, or the first sheet read instead. */
  missingSheet?: "refuse" | "first";
}

/** What the upload's inspect step needs of the file (POST /api/uploads/inspect). */
export interface InspectJob extends FileInput {
  job: "inspect";
  /** How many rows below the header row to answer (inspectSampleRows). */
  sampleRows: number;
  sheet?: string;
  headerRow?: number;
  saved: { mapping: LineListMapping; headers: string[]; fingerprint: string } | null;
}

export type WorkerJob = ParseJob | InspectJob;

/** What the file was, as a parse read it: the header row's texts, to save a mapping with. */
export interface ReadFacts {
  kind: LineListFile["kind"];
  sheet: string;
  headers: string[];
}

export type ParseJobResult =
  | (ParseSuccess & { read?: ReadFacts })
  | (ParseFailure & {
      read?: ReadFacts;
      /** The header row is not the saved mapping's (expectedFingerprint). */
      headersChanged?: boolean;
      /** Why the person's mapping cannot read this file (checkMapping). */
      mappingProblems?: string[];
    });

export type InspectResult =
  | { ok: true; data: Omit<InspectUploadData, "savedMapping"> }
  | (ParseFailure & {
      /** The sheet the person asked for, which the workbook lacks (a question, not a refusal of the file). */
      sheetNotFound?: string;
    });

function refusedWith(error: WorkbookRefusal): ParseFailure {
  return { ok: false, errors: [error.toRowError()], errorCount: 1 };
}

async function loadBytes(input: FileInput, limits: WorkbookLimits): Promise<Buffer> {
  if (input.bytes) return Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  if (!input.path) throw new TypeError("parseWorkbook needs bytes or a path");
  // Refuse a huge file before reading it into memory.
  if ((await stat(input.path)).size > limits.maxFileBytes) {
    throw new WorkbookRefusal(messages.fileTooLarge(limits.maxFileBytes));
  }
  return readFile(input.path);
}

async function readInput(
  input: FileInput,
  sheet: string | null,
  missingSheet: "refuse" | "first",
): Promise<LineListFile> {
  const limits = input.limits ?? defaultWorkbookLimits;
  if (workbookExtension(input.fileName) === null) throw new WorkbookRefusal(messages.wrongExtension);
  return readLineListFile(await loadBytes(input, limits), {
    fileName: input.fileName,
    displayName: input.displayName,
    sheet,
    missingSheet,
    limits,
  });
}

/** The header row's cells as text, in column order, blank ones as "", without trailing blanks. */
export function headerTexts(rows: SheetGrid["rows"], headerRow: number): string[] {
  const row = rows[headerRow - 1] ?? [];
  const headers: string[] = [];
  for (let c = 0; c < row.length; c += 1) headers.push(headerText(row[c]));
  while (headers.length > 0 && headers[headers.length - 1] === "") headers.pop();
  return headers;
}

function headerText(cell: EngineCell | undefined): string {
  if (cell === undefined) return "";
  return isCellError(cell) ? cell.error : (cellText(cell) ?? "");
}

const isBlankRow = (row: ReadonlyArray<EngineCell | undefined> | undefined) => !row || row.every(isBlank);

/**
 * Reads an upload's file with a mapping, on the calling thread: checks, reads the mapping's sheet
 * and runs the mapping engine on it. `parseLineListFile` runs this on a worker; tests may call it
 * directly.
 */
export async function parseWorkbook(input: ParseJob): Promise<ParseJobResult> {
  try {
    const { mapping } = input;
    const file = await readInput(input, mapping.sheet, input.missingSheet ?? "refuse");
    const headers = headerTexts(file.sheet.rows, mapping.headerRow);
    const read: ReadFacts = { kind: file.kind, sheet: file.sheet.name, headers };
    // An empty sheet has no layout to compare: the engine says it is empty.
    const empty = !file.sheet.rows.some((row) => !isBlankRow(row));
    if (
      !empty &&
      input.expectedFingerprint !== undefined &&
      headerFingerprint(headers) !== input.expectedFingerprint
    ) {
      return { ok: false, errors: [], errorCount: 0, headersChanged: true, read };
    }
    // A CSV file's "sheet" is named after the file: its season is the mapping's (the person's).
    const { unreadableSizes, ...result } = readMappedSheet(file.sheet, mapping, {
      seasonFromSheetName: file.kind !== "csv",
    });
    if (input.checkMapping) {
      const seasonFromSheet = file.kind !== "csv" && seasonFromSheetName(file.sheet.name) !== null;
      const problems = mappingProblems(mapping, headers, { unreadableSizes, seasonFromSheet });
      if (problems.length > 0)
        return { ok: false, errors: [], errorCount: 0, mappingProblems: problems, read };
    }
    return { ...result, read };
  } catch (error) {
    if (!(error instanceof WorkbookRefusal)) throw error;
    return refusedWith(error);
  }
}

/**
 * The inspect step (POST /api/uploads/inspect), on the calling thread: reads the chosen sheet
 * (the request's, else the saved mapping's, else the first), finds its header row (the request's,
 * else the saved mapping's, else the engine's guess) and answers what the "Map columns" step
 * shows: headers, sample rows, the mapping to apply or to confirm, and how the headers compare
 * with the saved ones.
 */
export async function inspectWorkbook(input: InspectJob): Promise<InspectResult> {
  try {
    const wanted = input.sheet ?? input.saved?.mapping.sheet ?? null;
    // The saved mapping's sheet may have been renamed (sheets are often named after the season).
    const file = await readInput(input, wanted, "first");
    if (input.sheet !== undefined && file.sheet.name.toLowerCase() !== input.sheet.toLowerCase())
      return { ok: false, errors: [], errorCount: 0, sheetNotFound: input.sheet };
    return { ok: true, data: inspectSheet(file, input) };
  } catch (error) {
    if (!(error instanceof WorkbookRefusal)) throw error;
    return refusedWith(error);
  }
}

function inspectSheet(file: LineListFile, input: InspectJob): Omit<InspectUploadData, "savedMapping"> {
  const { sheet } = file;
  const headerRow = input.headerRow ?? input.saved?.mapping.headerRow ?? findHeaderRow(sheet.rows);
  const headers = headerTexts(sheet.rows, headerRow);
  const width = headers.length;

  let rowCount = 0;
  for (let r = headerRow; r < sheet.rows.length; r += 1) if (!isBlankRow(sheet.rows[r])) rowCount += 1;
  const below = Array.from(
    { length: Math.max(0, Math.min(input.sampleRows, sheet.rows.length - headerRow)) },
    (_, i) => sheet.rows[headerRow + i],
  );
  const rows = below.map((row) => Array.from({ length: width }, (_, c) => toSampleCell(row?.[c])));

  const isCsv = file.kind === "csv";
  const seasonFromSheet = isCsv ? null : seasonFromSheetName(sheet.name);
  const displayName = input.displayName ?? input.fileName;
  const suggestedSeason = seasonFromSheet ? null : suggestSeason(sheet.name, displayName);
  // null is "the first sheet" (and a CSV file's only one), which holds whatever a season names it.
  const chosenSheet = isCsv || file.sheetNames[0] === sheet.name ? null : sheet.name;
  const decimalSeparator = file.csv?.decimalSeparator ?? null;

  const saved = input.saved;
  let status: InspectUploadData["status"] = "new";
  let mapping: LineListMapping;
  let columnChanges: InspectUploadData["columnChanges"] = { added: [], missing: [] };
  if (saved) {
    status = headerFingerprint(headers) === saved.fingerprint ? "matches" : "changed";
    columnChanges = compareHeaders(saved.headers, headers);
    mapping = { ...applySavedMapping(saved.mapping, headers), sheet: chosenSheet, headerRow };
  } else {
    mapping = guessMapping({
      sheet: chosenSheet,
      headerRow,
      headers,
      rows: below.filter((row) => !isBlankRow(row)),
      sheetName: sheet.name,
      fileName: displayName,
      decimalSeparator,
    });
  }

  return {
    kind: file.kind,
    sheets: file.sheetNames,
    sheet: sheet.name,
    seasonFromSheet,
    suggestedSeason,
    headerRow,
    headers,
    rows,
    rowCount,
    csv: file.csv ? { delimiter: file.csv.delimiter, encoding: file.csv.encoding, decimalSeparator } : null,
    status,
    mapping,
    columnChanges,
  };
}

/** The worker's one job. */
export function runJob(input: WorkerJob): Promise<ParseJobResult | InspectResult> {
  return input.job === "inspect" ? inspectWorkbook(input) : parseWorkbook(input);
}
