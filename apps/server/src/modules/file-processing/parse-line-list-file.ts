import { Worker } from "node:worker_threads";
import { lineListFormatMessages as messages, lineListLimits } from "@cm/contracts/line-list-format";
import type { ParseFailure, ParseResult } from "./line-list-parser.ts";
import type { ParseWorkbookInput } from "./parse-workbook.ts";
import { getParser } from "./parser-registry.ts";
import { spareWorkerSlot, type SpareWorkerLog } from "./spare-worker.ts";
import { precheckWorkbookArchive } from "./workbook-guard.ts";
import type { WorkbookLimits } from "./workbook-reader.ts";
import { WorkbookRefusal } from "./workbook-refusal.ts";

export type { ParseFailure, ParseResult, ParseSuccess } from "./line-list-parser.ts";

export interface ParseLineListFileInput {
  /** The brand the line list belongs to; it chooses the parser (see getParser). */
  brandName: string;
  /** The uploaded file's name; only .xlsx and .xls are accepted. */
  fileName: string;
  /** The file's content, or */
  bytes?: Uint8Array;
  /** the path of the stored file, which the worker then reads itself. */
  path?: string;
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

/**
 * Each parse runs on a fresh worker rather than on a pool. Uploads are rare (a few a day, by
 * staff), so a pool would mostly hold idle threads, while a fresh thread guarantees each parse
 * starts from an empty heap, gives all of it back when done, and that a parse killed for time or
 * memory leaves nothing behind for the next one. What a pool would bound, the number of heaps
 * alive at once, is bounded here by letting at most this many parses run together per server
 * process; later ones wait their turn. Starting the thread is hidden behind the upload when the
 * server was told one is coming (prepareParseWorker).
 */
const maxConcurrentParses = 2;
let runningParses = 0;
const waitingParses: (() => void)[] = [];

async function inParseSlot<T>(task: () => Promise<T>): Promise<T> {
  if (runningParses >= maxConcurrentParses) await new Promise<void>((resolve) => waitingParses.push(resolve));
  runningParses += 1;
  try {
    return await task();
  } finally {
    runningParses -= 1;
    waitingParses.shift()?.();
  }
}

function refused(message: string): ParseFailure {
  return { ok: false, errors: [{ row: null, column: null, message }], errorCount: 1 };
}

function runWorker(
  input: ParseWorkbookInput,
  timeoutMs: number,
  memoryLimitMb: number,
  log: SpareWorkerLog | undefined,
): Promise<ParseResult> {
  return new Promise((resolve, reject) => {
    // A private copy of the bytes moves to the worker instead of being cloned: the caller's
    // buffer stays usable and may be a view into a much larger one.
    const bytes = input.bytes ? new Uint8Array(input.bytes) : undefined;
    const worker = takeWorker(memoryLimitMb, log);
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
      void worker.terminate();
    };
    // Answers only once the worker is gone, so a parse that timed out holds no memory after.
    const timer = setTimeout(() => {
      settled = true;
      void worker.terminate().then(() => resolve(refused(messages.tookTooLong)), reject);
    }, timeoutMs);
    worker.once("message", (result: ParseResult) => settle(() => resolve(result)));
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        error.code === "ERR_WORKER_OUT_OF_MEMORY" ? resolve(refused(messages.outOfMemory)) : reject(error),
      ),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`The parse worker stopped (exit code ${code}) without an answer`))),
    );
    worker.postMessage({ ...input, bytes }, bytes ? [bytes.buffer] : []);
  });
}

/**
 * Parses an uploaded line list workbook with the brand's parser, on a worker thread with a
 * memory limit and a timeout, so a large or hostile file can neither stall the server's other
 * requests nor take it down.
 *
 * Resolves `{ ok: true, season, year, styles, rowCount, missingColumns }`, or `{ ok: false,
 * errors, errorCount }` for any file that is refused (including one that takes too long or needs
 * too much memory). Throws NoParserFoundError (400 "No parser found for brand {name}") for a
 * brand without a parser; any other rejection is a server fault.
 */
export async function parseLineListFile(
  input: ParseLineListFileInput,
  options: ParseLineListFileOptions = {},
): Promise<ParseResult> {
  const parser = getParser(input.brandName);
  if ((input.bytes === undefined) === (input.path === undefined)) {
    throw new TypeError("parseLineListFile needs exactly one of bytes or path");
  }
  try {
    await precheckWorkbookArchive(input.bytes ?? (input.path as string), options.limits?.archive);
  } catch (error) {
    if (error instanceof WorkbookRefusal) return { ok: false, errors: [error.toRowError()], errorCount: 1 };
    throw error;
  }
  const workerInput: ParseWorkbookInput = {
    parserId: parser.id,
    fileName: input.fileName,
    ...(input.bytes ? { bytes: input.bytes } : { path: input.path }),
    ...(options.limits ? { limits: options.limits } : {}),
  };
  return inParseSlot(() =>
    runWorker(
      workerInput,
      options.timeoutMs ?? lineListLimits.parseTimeoutMs,
      options.memoryLimitMb ?? lineListLimits.parseMemoryMb,
      options.log,
    ),
  );
}
