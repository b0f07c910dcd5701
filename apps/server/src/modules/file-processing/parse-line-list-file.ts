import { Worker } from "node:worker_threads";
import { lineListLimits } from "@cm/contracts/line-list-workbook";
import type { LineListMapping } from "@cm/contracts/line-list-mapping";
import type { ParseFailure } from "@cm/contracts/mapping-engine/types";
import type { InspectJob, InspectResult, ParseJob, ParseJobResult, WorkerJob } from "./parse-workbook.ts";
import { spareWorkerSlot, type SpareWorkerLog } from "./spare-worker.ts";
import { inFileWorkerSlot, runOnWorker } from "./worker-job.ts";
import { precheckWorkbookArchive } from "./workbook-guard.ts";
import type { WorkbookLimits } from "./workbook-reader.ts";
import { WorkbookRefusal } from "./workbook-refusal.ts";

export type { ParseJobResult as ParseResult, InspectResult } from "./parse-workbook.ts";

/** The stored file a worker reads: its bytes or its path, exactly one. */
interface StoredFileInput {
  /** The stored file's name; its extension (.xlsx, .xls or .csv) must be the content's. */
  fileName: string;
  /** The person's file name, which names a CSV file's sheet and suggests a season. */
  displayName?: string;
  /** The file's content, or */
  bytes?: Uint8Array;
  /** the path of the stored file, which the worker then reads itself. */
  path?: string;
}

export interface ParseLineListFileInput extends StoredFileInput {
  /** How to read the file: the brand's saved mapping, or the one the person confirmed. */
  mapping: LineListMapping;
  /** The saved mapping's header fingerprint: a file with other headers is answered headersChanged. */
  expectedFingerprint?: string;
  /** The person's mapping: answered with its problems (mappingProblems) when it cannot read the file. */
  checkMapping?: boolean;
  /** A sheet the mapping names that the file lacks: refused, or the first read instead. */
  missingSheet?: "refuse" | "first";
}

export interface InspectLineListFileInput extends StoredFileInput {
  sampleRows: number;
  sheet?: string;
  headerRow?: number;
  saved: InspectJob["saved"];
}

export interface ParseLineListFileOptions {
  /** The worker is terminated after this long; defaults to lineListLimits.parseTimeoutMs. */
  timeoutMs?: number;
  /** The worker's JavaScript heap limit; defaults to lineListLimits.parseMemoryMb. */
  memoryLimitMb?: number;
  /** Smaller file limits, for tests. */
  limits?: WorkbookLimits;
  /** Where a failure of the spare worker (prepareParseWorker) is reported. */
  log?: SpareWorkerLog;
}

const workerUrl = new URL("./parse-worker.ts", import.meta.url);
const parseYoungGenerationMb = 32;
/**
 * How long a worker started ahead of an upload (prepareParseWorker) waits for it. Uploads follow
 * their presigned URL within seconds; one that never comes costs an idle thread for this long.
 */
const spareWorkerIdleMs = 2 * 60_000;

function startWorker(memoryLimitMb: number): Worker {
  return new Worker(workerUrl, {
    resourceLimits: {
      // Counts the JavaScript heap only, not Buffers: the archive guard bounds those. A server
      // started with --max-old-space-size overrides this limit (a Node.js quirk).
      maxOldGenerationSizeMb: memoryLimitMb,
      // Left alone, V8 grows a busy thread's young generation far past what it needs on a large
      // machine, and SheetJS's many short-lived objects make it do so: capping it lowers a large
      // parse's peak memory at no measurable cost in time (docs/performance.md has the figures).
      maxYoungGenerationSizeMb: parseYoungGenerationMb,
    },
  });
}

const spareWorker = spareWorkerSlot({ start: startWorker, idleMs: spareWorkerIdleMs });

/**
 * Starts the next parse's worker now, while its file is still being uploaded: starting a thread
 * and loading the parser's modules in it takes a few hundred milliseconds, which the upload then
 * hides. The worker is still used for one parse only, and goes after spareWorkerIdleMs unused.
 */
