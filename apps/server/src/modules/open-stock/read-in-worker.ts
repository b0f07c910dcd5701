import { Worker } from "node:worker_threads";
import { lineListFormatMessages as messages, lineListLimits } from "@cm/contracts/line-list-workbook";
import { precheckWorkbookArchive } from "../file-processing/workbook-guard.ts";
import { WorkbookRefusal } from "../file-processing/workbook-refusal.ts";
import {
  openStockFileKind,
  type OpenStockReadResult,
  type ReadOpenStockInput,
} from "./read-open-stock-file.ts";

const workerUrl = new URL("./open-stock-worker.ts", import.meta.url);

export interface ReadInWorkerOptions {
  timeoutMs?: number;
  memoryLimitMb?: number;
}

/**
 * As many files read at once per server process as line list parses (parse-line-list-file.ts):
 * each on a fresh thread with its own heap limit, later ones waiting their turn.
 */
const maxConcurrentReads = 2;
let runningReads = 0;
const waitingReads: (() => void)[] = [];

async function inReadSlot<T>(task: () => Promise<T>): Promise<T> {
  if (runningReads >= maxConcurrentReads) await new Promise<void>((resolve) => waitingReads.push(resolve));
  runningReads += 1;
  try {
    return await task();
  } finally {
    runningReads -= 1;
    waitingReads.shift()?.();
  }
}

function runWorker(
  input: ReadOpenStockInput,
  timeoutMs: number,
  memoryLimitMb: number,
): Promise<OpenStockReadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settled = true;
      void worker.terminate().then(() => resolve({ ok: false, message: messages.tookTooLong }), reject);
    }, timeoutMs);
    worker.once("message", (answer: { result?: OpenStockReadResult; failure?: string }) =>
      settle(() => (answer.result ? resolve(answer.result) : reject(new Error(answer.failure)))),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? resolve({ ok: false, message: messages.outOfMemory })
          : reject(error),
      ),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`The Open Stock worker stopped (exit code ${code}) without an answer`))),
    );
    worker.postMessage(input);
  });
}

/**
 * Reads an Open Stock file on a worker thread with the line list parse's memory limit and timeout,
 * so a 100,000-row file or a hostile one neither stalls the server's other requests nor takes it
 * down. A zip bomb is refused here first, from the archive's directory alone.
 */
export async function readOpenStockInWorker(
  input: ReadOpenStockInput,
  options: ReadInWorkerOptions = {},
): Promise<OpenStockReadResult> {
  try {
    // A .csv is text: a zip renamed .csv gets the CSV reader's own refusal, in the worker.
    if (openStockFileKind(input.key) !== "csv")
      await precheckWorkbookArchive(input.path, input.limits?.archive);
  } catch (error) {
    if (error instanceof WorkbookRefusal) return { ok: false, message: error.message };
    throw error;
  }
  return inReadSlot(() =>
    runWorker(
      input,
      options.timeoutMs ?? lineListLimits.parseTimeoutMs,
      options.memoryLimitMb ?? lineListLimits.parseMemoryMb,
    ),
  );
}
