import { Worker } from "node:worker_threads";
import { lineListLimits } from "@cm/contracts/line-list-workbook";
import { precheckWorkbookArchive } from "../file-processing/workbook-guard.ts";
import { WorkbookRefusal } from "../file-processing/workbook-refusal.ts";
import { inFileWorkerSlot, runOnWorker } from "../file-processing/worker-job.ts";
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

async function runWorker(
  input: ReadOpenStockInput,
  timeoutMs: number,
  memoryLimitMb: number,
): Promise<OpenStockReadResult> {
  const worker = new Worker(workerUrl, {
    resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb, maxYoungGenerationSizeMb: 32 },
  });
  const answer = await runOnWorker<{ result?: OpenStockReadResult; failure?: string }, OpenStockReadResult>(
    worker,
    input,
    { timeoutMs, refused: (message) => ({ ok: false, message }), name: "Open Stock" },
  );
  if ("ok" in answer) return answer;
  if (answer.result) return answer.result;
  throw new Error(answer.failure);
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
  // In the same slots as line list parses: at most two file reads at once per process.
  return inFileWorkerSlot(() =>
    runWorker(
      input,
      options.timeoutMs ?? lineListLimits.parseTimeoutMs,
      options.memoryLimitMb ?? lineListLimits.parseMemoryMb,
    ),
  );
}