export function prepareParseWorker(): void {
  spareWorker.prepare(lineListLimits.parseMemoryMb);
}

/** The spare worker when it has the limits asked for, or a new one. */
function takeWorker(memoryLimitMb: number, log: SpareWorkerLog | undefined): Worker {
  return spareWorker.take(memoryLimitMb, log) ?? startWorker(memoryLimitMb);
}

function refused(message: string): ParseFailure {
  return { ok: false, errors: [{ row: null, column: null, message }], errorCount: 1 };
}

function runWorker<T>(
  input: WorkerJob,
  timeoutMs: number,
  memoryLimitMb: number,
  log: SpareWorkerLog | undefined,
): Promise<T | ParseFailure> {
  // A private copy of the bytes moves to the worker instead of being cloned: the caller's buffer
  // stays usable and may be a view into a much larger one.
  const bytes = input.bytes ? new Uint8Array(input.bytes) : undefined;
  return runOnWorker<T, ParseFailure>(
    takeWorker(memoryLimitMb, log),
    { ...input, bytes },
    {
      timeoutMs,
      refused,
      name: "parse",
      transfer: bytes ? [bytes.buffer] : [],
    },
  );
}

/** The archive checks, then the job on a worker in a parse slot: what a parse and an inspection share. */
async function runFileJob<T>(job: WorkerJob, options: ParseLineListFileOptions): Promise<T | ParseFailure> {
  if ((job.bytes === undefined) === (job.path === undefined)) {
    throw new TypeError("A line list file is read from exactly one of bytes or path");
  }
  try {
    await precheckWorkbookArchive(job.bytes ?? (job.path as string), options.limits?.archive);
  } catch (error) {
    if (error instanceof WorkbookRefusal) return { ok: false, errors: [error.toRowError()], errorCount: 1 };
    throw error;
  }
  const withLimits: WorkerJob = options.limits ? { ...job, limits: options.limits } : job;
  // At most two file reads at once per process (worker-job.ts); the spare worker started ahead of
  // an upload (prepareParseWorker) hides the thread's start behind the upload.
  return inFileWorkerSlot(() =>
    runWorker<T>(
      withLimits,
      options.timeoutMs ?? lineListLimits.parseTimeoutMs,
      options.memoryLimitMb ?? lineListLimits.parseMemoryMb,
      options.log,
    ),
  );
}

/**
 * Reads an uploaded line list file with a mapping, on a worker thread with a memory limit and a
 * timeout, so a large or hostile file can neither stall the server's other requests nor take it
 * down.
 *
 * Resolves `{ ok: true, season, year, styles, rowCount, missingColumns, read }`, or `{ ok: false,
 * errors, errorCount }` for any file that is refused (including one that takes too long or needs
 * too much memory), `headersChanged` when its header row is not the expected one, or
 * `mappingProblems` when the mapping to check cannot read it. Any rejection is a server fault.
 */
export async function parseLineListFile(
  input: ParseLineListFileInput,
  options: ParseLineListFileOptions = {},
): Promise<ParseJobResult> {
  const { mapping, expectedFingerprint, checkMapping, missingSheet, ...file } = input;
  const job: ParseJob = {
    job: "parse",
    ...file,
    mapping,
    ...(expectedFingerprint !== undefined ? { expectedFingerprint } : {}),
    ...(checkMapping ? { checkMapping } : {}),
    ...(missingSheet ? { missingSheet } : {}),
  };
  return runFileJob<ParseJobResult>(job, options);
}

/**
 * Reads what the mapping step shows of an uploaded file (its sheets, header row, headers, sample
 * rows and the mapping to apply or confirm), on a worker with the same limits as a parse.
 * Resolves `{ ok: true, data }`, or the refusal of a file that cannot be read.
 */
export async function inspectLineListFile(
  input: InspectLineListFileInput,
  options: ParseLineListFileOptions = {},
): Promise<InspectResult> {
  return runFileJob<InspectResult>({ job: "inspect", ...input }, options);
}
